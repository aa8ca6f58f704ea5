import type { Middleware } from 'openapi-fetch';

/** The period a 403 `selfExcluded` answer reported (ISO date-times; `endAt` null when indefinite). */
export interface SelfExclusionPeriod {
  startAt: string;
  endAt: string | null;
}

export type SelfExclusionListener = (period: SelfExclusionPeriod) => void;

export interface SelfExclusionWatch {
  middleware: Middleware;
  /** Called for every signed-in call answered 403 with `selfExcluded: true`; returns the unsubscribe. */
  onSelfExcluded(listener: SelfExclusionListener): () => void;
}

/**
 * The one place the app learns that a signed-in call of any flow (pix, withdrawal, transactions…) was refused
 * because the player is self-excluded (spec §4 Self-exclusion; the platform answers every signed-in call with
 * 403 `selfExcluded`, start_at, end_at). Only calls that carried the player's token count: a guest's refused
 * login is the login's own answer. The response is read from a clone, so the caller still gets its body.
 */
export function createSelfExclusionWatch(): SelfExclusionWatch {
  const listeners = new Set<SelfExclusionListener>();
  return {
    onSelfExcluded(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    middleware: {
      async onResponse({ request, response }) {
        if (response.status !== 403 || listeners.size === 0 || !request.headers.has('Authorization')) return undefined;
        let body: unknown;
        try {
          body = await response.clone().json();
        } catch {
          return undefined;
        }
        const { selfExclusionOfBody } = await import('./self-exclusion-body');
        const period = selfExclusionOfBody(body);
        if (!period) return undefined;
        for (const listener of [...listeners]) {
          try {
            listener(period);
          } catch {
            // A listener's failure never changes the caller's answer.
          }
        }
        return undefined;
      },
    },
  };
}
