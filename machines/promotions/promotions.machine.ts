import { assign, setup } from 'xstate';
import { errorOf, failureOf, statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type {
  LoadPromotionInput,
  LoadPromotionsInput,
  PromotionsContext,
  PromotionsEvent,
  PromotionsInput,
} from './promotions.types';
import { isPromotionSlug, readPromotionDetail, readPromotionList } from './promotions.view';

const outputOf = ({ event }: { event: { output: unknown } }) => event.output;

/**
 * /promotions and /promotion: the brand's promotions from the platform, in the page's language.
 *
 * - No slug: list.loading → list.loaded (a body with a list of promotions) or list.failed (kept, with a retry).
 * - A slug: detail.loading → detail.loaded, detail.notFound (404, or a slug that is not one: never asked), or
 *   detail.failed (with a retry). The HTML is kept as the platform sent it; the page sanitises it before rendering.
 */
export const promotionsMachine = setup({
  types: {
    context: {} as PromotionsContext,
    events: {} as PromotionsEvent,
    input: {} as PromotionsInput,
  },
  actors: {
    loadPromotions: notSupplied<unknown, LoadPromotionsInput>('promotions', 'loadPromotions'),
    loadPromotion: notSupplied<unknown, LoadPromotionInput>('promotions', 'loadPromotion'),
  },
  guards: {
    wantsOne: ({ context }) => context.slug !== null,
    slugIsValid: ({ context }) => context.slug !== null && isPromotionSlug(context.slug),
    isList: (_, body: unknown) => readPromotionList(body) !== null,
    isDetail: (_, body: unknown) => readPromotionDetail(body) !== null,
    isNotFound: (_, error: unknown) => statusOf(error) === 404,
  },
  actions: {
    keepList: assign({ list: (_, body: unknown) => body, failure: null }),
    keepDetail: assign({ detail: (_, body: unknown) => body, failure: null }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
  },
}).createMachine({
  id: 'promotions',
  context: ({ input }) => ({ locale: input.locale, slug: input.slug, list: null, detail: null, failure: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'wantsOne', target: 'detail' }, { target: 'list' }],
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPromotions',
            src: 'loadPromotions',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: [
              {
                guard: { type: 'isList', params: outputOf },
                target: 'loaded',
                actions: { type: 'keepList', params: outputOf },
              },
              { target: 'failed', actions: { type: 'keepFailure', params: () => new TypeError('not a list') } },
            ],
            onError: { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
          },
        },
        loaded: {},
        failed: { on: { 'promotions.retry': 'loading' } },
      },
    },
    detail: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'slugIsValid', target: 'loading' }, { target: 'notFound' }],
        },
        loading: {
          invoke: {
            id: 'loadPromotion',
            src: 'loadPromotion',
            input: ({ context }) => ({ locale: context.locale, slug: context.slug ?? '' }),
            onDone: [
              {
                guard: { type: 'isDetail', params: outputOf },
                target: 'loaded',
                actions: { type: 'keepDetail', params: outputOf },
              },
              { target: 'failed', actions: { type: 'keepFailure', params: () => new TypeError('not a promotion') } },
            ],
            onError: [
              { guard: { type: 'isNotFound', params: errorOf }, target: 'notFound' },
              { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
            ],
          },
        },
        loaded: {},
        notFound: {},
        failed: { on: { 'promotions.retry': 'loading' } },
      },
    },
  },
});
