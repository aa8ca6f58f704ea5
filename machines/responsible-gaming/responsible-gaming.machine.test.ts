import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { readLimit } from './limit-input';
import { responsibleGamingMachine } from './responsible-gaming.machine';
import type { LimitChange, ResponsibleGamingSettings, SettingsSaved } from './responsible-gaming.types';

const settle = () => new Promise((r) => setTimeout(r, 0));

const settings = (over: Partial<ResponsibleGamingSettings> = {}): ResponsibleGamingSettings => ({
  limits: [{ kind: 'deposit', period: 'day', amount: null, used: 0, pending: null }],
  realityCheckMinutes: 60,
  coolingOffHours: 24,
  indefiniteWaitDays: 30,
  sessionStartedAt: '2026-11-26T12:00:00.000Z',
  ...over,
});

function machineWith(
  options: {
    load?: () => Promise<ResponsibleGamingSettings>;
    saveLimit?: (change: LimitChange) => Promise<SettingsSaved>;
    saveRealityCheck?: (minutes: number) => Promise<SettingsSaved>;
  } = {},
) {
  return responsibleGamingMachine.provide({
    actors: {
      loadSettings: fromPromise(options.load ?? (async () => settings())),
      saveLimit: fromPromise(({ input }: { input: LimitChange }) =>
        (options.saveLimit ?? (async () => ({ settings: settings(), message: 'ok' })))(input),
      ),
      saveRealityCheck: fromPromise(({ input }: { input: { minutes: 15 | 30 | 60 } }) =>
        (options.saveRealityCheck ?? (async () => ({ settings: settings(), message: 'ok' })))(input.minutes),
      ),
    },
  });
}

const refusal = (status: number, message: string) =>
  Object.assign(new Error(message), { status, messages: [{ text: message }], fields: {} });

describe('limit input', () => {
  it.each([
    ['deposit', 'day', '50', { ok: true, amount: 5000 }],
    ['deposit', 'week', '1.234,56', { ok: true, amount: 123456 }],
    ['loss', 'month', '', { ok: true, amount: null }],
    ['loss', 'day', '  ', { ok: true, amount: null }],
    ['deposit', 'day', 'abc', { ok: false, reason: 'invalid' }],
    ['deposit', 'day', '-5', { ok: false, reason: 'invalid' }],
    ['deposit', 'day', '10,555', { ok: false, reason: 'decimals' }],
    ['deposit', 'day', '0,99', { ok: false, reason: 'belowMin' }],
    ['deposit', 'day', '1', { ok: true, amount: 100 }],
    ['loss', 'day', '1000000', { ok: true, amount: 100_000_000 }],
    ['loss', 'day', '1000000,01', { ok: false, reason: 'aboveMax' }],
    ['session', 'day', '60', { ok: true, amount: 60 }],
    ['session', 'day', '4', { ok: false, reason: 'belowMin' }],
    ['session', 'day', '1441', { ok: false, reason: 'aboveMax' }],
    ['session', 'day', '1.5', { ok: false, reason: 'invalid' }],
    ['session', 'week', '60', { ok: false, reason: 'sessionPeriod' }],
  ] as const)('%s per %s "%s"', (kind, period, text, expected) => {
    expect(readLimit(kind, period, text)).toEqual(expected);
  });
});

describe('responsible gaming machine', () => {
  it('loads the settings; a failed load shows §8 and retries', async () => {
    let calls = 0;
    const { actor } = createTestActor(
      machineWith({
        load: async () => {
          calls += 1;
          if (calls === 1) throw refusal(500, 'Erro no servidor');
          return settings({ realityCheckMinutes: 30 });
        },
      }),
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.status).toBe(500);
    actor.send({ type: 'responsibleGaming.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.settings?.realityCheckMinutes).toBe(30);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('refuses what cannot be a limit before any call, and saves what can (nothing typed removes it)', async () => {
    const sent: LimitChange[] = [];
    const { actor } = createTestActor(
      machineWith({
        saveLimit: async (change) => {
          sent.push(change);
          return {
            settings: settings({ limits: [{ ...change, used: 0, pending: null }] }),
            message: 'Limite salvo.',
          };
        },
      }),
    );
    await settle();
    actor.send({ type: 'limits.save', kind: 'deposit', period: 'day', text: '0,50' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'deposit', period: 'day', reason: 'belowMin' });
    expect(sent).toEqual([]);

    actor.send({ type: 'limits.save', kind: 'deposit', period: 'day', text: '100' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.problem).toBeNull();
    // One save at a time.
    actor.send({ type: 'limits.save', kind: 'loss', period: 'day', text: '5' });
    actor.send({ type: 'realityCheck.save', minutes: 15 });
    await settle();
    expect(sent).toEqual([{ kind: 'deposit', period: 'day', amount: 10000 }]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.notice).toEqual({ id: 'rg.saved.now' });
    expect(actor.getSnapshot().context.settings?.limits[0]?.amount).toBe(10000);

    actor.send({ type: 'limits.save', kind: 'deposit', period: 'day', text: '' });
    await settle();
    expect(sent.at(-1)).toEqual({ kind: 'deposit', period: 'day', amount: null });

    actor.send({ type: 'responsibleGaming.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it("says in the catalogue whether a change applies now or waits (never the platform's Portuguese text)", async () => {
    const { actor } = createTestActor(
      machineWith({
        saveLimit: async (change) => ({
          settings: settings({
            limits: [
              { ...change, amount: 5000, used: 0, pending: { amount: change.amount, from: '2026-11-27T15:00:00Z' } },
            ],
          }),
          message: 'Aumento registrado.',
        }),
      }),
    );
    await settle();
    actor.send({ type: 'limits.save', kind: 'deposit', period: 'day', text: '500' });
    await settle();
    expect(actor.getSnapshot().context.notice).toEqual({ id: 'rg.saved.pending' });
  });

  it("keeps the settings and shows the platform's refusal", async () => {
    const { actor } = createTestActor(
      machineWith({
        saveLimit: async () => {
          throw refusal(422, 'O valor deve ser no máximo R$ 1.000.000,00.');
        },
      }),
    );
    await settle();
    const before = actor.getSnapshot().context.settings;
    actor.send({ type: 'limits.save', kind: 'loss', period: 'week', text: '500' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.settings).toBe(before);
    expect(actor.getSnapshot().context.failure?.messages).toEqual([
      { text: 'O valor deve ser no máximo R$ 1.000.000,00.' },
    ]);
    expect(actor.getSnapshot().context.change).toBeNull();
  });

  it('saves the reality-check interval and tells the running reality check', async () => {
    const heard: unknown[] = [];
    // A parent that runs the page flow beside a stand-in reality check under its systemId.
    const standIn = setup({}).createMachine({ on: { '*': { actions: ({ event }) => heard.push(event) } } });
    const page = machineWith({
      saveRealityCheck: async (minutes) => ({
        settings: settings({ realityCheckMinutes: minutes as 15 }),
        message: 'Intervalo salvo.',
      }),
    });
    const parent = setup({ actors: { page, standIn } }).createMachine({
      invoke: [
        { src: 'standIn', systemId: 'realityCheck' },
        { id: 'page', src: 'page', systemId: 'responsibleGaming' },
      ],
    });
    const root = createActor(parent).start();
    await settle();
    const flow = root.system.get('responsibleGaming') as AnyActorRef;
    flow.send({ type: 'realityCheck.save', minutes: 15 });
    expect(flow.getSnapshot().value).toBe('savingRealityCheck');
    await settle();
    expect(flow.getSnapshot().context.notice).toEqual({ id: 'rg.saved.reality' });
    expect(heard).toEqual([{ type: 'realityCheck.intervalChanged', minutes: 15 }]);
    root.stop();

    // Alone (no reality check running), and refused.
    const { actor } = createTestActor(
      machineWith({
        saveRealityCheck: async () => {
          throw refusal(503, 'Indisponível');
        },
      }),
    );
    await settle();
    actor.send({ type: 'realityCheck.save', minutes: 30 });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.failure?.status).toBe(503);
    expect(actor.getSnapshot().context.realityCheck).toBeNull();
  });

  it('a saved limit has the running play-time flow read the limits again (a lower play time counts at once)', async () => {
    const heard: unknown[] = [];
    const standIn = setup({}).createMachine({ on: { '*': { actions: ({ event }) => heard.push(event) } } });
    const parent = setup({ actors: { page: machineWith(), standIn } }).createMachine({
      invoke: [
        { src: 'standIn', systemId: 'playTime' },
        { id: 'page', src: 'page', systemId: 'responsibleGaming' },
      ],
    });
    const root = createActor(parent).start();
    await settle();
    const flow = root.system.get('responsibleGaming') as AnyActorRef;
    flow.send({ type: 'limits.save', kind: 'session', period: 'day', text: '30' });
    await settle();
    expect(flow.getSnapshot().value).toBe('ready');
    expect(heard).toEqual([{ type: 'playTime.limitsChanged' }]);
    root.stop();
  });

  it('tells nobody when the save answers and no reality check runs', async () => {
    const { actor } = createTestActor(machineWith());
    await settle();
    actor.send({ type: 'realityCheck.save', minutes: 60 });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.notice).toEqual({ id: 'rg.saved.reality' });
  });
});
