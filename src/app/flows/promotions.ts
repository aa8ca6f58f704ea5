/** /promotions's flow with its real calls, a chunk of its own fetched with the page. */
import { fromPromise } from 'xstate';
import type { PromotionsFlows } from '../../../machines/app/app.machine';
import { promotionsMachine } from '../../../machines/promotions/promotions.machine';
import type { LoadPromotionInput, LoadPromotionsInput } from '../../../machines/promotions/promotions.types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

/** The flow with GET /promotions and GET /promotions/{slug}; the root adds the route's locale and slug. */
export function createPromotionsFlows(api: ApiClient): PromotionsFlows {
  return {
    promotions: {
      logic: promotionsMachine.provide({
        actors: {
          loadPromotions: fromPromise<unknown, LoadPromotionsInput>(({ input, signal }) =>
            unwrap(api.GET('/promotions', { params: { query: { locale: input.locale } }, signal })),
          ),
          loadPromotion: fromPromise<unknown, LoadPromotionInput>(({ input, signal }) =>
            unwrap(
              api.GET('/promotions/{slug}', {
                params: { path: { slug: input.slug }, query: { locale: input.locale } },
                signal,
              }),
            ),
          ),
        },
      }),
    },
  };
}
