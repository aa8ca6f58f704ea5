import { createBrowserInspector, createInspector } from '@statelyai/inspect';
import { assign, createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createInspectionSerializer, inspectorOptions, inspectorWanted } from './inspect';

describe('inspector policy', () => {
  it('attaches in dev, in QA builds or when the page asks; opens only when asked', () => {
    expect(inspectorWanted({ DEV: true }, '')).toEqual({ attach: true, open: false, record: false });
    expect(inspectorWanted({ DEV: false }, '')).toEqual({ attach: false, open: false, record: false });
    expect(inspectorWanted({ DEV: false, VITE_QA_INSPECT: '1' }, '')).toEqual({
      attach: true,
      open: false,
      record: true,
    });
    expect(inspectorWanted({ DEV: false }, '?inspect')).toEqual({ attach: true, open: true, record: true });
  });

  it('records in QA builds, with ?inspect, or with ?record alone (no hosted inspector)', () => {
    expect(inspectorWanted({ DEV: false }, '?record')).toEqual({ attach: false, open: false, record: true });
    expect(inspectorWanted({ DEV: true }, '?record')).toEqual({ attach: true, open: false, record: true });
    expect(inspectorWanted({ DEV: false }, '?page=2')).toEqual({ attach: false, open: false, record: false });
  });

  it('?inspect=local opens the offline inspection page of this build instead of the hosted one', () => {
    expect(inspectorWanted({ DEV: false }, '?inspect=local')).toEqual({
      attach: true,
      open: true,
      record: true,
      url: '/qa/inspector.html',
    });
    expect(inspectorWanted({ DEV: false }, '?tab=deposit&inspect=local').url).toBe('/qa/inspector.html');
    expect(inspectorWanted({ DEV: false }, '?inspect').url).toBeUndefined();
    expect(inspectorWanted({ DEV: false }, '?inspect=hosted').url).toBeUndefined();
  });
});

/**
 * The library converts each XState inspection event on its own `setTimeout(0)` in Node; a `setTimeout(0)` set
 * after them runs after them (timers of one duration run in order). The machine here has no async actors.
 */
const settle = () => new Promise((r) => setTimeout(r, 0));

type Wire = Record<string, unknown> & { type: string; sessionId: string; definition?: string };

function capture(options = inspectorOptions()) {
  const sent: Wire[] = [];
  const inspector = createInspector(
    { send: (e: unknown) => sent.push(e as Wire), start() {}, stop() {} } as never,
    options,
  );
  return { sent, inspector };
}

const machine = setup({
  types: {
    context: {} as { token: string | null; keyText: string; flags: Record<string, boolean> },
    events: {} as
      { type: 'session.login'; password: string; token: string } | { type: 'recovery.submitEmail'; email: string },
    input: {} as { cpf: string },
  },
  guards: { hasStoredToken: ({ context }) => context.token !== null },
  actions: { forgetToken: assign({ token: null }) },
}).createMachine({
  id: 'secrets',
  context: ({ input }) => ({ token: 'static-token-SECRET1', keyText: input.cpf, flags: { login_requires_cpf: true } }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.login': { target: 'password', actions: assign({ token: ({ event }) => event.token }) },
      },
    },
    password: {
      on: { 'recovery.submitEmail': { guard: 'hasStoredToken', target: 'idle', actions: 'forgetToken' } },
    },
  },
});

describe('what the inspector receives', () => {
  it('an actor’s registration carries its systemId when the app gives it (the offline page lists actors by it)', async () => {
    const systemIds = new Map<string, string>();
    const { sent, inspector } = capture(inspectorOptions({ systemIdOf: (id) => systemIds.get(id) }));
    const actor = createActor(machine, { input: { cpf: '529.982.247-25' }, inspect: inspector.inspect });
    systemIds.set(actor.sessionId, 'secrets');
    actor.start();
    actor.send({ type: 'session.login', password: 'x', token: 'y' });
    await settle();
    const registration = sent.find((m) => m.type === '@xstate.actor');
    expect(registration?.systemId).toBe('secrets');
    expect(sent.filter((m) => m.type !== '@xstate.actor').every((m) => !('systemId' in m))).toBe(true);
    // Without the option: the library's format, unchanged.
    const plain = capture();
    createActor(machine, { input: { cpf: '529.982.247-25' }, inspect: plain.inspector.inspect }).start();
    await settle();
    expect(plain.sent.find((m) => m.type === '@xstate.actor')).not.toHaveProperty('systemId');
  });

  it('never carries a token, password, CPF or e-mail, from events, context, input or definition', async () => {
    const { sent, inspector } = capture();
    const actor = createActor(machine, { input: { cpf: '529.982.247-25' }, inspect: inspector.inspect }).start();
    actor.send({ type: 'session.login', password: 'Senha@123-SECRET2', token: 'tok-SECRET3' });
    actor.send({ type: 'recovery.submitEmail', email: 'ana@example.com' });
    await settle();
    const wire = JSON.stringify(sent);
    expect(sent.length).toBeGreaterThan(0);
    for (const secret of ['SECRET1', 'SECRET2', 'SECRET3', '529.982.247-25', '52998224725', 'ana@example.com']) {
      expect(wire).not.toContain(secret);
    }
  });

  it('keeps the names: a state `password`, the action `forgetToken`, the guard `hasStoredToken`, a flag', async () => {
    const { sent, inspector } = capture();
    const actor = createActor(machine, { input: { cpf: '529.982.247-25' }, inspect: inspector.inspect }).start();
    actor.send({ type: 'session.login', password: 'p', token: 't' });
    await settle();
    const actorMessage = sent.find((m) => m.type === '@xstate.actor');
    // The definition is the library's own JSON of the machine, untouched.
    expect(actorMessage?.definition).toBe(JSON.stringify(JSON.parse(actorMessage?.definition ?? 'null')));
    const definition = JSON.parse(actorMessage?.definition ?? '{}') as { states: Record<string, unknown> };
    expect(Object.keys(definition.states)).toEqual(['idle', 'password']);
    const wire = JSON.stringify(sent);
    for (const name of [
      'forgetToken',
      'hasStoredToken',
      '"value":"password"',
      '"login_requires_cpf":true',
      'session.login',
    ]) {
      expect(wire).toContain(name);
    }
  });

  it('sends a definition once per actor, and only the snapshot JSON (never the machine) with it', async () => {
    const { sent, inspector } = capture();
    const first = createActor(machine, { input: { cpf: '' }, inspect: inspector.inspect }).start();
    const second = createActor(machine, { input: { cpf: '' }, inspect: inspector.inspect }).start();
    first.send({ type: 'session.login', password: 'p', token: 't' });
    second.send({ type: 'session.login', password: 'p', token: 't' });
    await settle();
    const withDefinition = sent.filter((m) => typeof m.definition === 'string');
    expect(withDefinition.map((m) => m.sessionId)).toEqual([first.sessionId, second.sessionId]);
    for (const m of sent.filter((x) => x.type === '@xstate.actor')) {
      expect(Object.keys(m.snapshot as object)).not.toContain('machine');
      expect(Object.keys(m.snapshot as object)).not.toContain('_nodes');
    }
  });

  it('is idempotent: what it produced passes again unchanged (the browser adapter serializes twice)', () => {
    const serialize = createInspectionSerializer();
    const message = {
      type: '@xstate.actor',
      sessionId: 'x:9',
      definition: '{"id":"m"}',
      snapshot: { context: { email: 'a@b.co' } },
    };
    const once = serialize(message);
    expect(serialize(once)).toBe(once);
    expect((once as Wire).definition).toBe('{"id":"m"}');
    // A second, different message for the same actor carries no definition.
    expect((serialize({ ...message }) as Wire).definition).toBeUndefined();
  });

  it('can, for measurement, send the definition with every message of the actor', async () => {
    const { sent, inspector } = capture(inspectorOptions({ definitionOnce: false }));
    const actor = createActor(machine, { input: { cpf: '' }, inspect: inspector.inspect }).start();
    actor.send({ type: 'session.login', password: 'p', token: 't' });
    await settle();
    const own = sent.filter((m) => m.sessionId === actor.sessionId);
    expect(own.length).toBeGreaterThan(1);
    expect(own.every((m) => typeof m.definition === 'string')).toBe(true);
  });

  it('through the browser adapter (which serializes again, and replays its buffer on connecting): redacted, one definition per actor', async () => {
    const posted: Wire[] = [];
    let onMessage: ((e: { data: unknown }) => void) | undefined;
    const fakeWindow = {
      open: () => ({ postMessage: (m: Wire) => posted.push(m) }),
      addEventListener: (_type: string, listener: (e: { data: unknown }) => void) => {
        onMessage = listener;
      },
    };
    const inspector = createBrowserInspector({ window: fakeWindow as never, ...inspectorOptions() });
    const actor = createActor(machine, { input: { cpf: '529.982.247-25' }, inspect: inspector.inspect }).start();
    actor.send({ type: 'session.login', password: 'Senha@123', token: 't' });
    await settle();
    expect(posted).toEqual([]);
    onMessage?.({ data: { type: '@statelyai.connected' } }); // the inspector window is ready: the buffer is replayed
    actor.send({ type: 'recovery.submitEmail', email: 'ana@example.com' });
    await settle();
    const wire = JSON.stringify(posted);
    for (const secret of ['529.982.247-25', 'Senha@123', 'ana@example.com']) expect(wire).not.toContain(secret);
    expect(posted.filter((m) => typeof m.definition === 'string').map((m) => m.sessionId)).toEqual([actor.sessionId]);
    expect(posted.find((m) => m.type === '@xstate.actor')?.definition).toEqual(expect.any(String));
    expect(posted.some((m) => (m.event as { type?: string } | undefined)?.type === 'recovery.submitEmail')).toBe(true);
  });
});
