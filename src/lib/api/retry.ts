import { isAbortError } from './errors';
import type { Random } from './random';

export interface RetryOptions {
  /** Attempts in total, the first included (default 3). */
  maxAttempts?: number;
  /** Backoff base: the n-th retry waits up to baseDelayMs · 2^(n-1) (default 300 ms). */
  baseDelayMs?: number;
  /** Cap on any wait, `Retry-After` included (default 3000 ms). */
  maxDelayMs?: number;
}

export interface RetryDeps {
  random: Random;
  sleep: (ms: number) => Promise<void>;
  /** Clock for `Retry-After` given as an HTTP date. */
  now?: () => number;
}

export type FetchLike = (request: Request) => Promise<Response>;

/** Spec §7 "Generic HTTP behaviour". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Only reads are retried: methods that change data are never sent twice. */
export const RETRYABLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const defaultRetryOptions: Required<RetryOptions> = { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 3000 };

/** Full jitter: a uniform wait in [0, min(max, base · 2^(retry-1))). `retry` counts from 1. */
export function backoffDelay(retry: number, options: Required<RetryOptions>, random: Random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as milliseconds (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Wraps a fetch so reads (GET/HEAD/OPTIONS) are retried on the statuses of spec §7 and on network errors, with
 * bounded attempts and exponential backoff with full jitter, honouring `Retry-After` (capped at maxDelayMs).
 *
 * Why a fetch wrapper and not an openapi-fetch middleware: the wrapper is handed to `createClient({ fetch })`
 * and sits below every middleware, so the request it retries already carries the auth headers, and the
 * response and error middleware (and the network-error counter) see only the final outcome, once per call.
 * A middleware cannot re-run the fetch cleanly: `onResponse` would have to call fetch itself and loop outside
 * openapi-fetch's pipeline, and `onError` never sees retryable statuses. Each attempt sends a clone of the original
 * request, cloned before the first attempt, so a request body stays re-sendable.
 */
export function createRetryingFetch(inner: FetchLike, deps: RetryDeps, options: RetryOptions = {}): FetchLike {
  const settings = { ...defaultRetryOptions, ...options };
  const maxAttempts = Math.max(1, Math.floor(settings.maxAttempts));
  const now = deps.now ?? Date.now;

  return async (request) => {
    if (!RETRYABLE_METHODS.has(request.method.toUpperCase()) || maxAttempts === 1) return inner(request);

    const original = request.clone();
    for (let attempt = 1; ; attempt++) {
      const isLast = attempt >= maxAttempts;
      let wait: number;
      try {
        const response = await inner(isLast ? original : original.clone());
        if (isLast || !RETRYABLE_STATUSES.has(response.status)) return response;
        const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), now());
        wait = Math.min(settings.maxDelayMs, retryAfter ?? backoffDelay(attempt, settings, deps.random));
        // Free the connection of the response we are discarding.
        await response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (isLast || isAbortError(error, request)) throw error;
        wait = backoffDelay(attempt, settings, deps.random);
      }
      await deps.sleep(wait);
      if (request.signal.aborted) throw request.signal.reason;
    }
  };
}
