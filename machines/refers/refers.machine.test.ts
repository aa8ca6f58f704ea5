import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import { affiliatesViewOf, connectRefers } from './refers.connect';
import { COPIED_MS, referralLinkOf, refersMachine, type RefersInput, type RefersLinkInput } from './refers.machine';

const BODY = {
  data: {
    referral_code: 'AB12CD34',
    credit_per_referral: 1000,
    total_earned: 1000,
    referrals: [{ name: 'Maria S.', registered_at: '2026-11-27T10:00:00Z', earned: 1000 }],
  },
};

function start(input: RefersInput = { base: 'https://azul.test', canShare: true }) {
  const load = controllableCalls<unknown, undefined>();
  const copy = controllableCalls<void, RefersLinkInput>();
  const share = controllableCalls<void, RefersLinkInput>();
  const { actor, clock } = createTestActor(
    refersMachine.provide({
      actors: { loadAffiliates: load.logic as never, copyLink: copy.logic as never, shareLink: share.logic as never },
    }),
    { input },
  );
  return { actor, clock, load, copy, share, vm: () => connectRefers(actor.getSnapshot()) };
}

describe('refers: generated paths', () => {
  it('reaches every state, and no path fails', () => {
    const result = reachability(
      refersMachine.provide({
        actors: { loadAffiliates: pending() as never, copyLink: pending() as never, shareLink: pending() as never },
      }),
      {
        input: { base: '', canShare: true },
        events: [
          { type: 'refers.copy' },
          { type: 'refers.share' },
          { type: 'refers.retry' },
          { type: 'refers.reload' },
          { type: 'xstate.done.actor.loadAffiliates', output: BODY } as never,
          { type: 'xstate.error.actor.loadAffiliates', error: { status: 500 } } as never,
          { type: 'xstate.done.actor.copyLink' } as never,
          { type: 'xstate.error.actor.copyLink', error: new Error('denied') } as never,
          { type: 'xstate.done.actor.shareLink' } as never,
          { type: 'xstate.error.actor.shareLink', error: new Error('AbortError') } as never,
        ],
      },
    );
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('refers: stories', () => {
  it('loads the affiliates and shows the link with the ref, the referrals and the total', async () => {
    const t = start();
    expect(t.vm()).toMatchObject({ loading: true, affiliates: null, link: 'idle' });
    t.load.last.resolve(BODY);
    await flush();
    expect(t.actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(t.vm().affiliates).toEqual({
      code: 'AB12CD34',
      link: 'https://azul.test/register?ref=AB12CD34',
      unit: 'cash',
      creditPerReferral: 1000,
      totalEarned: 1000,
      referrals: [{ name: 'Maria S.', registeredAt: '2026-11-27T10:00:00Z', earned: 1000 }],
    });
  });

  it('copies the link, says so for a while, then reads "copy" again; a copy may be asked again meanwhile', async () => {
    const t = start();
    t.load.last.resolve(BODY);
    await flush();
    t.actor.send({ type: 'refers.copy' });
    expect(t.vm().link).toBe('copying');
    expect(t.copy.last.input).toEqual({ link: 'https://azul.test/register?ref=AB12CD34' });
    t.copy.last.resolve();
    await flush();
    expect(t.vm().link).toBe('copied');
    t.actor.send({ type: 'refers.copy' });
    expect(t.vm().link).toBe('copying');
    t.copy.last.resolve();
    await flush();
    t.clock.increment(COPIED_MS);
    expect(t.vm().link).toBe('idle');
  });

  it('a refused clipboard says so; copying again or sharing works from there', async () => {
    const t = start();
    t.load.last.resolve(BODY);
    await flush();
    t.actor.send({ type: 'refers.copy' });
    t.copy.last.reject(new Error('NotAllowedError'));
    await flush();
    expect(t.vm().link).toBe('copyFailed');
    t.actor.send({ type: 'refers.copy' });
    expect(t.vm().link).toBe('copying');
    t.copy.last.reject(new Error('NotAllowedError'));
    await flush();
    t.actor.send({ type: 'refers.share' });
    expect(t.vm().link).toBe('sharing');
  });

  it('shares through the browser sheet; done or closed, the link is idle again', async () => {
    const t = start();
    t.load.last.resolve(BODY);
    await flush();
    t.actor.send({ type: 'refers.share' });
    expect(t.share.last.input).toEqual({ link: 'https://azul.test/register?ref=AB12CD34' });
    t.share.last.resolve();
    await flush();
    expect(t.vm().link).toBe('idle');
    t.actor.send({ type: 'refers.share' });
    t.share.last.reject(new DOMException('closed', 'AbortError'));
    await flush();
    expect(t.vm()).toMatchObject({ link: 'idle', messages: [] });
    // From "copied", a share opens the sheet too.
    t.actor.send({ type: 'refers.copy' });
    t.copy.last.resolve();
    await flush();
    t.actor.send({ type: 'refers.share' });
    expect(t.vm().link).toBe('sharing');
  });

  it('without a share sheet, share does nothing', async () => {
    const t = start({ base: '', canShare: false });
    t.load.last.resolve(BODY);
    await flush();
    t.actor.send({ type: 'refers.share' });
    expect(t.vm()).toMatchObject({ link: 'idle', canShare: false });
    expect(t.share.calls).toHaveLength(0);
    t.actor.send({ type: 'refers.copy' });
    t.copy.last.resolve();
    await flush();
    t.actor.send({ type: 'refers.share' });
    expect(t.vm().link).toBe('copied');
    t.actor.send({ type: 'refers.copy' });
    t.copy.last.reject(new Error('denied'));
    await flush();
    t.actor.send({ type: 'refers.share' });
    expect(t.vm().link).toBe('copyFailed');
  });

  it('a failure is error state with a retry; a body without a code is a failure too', async () => {
    const t = start();
    t.load.last.reject({ status: 503 });
    await flush();
    expect(t.vm()).toMatchObject({ loading: false, canRetry: true, messages: [{ id: 'error_messages.503' }] });
    t.actor.send({ type: 'refers.retry' });
    expect(t.vm().loading).toBe(true);
    t.load.last.resolve({ data: { referral_code: '<b>x</b>' } });
    await flush();
    expect(t.actor.getSnapshot().matches('failed')).toBe(true);
    t.actor.send({ type: 'refers.retry' });
    t.load.last.resolve(BODY);
    await flush();
    expect(t.vm().messages).toEqual([]);
  });

  it('a reload keeps the last body shown meanwhile', async () => {
    const t = start();
    t.load.last.resolve(BODY);
    await flush();
    t.actor.send({ type: 'refers.reload' });
    expect(t.vm()).toMatchObject({ loading: false, affiliates: { code: 'AB12CD34' } });
    expect(t.load.calls).toHaveLength(2);
  });
});

describe('refers view', () => {
  it('puts only a plain code in a link, and reads rows defensively', () => {
    expect(referralLinkOf('', { referral_code: 'a b' })).toBeNull();
    expect(referralLinkOf('/en', { referral_code: 'X1' })).toBe('/en/register?ref=X1');
    expect(affiliatesViewOf('', { referral_code: 'X1', referrals: [{ name: 'A', earned: 500 }, { name: 7 }] })).toEqual(
      {
        code: 'X1',
        link: '/register?ref=X1',
        unit: 'cash',
        creditPerReferral: 0,
        totalEarned: 500,
        referrals: [{ name: 'A', registeredAt: '', earned: 500 }],
      },
    );
    expect(affiliatesViewOf('', null)).toBeNull();
  });
});

const VIEW_BASE = 'https://sorteverde.example';

describe('/refers view of GET /profile/affiliates', () => {
  it('a regulated brand: the amounts are loyalty points, never the (zero) cash fields (Lei 14.790/2023 art. 29)', () => {
    const view = affiliatesViewOf(VIEW_BASE, {
      data: {
        referral_code: 'ABC123',
        reward_kind: 'points',
        credit_per_referral: 0,
        points_per_referral: 1_000,
        total_earned: 0,
        total_points: 1_000,
        referrals: [{ name: 'Ana S.', registered_at: '2026-12-01T12:00:00Z', earned: 0, points: 1_000 }],
      },
    });
    expect(view).toMatchObject({
      unit: 'points',
      creditPerReferral: 1_000,
      totalEarned: 1_000,
      referrals: [{ name: 'Ana S.', earned: 1_000 }],
    });
  });

  it('a brand that is not regulated: centavos, as before', () => {
    const view = affiliatesViewOf(VIEW_BASE, {
      referral_code: 'ABC123',
      credit_per_referral: 1_000,
      total_earned: 2_000,
      referrals: [{ name: 'Ana S.', registered_at: '', earned: 1_000 }],
    });
    expect(view).toMatchObject({ unit: 'cash', creditPerReferral: 1_000, totalEarned: 2_000 });
  });
});
