import type { Middleware } from 'openapi-fetch';
import { SESSION_ENDED_HEADER, SESSION_ENDED_PLAY_TIME } from '../../../shared/session-ended';

/** Why the platform ended the session: its daily play-time limit, or null (§8's 401: expired, revoked). */
export type SessionEndReason = 'playTimeLimit' | null;
export type UnauthorizedListener = (reason: SessionEndReason) => void;

export interface UnauthorizedWatch {
  middleware: Middleware;
  /** Called for every call that carried the player's token and was answered 401; returns the unsubscribe. */
  onUnauthorized(listener: UnauthorizedListener): () => void;
  /**
   * A signed-in call made outside openapi-fetch (the document upload's XMLHttpRequest, for its progress) was
   * answered 401: told to the same listeners. `sessionEnded` is the response's `X-Session-Ended` header.
   */
  reportUnauthorized(sessionEnded: string | null): void;
}

/** Why the platform ended the session, from its `X-Session-Ended` header. */
export function sessionEndReasonOf(sessionEnded: string | null): SessionEndReason {
  return sessionEnded === SESSION_ENDED_PLAY_TIME ? 'playTimeLimit' : null;
}

/**
 * The one place the app learns that the player's session is over on the platform (expired after its idle or
 * absolute lifetime, or revoked): a call of any flow that carried the token (`Authorization`) answered 401
 * (spec §4 Session, §8). A guest's 401 (a refused login) is that call's own answer and is not reported. The
 * response's body is not read, so the caller gets it untouched; its `X-Session-Ended` header says why, when the
 * platform ended the session for the daily play-time limit.
 */
export function createUnauthorizedWatch(): UnauthorizedWatch {
  const listeners = new Set<UnauthorizedListener>();
  const tell = (reason: SessionEndReason) => {
    for (const listener of [...listeners]) {
      try {
        listener(reason);
      } catch {
        // A listener's failure never changes the caller's answer.
      }
    }
  };
  return {
    reportUnauthorized: (sessionEnded) => tell(sessionEndReasonOf(sessionEnded)),
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    middleware: {
      onResponse({ request, response }) {
        if (response.status !== 401 || !request.headers.has('Authorization')) return undefined;
        tell(sessionEndReasonOf(response.headers.get(SESSION_ENDED_HEADER)));
        return undefined;
      },
    },
  };
}
