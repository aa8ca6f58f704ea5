import { assign, setup } from 'xstate';
import { errorOf, failureOf, type Failure } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';

export interface RefersInput {
  /** Where the link points: the site's origin and locale prefix (`https://azul.example` or `…/en`). */
  base: string;
  /** Whether the browser offers its share sheet (navigator.share). */
  canShare: boolean;
}

export interface RefersContext extends RefersInput {
  /** The last GET /profile/affiliates body read (kept while a reload runs or fails). */
  data: unknown;
  failure: Failure | null;
}

export interface RefersLinkInput {
  link: string;
}

export type RefersEvent =
  { type: 'refers.copy' } | { type: 'refers.share' } | { type: 'refers.retry' } | { type: 'refers.reload' };

/** What /refers reads of GET /profile/affiliates: plain values, never trusted as HTML. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
export const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
/** The body is `{ data: Affiliates }` (openapi getAffiliates) or the object itself. */
export const bodyOf = (body: unknown): Record<string, unknown> | null =>
  isRecord(body) && isRecord(body.data) ? body.data : isRecord(body) ? body : null;
/** A referral code as the sandbox makes them: letters and digits only (anything else is not put in a link). */
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** The player's link: `<base>/register?ref=<code>` (registration opens with the code filled in), or null. */
export function referralLinkOf(base: string, body: unknown): string | null {
  const code = bodyOf(body)?.referral_code;
  if (typeof code !== 'string' || !CODE.test(code)) return null;
  return `${base}/register?ref=${encodeURIComponent(code)}`;
}

const outputOf = ({ event }: { event: { output: unknown } }) => event.output;
/** How long "Copiado!" stays before the button reads "Copiar" again. */
export const COPIED_MS = 2500;

/**
 * /refers (spec §2.2 "refer a friend and earn"): GET /profile/affiliates, then the player's link with
 * their `ref` (copied or shared) and the players who registered with it.
 *
 * - loading → loaded (a body with a referral code) or failed (the failure kept; a body without one is a failure
 *   too); `refers.retry` from failed and `refers.reload` from loaded load again, the last body staying shown.
 * - loaded.link: idle → copying (the clipboard) → copied (for COPIED_MS, then idle) or copyFailed (the link stays
 *   selectable); `refers.share` opens the browser's share sheet when it has one (closing it is no failure).
 */
export const refersMachine = setup({
  types: {
    context: {} as RefersContext,
    events: {} as RefersEvent,
    input: {} as RefersInput,
  },
  actors: {
    loadAffiliates: notSupplied<unknown>('refers', 'loadAffiliates'),
    copyLink: notSupplied<void, RefersLinkInput>('refers', 'copyLink'),
    shareLink: notSupplied<void, RefersLinkInput>('refers', 'shareLink'),
  },
  guards: {
    hasCode: (_, body: unknown) => referralLinkOf('', body) !== null,
    canShare: ({ context }) => context.canShare,
  },
  actions: {
    keepData: assign({ data: (_, body: unknown) => body, failure: null }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
  },
}).createMachine({
  id: 'refers',
  context: ({ input }) => ({ base: input.base, canShare: input.canShare, data: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAffiliates',
        src: 'loadAffiliates',
        onDone: [
          {
            guard: { type: 'hasCode', params: outputOf },
            target: 'loaded',
            actions: { type: 'keepData', params: outputOf },
          },
          { target: 'failed', actions: { type: 'keepFailure', params: () => new TypeError('no referral code') } },
        ],
        onError: { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
      },
    },
    loaded: {
      on: { 'refers.reload': 'loading' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'refers.copy': 'copying',
            'refers.share': { guard: 'canShare', target: 'sharing' },
          },
        },
        copying: {
          invoke: {
            id: 'copyLink',
            src: 'copyLink',
            input: ({ context }) => ({ link: referralLinkOf(context.base, context.data) ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          after: { [COPIED_MS]: 'idle' },
          on: { 'refers.copy': 'copying', 'refers.share': { guard: 'canShare', target: 'sharing' } },
        },
        copyFailed: {
          on: { 'refers.copy': 'copying', 'refers.share': { guard: 'canShare', target: 'sharing' } },
        },
        sharing: {
          invoke: {
            id: 'shareLink',
            src: 'shareLink',
            input: ({ context }) => ({ link: referralLinkOf(context.base, context.data) ?? '' }),
            // Closing the sheet rejects (AbortError): no failure to show, the link is still there.
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
    failed: { on: { 'refers.retry': 'loading' } },
  },
});
