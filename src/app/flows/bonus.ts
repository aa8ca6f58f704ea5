/** /bonus's flows with their real calls, a chunk of its own fetched with the page. */
import { fromPromise } from 'xstate';
import type { BonusFlows } from '../../../machines/app/app.machine';
import { bonusListMachine } from '../../../machines/bonus/bonus-list.machine';
import type {
  BonusListInput,
  CashbackClaimInput,
  CouponCheckAnswer,
  CouponCheckInput,
} from '../../../machines/bonus/bonus.types';
import { cashbackMachine } from '../../../machines/bonus/cashback.machine';
import { couponMachine } from '../../../machines/bonus/coupon.machine';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

/** The page's four flows, each with the typed client's calls; `now` starts the cashback countdown. */
export function createBonusFlows(api: ApiClient, now: () => number = Date.now): BonusFlows {
  return {
    coupon: {
      logic: couponMachine.provide({
        actors: {
          checkCoupon: fromPromise<CouponCheckAnswer, CouponCheckInput>(async ({ input, signal }) => {
            const body = await unwrap(api.POST('/bonuses/check-coupon', { body: { coupon: input.code }, signal }));
            return { coupon: body.coupon };
          }),
        },
      }),
    },
    couponList: {
      logic: bonusListMachine.provide({
        actors: {
          loadList: fromPromise<unknown, BonusListInput>(({ signal }) =>
            unwrap(api.GET('/bonuses/coupons', { signal })),
          ),
        },
      }),
      input: { kind: 'coupons' },
    },
    cashback: {
      logic: cashbackMachine.provide({
        actors: {
          loadCashback: fromPromise<unknown>(({ signal }) => unwrap(api.GET('/bonuses/cashback', { signal }))),
          claimCashback: fromPromise<unknown, CashbackClaimInput>(({ input }) =>
            unwrap(api.POST('/bonuses/cashback/claim', { body: { cashback_id: Number(input.id) } })),
          ),
        },
      }),
      input: { now: now() },
    },
    activeBonuses: {
      // GET /wallet/bonuses, its first page (newest first): the player's bonus credits.
      logic: bonusListMachine.provide({
        actors: {
          loadList: fromPromise<unknown, BonusListInput>(({ signal }) =>
            unwrap(api.GET('/wallet/bonuses', { signal })),
          ),
        },
      }),
      input: { kind: 'coupons' },
    },
  };
}
