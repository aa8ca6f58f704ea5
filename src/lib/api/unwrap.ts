import { normalizeApiError } from './errors';
import { parseRetryAfter } from './retry';

/** The parts of an openapi-fetch result that `unwrap` reads. */
export interface FetchResultLike {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The success branch's `data` of an openapi-fetch result union. */
export type DataOf<R> = R extends { data: infer D } ? D : never;

/**
 * The data of a successful call, or a thrown ApiError normalised per spec §8 — for promise actors:
 * `fromPromise(() => unwrap(api.GET('/profile')))`. Accepts the result or the promise of it. A network error
 * already rejects with an ApiError (status 0); an aborted call rejects with its AbortError.
 */
export async function unwrap<R extends FetchResultLike>(result: R | PromiseLike<R>): Promise<DataOf<R>> {
  const { data, error, response } = await result;
  if (!response.ok) {
    throw normalizeApiError(response.status, error, parseRetryAfter(response.headers.get('Retry-After'), Date.now()));
  }
  return data as DataOf<R>;
}
