import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bonusListMachine } from './bonus-list.machine';
import type { BonusListInput } from './bonus.types';
import { connectCoupon, connectCouponList, couponViewOf } from './bonus.connect';
import { couponMachine } from './coupon.machine';

describe('bonus.connect (what /bonus renders)', () => {
  it('reads a coupon as text fields only; anything else is no coupon', () => {
    expect(couponViewOf({ code: 'GIROS10', title: '<b>x</b>', kind: 'free_spins', value: 10, extra: 1 })).toEqual({
      code: 'GIROS10',
      title: '<b>x</b>',
      description: '',
      kind: 'free_spins',
      value: 10,
      percent: null,
      expiresAt: null,
    });
    expect(couponViewOf(null)).toBeNull();
    expect(couponViewOf('GIROS10')).toBeNull();
  });

  it('a coupon check is idle, then invalid with its message when refused before any call', () => {
    const actor = createActor(couponMachine).start();
    expect(connectCoupon(actor.getSnapshot())).toMatchObject({ status: 'idle', coupon: null, messages: [] });
    actor.send({ type: 'coupon.check', code: 'A'.repeat(1000) });
    const vm = connectCoupon(actor.getSnapshot());
    expect(vm.status).toBe('invalid');
    expect(vm.messages).toEqual([{ id: 'bonus.coupon.too_long', values: { max: 64 } }]);
  });

  it('a list keeps only well-formed coupons', async () => {
    const actor = createActor(
      bonusListMachine.provide({
        actors: {
          loadList: fromPromise<unknown, BonusListInput>(async () => ({
            data: [{ code: 'A', kind: 'cash', value: 100 }, 7],
          })),
        },
      }),
      { input: { kind: 'coupons' } },
    ).start();
    expect(connectCouponList(actor.getSnapshot()).loading).toBe(true);
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('loaded') && resolve()));
    const vm = connectCouponList(actor.getSnapshot());
    expect(vm.loading).toBe(false);
    expect(vm.items.map((c) => c.code)).toEqual(['A']);
  });
});
