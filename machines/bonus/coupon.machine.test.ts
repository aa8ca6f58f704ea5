import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import type { CouponCheckAnswer, CouponCheckInput, CouponEmitted } from './bonus.types';
import { couponCodeProblem } from './coupon-code';
import { couponMachine } from './coupon.machine';

const BEMVINDO = { code: 'BEMVINDO', percentage: 50 };

function start() {
  const check = controllableCalls<CouponCheckAnswer, CouponCheckInput>();
  const { actor } = createTestActor(couponMachine.provide({ actors: { checkCoupon: check.logic as never } }));
  const emitted: CouponEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as CouponEmitted));
  const state = () => actor.getSnapshot().value;
  const ctx = () => actor.getSnapshot().context;
  return { actor, check, emitted, state, ctx };
}

describe('coupon: generated paths', () => {
  it('reaches invalid, loading and valid, and no path fails', () => {
    const result = reachability(couponMachine.provide({ actors: { checkCoupon: pending() as never } }), {
      events: [
        { type: 'coupon.check', code: 'BEMVINDO' },
        { type: 'coupon.check', code: '' },
        { type: 'coupon.check', code: 'x'.repeat(65) },
        { type: 'coupon.clear' },
        { type: 'xstate.done.actor.checkCoupon', output: { coupon: BEMVINDO } } as never,
        { type: 'xstate.error.actor.checkCoupon', error: { status: 404 } } as never,
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('coupon: stories (§4 Coupon, §5 Coupon)', () => {
  it('starts invalid with no data', () => {
    const t = start();
    expect(t.state()).toBe('invalid');
    expect(t.ctx()).toEqual({ code: null, data: null, cache: {}, failure: null });
  });

  it('checks a trimmed code: loading, then valid with the data kept and cached', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: '  BEMVINDO ' });
    expect(t.state()).toBe('loading');
    expect(t.check.calls.map((c) => c.input)).toEqual([{ code: 'BEMVINDO' }]);
    t.check.last.resolve({ coupon: BEMVINDO });
    await flush();
    expect(t.state()).toBe('valid');
    expect(t.ctx()).toMatchObject({ code: 'BEMVINDO', data: BEMVINDO, cache: { BEMVINDO }, failure: null });
    expect(t.emitted).toEqual([{ type: 'coupon.valid', code: 'BEMVINDO', data: BEMVINDO }]);
  });

  it('an empty or blank code is ignored and never checked, whatever the state', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: '   ' });
    t.actor.send({ type: 'coupon.check', code: '' });
    expect(t.state()).toBe('invalid');
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    t.check.last.resolve({ coupon: BEMVINDO });
    await flush();
    t.actor.send({ type: 'coupon.check', code: ' \t' });
    expect(t.state()).toBe('valid');
    expect(t.ctx().data).toEqual(BEMVINDO);
    expect(t.check.calls).toHaveLength(1);
  });

  it('a refusal clears the data, keeps the failure for display and propagates it', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'NOPE' });
    t.check.last.reject({
      status: 404,
      messages: [{ text: 'Cupom inválido.' }],
      fields: { coupon: ['Cupom inválido.'] },
    });
    await flush();
    expect(t.state()).toBe('invalid');
    const failure = { status: 404, messages: [{ text: 'Cupom inválido.' }], fields: { coupon: ['Cupom inválido.'] } };
    expect(t.ctx()).toMatchObject({ code: 'NOPE', data: null, failure });
    expect(t.emitted).toEqual([{ type: 'coupon.failed', code: 'NOPE', failure }]);
  });

  it('an answer without a coupon is a failure, not a valid coupon', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'ODD' });
    t.check.last.resolve({ coupon: null });
    await flush();
    expect(t.state()).toBe('invalid');
    expect(t.ctx().failure).toEqual({ status: 0, messages: [{ id: 'error_messages.unexpected' }], fields: {} });
  });

  it('a cached coupon is valid at once, without a call', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    t.check.last.resolve({ coupon: BEMVINDO });
    await flush();
    t.actor.send({ type: 'coupon.clear' });
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    expect(t.state()).toBe('valid');
    expect(t.ctx().data).toEqual(BEMVINDO);
    expect(t.check.calls).toHaveLength(1);
  });

  it('typing again cancels the check in flight; its late answer is never applied', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'BEM' });
    const first = t.check.last;
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    expect(first.signal.aborted).toBe(true);
    expect(t.check.calls.map((c) => c.input.code)).toEqual(['BEM', 'BEMVINDO']);
    first.resolve({ coupon: { code: 'BEM', percentage: 5 } });
    await flush();
    expect(t.state()).toBe('loading');
    expect(t.ctx()).toMatchObject({ code: 'BEMVINDO', data: null, cache: {} });
    // A late refusal of the old code is not applied either.
    t.actor.send({ type: 'coupon.check', code: 'BEMV' });
    t.check.calls[1]!.reject({ status: 404 });
    await flush();
    expect(t.state()).toBe('loading');
    expect(t.ctx().failure).toBeNull();
    t.check.last.resolve({ coupon: { code: 'BEMV' } });
    await flush();
    expect(t.ctx()).toMatchObject({ code: 'BEMV', data: { code: 'BEMV' }, cache: { BEMV: { code: 'BEMV' } } });
    expect(t.emitted).toEqual([{ type: 'coupon.valid', code: 'BEMV', data: { code: 'BEMV' } }]);
  });

  it('the same code again while it is being checked leaves that check alone', () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    const first = t.check.last;
    t.actor.send({ type: 'coupon.check', code: ' BEMVINDO' });
    expect(first.signal.aborted).toBe(false);
    expect(t.check.calls).toHaveLength(1);
  });

  it('a cached code typed during a check cancels it and is valid at once', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    t.check.last.resolve({ coupon: BEMVINDO });
    await flush();
    t.actor.send({ type: 'coupon.check', code: 'OTHER' });
    const other = t.check.last;
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    expect(other.signal.aborted).toBe(true);
    expect(t.state()).toBe('valid');
    other.resolve({ coupon: { code: 'OTHER' } });
    await flush();
    expect(t.ctx().data).toEqual(BEMVINDO);
  });

  it('a 1,000-character code or one with control characters is refused here, never sent', () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'A'.repeat(1000) });
    expect(t.state()).toBe('invalid');
    expect(t.ctx()).toMatchObject({
      data: null,
      failure: { status: 0, messages: [{ id: 'bonus.coupon.too_long', values: { max: 64 } }], fields: {} },
    });
    t.actor.send({ type: 'coupon.check', code: 'BEM\u0000VINDO' });
    expect(t.ctx().failure?.messages).toEqual([{ id: 'bonus.coupon.bad_characters' }]);
    expect(t.check.calls).toEqual([]);
    expect(t.emitted.map((e) => e.type)).toEqual(['coupon.failed', 'coupon.failed']);
  });

  it('a bad code typed during a check cancels it', () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    const first = t.check.last;
    t.actor.send({ type: 'coupon.check', code: 'x'.repeat(65) });
    expect(first.signal.aborted).toBe(true);
    expect(t.state()).toBe('invalid');
  });

  it('clearCoupon resets to invalid with no data and no error, from any state', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'BEMVINDO' });
    const first = t.check.last;
    t.actor.send({ type: 'coupon.clear' });
    expect(first.signal.aborted).toBe(true);
    expect(t.state()).toBe('invalid');
    t.actor.send({ type: 'coupon.check', code: 'NOPE' });
    t.check.last.reject({ status: 0 });
    await flush();
    expect(t.ctx().failure?.messages).toEqual([{ id: 'error_messages.network' }]);
    t.actor.send({ type: 'coupon.clear' });
    expect(t.ctx()).toEqual({ code: null, data: null, cache: {}, failure: null });
  });

  it('codes named like object properties are cached as codes, nothing else', async () => {
    const t = start();
    t.actor.send({ type: 'coupon.check', code: 'constructor' });
    expect(t.state()).toBe('loading');
    t.check.last.resolve({ coupon: { code: '__proto__' } });
    await flush();
    t.actor.send({ type: 'coupon.check', code: '__proto__' });
    expect(t.state()).toBe('loading');
    t.check.last.resolve({ coupon: { code: '__proto__' } });
    await flush();
    expect(Object.keys(t.ctx().cache)).toEqual(['constructor', '__proto__']);
    expect(Object.getPrototypeOf(t.ctx().cache)).toBe(Object.prototype);
  });
});

describe('coupon code rules', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(couponCodeProblem('🎁'.repeat(64))).toBeNull();
    expect(couponCodeProblem('🎁'.repeat(65))).toEqual({ id: 'bonus.coupon.too_long', values: { max: 64 } });
    expect(couponCodeProblem('A\u200BB')).toEqual({ id: 'bonus.coupon.bad_characters' });
    expect(couponCodeProblem('<script>alert(1)</script>')).toBeNull(); // the platform refuses it; never HTML here
  });
});
