/**
 * Types of the responsible-gaming flows (Portaria 2.579/2025): the limits and reality-check settings
 * of /responsible-gambling, the player's self-exclusion, and the reality check that runs while a player is signed
 * in. Money is integer centavos; play time is minutes.
 */
import type { Failure, UiMessage } from '../kernel/api-error';
import type { SelfExclusionValue } from '../../shared/self-exclusion';

export type { SelfExclusionValue };

import type { LimitKind, LimitPeriod } from '../../shared/responsible-limits';

export type { LimitKind, LimitPeriod };
export type RealityCheckMinutes = 15 | 30 | 60;
export const REALITY_CHECK_CHOICES: readonly RealityCheckMinutes[] = [15, 30, 60];

/** One limit as the platform keeps it (GET /profile/responsible-gaming). */
export interface ResponsibleLimit {
  kind: LimitKind;
  period: LimitPeriod;
  /** In force: centavos (deposit, loss) or minutes (session); null when none. */
  amount: number | null;
  /** What the current period has used. */
  used: number;
  /** A raise or removal waiting for its cooling-off. */
  pending: { amount: number | null; from: string } | null;
}

export interface ResponsibleGamingSettings {
  limits: ResponsibleLimit[];
  realityCheckMinutes: RealityCheckMinutes;
  coolingOffHours: number;
  indefiniteWaitDays: number;
  sessionStartedAt: string;
}

/** What a settings change answers: the settings after it and the platform's message. */
export interface SettingsSaved {
  settings: ResponsibleGamingSettings;
  message: string;
}

/** A limit change as the platform takes it (POST /profile/limits). */
export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
}

/** Why a typed limit is refused before any call (catalogue ids in `LIMIT_PROBLEM_IDS`). */
export type LimitProblem = 'invalid' | 'decimals' | 'belowMin' | 'aboveMax' | 'sessionPeriod';

export interface ResponsibleGamingContext {
  settings: ResponsibleGamingSettings | null;
  /** The change being saved (while `saving`). */
  change: LimitChange | null;
  /** The field whose typed value was refused, and why. */
  problem: { kind: LimitKind; period: LimitPeriod; reason: LimitProblem } | null;
  /** The last save's outcome: the platform's message, or the failure. */
  notice: UiMessage | null;
  failure: Failure | null;
  /** The interval being saved (while `savingRealityCheck`). */
  realityCheck: RealityCheckMinutes | null;
}

export type ResponsibleGamingEvent =
  | { type: 'limits.save'; kind: LimitKind; period: LimitPeriod; text: string }
  | { type: 'realityCheck.save'; minutes: RealityCheckMinutes }
  | { type: 'responsibleGaming.retry' }
  | { type: 'responsibleGaming.dismiss' };

/** The session's sign-in time and net result so far (GET /profile/session-summary). */
export interface SessionSummary {
  startedAt: string;
  minutes: number;
  rounds: number;
  staked: number;
  won: number;
  net: number;
}

export interface SelfExclusionInput {
  /** The clock the end date is read from (the page's; a test's). */
  now?: () => number;
}

export interface SelfExclusionContext {
  value: SelfExclusionValue | null;
  /** The end date (YYYY-MM-DD, São Paulo) the confirmation shows; null for indefinite. */
  endDate: string | null;
  failure: Failure | null;
  now: () => number;
}

export type SelfExclusionEvent =
  | { type: 'selfExclusion.choose'; value: SelfExclusionValue }
  | { type: 'selfExclusion.review' }
  | { type: 'selfExclusion.back' }
  | { type: 'selfExclusion.confirm' };

/** The period the platform recorded (POST /profile/self-exclusion). */
export interface SelfExclusionStarted {
  startAt: string;
  endAt: string | null;
}

/** Emitted once the platform has recorded it: the root ends the session and shows the dates. */
export type SelfExclusionEmitted = { type: 'selfExclusion.started' } & SelfExclusionStarted;

export interface RealityCheckContext {
  minutes: RealityCheckMinutes;
  summary: SessionSummary | null;
  failure: Failure | null;
}

export type RealityCheckEvent =
  { type: 'realityCheck.intervalChanged'; minutes: RealityCheckMinutes } | { type: 'realityCheck.continue' };

/** The daily play-time limit (minutes) and what is left of it today; nulls: no limit. */
export interface PlayTimeLeft {
  limitMinutes: number | null;
  leftMinutes: number | null;
}

export interface PlayTimeContext {
  limitMinutes: number | null;
  /** Left when last counted (null: no limit). */
  leftMs: number | null;
  /** The player closed the warning. */
  dismissed: boolean;
}

export type PlayTimeEvent = { type: 'playTime.dismiss' } | { type: 'playTime.limitsChanged' };
