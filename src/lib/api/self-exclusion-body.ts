import * as z from 'zod/mini';
import type { SelfExclusionPeriod } from './self-exclusion';

/** What the client reads of the contract's SelfExclusionError body (extra fields tolerated). */
const selfExclusionBody = z.looseObject({
  selfExcluded: z.literal(true),
  start_at: z.string(),
  end_at: z.nullish(z.string()),
});

/**
 * The self-exclusion a 403 body reports, or null. Its own module, loaded with the first signed-in 403: the schema
 * (zod/mini) stays out of the page's first load.
 */
export function selfExclusionOfBody(body: unknown): SelfExclusionPeriod | null {
  const parsed = selfExclusionBody.safeParse(body);
  return parsed.success ? { startAt: parsed.data.start_at, endAt: parsed.data.end_at ?? null } : null;
}
