/**
 * Inspection that is safe and true, through the real Stately inspector.
 *
 * The app's machines (session with its live channels, login modal, pix, withdrawal), given fake actors that
 * answer like the API does with a player's personal data, are driven through a sign-in (after a password
 * recovery and two refused attempts), a pix deposit and a withdrawal to a CPF pix key typed by hand. The real
 * `createInspector` of @statelyai/inspect, with the app's options (`inspectorOptions`) and an adapter that keeps
 * what it would send, records the flow. Then:
 * - no personal value appears in any form anywhere in what it would send (while the same flow without
 *   redaction does carry every one of them: the check is not empty);
 * - every state name of those machines appears, and each machine's definition is the machine's config, intact;
 * - what it sends is plain JSON;
 * - it is at least 5× smaller than what the app sent before (the old key-based serializer, which also sent the
 *   whole machine with each `@xstate.actor`), and than sending the definition with every message.
 */
import { createInspector } from '@statelyai/inspect';
import {
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorRef,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginModalMachine } from '../../machines/login-modal/login-modal.machine';
import { pixMachine } from '../../machines/pix/pix.machine';
import { channelMachine } from '../../machines/realtime/channel.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import { inspectorOptions } from '../../src/lib/inspect';
import { toPlainJson } from '../../src/lib/redact';
import { controllableCallback, resolves } from '../toolkit/fake-actors';
import { legacySerialize } from './legacy-serialize';

// ---- the player's personal data, as the API and the forms have it --------------------------------------

const CPF_MASKED = '123.456.789-09';
const CPF_DIGITS = '12345678909';
const EMAIL = 'ana.souza@example.com';
const PHONE_E164 = '+5511912345678';
const PHONE_TYPED = '(11) 91234-5678';
const PHONE_DIGITS = '11912345678';
const BIRTH_ISO = '1990-05-17';
const PASSWORD = 'Senha@Forte123';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsIm5hbWUiOiJBbmEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const OPAQUE_TOKEN = 'q7VtX2mN9pL4sK8wR1yB6cF3hJ5dG0zA-uE_oI2nM7k';
const RECOVERY_CODE = '482913';
const EVP_KEY = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

/** Every form a personal value may take; none may leave the page. */
const PERSONAL_VALUES = [
  CPF_MASKED,
  CPF_DIGITS,
  '123.456.789', // a CPF typed so far
  EMAIL,
  PHONE_E164,
  PHONE_TYPED,
  PHONE_DIGITS,
  BIRTH_ISO,
  PASSWORD,
  JWT,
  OPAQUE_TOKEN,
  `"${RECOVERY_CODE}"`, // six digits: looked for as a whole value (a timestamp may hold the same digits)
  EVP_KEY,
  'Ana Souza',
];

const user = {
  id: 42,
  first_name: 'Ana',
  last_name: 'Souza',
  name: 'Ana Souza',
  email: EMAIL,
  username: PHONE_E164,
  phone: PHONE_E164,
  birth_date: BIRTH_ISO,
  level: 3,
  totalBet: 125_000,
  avatar: null,
  language: 'pt',
  user_likes: [12, 40],
  vip: { level: 2, points: 340 },
  wallet: { balance: 30_000, deposit_count: 2, currency: 'BRL' },
  email_verified: true,
  phone_verified: true,
  has_cpf: true,
  referral_code: 'ANA42',
  created_at: '2025-03-02T10:15:00.000Z',
};

/** A 422 as the API client normalises it, echoing what was typed (the worst a server may do). */
const refusal = (identifier: string) => ({
  status: 422,
  shown: true,
  messages: [{ text: `Não encontramos ${identifier} com essa senha.` }],
  fields: { identifier: [`${identifier} ou senha inválidos.`] },
  body: {
    message: 'Credenciais inválidas.',
    errors: { identifier: [identifier] },
    input: { identifier, password: PASSWORD },
  },
});

// ---- capturing what the inspector would send --------------------------------------------------------------

type Wire = Record<string, unknown> & { type: string; sessionId?: string; name?: string; definition?: string };
type Serialize = <T>(event: T) => T;

interface Capture {
  sent: Wire[];
  inspect: { next: (event: InspectionEvent) => void };
  /** Resolves when the inspector has converted and sent every event handed to it so far. */
  flushed: () => Promise<void>;
}

const FORWARDED = new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot']);

function capture(options: { serialize: Serialize; serializationDepthLimit?: number }): Capture {
  const sent: Wire[] = [];
  const inspector = createInspector(
    { send: (e: unknown) => sent.push(e as Wire), start() {}, stop() {} } as never,
    options,
  );
  let expected = 0;
  return {
    sent,
    inspect: {
      next: (event) => {
        if (FORWARDED.has(event.type)) expected += 1;
        inspector.inspect.next?.(event);
      },
    },
    // The library converts each event on its own `setTimeout(0)` in Node: wait for the count, not for a time.
    flushed: async () => {
      for (let i = 0; sent.length < expected; i += 1) {
        if (i > 1000) throw new Error(`the inspector sent ${sent.length} of ${expected} messages`);
        await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}

// ---- the flow -------------------------------------------------------------------------------------------

/** The live channels answer "subscribed" at once (the pusher-js adapter's job in the app). */
const channel = channelMachine.provide({
  actors: {
    subscription: fromCallback(({ sendBack }) => {
      sendBack({ type: 'channel.subscribed' });
      return () => {};
    }) as never,
  },
});

const actorsOf = (actors: Record<string, unknown>) => actors as never;

async function runFlow(c: Capture): Promise<void> {
  const inspect = c.inspect;

  // Sign-in: a password recovery, two refused attempts (CPF, then phone), then e-mail and password.
  let attempts = 0;
  const session = createActor(
    sessionMachine.provide({
      actors: actorsOf({
        signIn: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1) throw refusal(CPF_MASKED);
          if (attempts === 2) throw refusal(PHONE_TYPED);
          return { user, token: JWT, accessToken: OPAQUE_TOKEN, token_type: 'Bearer' };
        }),
        fetchWallet: resolves({ balance: 30_000, deposit_count: 2, currency: 'BRL' }),
        fetchRecentGames: resolves([{ game_id: 7, title: 'Fortune Tiger', provider: 'PG Soft' }]),
        fetchRanking: resolves([
          { level: 1, name: 'Bronze', totalBet: 0 },
          { level: 2, name: 'Prata', totalBet: 100_000 },
        ]),
        fetchNotifications: resolves({
          user_notifications: { 1: { title: 'Bem-vinda', body: `Sua conta ${EMAIL} foi verificada.` } },
          global_notifications: {},
        }),
        guestChannel: channel,
        userChannel: channel,
      }),
      actions: { forgetToken: () => {} },
      delays: { userChannelDelay: 0 },
    }),
    { input: { hasToken: false, guestId: 'guest-abc123xyz' }, inspect },
  );
  const modal = createActor(
    loginModalMachine.provide({
      actors: actorsOf({
        requestRecoveryCode: resolves({ message: `Enviamos um código para ${EMAIL}.` }),
        verifyRecoveryCode: resolves({ valid: true }),
        resetPassword: resolves({ message: 'Senha alterada.' }),
      }),
    }),
    { input: { signedIn: false }, inspect },
  );
  // What src/app does with the session's announcements.
  session.on('session.signedIn', () => modal.send({ type: 'session.signedIn' }));
  session.start();
  modal.start();

  modal.send({ type: 'loginModal.open', tab: 'recovery' });
  modal.send({ type: 'recovery.submitEmail', email: EMAIL });
  await waitFor(modal, (s) => s.matches({ modal: { open: { recovery: 'code' } } }));
  modal.send({ type: 'recovery.submitCode', code: RECOVERY_CODE });
  await waitFor(modal, (s) => s.matches({ modal: { open: { recovery: 'password' } } }));
  modal.send({ type: 'recovery.submitPassword' });
  await waitFor(modal, (s) => s.matches({ modal: { open: { recovery: 'done' } } }));
  modal.send({ type: 'loginModal.open', tab: 'login' });

  // The sign-in events carry nothing (the form hands the values over through the drop). Here a careless form
  // also puts them in the event, to show that even then they do not leave the page.
  const login = (identifier: { field: string; value: string }) =>
    session.send({ type: 'session.login', identifier, password: PASSWORD } as never);
  login({ field: 'cpf', value: CPF_MASKED });
  await waitFor(session, (s) => s.matches({ guest: 'idle' }) && s.context.failure !== null);
  login({ field: 'phone', value: PHONE_TYPED });
  await waitFor(session, (s) => s.matches({ guest: 'idle' }) && attempts === 2);
  login({ field: 'email', value: EMAIL });
  await waitFor(session, (s) => s.matches({ signedIn: { live: 'user', account: { wallet: 'loaded' } } }));
  await waitFor(modal, (s) => s.matches({ modal: 'closed' }));

  // A pix deposit of R$ 50,00, paid (the bank's event names the payer).
  const payments = controllableCallback<{ type: string }>();
  const code = {
    id: 9001,
    txid: 'E2E9001SORTEVERDE20261123142100',
    amount: 5000,
    qrcode:
      '00020101021226850014br.gov.bcb.pix2563qrcodepix.example.com/v2/cobv/9d36b84f52040000530398654045000.005802BR5913SORTE VERDE6009SAO PAULO62070503***6304A1B2',
    expiresInMs: 300_000,
  };
  const pix = createActor(
    pixMachine.provide({
      actors: actorsOf({
        createPix: resolves(code),
        checkStatus: resolves({ status: 0, refused: false, balance: 30_000, depositCount: 2 }),
        paymentEvents: payments.logic,
        trackDeposit: resolves(undefined),
      }),
    }),
    { input: { minDeposit: 1000, maxDeposit: 500_000, userId: user.id, depositCount: 2 }, inspect },
  ).start();
  pix.send({ type: 'pix.amountChanged', text: '50,00' });
  pix.send({ type: 'pix.submit' });
  await waitFor(pix, (s) => s.matches('awaitingPayment') && payments.running);
  payments.emit({
    type: 'realtime.paymentApproved',
    channel: `private-universal.${user.id}`,
    data: {
      id: code.id,
      txid: code.txid,
      amount: code.amount,
      balance: 35_000,
      payer: { name: 'Ana Souza', cpf: CPF_DIGITS },
    },
  } as never);
  await waitFor(pix, (s) => s.matches('paid'));

  // A withdrawal to a CPF pix key typed by hand, one key press at a time, then cancelled.
  const withdrawal = createActor(
    withdrawalMachine.provide({
      actors: actorsOf({
        loadMethod: resolves({ methodId: 3, addresses: [], canAddAddress: true }),
        createAddress: resolves({ id: 11, key: '***.456.789-**' }),
        requestWithdrawal: resolves({ withdrawal: { id: 501, amount: 10_000, status: 0 }, balance: 25_000 }),
        checkWithdrawal: resolves({ withdrawal: { id: 501, amount: 10_000, status: 0 }, balance: 25_000 }),
        cancelWithdrawal: resolves({ withdrawal: { id: 501, amount: 10_000, status: 3 }, balance: 35_000 }),
      }),
    }),
    { input: { minWithdrawal: 2000, maxWithdrawal: 100_000, balance: 35_000 }, inspect },
  ).start();
  await waitFor(withdrawal, (s) => s.matches('editing'));
  // First a random key pasted, then the player's CPF typed instead.
  withdrawal.send({ type: 'withdrawal.keyChanged', text: EVP_KEY });
  for (let i = 1; i <= CPF_MASKED.length; i += 1)
    withdrawal.send({ type: 'withdrawal.keyChanged', text: CPF_MASKED.slice(0, i) });
  withdrawal.send({ type: 'withdrawal.addKey' });
  await waitFor(withdrawal, (s) => s.matches('editing') && s.context.addressId === 11);
  withdrawal.send({ type: 'withdrawal.amountChanged', text: '100,00' });
  withdrawal.send({ type: 'withdrawal.submit' });
  withdrawal.send({ type: 'withdrawal.confirm' });
  await waitFor(withdrawal, (s) => s.matches({ inProcess: 'idle' }));
  withdrawal.send({ type: 'withdrawal.cancel' });
  withdrawal.send({ type: 'withdrawal.cancelConfirmed' });
  await waitFor(withdrawal, (s) => s.matches('settled'));

  await c.flushed();
  for (const actor of [withdrawal, pix, modal, session] as AnyActorRef[]) actor.stop();
}

// ---- helpers ----------------------------------------------------------------------------------------------

const MACHINES: AnyStateMachine[] = [sessionMachine, loginModalMachine, pixMachine, withdrawalMachine, channelMachine];

/** Every state name of a machine, from its definition. */
function stateNames(machine: AnyStateMachine): string[] {
  const names: string[] = [];
  const visit = (node: { states: Record<string, unknown> }) => {
    for (const [key, child] of Object.entries(node.states)) {
      names.push(key);
      visit(child as { states: Record<string, unknown> });
    }
  };
  visit(machine.root as unknown as { states: Record<string, unknown> });
  return names;
}

/** The machine's config as the library stringifies it (functions become `{type: name}`), parsed. */
const configJson = (machine: AnyStateMachine): unknown =>
  JSON.parse(
    JSON.stringify(machine.config, (_key, value: unknown) =>
      typeof value === 'function' ? { type: value.name } : value,
    ),
  );

function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    return (proto === Object.prototype || proto === null) && Object.values(value).every(isPlainJson);
  }
  return false;
}

const bytes = (sent: unknown[]) => Buffer.byteLength(JSON.stringify(sent));

/** The messages as one text, with each definition decoded (so names in it read as they do elsewhere). */
const textOf = (sent: Wire[]) =>
  JSON.stringify(
    sent.map((m) => (typeof m.definition === 'string' ? { ...m, definition: JSON.parse(m.definition) as unknown } : m)),
  );

/** A personal value as it appears inside JSON text (a value given in quotes is looked for whole). */
const asJson = (value: string) => (value.startsWith('"') ? value : JSON.stringify(value).slice(1, -1));

/** State names of a definition as the inspector received it. */
function definitionStateNames(definition: unknown): string[] {
  const names: string[] = [];
  const visit = (node: { states?: Record<string, unknown> }) => {
    for (const [key, child] of Object.entries(node.states ?? {})) {
      names.push(key);
      visit(child as { states?: Record<string, unknown> });
    }
  };
  visit(definition as { states?: Record<string, unknown> });
  return names;
}

// ---- the test ---------------------------------------------------------------------------------------------

describe('inspection of a sign-in, a deposit and a withdrawal', () => {
  const runs = {} as Record<'app' | 'definitionEveryMessage' | 'before' | 'unredacted', Wire[]>;

  beforeAll(async () => {
    const run = async (options: { serialize: Serialize; serializationDepthLimit?: number }) => {
      const c = capture(options);
      await runFlow(c);
      return c.sent;
    };
    runs.app = await run(inspectorOptions());
    runs.definitionEveryMessage = await run(inspectorOptions({ definitionOnce: false }));
    runs.before = await run({ serialize: legacySerialize });
    const plain = inspectorOptions();
    runs.unredacted = await run({ ...plain, serialize: <T>(e: T) => toPlainJson(e) as T });
  });

  it('the flow really carries every personal value (without redaction they are all there)', () => {
    const text = textOf(runs.unredacted);
    for (const value of PERSONAL_VALUES) expect(text, value).toContain(asJson(value));
  });

  it('sends none of them, in any form, anywhere', () => {
    const text = textOf(runs.app);
    for (const value of PERSONAL_VALUES) expect(text, value).not.toContain(asJson(value));
    // …while what identifies the deposit and the flow is still there.
    for (const kept of [
      'E2E9001SORTEVERDE20261123142100',
      'private-universal.42',
      'guest-abc123xyz',
      '"has_cpf":true',
    ]) {
      expect(text).toContain(kept);
    }
  });

  it('keeps every state name, and each definition is the machine config, intact', () => {
    const text = textOf(runs.app);
    for (const machine of MACHINES) {
      // Each actor of the machine (the session's two channels are named by their ids, not the machine's).
      const definitions = runs.app
        .filter((m) => m.type === '@xstate.actor')
        .map((m) => JSON.parse(m.definition ?? 'null') as { id?: string } | null)
        .filter((d) => d?.id === machine.id);
      expect(definitions.length, machine.id).toBeGreaterThan(0);
      for (const definition of definitions) {
        expect(definitionStateNames(definition).sort(), machine.id).toEqual(stateNames(machine).sort());
        expect(definition, machine.id).toEqual(configJson(machine));
      }
    }
    // Names that look like secrets are names: the recovery state `password`, the action `forgetToken`,
    // the guard `hasStoredToken`, and the event that carries the typed key.
    for (const name of [
      '"password"',
      '"forgetToken"',
      '"hasStoredToken"',
      '"withdrawal.keyChanged"',
      '"recovery.submitCode"',
    ]) {
      expect(text).toContain(name);
    }
    const snapshotValues = runs.app
      .filter((m) => m.type === '@xstate.snapshot')
      .map((m) => (m.snapshot as { value: unknown }).value);
    expect(snapshotValues).toContainEqual({ modal: { open: { recovery: 'password' } } });
  });

  it('sends plain JSON, and each actor definition once', () => {
    for (const m of runs.app) expect(isPlainJson(m), m.type).toBe(true);
    expect(JSON.parse(JSON.stringify(runs.app))).toEqual(runs.app);
    const withDefinition = runs.app.filter((m) => m.definition !== undefined).map((m) => m.sessionId);
    expect(new Set(withDefinition).size).toBe(withDefinition.length);
    expect(withDefinition.length).toBe(runs.app.filter((m) => m.type === '@xstate.actor').length);
  });

  it('is at least 5× smaller than before, and than a definition with every message', () => {
    const size = {
      app: bytes(runs.app),
      definitionEveryMessage: bytes(runs.definitionEveryMessage),
      before: bytes(runs.before),
    };
    console.info(
      `inspection output for the flow (${runs.app.length} messages): ${size.app} bytes now; ` +
        `${size.definitionEveryMessage} bytes with the definition in every message (${(size.definitionEveryMessage / size.app).toFixed(1)}×); ` +
        `${size.before} bytes with the serializer used before (${(size.before / size.app).toFixed(1)}×)`,
    );
    expect(runs.definitionEveryMessage.length).toBe(runs.app.length);
    expect(runs.before.length).toBe(runs.app.length);
    expect(size.before).toBeGreaterThanOrEqual(5 * size.app);
    expect(size.definitionEveryMessage).toBeGreaterThanOrEqual(5 * size.app);
  });
});
