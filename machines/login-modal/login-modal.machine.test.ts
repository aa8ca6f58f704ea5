import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { pending } from '../../tests/toolkit/fake-actors';
import { transitionPaths } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectLoginModal } from './login-modal.connect';
import { loginModalMachine, REGISTER_MODAL_DELAY_MS, RESEND_WAIT_MS } from './login-modal.machine';
import type { LoginModalInput } from './login-modal.types';

const flush = () => new Promise((r) => setTimeout(r, 0));
const apiError = (status: number, text = 'O código é inválido ou expirou.') => ({
  status,
  messages: [{ text }],
  fields: { code: [text] },
});

type Step = () => Promise<void>;
function build(fakes: Partial<Record<'remember' | 'request' | 'verify' | 'reset', Step>> = {}) {
  const calls: string[] = [];
  const wrap = (name: string, fn: Step | undefined) =>
    fromPromise<void>(async () => {
      calls.push(name);
      if (fn) await fn();
    });
  const machine = loginModalMachine.provide({
    actors: {
      rememberAgeVerified: wrap('remember', fakes.remember),
      requestRecoveryCode: wrap('request', fakes.request),
      verifyRecoveryCode: wrap('verify', fakes.verify),
      resetPassword: wrap('reset', fakes.reset),
    },
  });
  return { machine, calls };
}

function start(input: LoginModalInput, fakes: Parameters<typeof build>[0] = {}) {
  const { machine, calls } = build(fakes);
  const { actor, clock } = createTestActor(machine, { input });
  return { actor, clock, calls, vm: () => connectLoginModal(actor.getSnapshot()) };
}

const verifiedGuest: LoginModalInput = { ageVerified: true, signedIn: false };

describe('login modal machine: generated paths', () => {
  const machine = loginModalMachine.provide({
    actors: {
      rememberAgeVerified: pending(),
      requestRecoveryCode: pending(),
      verifyRecoveryCode: pending(),
      resetPassword: pending(),
    } as never,
  });
  const done = (id: string) => ({ type: `xstate.done.actor.${id}`, output: undefined }) as never;
  const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: apiError(422) }) as never;
  const events = [
    { type: 'loginModal.open', tab: 'login' },
    { type: 'loginModal.open', tab: 'register', byRoute: true },
    { type: 'loginModal.open', tab: 'recovery', byRoute: true },
    { type: 'loginModal.close' },
    { type: 'session.signedIn' },
    { type: 'session.signedOut' },
    { type: 'session.selfExcluded' },
    { type: 'ageGate.confirm' },
    { type: 'ageGate.leave' },
    { type: 'ageGate.back' },
    { type: 'recovery.submitEmail' },
    { type: 'recovery.submitCode' },
    { type: 'recovery.changeEmail' },
    { type: 'recovery.submitPassword' },
    done('requestRecoveryCode'),
    error('requestRecoveryCode'),
    done('verifyRecoveryCode'),
    error('verifyRecoveryCode'),
    done('resetPassword'),
    error('resetPassword'),
    // A reset refused for the passwords (not the code) stays on the password step.
    { type: 'xstate.error.actor.resetPassword', error: { status: 422, messages: [{ text: 'Senha fraca.' }], fields: { password: ['Senha fraca.'] } } },
    done('rememberAgeVerified'),
    error('rememberAgeVerified'),
  ] as never[];
  // The age gate region multiplies the modal's states: sample it once verified and once asking.
  for (const input of [verifiedGuest, { ageVerified: false, signedIn: true }]) {
    const paths = transitionPaths(machine, { input, events });
    it.each(paths.map((p) => [p.description, p] as const))(`ageVerified ${input.ageVerified}: %s`, (_, path) => {
      expect(path.run().value).toEqual(path.expected);
    });
  }
});

describe('login modal machine: stories', () => {
  it('/login, /register and /recover-pass open the modal on their tab; closing leads home only for routes', () => {
    const { actor, vm } = start(verifiedGuest);
    expect(vm().open).toBe(false);
    actor.send({ type: 'loginModal.open', tab: 'register', byRoute: true });
    expect(vm()).toMatchObject({ open: true, tab: 'register', titleId: 'session.modal.tab.register', closeLeadsHome: true });
    expect(actor.getSnapshot().matches({ modal: { open: 'register' } })).toBe(true);
    actor.send({ type: 'loginModal.open', tab: 'recovery', byRoute: true });
    expect(actor.getSnapshot().matches({ modal: { open: { recovery: 'email' } } })).toBe(true);
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(vm()).toMatchObject({ tab: 'login', closeLeadsHome: false });
    actor.send({ type: 'loginModal.close' });
    expect(vm().open).toBe(false);
  });

  it('never opens for a signed-in player, and closes when a session starts or a self-excluded player is refused', () => {
    const { actor, vm } = start({ ageVerified: true, signedIn: true });
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(vm().open).toBe(false);
    actor.send({ type: 'session.signedOut' });
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(vm().open).toBe(true);
    actor.send({ type: 'session.signedIn' });
    expect(vm().open).toBe(false);
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(vm().open).toBe(false);
    actor.send({ type: 'session.signedOut' });
    actor.send({ type: 'loginModal.open', tab: 'login' });
    actor.send({ type: 'session.selfExcluded' });
    expect(vm().open).toBe(false);
  });

  it('age gate: confirming stores ageVerified, and 2 s later, with no token, the registration modal opens', async () => {
    const { actor, clock, calls, vm } = start({ ageVerified: false, signedIn: false });
    expect(vm().ageGate).toEqual({ visible: true, refused: false, state: 'asking' });
    actor.send({ type: 'ageGate.confirm' });
    expect(vm().ageGate.state).toBe('waiting');
    await flush();
    expect(calls).toEqual(['remember']);
    expect(actor.getSnapshot().context.ageVerified).toBe(true);
    expect(vm().ageGate.visible).toBe(false);
    clock.increment(REGISTER_MODAL_DELAY_MS - 1);
    expect(vm().open).toBe(false);
    clock.increment(1);
    expect(vm()).toMatchObject({ open: true, tab: 'register', closeLeadsHome: false });
    expect(vm().ageGate.state).toBe('done');
  });

  it('age gate: 2 s later, a modal the player is using is not taken over (the login form of /login)', async () => {
    const { actor, clock, vm } = start({ ageVerified: false, signedIn: false });
    actor.send({ type: 'loginModal.open', tab: 'login', byRoute: true });
    actor.send({ type: 'ageGate.confirm' });
    await flush();
    clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(vm()).toMatchObject({ open: true, tab: 'login', closeLeadsHome: true, ageGate: { state: 'done' } });
    expect(actor.getSnapshot().matches({ modal: { open: 'login' } })).toBe(true);
    // Nothing is left pending: closing the modal later opens nothing.
    actor.send({ type: 'loginModal.close' });
    clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(vm().open).toBe(false);
  });

  it.each(['recovery', 'register'] as const)('age gate: the %s tab in use is not switched or reset either', async (tab) => {
    const { actor, clock, vm } = start({ ageVerified: false, signedIn: false });
    actor.send({ type: 'loginModal.open', tab, byRoute: true });
    if (tab === 'recovery') actor.send({ type: 'recovery.submitEmail' });
    actor.send({ type: 'ageGate.confirm' });
    await flush();
    clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(vm()).toMatchObject({ open: true, tab, closeLeadsHome: true });
    if (tab === 'recovery') expect(vm().recovery.step).toBe('code');
  });

  it('age gate: never after a self-exclusion refusal, whether it came during the 2 s or before the answer', async () => {
    // During the wait: the refusal closes the login modal; the registration modal must not open over the refusal.
    const during = start({ ageVerified: false, signedIn: false });
    during.actor.send({ type: 'loginModal.open', tab: 'login', byRoute: true });
    during.actor.send({ type: 'ageGate.confirm' });
    await flush();
    during.actor.send({ type: 'session.selfExcluded' });
    expect(during.vm().open).toBe(false);
    during.clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(during.vm()).toMatchObject({ open: false, ageGate: { state: 'done' } });

    // Before the 18+ answer, with the modal already closed by the refusal.
    const before = start({ ageVerified: false, signedIn: false });
    before.actor.send({ type: 'session.selfExcluded' });
    before.actor.send({ type: 'ageGate.confirm' });
    await flush();
    before.clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(before.vm()).toMatchObject({ open: false, ageGate: { state: 'done' } });
    expect(before.actor.getSnapshot().context.selfExclusionRefused).toBe(true);
  });

  it('age gate: a signed-in player is never asked, and a guest who signs in stops being asked', () => {
    expect(start({ ageVerified: false, signedIn: true }).vm().ageGate.visible).toBe(false);
    const guest = start({ ageVerified: false, signedIn: false });
    expect(guest.vm().ageGate.visible).toBe(true);
    guest.actor.send({ type: 'session.signedIn' });
    expect(guest.vm().ageGate.visible).toBe(false);
  });

  it('age gate: with a token, nothing opens after the 2 s', async () => {
    const { actor, clock, vm } = start({ ageVerified: false, signedIn: true });
    actor.send({ type: 'ageGate.confirm' });
    await flush();
    clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(vm().open).toBe(false);
    expect(actor.getSnapshot().matches({ ageGate: 'verified' })).toBe(true);
  });

  it('age gate: storage that refuses still lets the adult in; under 18 stays refused until going back', async () => {
    const { actor, clock, vm } = start(
      { ageVerified: false, signedIn: false },
      {
        remember: async () => {
          throw new Error('quota');
        },
      },
    );
    actor.send({ type: 'ageGate.leave' });
    expect(vm().ageGate).toEqual({ visible: true, refused: true, state: 'refused' });
    actor.send({ type: 'ageGate.back' });
    actor.send({ type: 'ageGate.confirm' });
    await flush();
    clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(vm()).toMatchObject({ open: true, tab: 'register' });
  });

  it('a stored ageVerified skips the gate', () => {
    const { vm } = start(verifiedGuest);
    expect(vm().ageGate).toEqual({ visible: false, refused: false, state: 'done' });
  });

  it('recovery: recover-password → verify-code → reset-password, with the 20 s resend wait', async () => {
    const { actor, clock, calls, vm } = start(verifiedGuest);
    actor.send({ type: 'loginModal.open', tab: 'recovery' });
    expect(vm().recovery.step).toBe('email');
    actor.send({ type: 'recovery.submitEmail' });
    expect(vm().recovery.busy).toBe(true);
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'code', canResend: false, busy: false });
    clock.increment(RESEND_WAIT_MS - 1);
    actor.send({ type: 'recovery.resend' });
    expect(calls).toEqual(['request']);
    clock.increment(1);
    expect(vm().recovery.canResend).toBe(true);
    actor.send({ type: 'recovery.resend' });
    expect(vm().recovery.resending).toBe(true);
    await flush();
    expect(calls).toEqual(['request', 'request']);
    expect(vm().recovery.canResend).toBe(false);
    actor.send({ type: 'recovery.submitCode' });
    await flush();
    expect(vm().recovery.step).toBe('password');
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    expect(vm().recovery.step).toBe('done');
    expect(calls).toEqual(['request', 'request', 'verify', 'reset']);
  });

  it('recovery: each refused step stays where it was, with the server message', async () => {
    let fail = true;
    const maybeFail = async () => {
      if (fail) throw apiError(422);
    };
    const { actor, clock, vm } = start(verifiedGuest, { request: maybeFail, verify: maybeFail, reset: maybeFail });
    actor.send({ type: 'loginModal.open', tab: 'recovery' });
    actor.send({ type: 'recovery.submitEmail' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'email', failure: { status: 422 } });
    fail = false;
    actor.send({ type: 'recovery.submitEmail' });
    await flush();
    expect(vm().recovery.failure).toBeNull();
    fail = true;
    actor.send({ type: 'recovery.submitCode' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'code', failure: { fields: { code: ['O código é inválido ou expirou.'] } } });
    clock.increment(RESEND_WAIT_MS);
    actor.send({ type: 'recovery.resend' });
    await flush();
    expect(vm().recovery).toMatchObject({ canResend: true, failure: { status: 422 } });
    actor.send({ type: 'recovery.changeEmail' });
    expect(vm().recovery).toMatchObject({ step: 'email', failure: null });
    fail = false;
    actor.send({ type: 'recovery.submitEmail' });
    await flush();
    actor.send({ type: 'recovery.submitCode' });
    await flush();
    fail = true;
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    // Refused for the code (replaced, expired or burnt since it was checked): back to the code step, with the message.
    expect(vm().recovery).toMatchObject({ step: 'code', canResend: false, failure: { fields: { code: ['O código é inválido ou expirou.'] } } });
  });

  it('recovery: a reset refused for the passwords stays on the password step', async () => {
    const weak = { status: 422, messages: [{ text: 'Senha fraca.' }], fields: { password: ['Senha fraca.'] } };
    let fail = true;
    const { actor, vm } = start(verifiedGuest, {
      reset: async () => {
        if (fail) throw weak;
      },
    });
    actor.send({ type: 'loginModal.open', tab: 'recovery' });
    actor.send({ type: 'recovery.submitEmail' });
    await flush();
    actor.send({ type: 'recovery.submitCode' });
    await flush();
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'password', failure: { fields: { password: ['Senha fraca.'] } } });
    fail = false;
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'done', failure: null });
  });
});
