import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { secondFactorEnrolmentMachine } from './second-factor-enrolment.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failed = (status: number, retryAfterMs?: number) =>
  Object.assign(new Error(`API error ${status}`), {
    status,
    messages: [{ text: `refused ${status}` }],
    fields: {},
    ...(retryAfterMs ? { retryAfterMs } : {}),
  });

const STARTED = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Sorte%20Verde:ana?secret=JBSWY3DPEHPK3PXP' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-00${i}x`);

function start(script: { start?: Array<Error | undefined>; confirm?: Array<Error | undefined> }, enrolled = false) {
  const calls: string[] = [];
  const logic = secondFactorEnrolmentMachine.provide({
    actors: {
      start: fromPromise(async () => {
        calls.push('start');
        const next = script.start?.shift();
        if (next) throw next;
        return STARTED;
      }),
      confirm: fromPromise(async () => {
        calls.push('confirm');
        const next = script.confirm?.shift();
        if (next) throw next;
        return { recoveryCodes: CODES };
      }),
    },
  });
  const { actor, clock } = createTestActor(logic, { input: { enrolled } });
  return { actor, clock, calls };
}

describe('second factor enrolment machine (Portaria SPA/MF 722/2024)', () => {
  it('a player who has one starts enrolled', () => {
    expect(start({}, true).actor.getSnapshot().value).toBe('enrolled');
  });

  it('start (failed, dismissed, again) → scan → a wrong code → the right one → the codes once → enrolled', async () => {
    const { actor, calls } = start({ start: [failed(503)], confirm: [failed(422)] });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'enrolment.start' });
    await settle();
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { failure: { status: 503 } } });
    actor.send({ type: 'enrolment.dismiss' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'enrolment.start' });
    await settle();
    expect(actor.getSnapshot()).toMatchObject({ value: 'scanning', context: STARTED });
    actor.send({ type: 'enrolment.submit' });
    await settle();
    expect(actor.getSnapshot()).toMatchObject({ value: 'scanning', context: { failure: { status: 422 } } });
    actor.send({ type: 'enrolment.submit' });
    await settle();
    expect(actor.getSnapshot()).toMatchObject({
      value: 'showingCodes',
      context: { recoveryCodes: CODES, secret: null, otpauthUri: null },
    });
    actor.send({ type: 'enrolment.codesSaved' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'enrolled', context: { recoveryCodes: null } });
    expect(calls).toEqual(['start', 'start', 'confirm', 'confirm']);
  });

  it('cancel while scanning forgets the secret', async () => {
    const { actor } = start({});
    actor.send({ type: 'enrolment.start' });
    await settle();
    actor.send({ type: 'enrolment.cancel' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { secret: null, otpauthUri: null } });
  });

  it('5 wrong codes (429): locked for Retry-After, then scanning again; cancel from locked forgets everything', async () => {
    const { actor, clock } = start({ confirm: [failed(429, 5000), failed(429)] });
    actor.send({ type: 'enrolment.start' });
    await settle();
    actor.send({ type: 'enrolment.submit' });
    await settle();
    expect(actor.getSnapshot()).toMatchObject({ value: 'locked', context: { retryAfterS: 5 } });
    clock.increment(5000);
    expect(actor.getSnapshot()).toMatchObject({ value: 'scanning', context: { retryAfterS: null } });
    actor.send({ type: 'enrolment.submit' });
    await settle();
    expect(actor.getSnapshot()).toMatchObject({ value: 'locked', context: { retryAfterS: 900 } });
    actor.send({ type: 'enrolment.cancel' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { secret: null, retryAfterS: null } });
  });
});
