import { createInspector } from '@statelyai/inspect';
import { assign, createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { inspectorWanted, serializeForInspector } from './inspect';

describe('inspector policy', () => {
  it('attaches in dev, in QA builds or when the page asks; opens only when asked', () => {
    expect(inspectorWanted({ DEV: true }, '')).toEqual({ attach: true, open: false });
    expect(inspectorWanted({ DEV: false }, '')).toEqual({ attach: false, open: false });
    expect(inspectorWanted({ DEV: false, VITE_QA_INSPECT: '1' }, '')).toEqual({ attach: true, open: false });
    expect(inspectorWanted({ DEV: false }, '?inspect')).toEqual({ attach: true, open: true });
  });
});

describe('what the inspector receives', () => {
  it('never carries a token, password or CPF, from events, context, input or definition', async () => {
    const sent: unknown[] = [];
    const inspector = createInspector(
      { send: (e: unknown) => sent.push(e), start() {}, stop() {} } as never,
      { serialize: serializeForInspector },
    );
    const machine = setup({
      types: {
        context: {} as { token: string | null; cpf: string },
        events: {} as { type: 'session.login'; password: string; token: string },
        input: {} as { cpf: string },
      },
    }).createMachine({
      id: 'secrets',
      context: ({ input }) => ({ token: 'static-token-SECRET1', cpf: input.cpf }),
      on: { 'session.login': { actions: assign({ token: ({ event }) => event.token }) } },
    });
    const actor = createActor(machine, { input: { cpf: '529.982.247-25' }, inspect: inspector.inspect }).start();
    actor.send({ type: 'session.login', password: 'Senha@123-SECRET2', token: 'tok-SECRET3' });
    await new Promise((r) => setTimeout(r, 20));
    const wire = JSON.stringify(sent);
    expect(sent.length).toBeGreaterThan(0);
    expect(wire).toContain('session.login');
    for (const secret of ['SECRET1', 'SECRET2', 'SECRET3', '529.982.247-25']) expect(wire).not.toContain(secret);
  });
});
