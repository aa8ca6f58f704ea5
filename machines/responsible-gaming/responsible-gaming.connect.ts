import type { SnapshotFrom } from 'xstate';
import { LIMIT_SLOTS } from '../../shared/responsible-limits';
import type { Failure, UiMessage } from '../kernel/api-error';
import {
  LIMIT_PROBLEM_IDS,
  MONEY_LIMIT_MAX,
  MONEY_LIMIT_MIN,
  SESSION_LIMIT_MAX,
  SESSION_LIMIT_MIN,
} from './limit-input';
import type { playTimeMachine } from './play-time.machine';
import type { realityCheckMachine } from './reality-check.machine';
import type { responsibleGamingMachine } from './responsible-gaming.machine';
import type { selfExclusionMachine } from './self-exclusion.machine';
import type {
  LimitKind,
  RealityCheckMinutes,
  ResponsibleLimit,
  SelfExclusionValue,
  SessionSummary,
} from './responsible-gaming.types';

/** The limits in the order the page shows them. */
export const LIMIT_ROWS = LIMIT_SLOTS;

export interface LimitRowView extends ResponsibleLimit {
  /** Why what was typed here was refused (a catalogue message with its bounds), or null. */
  problem: UiMessage | null;
  /** This row's save is under way. */
  saving: boolean;
}

export interface ResponsibleGamingView {
  status: 'loading' | 'failed' | 'ready';
  busy: boolean;
  rows: LimitRowView[];
  realityCheckMinutes: RealityCheckMinutes | null;
  coolingOffHours: number | null;
  indefiniteWaitDays: number | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

const problemMessage = (kind: LimitKind, reason: keyof typeof LIMIT_PROBLEM_IDS): UiMessage => ({
  id: LIMIT_PROBLEM_IDS[reason],
  values:
    kind === 'session'
      ? { min: SESSION_LIMIT_MIN, max: SESSION_LIMIT_MAX, unit: 'minutes' }
      : { min: MONEY_LIMIT_MIN, max: MONEY_LIMIT_MAX, unit: 'money' },
});

export function connectResponsibleGaming(
  snapshot: SnapshotFrom<typeof responsibleGamingMachine>,
): ResponsibleGamingView {
  const { settings, problem, change, notice, failure } = snapshot.context;
  const status = snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready';
  const rows = LIMIT_ROWS.map(({ kind, period }): LimitRowView => {
    const kept = settings?.limits.find((l) => l.kind === kind && l.period === period);
    return {
      kind,
      period,
      amount: kept?.amount ?? null,
      used: kept?.used ?? 0,
      pending: kept?.pending ?? null,
      problem:
        problem && problem.kind === kind && problem.period === period ? problemMessage(kind, problem.reason) : null,
      saving: snapshot.matches('saving') && change?.kind === kind && change.period === period,
    };
  });
  return {
    status,
    busy: snapshot.matches('saving') || snapshot.matches('savingRealityCheck'),
    rows,
    realityCheckMinutes: settings?.realityCheckMinutes ?? null,
    coolingOffHours: settings?.coolingOffHours ?? null,
    indefiniteWaitDays: settings?.indefiniteWaitDays ?? null,
    notice,
    failure,
  };
}

export interface SelfExclusionView {
  step: 'choosing' | 'confirming' | 'submitting' | 'excluded';
  value: SelfExclusionValue | null;
  endDate: string | null;
  failure: Failure | null;
}

export function connectSelfExclusion(snapshot: SnapshotFrom<typeof selfExclusionMachine>): SelfExclusionView {
  const { value, endDate, failure } = snapshot.context;
  return { step: snapshot.value as SelfExclusionView['step'], value, endDate, failure };
}

export interface RealityCheckView {
  open: boolean;
  summary: SessionSummary | null;
  failure: Failure | null;
  minutes: RealityCheckMinutes;
}

export function connectRealityCheck(snapshot: SnapshotFrom<typeof realityCheckMachine>): RealityCheckView {
  const { summary, failure, minutes } = snapshot.context;
  return { open: snapshot.matches('showing'), summary, failure, minutes };
}

export interface PlayTimeView {
  /** The warning is up: the daily play-time limit is nearly used up and the player has not closed it. */
  warning: boolean;
  /** Whole minutes left when it was counted (at least 1). */
  minutesLeft: number;
}

export function connectPlayTime(snapshot: SnapshotFrom<typeof playTimeMachine>): PlayTimeView {
  const { leftMs, dismissed } = snapshot.context;
  return {
    warning: snapshot.matches('warned') && !dismissed,
    minutesLeft: Math.max(1, Math.ceil((leftMs ?? 0) / 60_000)),
  };
}
