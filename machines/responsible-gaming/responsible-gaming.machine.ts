import { assign, enqueueActions, setup, type AnyActorRef } from 'xstate';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { readLimit } from './limit-input';
import type {
  LimitChange,
  PlayTimeEvent,
  RealityCheckEvent,
  RealityCheckMinutes,
  ResponsibleGamingContext,
  ResponsibleGamingEvent,
  ResponsibleGamingSettings,
  SettingsSaved,
} from './responsible-gaming.types';

/**
 * /responsible-gambling's settings (Portaria 2.579/2025): the player's deposit, loss and play-time
 * limits and the reality check's interval, as the platform keeps them (GET /profile/responsible-gaming).
 *
 * - `loading` → `ready`, or `failed` (§8's text, with a retry).
 * - Notices are the catalogue's (the player's language), not the platform's Portuguese messages.
 * - `limits.save` with what the player typed: refused here first (`problem`: not a number, more than two decimals,
 *   below R$ 1,00 / 5 min, above R$ 1.000.000,00 / 1440 min, play time other than per day), else `saving`. Nothing
 *   typed removes the limit. The platform decides what takes effect at once (a new or lower limit) and what waits
 *   for the cooling-off (a raise or a removal: `pending`); its answer replaces the settings and its message is
 *   shown. A refused save keeps the settings and shows why.
 * - `realityCheck.save` (15, 30 or 60 minutes) → `savingRealityCheck`; once saved, the running reality check
 *   (systemId `realityCheck`) is told the new interval.
 * - One save at a time: a save sent while another is under way is ignored (the buttons are disabled).
 */
export const responsibleGamingMachine = setup({
  types: {
    context: {} as ResponsibleGamingContext,
    events: {} as ResponsibleGamingEvent,
  },
  actors: {
    loadSettings: notSupplied<ResponsibleGamingSettings>('responsibleGaming', 'loadSettings'),
    saveLimit: notSupplied<SettingsSaved, LimitChange>('responsibleGaming', 'saveLimit'),
    saveRealityCheck: notSupplied<SettingsSaved, { minutes: RealityCheckMinutes }>(
      'responsibleGaming',
      'saveRealityCheck',
    ),
  },
  guards: {
    limitReadable: ({ event }) => event.type === 'limits.save' && readLimit(event.kind, event.period, event.text).ok,
  },
  actions: {
    keepChange: assign({
      change: ({ event }) => {
        if (event.type !== 'limits.save') return null;
        const read = readLimit(event.kind, event.period, event.text);
        return read.ok ? { kind: event.kind, period: event.period, amount: read.amount } : null;
      },
      problem: null,
      notice: null,
      failure: null,
    }),
    refuseLimit: assign({
      problem: ({ event }) => {
        if (event.type !== 'limits.save') return null;
        const read = readLimit(event.kind, event.period, event.text);
        return read.ok ? null : { kind: event.kind, period: event.period, reason: read.reason };
      },
      notice: null,
      failure: null,
    }),
    keepRealityCheck: assign({
      realityCheck: ({ event }) => (event.type === 'realityCheck.save' ? event.minutes : null),
      problem: null,
      notice: null,
      failure: null,
    }),
    dismiss: assign({ notice: null, failure: null, problem: null }),
    /** The running play-time flow (if any) reads the limits again: a new or lower play-time limit counts at once. */
    tellPlayTime: enqueueActions(({ enqueue, system }) => {
      const running = system.get('playTime');
      if (running) enqueue.sendTo(running as AnyActorRef, { type: 'playTime.limitsChanged' } satisfies PlayTimeEvent);
    }),
    /** The running reality check (if any) starts counting with the new interval. */
    tellRealityCheck: enqueueActions(({ context, enqueue, system }) => {
      const running = system.get('realityCheck');
      if (running && context.settings) {
        const changed: RealityCheckEvent = {
          type: 'realityCheck.intervalChanged',
          minutes: context.settings.realityCheckMinutes,
        };
        enqueue.sendTo(running as AnyActorRef, changed);
      }
    }),
  },
}).createMachine({
  id: 'responsibleGaming',
  context: { settings: null, change: null, problem: null, notice: null, failure: null, realityCheck: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      on: { 'responsibleGaming.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'limits.save': [
          { guard: 'limitReadable', target: 'saving', actions: 'keepChange' },
          { actions: 'refuseLimit' },
        ],
        'realityCheck.save': { target: 'savingRealityCheck', actions: 'keepRealityCheck' },
        'responsibleGaming.dismiss': { actions: 'dismiss' },
      },
    },
    saving: {
      invoke: {
        src: 'saveLimit',
        input: ({ context }) => context.change ?? { kind: 'deposit', period: 'day', amount: null },
        onDone: {
          target: 'ready',
          actions: [
            assign({
              settings: ({ event }) => event.output.settings,
              notice: ({ context, event }) => {
                // The player's language, not the platform's (its texts are Portuguese): at once, or waiting.
                const saved = event.output.settings.limits.find(
                  (l) => l.kind === context.change?.kind && l.period === context.change?.period,
                );
                return { id: saved?.pending ? 'rg.saved.pending' : 'rg.saved.now' };
              },
              change: null,
            }),
            // A play-time limit that applies at once is counted at once (a raise waits; reading again is harmless).
            'tellPlayTime',
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ failure: ({ event }) => failureOf(event.error), change: null }),
        },
      },
    },
    savingRealityCheck: {
      invoke: {
        src: 'saveRealityCheck',
        input: ({ context }) => ({ minutes: context.realityCheck ?? 60 }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              settings: ({ event }) => event.output.settings,
              notice: { id: 'rg.saved.reality' },
              realityCheck: null,
            }),
            'tellRealityCheck',
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ failure: ({ event }) => failureOf(event.error), realityCheck: null }),
        },
      },
    },
  },
});
