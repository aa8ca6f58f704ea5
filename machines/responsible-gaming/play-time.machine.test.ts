import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { PLAY_TIME_WARNING_MINUTES, playTimeMachine } from './play-time.machine';
import type { PlayTimeLeft } from './responsible-gaming.types';

const settle = () => new Promise((r) => setTimeout(r, 0));
const MINUTE = 60_000;

/** The platform's answers in order; an Error is a refused read (the 401 once the time is used up). */
function machineAnswering(answers: Array<PlayTimeLeft | Error>) {
  const calls = { count: 0 };
  const logic = playTimeMachine.provide({
    actors: {
      loadPlayTime: fromPromise(async () => {
        const answer = answers[calls.count++];
        if (!answer || answer instanceof Error) throw answer ?? new Error('no more answers');
        return answer;
      }),
    },
  });
  return { logic, calls };
}

const expired = () => Object.assign(new Error('401'), { status: 401, messages: [], fields: {} });

describe('play-time machine (the daily play-time limit)', () => {
  it('warns ten minutes before the end, lets the player close the warning, and reads the limit at the end', async () => {
    const { logic, calls } = machineAnswering([{ limitMinutes: 60, leftMinutes: 45 }, expired()]);
    const { actor, clock } = createTestActor(logic);
    await settle();
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment((45 - PLAY_TIME_WARNING_MINUTES) * MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('warned');
    expect(actor.getSnapshot().context).toMatchObject({ leftMs: PLAY_TIME_WARNING_MINUTES * MINUTE, dismissed: false });
    actor.send({ type: 'playTime.dismiss' });
    expect(actor.getSnapshot().context.dismissed).toBe(true);
    clock.increment(PLAY_TIME_WARNING_MINUTES * MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('warned');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('ending');
    // The platform ended the session (401: the API client tells the session, which stops this flow).
    await settle();
    expect(actor.getSnapshot().value).toBe('ended');
    expect(calls.count).toBe(2);
  });

  it('warns at once when less than the warning is left, and counts on when the platform still has time left', async () => {
    const { logic } = machineAnswering([
      { limitMinutes: 30, leftMinutes: 4 },
      // The two counts differ by under a minute: at least one more minute, never a tight loop.
      { limitMinutes: 30, leftMinutes: 0 },
      // Midnight in São Paulo passed meanwhile: a new day's time.
      { limitMinutes: 30, leftMinutes: 30 },
    ]);
    const { actor, clock } = createTestActor(logic);
    await settle();
    expect(actor.getSnapshot().value).toBe('warned');
    expect(actor.getSnapshot().context.leftMs).toBe(4 * MINUTE);
    clock.increment(4 * MINUTE);
    await settle();
    expect(actor.getSnapshot().value).toBe('warned');
    expect(actor.getSnapshot().context.leftMs).toBe(MINUTE);
    clock.increment(MINUTE);
    await settle();
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.leftMs).toBe(30 * MINUTE);
  });

  it('shows nothing without a limit or when it cannot be read, and reads again when the player sets one', async () => {
    const { logic } = machineAnswering([
      { limitMinutes: null, leftMinutes: null },
      new Error('offline'),
      { limitMinutes: 120, leftMinutes: 5 },
    ]);
    const { actor } = createTestActor(logic);
    await settle();
    expect(actor.getSnapshot().value).toBe('unlimited');
    actor.send({ type: 'playTime.limitsChanged' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    expect(actor.getSnapshot().value).toBe('unknown');
    actor.send({ type: 'playTime.dismiss' });
    expect(actor.getSnapshot().value).toBe('unknown');
    actor.send({ type: 'playTime.limitsChanged' });
    await settle();
    expect(actor.getSnapshot().value).toBe('warned');
    expect(actor.getSnapshot().context).toMatchObject({ limitMinutes: 120, leftMs: 5 * MINUTE });
  });

  it('a changed limit while warned reads it again and shows the warning again', async () => {
    const { logic } = machineAnswering([
      { limitMinutes: 60, leftMinutes: 5 },
      { limitMinutes: 30, leftMinutes: 3 },
    ]);
    const { actor } = createTestActor(logic);
    await settle();
    actor.send({ type: 'playTime.dismiss' });
    actor.send({ type: 'playTime.limitsChanged' });
    await settle();
    expect(actor.getSnapshot().value).toBe('warned');
    expect(actor.getSnapshot().context).toMatchObject({ limitMinutes: 30, leftMs: 3 * MINUTE, dismissed: false });
  });
});
