import type { Middleware } from 'openapi-fetch';

export type UnauthorizedListener = () => void;

export interface UnauthorizedWatch {
  middleware: Middleware;
  /** Called for every call that carried the player's token and was answered 401; returns the unsubscribe. */
  onUnauthorized(listener: UnauthorizedListener): () => void;
}

/**
 * The one place the app learns that the player's session is over on the platform (expired after its idle or
 * absolute lifetime, or revoked): a call of any flow that carried the token (`Authorization`) answered 401
 * (spec §4 Session, §8). A guest's 401 (a refused login) is that call's own answer and is not reported. The
 * response is not read, so the caller gets it untouched.
 */
export function createUnauthorizedWatch(): UnauthorizedWatch {
  const listeners = new Set<UnauthorizedListener>();
  return {
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    middleware: {
      onResponse({ request, response }) {
        if (response.status !== 401 || !request.headers.has('Authorization')) return undefined;
        for (const listener of [...listeners]) {
          try {
            listener();
          } catch {
            // A listener's failure never changes the caller's answer.
          }
        }
        return undefined;
      },
    },
  };
}
