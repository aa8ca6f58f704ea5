import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Failure } from '../kernel/api-error';
import type { secondFactorChallengeMachine } from './second-factor-challenge.machine';
import type { secondFactorEnrolmentMachine } from './second-factor-enrolment.machine';

export type ChallengeRef = ActorRefFrom<typeof secondFactorChallengeMachine>;
export type EnrolmentRef = ActorRefFrom<typeof secondFactorEnrolmentMachine>;

export type ChallengeStep = 'totp' | 'recovery' | 'emailCode' | 'locked' | 'expired' | 'done';

export interface ChallengeView {
  step: ChallengeStep;
  busy: boolean;
  failure: Failure | null;
  /** Minutes left of the wait after 5 wrong codes (rounded up), while locked. */
  lockedMinutes: number | null;
}

const minutes = (seconds: number | null) => (seconds === null ? null : Math.max(1, Math.ceil(seconds / 60)));

export function connectChallenge(snapshot: SnapshotFrom<typeof secondFactorChallengeMachine>): ChallengeView {
  const value = String(snapshot.value);
  const step: ChallengeStep =
    value === 'verifyingTotp'
      ? 'totp'
      : value === 'verifyingRecovery'
        ? 'recovery'
        : value === 'verifyingEmail'
          ? 'emailCode'
          : (value as ChallengeStep);
  return {
    step,
    busy: value.startsWith('verifying'),
    failure: snapshot.context.failure,
    lockedMinutes: value === 'locked' ? minutes(snapshot.context.retryAfterS) : null,
  };
}

export type EnrolmentStep = 'idle' | 'scanning' | 'locked' | 'showingCodes' | 'enrolled';

export interface EnrolmentView {
  step: EnrolmentStep;
  busy: boolean;
  secret: string | null;
  otpauthUri: string | null;
  recoveryCodes: string[] | null;
  failure: Failure | null;
  lockedMinutes: number | null;
}

export function connectEnrolment(snapshot: SnapshotFrom<typeof secondFactorEnrolmentMachine>): EnrolmentView {
  const value = String(snapshot.value);
  const step: EnrolmentStep =
    value === 'starting' || value === 'deciding'
      ? 'idle'
      : value === 'confirming'
        ? 'scanning'
        : (value as EnrolmentStep);
  const { context } = snapshot;
  return {
    step,
    busy: value === 'starting' || value === 'confirming',
    secret: context.secret,
    otpauthUri: context.otpauthUri,
    recoveryCodes: context.recoveryCodes,
    failure: context.failure,
    lockedMinutes: value === 'locked' ? minutes(context.retryAfterS) : null,
  };
}
