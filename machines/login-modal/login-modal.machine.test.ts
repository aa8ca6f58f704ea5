import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { pending } from '../../tests/toolkit/fake-actors';
import { registrationMachine } from '../registration/registration.machine';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectLoginModal } from './login-modal.connect';
import { loginModalMachine, RESEND_WAIT_MS } from './login-modal.machine';
import type { LoginModalInput } from './login-modal.types';

const flush = () => new Promise((r) => setTimeout(r, 0));
const apiError = (status: number, text = 'O código é inválido ou expirou.') => ({
  status,
  messages: [{ text }],
  fields: { code: [text] },
});

type Step = () => Promise<void>;
/** The registration machine as the modal invokes it, with lookups that never answer (its own stories test them). */
const quietRegistration = registrationMachine.provide({ actors: { geo: pending(), checkCpf: pending() } });

function build(fakes: Partial<Record<'request' | 'verify' | 'reset', Step>> = {}) {
  const calls: string[] = [];
  const inputs: Array<[string, unknown]> = [];
  const wrap = (name: string, fn: Step | undefined) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fromPromise<void, any>(async ({ input }) => {
      calls.push(name);
      inputs.push([name, input]);
      if (fn) await fn();
    });
  const machine = loginModalMachine.provide({
    actors: {
      requestRecoveryCode: wrap('request', fakes.request),
      verifyRecoveryCode: wrap('verify', fakes.verify),
      resetPassword: wrap('reset', fakes.reset),
      registration: quietRegistration,
    },
  });
  return { machine, calls, inputs };
}

function start(input: LoginModalInput, fakes: Parameters<typeof build>[0] = {}) {
  const { machine, calls, inputs } = build(fakes);
  const { actor, clock } = createTestActor(machine, { input });
  return { actor, clock, calls, inputs, vm: () => connectLoginModal(actor.getSnapshot()) };
}

const verifiedGuest: LoginModalInput = { signedIn: false };

// No generated path tests: their expectations came from the machine itself (§4), and xstate/graph's
// traversal shares one actor system, where the invoked registration machine's systemId can only exist once.

describe('login modal machine: stories', () => {
  it('/login, /register and /recover-pass open the modal on their tab; closing leads home only for routes', () => {
    const { actor, vm } = start(verifiedGuest);
    expect(vm().open).toBe(false);
    actor.send({ type: 'loginModal.open', tab: 'register', byRoute: true });
    expect(vm()).toMatchObject({
      open: true,
      tab: 'register',
      titleId: 'session.modal.tab.register',
      closeLeadsHome: true,
    });
    expect(actor.getSnapshot().matches({ modal: { open: 'register' } })).toBe(true);
    actor.send({ type: 'loginModal.open', tab: 'recovery', byRoute: true });
    expect(actor.getSnapshot().matches({ modal: { open: { recovery: 'email' } } })).toBe(true);
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(vm()).toMatchObject({ tab: 'login', closeLeadsHome: false });
    actor.send({ type: 'loginModal.close' });
    expect(vm().open).toBe(false);
  });

  it('never opens for a signed-in player, and closes when a session starts or a self-excluded player is refused', () => {
    const { actor, vm } = start({ signedIn: true });
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

  it('the age gate’s offer (2 s after a guest passed it) opens the register tab when the modal is closed', () => {
    const { actor, vm } = start(verifiedGuest);
    actor.send({ type: 'loginModal.offerRegister' });
    expect(vm()).toMatchObject({ open: true, tab: 'register', closeLeadsHome: false });
    expect(actor.getSnapshot().matches({ modal: { open: 'register' } })).toBe(true);
  });

  it('the offer never takes over a modal the player is using (the login form of /login)', () => {
    const { actor, vm } = start(verifiedGuest);
    actor.send({ type: 'loginModal.open', tab: 'login', byRoute: true });
    actor.send({ type: 'loginModal.offerRegister' });
    expect(vm()).toMatchObject({ open: true, tab: 'login', closeLeadsHome: true });
    expect(actor.getSnapshot().matches({ modal: { open: 'login' } })).toBe(true);
    // Nothing is left pending: closing the modal later opens nothing.
    actor.send({ type: 'loginModal.close' });
    expect(vm().open).toBe(false);
  });

  it.each(['recovery', 'register'] as const)(
    'the offer does not switch or reset the %s tab in use either',
    async (tab) => {
      const { actor, vm } = start(verifiedGuest);
      actor.send({ type: 'loginModal.open', tab, byRoute: true });
      if (tab === 'recovery') actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
      await flush();
      actor.send({ type: 'loginModal.offerRegister' });
      expect(vm()).toMatchObject({ open: true, tab, closeLeadsHome: true });
      if (tab === 'recovery') expect(vm().recovery.step).toBe('code');
    },
  );

  it('the offer opens nothing after a self-exclusion refusal, nor for a player with a token', () => {
    // The refusal closed the login modal: the registration modal must not open over it.
    const refused = start(verifiedGuest);
    refused.actor.send({ type: 'loginModal.open', tab: 'login', byRoute: true });
    refused.actor.send({ type: 'session.selfExcluded' });
    expect(refused.vm().open).toBe(false);
    refused.actor.send({ type: 'loginModal.offerRegister' });
    expect(refused.vm().open).toBe(false);
    expect(refused.actor.getSnapshot().context.selfExclusionRefused).toBe(true);

    const player = start({ signedIn: true });
    player.actor.send({ type: 'loginModal.offerRegister' });
    expect(player.vm().open).toBe(false);
  });

  it('hears the news while closed too: a sign-in keeps it shut, a refusal before the offer keeps registration shut', () => {
    const signedIn = start(verifiedGuest);
    signedIn.actor.send({ type: 'session.signedIn' });
    signedIn.actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(signedIn.vm().open).toBe(false);

    const refused = start(verifiedGuest);
    refused.actor.send({ type: 'session.selfExcluded' });
    expect(refused.actor.getSnapshot().context.selfExclusionRefused).toBe(true);
    refused.actor.send({ type: 'loginModal.offerRegister' });
    expect(refused.vm().open).toBe(false);
    // A player's own wish still opens it (to sign in with another account).
    refused.actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(refused.vm().open).toBe(true);
  });

  it('recovery: recover-password → verify-code → reset-password, with the 20 s resend wait', async () => {
    const { actor, clock, calls, vm } = start(verifiedGuest);
    actor.send({ type: 'loginModal.open', tab: 'recovery' });
    expect(vm().recovery.step).toBe('email');
    actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    expect(vm().recovery.busy).toBe(true);
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'code', canResend: false, busy: false, resendIn: 20 });
    // Counted down a second at a time (the kernel's resend countdown), shown as the seconds left.
    for (let s = 1; s < RESEND_WAIT_MS / 1000; s += 1) clock.increment(1000);
    expect(vm().recovery).toMatchObject({ canResend: false, resendIn: 1 });
    clock.increment(999);
    actor.send({ type: 'recovery.resend' });
    expect(calls).toEqual(['request']);
    clock.increment(1);
    expect(vm().recovery.resendIn).toBe(0);
    expect(vm().recovery.canResend).toBe(true);
    actor.send({ type: 'recovery.resend' });
    expect(vm().recovery.resending).toBe(true);
    await flush();
    expect(calls).toEqual(['request', 'request']);
    expect(vm().recovery.canResend).toBe(false);
    actor.send({ type: 'recovery.submitCode', code: '123456' });
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
    actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'email', failure: { status: 422 } });
    fail = false;
    actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    await flush();
    expect(vm().recovery.failure).toBeNull();
    fail = true;
    actor.send({ type: 'recovery.submitCode', code: '123456' });
    await flush();
    expect(vm().recovery).toMatchObject({
      step: 'code',
      failure: { fields: { code: ['O código é inválido ou expirou.'] } },
    });
    for (let s = 0; s < RESEND_WAIT_MS / 1000; s += 1) clock.increment(1000);
    actor.send({ type: 'recovery.resend' });
    await flush();
    expect(vm().recovery).toMatchObject({ canResend: true, failure: { status: 422 } });
    actor.send({ type: 'recovery.changeEmail' });
    expect(vm().recovery).toMatchObject({ step: 'email', failure: null });
    fail = false;
    actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    await flush();
    actor.send({ type: 'recovery.submitCode', code: '123456' });
    await flush();
    fail = true;
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    // Refused for the code (replaced, expired or burnt since it was checked): back to the code step, with the message.
    expect(vm().recovery).toMatchObject({
      step: 'code',
      canResend: false,
      failure: { fields: { code: ['O código é inválido ou expirou.'] } },
    });
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
    actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    await flush();
    actor.send({ type: 'recovery.submitCode', code: '123456' });
    await flush();
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'password', failure: { fields: { password: ['Senha fraca.'] } } });
    fail = false;
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'done', failure: null });
  });

  it('register tab: the registration machine runs in the same system (systemId registration) only while the tab is open', () => {
    const { actor, vm } = start(verifiedGuest);
    expect(vm().registration).toBeNull();
    actor.send({ type: 'loginModal.open', tab: 'register', byRoute: true });
    const registration = vm().registration;
    expect(registration).not.toBeNull();
    expect(actor.system.get('registration')).toBe(registration);
    expect(registration?.getSnapshot().status).toBe('active');
    // Asked for again (its tab button, a route): the same machine goes on, the form and its checks stay.
    actor.send({ type: 'loginModal.open', tab: 'register' });
    expect(vm().registration).toBe(registration);
    expect(vm()).toMatchObject({ tab: 'register', closeLeadsHome: false });
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(vm().registration).toBeNull();
    expect(registration?.getSnapshot().status).toBe('stopped');
    expect(actor.system.get('registration')).toBeUndefined();
    // Back on the tab: a new one; closing the modal stops it.
    actor.send({ type: 'loginModal.open', tab: 'register' });
    const again = vm().registration;
    expect(again).not.toBeNull();
    expect(again).not.toBe(registration);
    actor.send({ type: 'loginModal.close' });
    expect(again?.getSnapshot().status).toBe('stopped');
  });

  it("recovery: the e-mail and code are the context (the calls' inputs), never the password; leaving the tab forgets them", async () => {
    const { actor, inputs, vm } = start(verifiedGuest);
    actor.send({ type: 'loginModal.open', tab: 'recovery' });
    actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    await flush();
    expect(vm().recovery).toMatchObject({ step: 'code', email: 'ana@ex.com' });
    actor.send({ type: 'recovery.changeEmail' });
    // Back on the e-mail step, the e-mail stays (the form shows it again); a new one replaces it.
    expect(vm().recovery).toMatchObject({ step: 'email', email: 'ana@ex.com' });
    actor.send({ type: 'recovery.submitEmail', email: 'bia@ex.com' });
    await flush();
    actor.send({ type: 'recovery.submitCode', code: '654321' });
    expect(actor.getSnapshot().context).toMatchObject({ recoveryEmail: 'bia@ex.com', recoveryCode: '654321' });
    await flush();
    actor.send({ type: 'recovery.submitPassword' });
    await flush();
    expect(inputs).toEqual([
      ['request', { email: 'ana@ex.com' }],
      ['request', { email: 'bia@ex.com' }],
      ['verify', { email: 'bia@ex.com', code: '654321' }],
      ['reset', { email: 'bia@ex.com', code: '654321' }],
    ]);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toMatch(/password"|Senha/);
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(actor.getSnapshot().context).toMatchObject({ recoveryEmail: null, recoveryCode: null });
    expect(vm().recovery.email).toBe('');
  });

  it('recovery: changing the e-mail after a code was typed forgets the code', async () => {
    const { actor } = start(verifiedGuest, {
      verify: async () => {
        throw apiError(422);
      },
    });
    actor.send({ type: 'loginModal.open', tab: 'recovery' });
    actor.send({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    await flush();
    actor.send({ type: 'recovery.submitCode', code: '111111' });
    await flush();
    expect(actor.getSnapshot().context.recoveryCode).toBe('111111');
    actor.send({ type: 'recovery.changeEmail' });
    expect(actor.getSnapshot().context).toMatchObject({ recoveryEmail: 'ana@ex.com', recoveryCode: null });
  });
});
