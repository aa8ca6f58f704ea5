import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { regulatedProfileMachine, SUGGESTED_LIMITS, type RegulatedProfileValues } from './regulated-profile.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failed = (status: number) =>
  Object.assign(new Error(`API error ${status}`), { status, messages: [{ text: 'x' }], fields: {} });

function start(answers: Array<Error | undefined>) {
  const saved: RegulatedProfileValues[] = [];
  const logic = regulatedProfileMachine.provide({
    actors: {
      save: fromPromise(async ({ input }: { input: RegulatedProfileValues }) => {
        saved.push(input);
        const next = answers.shift();
        if (next) throw next;
        return { user: { id: 1, regulated_profile_done: true } as unknown };
      }),
    },
  });
  const { actor } = createTestActor(logic);
  return { actor, saved };
}

describe('regulated profile machine (Portaria SPA/MF 2.579/2025)', () => {
  it('starts with nothing chosen (the suggestions are never pre-filled) and refuses to save until all is chosen', () => {
    const { actor, saved } = start([]);
    expect(actor.getSnapshot().context).toMatchObject({
      gender: null,
      deposit: null,
      loss: null,
      sessionMinutes: null,
      tried: false,
    });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'editing', context: { tried: true } });
    actor.send({ type: 'profile.gender', gender: 'female' });
    actor.send({ type: 'profile.deposit', choice: SUGGESTED_LIMITS.deposit });
    actor.send({ type: 'profile.loss', choice: SUGGESTED_LIMITS.loss });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(saved).toEqual([]);
  });

  it('saves what the player chose (a refusal goes back with the failure), then ends with the player', async () => {
    const { actor, saved } = start([failed(422)]);
    actor.send({ type: 'profile.gender', gender: 'undisclosed' });
    actor.send({ type: 'profile.deposit', choice: { period: 'month', amount: 100_000 } });
    actor.send({ type: 'profile.loss', choice: SUGGESTED_LIMITS.loss });
    actor.send({ type: 'profile.session', minutes: 60 });
    actor.send({ type: 'profile.deposit', choice: null });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'profile.deposit', choice: { period: 'month', amount: 100_000 } });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    await settle();
    expect(actor.getSnapshot()).toMatchObject({ value: 'editing', context: { failure: { status: 422 } } });
    actor.send({ type: 'profile.submit' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ user: { id: 1, regulated_profile_done: true } });
    expect(saved[1]).toEqual({
      gender: 'undisclosed',
      deposit: { period: 'month', amount: 100_000 },
      loss: { period: 'week', amount: 20_000 },
      sessionMinutes: 60,
    });
  });
});
