/**
 * The responsible-gaming flows with their real calls, a chunk of its own: the settings page's flows
 * (fetched with /responsible-gambling) and the reality check (fetched when a player signs in).
 */
import { fromPromise } from 'xstate';
import type { SelfExclusionValue } from '../../../shared/self-exclusion';
import { realityCheckMachine } from '../../../machines/responsible-gaming/reality-check.machine';
import { playTimeMachine } from '../../../machines/responsible-gaming/play-time.machine';
import { responsibleGamingMachine } from '../../../machines/responsible-gaming/responsible-gaming.machine';
import { selfExclusionMachine } from '../../../machines/responsible-gaming/self-exclusion.machine';
import type {
  PlayTimeLeft,
  LimitChange,
  RealityCheckMinutes,
  ResponsibleGamingSettings,
  SelfExclusionStarted,
  SessionSummary,
  SettingsSaved,
} from '../../../machines/responsible-gaming/responsible-gaming.types';
import type { Schema } from '../../../shared/api/types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

/** The platform's settings as the machines keep them (camelCase; limits as sent). */
export function settingsOf(data: Schema<'ResponsibleGaming'>): ResponsibleGamingSettings {
  return {
    limits: data.limits.map((limit) => ({
      kind: limit.kind,
      period: limit.period,
      amount: limit.amount,
      used: limit.used,
      pending: limit.pending ? { amount: limit.pending.amount, from: limit.pending.from } : null,
    })),
    realityCheckMinutes: data.reality_check_minutes,
    coolingOffHours: data.cooling_off_hours,
    indefiniteWaitDays: data.indefinite_wait_days,
    sessionStartedAt: data.session_started_at,
  };
}

/** The daily play-time limit in force and what today has left of it (nulls: none). */
export function playTimeLeft(settings: ResponsibleGamingSettings): PlayTimeLeft {
  const limit = settings.limits.find((l) => l.kind === 'session' && l.period === 'day');
  if (!limit || limit.amount === null) return { limitMinutes: null, leftMinutes: null };
  return { limitMinutes: limit.amount, leftMinutes: Math.max(0, limit.amount - limit.used) };
}

async function loadSettings(api: ApiClient, signal?: AbortSignal): Promise<ResponsibleGamingSettings> {
  return settingsOf((await unwrap(api.GET('/profile/responsible-gaming', { signal }))).data);
}

export function createResponsibleGamingFlows(api: ApiClient) {
  return {
    responsibleGaming: responsibleGamingMachine.provide({
      actors: {
        loadSettings: fromPromise<ResponsibleGamingSettings>(({ signal }) => loadSettings(api, signal)),
        saveLimit: fromPromise<SettingsSaved, LimitChange>(async ({ input }) => {
          const answer = await unwrap(api.POST('/profile/limits', { body: input }));
          return { settings: settingsOf(answer.data), message: answer.message };
        }),
        saveRealityCheck: fromPromise<SettingsSaved, { minutes: RealityCheckMinutes }>(async ({ input }) => {
          const answer = await unwrap(api.POST('/profile/reality-check', { body: { minutes: input.minutes } }));
          return { settings: settingsOf(answer.data), message: answer.message };
        }),
      },
    }),
    selfExclusion: selfExclusionMachine.provide({
      actors: {
        startExclusion: fromPromise<SelfExclusionStarted, { value: SelfExclusionValue; date: string | null }>(
          async ({ input }) => {
            const answer = await unwrap(
              api.POST('/profile/self-exclusion', { body: { value: input.value, date: input.date } }),
            );
            return { startAt: answer.start_at, endAt: answer.end_at };
          },
        ),
      },
    }),
  };
}

export function createRealityCheckLogic(api: ApiClient) {
  return realityCheckMachine.provide({
    actors: {
      loadInterval: fromPromise<RealityCheckMinutes>(
        async ({ signal }) => (await loadSettings(api, signal)).realityCheckMinutes,
      ),
      playTime: playTimeMachine.provide({
        actors: {
          loadPlayTime: fromPromise<PlayTimeLeft>(async ({ signal }) => playTimeLeft(await loadSettings(api, signal))),
        },
      }),
      loadSummary: fromPromise<SessionSummary>(async ({ signal }) => {
        const { data } = await unwrap(api.GET('/profile/session-summary', { signal }));
        return {
          startedAt: data.started_at,
          minutes: data.minutes,
          rounds: data.rounds,
          staked: data.staked,
          won: data.won,
          net: data.net,
        };
      }),
    },
  });
}
