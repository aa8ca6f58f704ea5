import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectContact } from './access-data.connect';
import type { CodeSent, ContactChannel, ContactInput } from './access-data.types';
import { contactVerificationMachine } from './contact-verification.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failed = (status: number, fields: Record<string, string[]> = {}) =>
  Object.assign(new Error(`API error ${status}`), { status, messages: [], fields });

interface Script {
  send?: Array<CodeSent | Error>;
  check?: Array<Error | undefined>;
}

function start(input: ContactInput, script: Script = {}) {
  const sent: ContactChannel[] = [];
  const checked: string[] = [];
  const logic = contactVerificationMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input: i }: { input: { channel: ContactChannel } }) => {
        sent.push(i.channel);
        const next = script.send?.shift() ?? { verified: false };
        if (next instanceof Error) throw next;
        return next;
      }),
      checkCode: fromPromise(async ({ input: i }: { input: { channel: ContactChannel; code: string } }) => {
        checked.push(i.code);
        const next = script.check?.shift();
        if (next) throw next;
      }),
    },
  });
  const { actor, clock } = createTestActor(logic, { input });
  return { actor, clock, sent, checked, view: () => connectContact(actor.getSnapshot()) };
}

const EMAIL: ContactInput = { channel: 'email', address: 'ana@sorteverde.test', verified: false };

describe('contact verification machine', () => {
  it('an address already verified has nothing to do', () => {
    const { actor, view } = start({ ...EMAIL, verified: true });
    expect(view()).toMatchObject({ step: 'verified', verified: true, busy: false });
    actor.send({ type: 'contact.dismiss' });
    expect(actor.getSnapshot().value).toBe('verified');
  });

  it('a phone channel without a number offers nothing', () => {
    const { actor, view } = start({ channel: 'phone', address: null, verified: false });
    expect(actor.getSnapshot().value).toBe('noPhone');
    expect(view().step).toBe('none');
  });

  it('sends a code (a refused send stays with its text), then counts 20 s down a second at a time', async () => {
    const { actor, clock, sent, view } = start(EMAIL, { send: [failed(503), { verified: false }] });
    actor.send({ type: 'contact.dismiss' });
    actor.send({ type: 'contact.send' });
    expect(view().busy).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(view().failure?.status).toBe(503);
    actor.send({ type: 'contact.send' });
    await settle();
    expect(view()).toMatchObject({
      step: 'code',
      canResend: false,
      resendIn: 20,
      failure: null,
      notice: { id: 'profile.access.code.sent' },
    });
    clock.increment(1000);
    expect(view().resendIn).toBe(19);
    for (let i = 0; i < 18; i += 1) clock.increment(1000);
    expect(view()).toMatchObject({ resendIn: 1, canResend: false });
    clock.increment(1000);
    expect(view()).toMatchObject({ resendIn: 0, canResend: true });
    expect(sent).toEqual(['email', 'email']);
  });

  it('resends once the wait is over (a refused resend can be tried again), and counts again', async () => {
    const { actor, clock, sent, view } = start(EMAIL, {
      send: [{ verified: false }, failed(429), { verified: false }],
    });
    actor.send({ type: 'contact.send' });
    await settle();
    actor.send({ type: 'contact.resend' });
    expect(sent).toHaveLength(1);
    clock.increment(20_000);
    for (let i = 0; i < 20; i += 1) clock.increment(1000);
    expect(view().canResend).toBe(true);
    actor.send({ type: 'contact.resend' });
    expect(view().busy).toBe(true);
    await settle();
    expect(view()).toMatchObject({ canResend: true, failure: { status: 429 } });
    actor.send({ type: 'contact.dismiss' });
    expect(view().failure).toBeNull();
    actor.send({ type: 'contact.resend' });
    await settle();
    expect(view()).toMatchObject({ canResend: false, resendIn: 20, notice: { id: 'profile.access.code.sent' } });
    expect(sent).toHaveLength(3);
  });

  it("a code asked for too soon (429 with Retry-After: another tab sent one) counts the platform's seconds", async () => {
    const tooSoon = (seconds: number) => Object.assign(failed(429), { retryAfterMs: seconds * 1000 });
    const { actor, clock, sent, view } = start(EMAIL, { send: [tooSoon(12), tooSoon(3), { verified: false }] });
    actor.send({ type: 'contact.send' });
    await settle();
    // The code sent a moment ago is the one to type: the form is open, nothing failed.
    expect(view()).toMatchObject({
      step: 'code',
      canResend: false,
      resendIn: 12,
      failure: null,
      notice: { id: 'profile.access.code.sent_recently' },
    });
    for (let i = 0; i < 12; i += 1) clock.increment(1000);
    expect(view()).toMatchObject({ resendIn: 0, canResend: true });
    actor.send({ type: 'contact.resend' });
    await settle();
    expect(view()).toMatchObject({ canResend: false, resendIn: 3, failure: null });
    for (let i = 0; i < 3; i += 1) clock.increment(1000);
    actor.send({ type: 'contact.resend' });
    await settle();
    expect(view()).toMatchObject({ resendIn: 20, notice: { id: 'profile.access.code.sent' } });
    expect(sent).toHaveLength(3);
  });

  it('refuses a code that is not 6 digits before any call, says why a code was refused, verifies the right one', async () => {
    const { actor, checked, view } = start(EMAIL, {
      check: [failed(422, { code: ['Código incorreto.'] }), failed(410), failed(429), failed(500), undefined],
    });
    actor.send({ type: 'contact.send' });
    await settle();
    actor.send({ type: 'contact.submit', code: '12a45' });
    expect(view().problem).toBe('profile.access.code.problem.format');
    expect(checked).toEqual([]);
    const tries: Array<[string, string | null, number | null]> = [];
    for (const code of ['000000', '000001', '000002', '000003']) {
      actor.send({ type: 'contact.submit', code });
      expect(view().busy).toBe(true);
      await settle();
      tries.push([code, view().problem, view().failure?.status ?? null]);
    }
    expect(tries).toEqual([
      ['000000', 'profile.access.code.problem.wrong', null],
      ['000001', 'profile.access.code.problem.expired', null],
      ['000002', 'profile.access.code.problem.tooMany', null],
      ['000003', null, 500],
    ]);
    actor.send({ type: 'contact.submit', code: ' 123456 ' });
    await settle();
    expect(checked.at(-1)).toBe('123456');
    expect(view()).toMatchObject({
      step: 'verified',
      verified: true,
      problem: null,
      notice: { id: 'profile.access.verified_now' },
    });
  });

  it('a send answered "already verified" (verified elsewhere) shows it verified', async () => {
    const { actor, view } = start(
      { channel: 'phone', address: '+5511987654321', verified: false },
      {
        send: [{ verified: true }],
      },
    );
    actor.send({ type: 'contact.send' });
    await settle();
    expect(view()).toMatchObject({ step: 'verified', verified: true });
  });

  it('an address changed on the page (confirmed by its code) is shown as the verified one, from any step', async () => {
    const { actor, view } = start({ channel: 'phone', address: null, verified: false });
    actor.send({ type: 'contact.changed', address: '+5521988887766' });
    expect(view()).toMatchObject({ step: 'verified', verified: true, address: '+5521988887766' });
    const other = start(EMAIL);
    other.actor.send({ type: 'contact.send' });
    await settle();
    other.actor.send({ type: 'contact.changed', address: 'ana.nova@sorteverde.test' });
    expect(other.view()).toMatchObject({ step: 'verified', address: 'ana.nova@sorteverde.test', notice: null });
  });
});
