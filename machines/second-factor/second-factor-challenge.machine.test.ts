import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { secondFactorChallengeMachine } from './second-factor-challenge.machine';
import type { SecondFactorMethod, VerifyOutput } from './second-factor.types';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failed = (status: number, retryAfterMs?: number) =>
  Object.assign(new Error(`API error ${status}`), {
    status,
    messages: [{ text: `refused ${status}` }],
    fields: {},
    ...(retryAfterMs ? { retryAfterMs } : {}),
  });

const USER = { id: 7, name: 'Regina Regulada' };

function start(answers: Array<VerifyOutput<unknown> | Error>) {
  const calls: SecondFactorMethod[] = [];
  const logic = secondFactorChallengeMachine.provide({
    actors: {
      verify: fromPromise(async ({ input }: { input: { method: SecondFactorMethod } }) => {
        calls.push(input.method);
        const next = answers.shift();
        if (!next || next instanceof Error) throw next ?? new Error('no answer scripted');
        return next;
      }),
    },
  });
  const { actor, clock } = createTestActor(logic);
  return { actor, clock, calls };
}

describe('second factor challenge machine (Portaria SPA/MF 722/2024)', () => {
  it('the authenticator code: a wrong one goes back with the failure, the right one ends with the player', async () => {
    const { actor, calls } = start([failed(422), { user: USER }]);
    expect(actor.getSnapshot().value).toBe('totp');
    actor.send({ type: 'secondFactor.submit' });
    expect(actor.getSnapshot().value).toBe('verifyingTotp');
    await settle();
    expect(actor.getSnapshot().value).toBe('totp');
    expect(actor.getSnapshot().context.failure).toMatchObject({ status: 422 });
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ user: USER });
    expect(calls).toEqual(['totp', 'totp']);
  });

  it('5 wrong codes (429): locked for the Retry-After seconds, then the code again', async () => {
    const { actor, clock } = start([failed(429, 30_000)]);
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.retryAfterS).toBe(30);
    clock.increment(29_999);
    expect(actor.getSnapshot().value).toBe('locked');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('totp');
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, retryAfterS: null });
  });

  it('a 429 without Retry-After waits the 15-minute window', async () => {
    const { actor, clock } = start([failed(429)]);
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().context.retryAfterS).toBe(900);
    clock.increment(900_000);
    expect(actor.getSnapshot().value).toBe('totp');
  });

  it('an expired ticket (410) ends in expired: the player signs in again', async () => {
    const { actor } = start([failed(410)]);
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('an answer without a player keeps the code step (nothing is signed in)', async () => {
    const { actor } = start([{ emailSent: true }]);
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('totp');
  });

  it('lost device: a recovery code (wrong, then right), then the e-mailed code (wrong, then right)', async () => {
    const { actor, calls } = start([
      failed(422),
      { emailSent: true },
      failed(422),
      { emailSent: true },
      { user: USER },
    ]);
    actor.send({ type: 'secondFactor.lostDevice' });
    expect(actor.getSnapshot().value).toBe('recovery');
    actor.send({ type: 'secondFactor.back' });
    expect(actor.getSnapshot().value).toBe('totp');
    actor.send({ type: 'secondFactor.lostDevice' });
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('recovery');
    expect(actor.getSnapshot().context.failure).toMatchObject({ status: 422 });
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('emailCode');
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('emailCode');
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('emailCode');
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ user: USER });
    expect(calls).toEqual(['recovery', 'recovery', 'email', 'email', 'email']);
  });

  it('the recovery and e-mail steps lock on 429 and expire on 410 too', async () => {
    const first = start([failed(429, 1000)]);
    first.actor.send({ type: 'secondFactor.lostDevice' });
    first.actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(first.actor.getSnapshot().value).toBe('locked');
    const second = start([failed(410)]);
    second.actor.send({ type: 'secondFactor.lostDevice' });
    second.actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(second.actor.getSnapshot().value).toBe('expired');
    const third = start([{ emailSent: true }, failed(429, 1000)]);
    third.actor.send({ type: 'secondFactor.lostDevice' });
    third.actor.send({ type: 'secondFactor.submit' });
    await settle();
    third.actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(third.actor.getSnapshot().value).toBe('locked');
    const fourth = start([{ emailSent: true }, failed(410)]);
    fourth.actor.send({ type: 'secondFactor.lostDevice' });
    fourth.actor.send({ type: 'secondFactor.submit' });
    await settle();
    fourth.actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(fourth.actor.getSnapshot().value).toBe('expired');
  });

  it('a recovery answer that carries the player signs in at once', async () => {
    const { actor } = start([{ user: USER }]);
    actor.send({ type: 'secondFactor.lostDevice' });
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ user: USER });
  });

  it('no code ever enters an event or the context', async () => {
    const { actor } = start([failed(422)]);
    actor.send({ type: 'secondFactor.submit' });
    await settle();
    expect(JSON.stringify(actor.getSnapshot().context)).not.toMatch(/\d{6}/);
  });
});
