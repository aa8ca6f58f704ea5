import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectPasswordChange } from './access-data.connect';
import type { PasswordCodeInput } from './access-data.types';
import { passwordChangeMachine } from './password-change.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failed = (status: number, fields: Record<string, string[]> = {}) =>
  Object.assign(new Error(`API error ${status}`), { status, messages: [], fields });

interface Script {
  request?: Array<Error | undefined>;
  verify?: Array<Error | undefined>;
  change?: Array<Error | undefined>;
}

function start(script: Script = {}) {
  const calls: string[] = [];
  const step = (list: Array<Error | undefined> | undefined) => {
    const next = list?.shift();
    if (next) throw next;
  };
  const logic = passwordChangeMachine.provide({
    actors: {
      requestCode: fromPromise(async () => {
        calls.push('request');
        step(script.request);
      }),
      verifyCode: fromPromise(async ({ input }: { input: PasswordCodeInput }) => {
        calls.push(`verify ${input.email} ${input.code}`);
        step(script.verify);
      }),
      changePassword: fromPromise(async ({ input }: { input: PasswordCodeInput }) => {
        calls.push(`change ${input.email} ${input.code}`);
        step(script.change);
      }),
    },
  });
  const { actor, clock } = createTestActor(logic, { input: { email: 'ana@sorteverde.test' } });
  return { actor, clock, calls, view: () => connectPasswordChange(actor.getSnapshot()) };
}

describe('password change machine', () => {
  it('code → verified → new password → done, keeping no password; cancel from done starts over', async () => {
    const { actor, calls, view } = start({ request: [failed(503)] });
    actor.send({ type: 'password.start' });
    expect(view().busy).toBe(true);
    await settle();
    expect(view()).toMatchObject({ step: 'idle', failure: { status: 503 } });
    actor.send({ type: 'password.dismiss' });
    expect(view()).toMatchObject({ step: 'idle', failure: null });
    actor.send({ type: 'password.start' });
    await settle();
    expect(view()).toMatchObject({ step: 'code', resendIn: 20, canResend: false });
    actor.send({ type: 'password.submitCode', code: '12' });
    expect(view().problem).toBe('profile.access.code.problem.format');
    actor.send({ type: 'password.submitCode', code: '654321' });
    await settle();
    expect(view().step).toBe('password');
    actor.send({ type: 'password.submit' });
    expect(view()).toMatchObject({ step: 'password', busy: true });
    await settle();
    expect(view()).toMatchObject({ step: 'done', notice: { id: 'profile.access.password.changed' } });
    expect(actor.getSnapshot().context.code).toBeNull();
    // No password field: the passwords only ever go through the drop.
    expect(Object.keys(actor.getSnapshot().context).sort()).toEqual([
      'code',
      'email',
      'failure',
      'notice',
      'problem',
      'resendIn',
    ]);
    expect(calls).toEqual([
      'request',
      'request',
      'verify ana@sorteverde.test 654321',
      'change ana@sorteverde.test 654321',
    ]);
    actor.send({ type: 'password.cancel' });
    expect(view()).toMatchObject({ step: 'idle', notice: null });
  });

  it('counts the 20 s down, then resends (a refused resend can be tried again)', async () => {
    const { actor, clock, calls, view } = start({ request: [undefined, failed(429)] });
    actor.send({ type: 'password.start' });
    await settle();
    for (let i = 0; i < 19; i += 1) clock.increment(1000);
    expect(view()).toMatchObject({ resendIn: 1, canResend: false });
    clock.increment(1000);
    expect(view()).toMatchObject({ resendIn: 0, canResend: true });
    actor.send({ type: 'password.resend' });
    await settle();
    expect(view()).toMatchObject({ canResend: true, failure: { status: 429 } });
    actor.send({ type: 'password.resend' });
    expect(view().busy).toBe(true);
    await settle();
    expect(view()).toMatchObject({ canResend: false, resendIn: 20, notice: { id: 'profile.access.code.sent_email' } });
    expect(calls).toEqual(['request', 'request', 'request']);
  });

  it("a code asked for too soon (429 with Retry-After) counts the platform's seconds, from the start as from a resend", async () => {
    const tooSoon = (seconds: number) => Object.assign(failed(429), { retryAfterMs: seconds * 1000 });
    const { actor, clock, calls, view } = start({ request: [tooSoon(7), tooSoon(2), undefined] });
    actor.send({ type: 'password.start' });
    await settle();
    expect(view()).toMatchObject({
      canResend: false,
      resendIn: 7,
      failure: null,
      notice: { id: 'profile.access.code.sent_recently' },
    });
    for (let i = 0; i < 7; i += 1) clock.increment(1000);
    actor.send({ type: 'password.resend' });
    await settle();
    expect(view()).toMatchObject({ canResend: false, resendIn: 2, failure: null });
    for (let i = 0; i < 2; i += 1) clock.increment(1000);
    actor.send({ type: 'password.resend' });
    await settle();
    expect(view()).toMatchObject({ resendIn: 20, notice: { id: 'profile.access.code.sent_email' } });
    expect(calls).toEqual(['request', 'request', 'request']);
  });

  it('a refused code says why; another failure shows §8; cancel from the code step forgets it', async () => {
    const { actor, view } = start({ verify: [failed(422, { code: ['x'] }), failed(503)] });
    actor.send({ type: 'password.start' });
    await settle();
    actor.send({ type: 'password.submitCode', code: '000000' });
    await settle();
    expect(view()).toMatchObject({ step: 'code', problem: 'profile.access.code.problem.wrong' });
    expect(actor.getSnapshot().context.code).toBeNull();
    actor.send({ type: 'password.submitCode', code: '000001' });
    await settle();
    expect(view()).toMatchObject({ step: 'code', problem: null, failure: { status: 503 } });
    actor.send({ type: 'password.cancel' });
    expect(view()).toMatchObject({ step: 'idle', failure: null });
  });

  it('a code that stopped working at the change goes back to the code step; a weak password stays; cancel', async () => {
    const { actor, view } = start({
      change: [failed(422, { password: ['fraca'] }), failed(422, { code: ['Código inválido ou expirado.'] })],
    });
    actor.send({ type: 'password.start' });
    await settle();
    actor.send({ type: 'password.submitCode', code: '111111' });
    await settle();
    actor.send({ type: 'password.submit' });
    await settle();
    expect(view()).toMatchObject({ step: 'password', failure: { fields: { password: ['fraca'] } } });
    actor.send({ type: 'password.submit' });
    await settle();
    expect(view()).toMatchObject({ step: 'code', problem: 'profile.access.code.problem.wrong', resendIn: 20 });
    expect(actor.getSnapshot().context.code).toBeNull();
    actor.send({ type: 'password.submitCode', code: '222222' });
    await settle();
    actor.send({ type: 'password.cancel' });
    expect(view().step).toBe('idle');
  });

  it('an e-mail changed on the page is where the codes go from then on', async () => {
    const { actor, calls, view } = start();
    actor.send({ type: 'password.emailChanged', email: 'ana.nova@sorteverde.test' });
    expect(view().email).toBe('ana.nova@sorteverde.test');
    actor.send({ type: 'password.start' });
    await settle();
    actor.send({ type: 'password.submitCode', code: '123456' });
    await settle();
    expect(calls).toEqual(['request', 'verify ana.nova@sorteverde.test 123456']);
  });
});
