import { errorOf, retryAfterSecondsOf, statusOf } from '../kernel/api-error';
import type { CodeProblem } from './access-data.types';

/** §9: the wait before another code may be asked for (the recovery's, machines/login-modal). */
export { RESEND_WAIT_MS } from '../login-modal/login-modal.machine';

/** A code as the platform takes it: 6 digits. */
export const isCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * Why the platform refused a code, by its status (sandbox: 422 wrong, 410 expired or none waiting, 429 burnt or
 * rate-limited); null for any other failure (shown with §8's text).
 */
export function codeProblemOf(error: unknown): CodeProblem | null {
  switch (statusOf(error)) {
    case 422:
      return 'wrong';
    case 410:
      return 'expired';
    case 429:
      return 'tooMany';
    default:
      return null;
  }
}

/**
 * A code asked for too soon: the platform holds §9's wait too (429 with `Retry-After`, nothing sent), e.g. when
 * another tab asked a moment ago. The seconds left, or null for any other failure.
 */
export function resendWaitOf(error: unknown): number | null {
  return statusOf(error) === 429 ? retryAfterSecondsOf(error) : null;
}

/**
 * The branch of an `onError` that takes a 429 with `Retry-After` to a code step counting the platform's seconds
 * (guard `toldToWait`, action `waitAsTold`, which the machines that send codes define); spread with a target.
 */
export const WHEN_TOLD_TO_WAIT = {
  guard: { type: 'toldToWait', params: errorOf },
  actions: { type: 'waitAsTold', params: errorOf },
} as const;
