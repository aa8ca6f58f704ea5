import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bonusListMachine } from './bonus-list.machine';
import type { BonusListInput } from './bonus.types';
import { connectActiveBonuses, connectCoupon, connectCouponList, couponViewOf } from './bonus.connect';
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

  it('reads the rewards list: bonus money with its rollover progress, cash rewards, and leaves out what it cannot read', async () => {
    const rows = [
      {
        id: 3,
        kind: 'deposit_coupon',
        account: 'bonus',
        amount: 10_000,
        status: 'active',
        balance: 6_000,
        wagering_multiple: 10,
        wagering_required: 100_000,
        wagered: 25_000,
        expires_at: '2026-12-31T00:00:00.000Z',
        coupon_code: 'BEMVINDO100',
        converted_amount: null,
        created_at: '2026-12-01T00:00:00.000Z',
        ended_at: null,
      },
      { id: 3, kind: 'cashback', account: 'cash', amount: 500, status: 'paid', created_at: '2026-11-30T00:00:00.000Z' },
      { id: 4, kind: 'lottery', account: 'bonus', amount: 1, status: 'active' },
      { id: 5, kind: 'mission', account: 'bonus', amount: 'x', status: 'active' },
    ];
    const actor = createActor(
      bonusListMachine.provide({
        actors: { loadList: fromPromise<unknown, BonusListInput>(async () => ({ data: rows })) },
      }),
      { input: { kind: 'coupons' } },
    ).start();
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('loaded') && resolve()));
    const { items } = connectActiveBonuses(actor.getSnapshot());
    expect(items.map((b) => b.key)).toEqual(['bonus-3', 'cash-3']);
    expect(items[0]).toMatchObject({ percent: 25, left: 75_000, balance: 6_000, couponCode: 'BEMVINDO100' });
    expect(items[1]).toMatchObject({ account: 'cash', status: 'paid', percent: 100, left: 0 });
  });
});
