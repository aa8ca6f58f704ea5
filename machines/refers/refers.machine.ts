import { assign, setup } from 'xstate';
import { errorOf, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { RefersContext, RefersEvent, RefersInput, RefersLinkInput } from './refers.types';
import { referralLinkOf } from './refers.view';

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
