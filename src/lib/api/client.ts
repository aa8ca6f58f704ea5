import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { KeyValueStorage } from '../storage';
import { authHeadersMiddleware } from './auth-headers';
import { createNetworkErrorTracker } from './network-errors';
import type { Random } from './random';
import { cryptoRandom } from './random';
import type { RetryOptions } from './retry';
import { createRetryingFetch } from './retry';
import { createSelfExclusionWatch, type SelfExclusionListener } from './self-exclusion';
import { createUnauthorizedWatch, type UnauthorizedListener } from './unauthorized';
import type { paths } from '../../../shared/api/schema';

export interface ApiClientOptions {
  /** The platform's API base URL, from the site settings. */
  baseUrl: string;
  /** Where the token (`auth`), guest id (`guest_id`) and `lmcp` live. */
  storage: KeyValueStorage;
  /** Defaults to the global fetch, looked up on each call. */
  fetch?: typeof fetch;
  /** Numbers in [0, 1) for the guest id and the backoff jitter; defaults to crypto randomness. */
  random?: () => number;
  /** Waits between retries; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Called once per call that failed without a response (after retries). */
  onNetworkError?: () => void;
  retry?: RetryOptions;
}

export type ApiClient<Paths extends object = paths> = Client<Paths> & {
  /** Calls that failed without any response since this client was created. */
  networkErrorCount(): number;
  /**
   * Every signed-in call answered 403 `selfExcluded` (any flow's), with the period: the detection point the
   * root machine routes to the session (`session.selfExclusionFound`). Returns the unsubscribe.
   */
  onSelfExcluded(listener: SelfExclusionListener): () => void;
  /**
   * Every call that carried the player's token and was answered 401 (the session expired or was revoked): the
   * detection point the root machine routes to the session (`session.expired`). Returns the unsubscribe.
   */
  onUnauthorized(listener: UnauthorizedListener): () => void;
  /** A signed-in call made outside this client (the document upload) answered 401, with its X-Session-Ended. */
  reportUnauthorized(sessionEnded: string | null): void;
};

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The typed platform client: openapi-fetch with the auth headers, the read-retry policy and network-error
 * counting of spec §7/§8. `Paths` defaults to the generated `paths` of `schema.d.ts`; any openapi-typescript
 * `paths` type works (the tests use a small one of their own).
 */
export function createApiClient<Paths extends object = paths>(opts: ApiClientOptions): ApiClient<Paths> {
  const random: Random = opts.random ?? cryptoRandom;
  const baseFetch = opts.fetch ?? ((request: Request) => globalThis.fetch(request));
  const network = createNetworkErrorTracker(opts.onNetworkError);

  const retryingFetch = createRetryingFetch(
    (request) => baseFetch(request),
    { random, sleep: opts.sleep ?? defaultSleep },
    opts.retry,
  );
  const client = createClient<Paths>({ baseUrl: opts.baseUrl, fetch: retryingFetch });
  const selfExclusion = createSelfExclusionWatch();
  const unauthorized = createUnauthorizedWatch();
  client.use(
    authHeadersMiddleware(opts.storage, random),
    network.middleware,
    selfExclusion.middleware,
    unauthorized.middleware,
  );

  return {
    ...client,
    networkErrorCount: network.count,
    onSelfExcluded: selfExclusion.onSelfExcluded,
    onUnauthorized: unauthorized.onUnauthorized,
    reportUnauthorized: unauthorized.reportUnauthorized,
  };
}
