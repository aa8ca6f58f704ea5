/**
 * What the session machine reads in a failed call beyond the kernel's normaliser (machines/kernel/api-error.ts):
 * the actors reject with the normalised `ApiError` of src/lib/api (status, messages, fields, body).
 */
import { bodyOf, statusOf } from '../kernel/api-error';
import type { SelfExclusion } from './session.types';

/** §4: a 401 or 403 on the session check means the stored token is no good. */
export function isAuthRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || status === 403;
}

/** The self-exclusion a 403 reported (`selfExcluded: true`, `start_at`, `end_at`), or null. */
export function selfExclusionOf(error: unknown): SelfExclusion | null {
  const body = statusOf(error) === 403 ? bodyOf(error) : null;
  if (!body || body.selfExcluded !== true || typeof body.start_at !== 'string') return null;
  return {
    startAt: body.start_at,
    endAt: typeof body.end_at === 'string' ? body.end_at : null,
    removableAt: typeof body.removable_at === 'string' ? body.removable_at : null,
  };
}
