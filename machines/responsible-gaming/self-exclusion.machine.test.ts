import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { selfExclusionMachine } from './self-exclusion.machine';
import type { SelfExclusionStarted, SelfExclusionValue } from './responsible-gaming.types';

const settle = () => new Promise((r) => setTimeout(r, 0));

function machineWith(
  start: (input: { value: SelfExclusionValue; date: string | null }) => Promise<SelfExclusionStarted>,
) {
  return selfExclusionMachine.provide({
    actors: {
      startExclusion: fromPromise(({ input }: { input: { value: SelfExclusionValue; date: string | null } }) =>
        start(input),
      ),
    },
  });
}

describe('self-exclusion machine', () => {
  it('asks for a choice, shows the end date, and records it once confirmed', async () => {
    const sent: Array<{ value: SelfExclusionValue; date: string | null }> = [];
    const now = Date.parse('2026-11-26T15:00:00.000Z');
    const { actor } = createTestActor(
      machineWith(async (input) => {
        sent.push(input);
        return { startAt: '2026-11-26T15:00:00.000Z', endAt: '2026-12-27T02:59:59.000Z' };
      }),
      { input: { now: () => now } },
    );
    const started: unknown[] = [];
    actor.on('selfExclusion.started', (event) => started.push(event));
    // Nothing chosen yet: no review.
    actor.send({ type: 'selfExclusion.review' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'selfExclusion.choose', value: '3' });
    actor.send({ type: 'selfExclusion.choose', value: '1' });
    actor.send({ type: 'selfExclusion.review' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.endDate).toBe('2026-12-26');
    actor.send({ type: 'selfExclusion.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'selfExclusion.review' });
    actor.send({ type: 'selfExclusion.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(sent).toEqual([{ value: '1', date: '2026-12-26' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(started).toEqual([
      { type: 'selfExclusion.started', startAt: '2026-11-26T15:00:00.000Z', endAt: '2026-12-27T02:59:59.000Z' },
    ]);
  });

  it('sends no date for an indefinite exclusion', async () => {
    const sent: Array<{ value: SelfExclusionValue; date: string | null }> = [];
    const { actor } = createTestActor(
      machineWith(async (input) => (sent.push(input), { startAt: '2026-11-26T15:00:00.000Z', endAt: null })),
      { input: {} },
    );
    actor.send({ type: 'selfExclusion.choose', value: 'indefinite' });
    actor.send({ type: 'selfExclusion.review' });
    expect(actor.getSnapshot().context.endDate).toBeNull();
    actor.send({ type: 'selfExclusion.confirm' });
    await settle();
    expect(sent).toEqual([{ value: 'indefinite', date: null }]);
  });

  it('a refusal goes back to the confirmation with the date read again (the day changed)', async () => {
    let now = Date.parse('2026-11-27T02:59:00.000Z'); // 23:59 on the 26th in São Paulo
    let calls = 0;
    const { actor } = createTestActor(
      machineWith(async () => {
        calls += 1;
        if (calls === 1) {
          now = Date.parse('2026-11-27T03:01:00.000Z');
          throw Object.assign(new Error('date'), {
            status: 422,
            messages: [{ text: 'A data mudou; confira e confirme de novo.' }],
            fields: { date: ['A data mudou; confira e confirme de novo.'] },
          });
        }
        return { startAt: '2026-11-27T03:01:00.000Z', endAt: '2026-12-28T02:59:59.000Z' };
      }),
      { input: { now: () => now } },
    );
    actor.send({ type: 'selfExclusion.choose', value: '1' });
    actor.send({ type: 'selfExclusion.review' });
    expect(actor.getSnapshot().context.endDate).toBe('2026-12-26');
    actor.send({ type: 'selfExclusion.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.failure?.status).toBe(422);
    expect(actor.getSnapshot().context.endDate).toBe('2026-12-27');
    actor.send({ type: 'selfExclusion.back' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'selfExclusion.review' });
    actor.send({ type: 'selfExclusion.confirm' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
  });
});
