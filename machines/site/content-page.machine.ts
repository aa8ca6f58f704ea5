import { assign, fromPromise, setup } from 'xstate';
import type { ContentPage, ContentPageContext, ContentPageEvent, ContentPageInput } from './content-page.types';

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

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
    fetchPage: fromPromise<ContentPage, ContentPageInput>(async () => {
      throw new Error('content page machine: the fetchPage actor was not supplied (use .provide())');
    }),
  },
  guards: {
    isMissing: (_, error: unknown) => statusOf(error) === 404,
  },
  actions: {
    keepPage: assign({ page: (_, page: ContentPage) => page, errorId: null }),
    keepError: assign({
      errorId: (_, error: unknown) => {
        const status = statusOf(error);
        return status === 0 ? 'error_messages.network' : status ? `error_messages.${status}` : 'error_messages.unexpected';
      },
    }),
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
          { guard: { type: 'isMissing', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'missing' },
          { target: 'failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    shown: {},
    missing: {},
    failed: { on: { 'content.retry': { target: 'loading' } } },
  },
});
