import { assign, createActor, fromCallback, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createRecorder, recordingFileName } from './recorder';
import { parseRecording, RECORDING_MAX_FILE_BYTES } from './schema';

/**
 * A session-like system, as the app's (machines/app): a root with systemId children for the session, a withdrawal
 * with a pix key, a document upload and the global chat, with every secret the issue names in play: a token, a
 * password, a CPF, full pix keys (CPF, e-mail, phone, random), a document's file name and content, another player's
 * chat text, the player's own chat draft.
 */
const S = {
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLXNlY3JldA',
  opaqueToken: '42|AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  password: 'Senha@Forte#2026',
  cpf: '529.982.247-25',
  cpfDigits: '52998224725',
  pixEmail: 'ana.souza@example.com',
  pixPhone: '+5511912345678',
  pixEvp: '123e4567-e89b-42d3-a456-426614174000',
  fileName: 'rg-frente-ana-souza.jpg',
  fileContent: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMC',
  rawFileContent: 'QkFTRTY0LUZJTEUtQ09OVEVOVC1TRUNSRVQ=',
  otherChat: 'Pedro aqui, amanhã saco tudo no banco do Brasil',
  ownDraft: 'meu rascunho que ninguém deve ver',
} as const;

const session = setup({
  types: {
    context: {} as { token: string | null; user: { id: number; cpf: string; email: string; name: string } | null },
    events: {} as { type: 'session.login'; username: string; password: string } | { type: 'session.logout' },
  },
  actors: {
    signIn: fromPromise(async ({ input }: { input: { username: string; password: string } }) => ({
      token: S.token,
      user: { id: 42, cpf: input.username, email: S.pixEmail, name: 'Ana Souza' },
    })),
  },
}).createMachine({
  id: 'session',
  context: { token: null, user: null },
  initial: 'guest',
  states: {
    guest: { on: { 'session.login': 'signingIn' } },
    signingIn: {
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          const e = event as { username: string; password: string };
          return { username: e.username, password: e.password };
        },
        onDone: {
          target: 'signedIn',
          actions: assign(({ event }) => ({ token: event.output.token, user: event.output.user })),
        },
      },
    },
    signedIn: { on: { 'session.logout': { target: 'guest', actions: assign({ token: null, user: null }) } } },
  },
});

const withdrawal = setup({
  types: {
    context: {} as { keyText: string; addresses: Array<{ id: number; key: string }>; amount: number },
    events: {} as { type: 'withdrawal.keyChanged'; keyText: string } | { type: 'withdrawal.submit' },
  },
}).createMachine({
  id: 'withdrawal',
  context: {
    keyText: '',
    amount: 5000,
    addresses: [
      { id: 1, key: S.pixEmail },
      { id: 2, key: S.pixPhone },
      { id: 3, key: S.pixEvp },
    ],
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'withdrawal.keyChanged': { actions: assign({ keyText: ({ event }) => event.keyText }) },
        'withdrawal.submit': 'sent',
      },
    },
    sent: {},
  },
});

const documents = setup({
  types: {
    context: {} as { chosen: { fileName: string; size: number } | null; preview: string | null },
    events: {} as { type: 'document.select'; file: Blob; fileName: string; preview: string; content: string },
  },
}).createMachine({
  id: 'document',
  context: { chosen: null, preview: null },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'document.select': {
          target: 'chosen',
          actions: assign(({ event }) => ({
            chosen: { fileName: event.fileName, size: event.file.size },
            preview: event.preview,
          })),
        },
      },
    },
    chosen: {},
  },
});

type ChatMessage = { id: number; text: string; user: { id: number; name: string } };
const chat = setup({
  types: {
    context: {} as { messages: ChatMessage[]; draft: string },
    events: {} as
      | { type: 'realtime.messageSent'; channel: string; data: ChatMessage }
      | { type: 'chat.draftChanged'; text: string },
  },
  actors: {
    channel: fromCallback(({ sendBack }) => {
      sendBack({
        type: 'realtime.messageSent',
        channel: 'universal-public.1',
        data: { id: 7, text: S.otherChat, user: { id: 99, name: 'Pedro' } },
      });
      // the raw frame as the connection hears it (a JSON string)
      sendBack({
        type: 'realtime.messageSent',
        channel: 'universal-public.1',
        data: JSON.parse(JSON.stringify({ id: 8, text: `${S.otherChat} (2)`, user: { id: 98, name: 'Lia' } })),
      });
    }),
  },
}).createMachine({
  id: 'chat',
  context: { messages: [], draft: '' },
  invoke: { src: 'channel' },
  on: {
    'realtime.messageSent': {
      actions: assign({ messages: ({ context, event }) => [...context.messages, event.data] }),
    },
    'chat.draftChanged': { actions: assign({ draft: ({ event }) => event.text }) },
  },
});

const app = setup({
  actors: { session, withdrawal, documents, chat },
  types: { events: {} as { type: 'app.frame'; raw: string } },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'withdrawal', systemId: 'withdrawal', src: 'withdrawal' },
    { id: 'documents', systemId: 'documents', src: 'documents' },
    { id: 'chat', systemId: 'chat', src: 'chat' },
  ],
  on: { 'app.frame': { actions: sendTo('chat', ({ event }) => ({ type: 'chat.draftChanged', text: event.raw })) } },
});

function clock() {
  let t = 1000;
  return { now: () => t, tick: (ms: number) => (t += ms) };
}

async function recordSession() {
  const c = clock();
  const recorder = createRecorder({ now: c.now, startedAt: new Date('2026-11-27T12:00:00.000Z') });
  const root = createActor(app, { inspect: (e) => recorder.record(e) }).start();
  const get = (id: string) => root.system.get(id) as AnyActorRef;
  c.tick(50);
  get('session').send({ type: 'session.login', username: S.cpf, password: S.password });
  await new Promise((r) => setTimeout(r, 0));
  c.tick(120);
  get('withdrawal').send({ type: 'withdrawal.keyChanged', keyText: S.cpf });
  get('withdrawal').send({ type: 'withdrawal.keyChanged', keyText: S.cpfDigits });
  get('withdrawal').send({ type: 'withdrawal.keyChanged', keyText: S.pixEvp });
  get('withdrawal').send({ type: 'withdrawal.submit' });
  c.tick(30);
  get('documents').send({
    type: 'document.select',
    file: new Blob([S.rawFileContent], { type: 'image/jpeg' }),
    fileName: S.fileName,
    preview: S.fileContent,
    content: S.rawFileContent,
  });
  get('chat').send({ type: 'chat.draftChanged', text: S.ownDraft });
  root.send({ type: 'app.frame', raw: JSON.stringify({ text: S.ownDraft, token: S.opaqueToken }) });
  return { recorder, root, get };
}

const meta = { name: 'Sessão completa', build: 'test-build', brand: { domain: 'localhost', name: 'Sorte Verde' } };

describe('the recorder', () => {
  it('keeps no token, password, CPF, full pix key, document file or other player’s chat text', async () => {
    const { recorder, get } = await recordSession();
    expect(get('session').getSnapshot().value).toBe('signedIn'); // the secrets really were in play
    const file = JSON.stringify(recorder.toRecording({ ...meta, locale: 'pt' }));
    for (const [what, secret] of Object.entries(S)) {
      expect(file.includes(secret), `${what} leaked`).toBe(false);
    }
    // the names a QA reader needs are there
    for (const name of [
      'session.login',
      'signedIn',
      'withdrawal.keyChanged',
      'document.select',
      'realtime.messageSent',
    ]) {
      expect(file).toContain(name);
    }
  });

  it('records actors (systemId, parent, machine), events (sender) and snapshots with times since the start', async () => {
    const { recorder, root, get } = await recordSession();
    const recording = recorder.toRecording({ ...meta, locale: 'en' });
    expect(recording.startedAt).toBe('2026-11-27T12:00:00.000Z');
    const sessionActor = recording.events.find((e) => e.kind === 'actor' && e.actor.systemId === 'session');
    expect(sessionActor?.actor).toMatchObject({
      sessionId: get('session').sessionId,
      parent: root.sessionId,
      machine: 'session',
      id: 'session',
    });
    const login = recording.events.find((e) => e.kind === 'event' && e.event?.type === 'session.login');
    expect(login).toMatchObject({ t: 50, source: null, actor: { systemId: 'session' } });
    expect(login?.event).toMatchObject({ username: '[redacted]', password: '[redacted]' });
    const signedIn = recording.events.find((e) => e.kind === 'snapshot' && e.snapshot?.value === 'signedIn');
    expect(signedIn?.snapshot?.status).toBe('active');
    expect(signedIn?.snapshot?.context).toMatchObject({ token: '[redacted]', user: { id: 42 } });
    // the sign-in promise: its input and output are there, redacted
    const promise = recording.events.find((e) => e.actor.parent === get('session').sessionId && e.snapshot?.output);
    expect(promise?.snapshot?.status).toBe('done');
    // times never go back, sequence numbers increase
    for (let i = 1; i < recording.events.length; i += 1) {
      expect(recording.events[i]!.t).toBeGreaterThanOrEqual(recording.events[i - 1]!.t);
      expect(recording.events[i]!.seq).toBe(recording.events[i - 1]!.seq + 1);
    }
    // chat: the message is there (its id, its author's id), not its text
    const message = recording.events.find((e) => e.event?.type === 'realtime.messageSent');
    expect(message?.event).toMatchObject({ data: { id: 7, text: '[redacted]', user: { id: 99 } } });
  });

  it('is bounded: oldest entries dropped and counted; what is left still parses', () => {
    const recorder = createRecorder({ maxEvents: 50 });
    const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: 'inc' } } }).createMachine({
      context: { n: 0 },
      on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    });
    const actor = createActor(counter, { inspect: (e) => recorder.record(e) }).start();
    for (let i = 0; i < 200; i += 1) actor.send({ type: 'inc' });
    expect(recorder.count).toBe(50);
    // actor + its xstate.init event and snapshot + 200 × (event + snapshot) = 403 entries, 50 kept
    expect(recorder.dropped).toBe(353);
    const recording = recorder.toRecording({ ...meta, locale: 'pt' });
    expect(recording.dropped).toBe(353);
    expect(recording.events[0]?.seq).toBe(353);
    expect(recording.events.at(-1)?.snapshot?.context).toEqual({ n: 200 });
    expect(parseRecording(JSON.stringify(recording)).ok).toBe(true);
  });

  it('keeps a huge entry’s names and drops its data; the buffer’s bytes stay under the file limit', () => {
    const recorder = createRecorder();
    const big = setup({ types: { context: {} as { rows: string[] } } }).createMachine({
      id: 'big',
      context: { rows: Array.from({ length: 5000 }, (_, i) => `row ${i} `.repeat(20)) },
      initial: 'shown',
      states: { shown: {} },
    });
    createActor(big, { inspect: (e) => recorder.record(e) }).start();
    const recording = recorder.toRecording({ ...meta, locale: 'pt' });
    const init = recording.events.find((e) => e.kind === 'snapshot');
    expect(init?.snapshot).toEqual({ status: 'active', value: 'shown', context: '[redacted]' });
    expect(JSON.stringify(recording).length).toBeLessThan(RECORDING_MAX_FILE_BYTES);
  });

  it('names the file after the recording', () => {
    expect(recordingFileName('Depósito pago / Azul')).toBe('deposito-pago-azul.json');
    expect(recordingFileName('   ')).toBe('recording.json');
  });
});
