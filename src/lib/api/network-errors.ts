import type { Middleware } from 'openapi-fetch';
import { isAbortError, networkApiError } from './errors';

/** Counts calls that failed without a response (after any retries) and makes them throw a status-0 ApiError. */
export interface NetworkErrorTracker {
  middleware: Middleware;
  count(): number;
}

/**
 * openapi-fetch runs `onError` when fetch itself throws. A request the caller aborted is not a network error:
 * its AbortError is passed on untouched and not counted.
 */
export function createNetworkErrorTracker(onNetworkError?: () => void): NetworkErrorTracker {
  let failures = 0;
  return {
    count: () => failures,
    middleware: {
      onError({ error, request }) {
        if (isAbortError(error, request)) return undefined;
        failures++;
        onNetworkError?.();
        return networkApiError(error);
      },
    },
  };
}
