import { assign, setup } from 'xstate';
import { messageIdOf, statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { ContentPage, ContentPageContext, ContentPageEvent, ContentPageInput } from './content-page.types';

/**
 * One content page from GET /pages/{slug} in the player's language. The HTML is operator-authored and
 * sanitised by the view before it is rendered.
 * States: loading, shown, missing (404: the 404 page), failed (retry on `content.retry`).
 */
export const contentPageMachine = setup({
  types: {
    context: {} as ContentPageContext,
    events: {} as ContentPageEvent,
    input: {} as ContentPageInput,
  },
  actors: {
    fetchPage: notSupplied<ContentPage, ContentPageInput>('content page', 'fetchPage'),
  },
  guards: {
    isMissing: (_, error: unknown) => statusOf(error) === 404,
  },
  actions: {
    keepPage: assign({ page: (_, page: ContentPage) => page, errorId: null }),
    keepError: assign({ errorId: (_, error: unknown) => messageIdOf(error) }),
  },
}).createMachine({
  id: 'contentPage',
  context: ({ input }) => ({ ...input, page: null, errorId: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'page',
        src: 'fetchPage',
        input: ({ context }) => ({ slug: context.slug, locale: context.locale }),
        onDone: { target: 'shown', actions: { type: 'keepPage', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'missing',
          },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
          },
        ],
      },
    },
    shown: {},
    missing: {},
    failed: { on: { 'content.retry': { target: 'loading' } } },
  },
});
