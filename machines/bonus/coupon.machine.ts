import { assign, emit, setup } from 'xstate';
import { errorOf, type Failure, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type {
  CouponCheckAnswer,
  CouponCheckInput,
  CouponContext,
  CouponData,
  CouponEmitted,
  CouponEvent,
} from './bonus.types';
import { couponCodeOf, couponCodeProblem } from './coupon-code';

const codeOfEvent = (event: CouponEvent) => (event.type === 'coupon.check' ? couponCodeOf(event.code) : '');
const isCouponData = (value: unknown): value is CouponData =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const cached = (context: CouponContext, code: string) =>
  Object.hasOwn(context.cache, code) ? context.cache[code] : undefined;

/**
 * The coupon field (spec §4 Coupon, §5 Coupon, §8; §3 Bonus store): in the deposit panel and on /bonus.
 *
 * - invalid (initial, no data) → `coupon.check` → loading → valid (data kept and cached by code) or invalid (data
 *   cleared, the failure kept and emitted as `coupon.failed`).
 * - A code is trimmed; an empty one is ignored (nothing changes, nothing is checked). One longer than 64
 *   characters or with control characters is refused here with a message and never sent.
 * - A code already found valid is valid at once, without a call.
 * - Typing again while a check runs cancels it: the check is stopped and a new one starts, so a late answer for
 *   the old code is never applied. The same code again leaves the running check alone.
 * - `coupon.clear` (§4 clearCoupon) resets to invalid with no data and no error; the cache stays.
 */
export const couponMachine = setup({
  types: {
    context: {} as CouponContext,
    events: {} as CouponEvent,
    emitted: {} as CouponEmitted,
  },
  actors: {
    checkCoupon: notSupplied<CouponCheckAnswer, CouponCheckInput>('coupon', 'checkCoupon'),
  },
  guards: {
    isBlank: ({ event }) => codeOfEvent(event) === '',
    isMalformed: ({ event }) => couponCodeProblem(codeOfEvent(event)) !== null,
    isCached: ({ context, event }) => cached(context, codeOfEvent(event)) !== undefined,
    isTheOneChecking: ({ context, event }) => codeOfEvent(event) === context.code,
    hasCoupon: (_, answer: CouponCheckAnswer) => isCouponData(answer?.coupon),
  },
  actions: {
    refuse: assign(({ event }) => {
      const code = codeOfEvent(event);
      const problem = couponCodeProblem(code);
      const failure: Failure = { status: 0, messages: problem ? [problem] : [], fields: {} };
      return { code, data: null, failure };
    }),
    useCached: assign(({ context, event }) => {
      const code = codeOfEvent(event);
      return { code, data: cached(context, code) ?? null, failure: null };
    }),
    startCheck: assign(({ event }) => ({ code: codeOfEvent(event), data: null, failure: null })),
    keepCoupon: assign(({ context }, answer: CouponCheckAnswer) => {
      const data = answer.coupon as CouponData;
      const code = context.code ?? '';
      // A computed key defines an own property, even for '__proto__'.
      return { data, cache: { ...context.cache, [code]: data }, failure: null };
    }),
    tellValid: emit(({ context }) => ({
      type: 'coupon.valid' as const,
      code: context.code ?? '',
      data: context.data ?? {},
    })),
    keepFailure: assign({ data: null, failure: (_, error: unknown) => failureOf(error) }),
    tellFailed: emit(({ context }) => ({
      type: 'coupon.failed' as const,
      code: context.code ?? '',
      failure: context.failure ?? failureOf(null),
    })),
    clearCoupon: assign({ code: null, data: null, failure: null }),
  },
}).createMachine({
  id: 'coupon',
  context: { code: null, data: null, cache: {}, failure: null },
  initial: 'invalid',
  on: {
    'coupon.check': [
      { guard: 'isBlank' },
      { guard: 'isMalformed', target: '.invalid', actions: ['refuse', 'tellFailed'] },
      { guard: 'isCached', target: '.valid', actions: ['useCached', 'tellValid'] },
      { target: '.loading', reenter: true, actions: 'startCheck' },
    ],
    'coupon.clear': { target: '.invalid', actions: 'clearCoupon' },
  },
  states: {
    invalid: {},
    loading: {
      on: { 'coupon.check': { guard: 'isTheOneChecking' } },
      invoke: {
        id: 'checkCoupon',
        src: 'checkCoupon',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: [
          {
            guard: { type: 'hasCoupon', params: ({ event }) => event.output },
            target: 'valid',
            actions: [{ type: 'keepCoupon', params: ({ event }) => event.output }, 'tellValid'],
          },
          {
            target: 'invalid',
            actions: [{ type: 'keepFailure', params: () => new TypeError('check-coupon: no coupon') }, 'tellFailed'],
          },
        ],
        onError: {
          target: 'invalid',
          actions: [{ type: 'keepFailure', params: errorOf }, 'tellFailed'],
        },
      },
    },
    valid: {},
  },
});
