import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { CONTACT_CHANGE_REFUSALS } from '../../shared/contact-change';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectContactChange } from './access-data.connect';
import type { ContactChangeConfirm, ContactChangeInput, ContactChangeRequest } from './access-data.types';
import { contactChangeMachine } from './contact-change.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failed = (status: number, fields: Record<string, string[]> = {}, messages: unknown[] = []) =>
  Object.assign(new Error(`API error ${status}`), { status, messages, fields });

interface Script {
  request?: Array<Error | undefined>;
  confirm?: Array<Error | undefined>;
}

function start(input: ContactChangeInput, script: Script = {}) {
  const requested: ContactChangeRequest[] = [];
  const confirmed: ContactChangeConfirm[] = [];
  const logic = contactChangeMachine.provide({
    actors: {
      requestChange: fromPromise(async ({ input: i }: { input: ContactChangeRequest }) => {
        requested.push(i);
        const next = script.request?.shift();
        if (next) throw next;
      }),
      confirmChange: fromPromise(async ({ input: i }: { input: ContactChangeConfirm }) => {
        confirmed.push(i);
        const next = script.confirm?.shift();
        if (next) throw next;
      }),
    },
  });
  const { actor, clock } = createTestActor(logic, { input });
  return { actor, clock, requested, confirmed, view: () => connectContactChange(actor.getSnapshot()) };
}

const EMAIL: ContactChangeInput = { channel: 'email', current: 'ana@sorteverde.test' };
const NEW = 'ana.nova@sorteverde.test';

describe('contact change machine', () => {
  it('opens the form, cancels it (forgetting the value), and a message can be closed anywhere', () => {
    const { actor, view } = start(EMAIL);
    expect(view()).toMatchObject({ step: 'closed', current: EMAIL.current, value: '', busy: false });
    actor.send({ type: 'change.dismiss' });
    actor.send({ type: 'change.open' });
    expect(view().step).toBe('editing');
    actor.send({ type: 'change.cancel' });
    expect(view()).toMatchObject({ step: 'closed', value: '' });
  });

  it('a refused request stays in the form, each refusal in the player language under its field', async () => {
    const { actor, requested, view } = start(EMAIL, {
      request: [
        failed(422, { password: [CONTACT_CHANGE_REFUSALS.wrongPassword] }),
        failed(422, { email: [CONTACT_CHANGE_REFUSALS.takenEmail] }),
        failed(422, { email: ['Um texto que o app não conhece.'] }),
        failed(503, {}, [{ id: 'error_messages.503' }]),
      ],
    });
    actor.send({ type: 'change.open' });
    actor.send({ type: 'change.submit', value: `  ${NEW} ` });
    expect(view()).toMatchObject({ step: 'editing', busy: true, value: NEW });
    await settle();
    expect(view()).toMatchObject({
      step: 'editing',
      busy: false,
      fields: { password: { id: 'profile.access.change.problem.wrongPassword' }, value: null },
      failure: null,
    });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    expect(view().fields).toEqual({ value: { id: 'profile.access.change.problem.takenEmail' }, password: null });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    expect(view().fields.value).toEqual({ text: 'Um texto que o app não conhece.' });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    expect(view()).toMatchObject({ fields: { value: null, password: null }, failure: { status: 503 } });
    expect(requested).toEqual(Array.from({ length: 4 }, () => ({ channel: 'email', value: NEW })));
    // Nothing of the password is anywhere in the flow.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toMatch(/password"?:/);
  });

  it("asked within §9's wait of the last code (429 with Retry-After), the form stays and says how long to wait", async () => {
    const tooSoon = Object.assign(failed(429, { code: ['Aguarde para pedir um novo código.'] }), {
      retryAfterMs: 12_000,
    });
    const { actor, requested, view } = start(EMAIL, { request: [tooSoon] });
    actor.send({ type: 'change.open' });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    expect(view()).toMatchObject({
      step: 'editing',
      busy: false,
      failure: null,
      notice: { id: 'profile.access.change.wait', values: { seconds: 12 } },
    });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    expect(view().step).toBe('code');
    expect(requested).toHaveLength(2);
  });

  it('sends the code to the new address, counts 20 s down, then a new code asks for the password again', async () => {
    const { actor, clock, requested, view } = start(EMAIL);
    actor.send({ type: 'change.open' });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    expect(view()).toMatchObject({
      step: 'code',
      resendIn: 20,
      canResend: false,
      notice: { id: 'profile.access.change.sent_email', values: { address: NEW } },
    });
    actor.send({ type: 'change.resend' });
    expect(view().step).toBe('code');
    clock.increment(1000);
    expect(view().resendIn).toBe(19);
    for (let i = 0; i < 18; i += 1) clock.increment(1000);
    expect(view()).toMatchObject({ resendIn: 1, canResend: false });
    clock.increment(1000);
    expect(view()).toMatchObject({ resendIn: 0, canResend: true });
    actor.send({ type: 'change.resend' });
    expect(view()).toMatchObject({
      step: 'editing',
      value: NEW,
      resendIn: 0,
      notice: { id: 'profile.access.change.password_again' },
    });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    expect(view().step).toBe('code');
    expect(requested).toHaveLength(2);
    actor.send({ type: 'change.cancel' });
    expect(view()).toMatchObject({ step: 'closed', value: '' });
  });

  it('refuses a code that is not 6 digits before any call, says why a code was refused, then changes', async () => {
    const { actor, confirmed, view } = start(
      { channel: 'phone', current: null },
      {
        confirm: [
          failed(422, { code: ['Código incorreto. Restam 4 tentativas.'] }),
          failed(410),
          failed(429),
          failed(409, { phone: [CONTACT_CHANGE_REFUSALS.takenMeanwhile] }),
          failed(500),
          undefined,
        ],
      },
    );
    actor.send({ type: 'change.open' });
    actor.send({ type: 'change.submit', value: '+5521988887766' });
    await settle();
    actor.send({ type: 'change.submitCode', code: '12a45' });
    expect(view().problem).toBe('profile.access.code.problem.format');
    expect(confirmed).toEqual([]);
    const tries: Array<[string | null, unknown, number | null]> = [];
    for (const code of ['000000', '000001', '000002', '000003', '000004']) {
      actor.send({ type: 'change.submitCode', code });
      expect(view().busy).toBe(true);
      await settle();
      tries.push([view().problem, view().fields.value, view().failure?.status ?? null]);
    }
    expect(tries).toEqual([
      ['profile.access.code.problem.wrong', null, null],
      ['profile.access.code.problem.expired', null, null],
      ['profile.access.code.problem.tooMany', null, null],
      [null, { id: 'profile.access.change.problem.takenMeanwhile' }, null],
      [null, null, 500],
    ]);
    actor.send({ type: 'change.submitCode', code: ' 654321 ' });
    await settle();
    expect(confirmed.at(-1)).toEqual({ channel: 'phone', code: '654321' });
    expect(view()).toMatchObject({
      step: 'done',
      current: '+5521988887766',
      problem: null,
      failure: null,
      notice: { id: 'profile.access.change.done_phone' },
    });
    expect(actor.getSnapshot().context.changed).toBe('+5521988887766');
  });

  it('after a change, another one can start', async () => {
    const { actor, view } = start(EMAIL);
    actor.send({ type: 'change.open' });
    actor.send({ type: 'change.submit', value: NEW });
    await settle();
    actor.send({ type: 'change.submitCode', code: '123456' });
    await settle();
    expect(view().step).toBe('done');
    actor.send({ type: 'change.open' });
    expect(view()).toMatchObject({ step: 'editing', value: '', current: NEW, notice: null });
  });
});
