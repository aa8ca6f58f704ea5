import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import { connectPromotions } from './promotions.connect';
import { promotionsMachine } from './promotions.machine';
import type { LoadPromotionInput, LoadPromotionsInput, PromotionsInput } from './promotions.types';

const promo = (slug: string, bonus_kind: string | null = null) => ({
  slug,
  locale: 'pt',
  title: `Promo ${slug}`,
  summary: 'Resumo',
  badge: 'Cassino',
  theme: 'cashback',
  bonus_kind,
  cta_path: '/bonus',
  ends_at: null,
});
const LIST = { data: [promo('cashback-semanal'), promo('boas-vindas', 'deposit'), { slug: 'Bad Slug' }], withheld: [] };

function start(input: PromotionsInput) {
  const list = controllableCalls<unknown, LoadPromotionsInput>();
  const one = controllableCalls<unknown, LoadPromotionInput>();
  const { actor } = createTestActor(
    promotionsMachine.provide({ actors: { loadPromotions: list.logic as never, loadPromotion: one.logic as never } }),
    { input },
  );
  return { actor, list, one, vm: (regulated = false) => connectPromotions(actor.getSnapshot(), regulated) };
}

describe('promotions: generated paths', () => {
  it('reaches every state from a list and a slug, and no path fails', () => {
    const result = reachability(
      promotionsMachine.provide({ actors: { loadPromotions: pending() as never, loadPromotion: pending() as never } }),
      {
        inputs: [
          { locale: 'pt', slug: null },
          { locale: 'pt', slug: 'cashback-semanal' },
          { locale: 'pt', slug: '<script>' },
        ],
        events: [
          { type: 'promotions.retry' },
          { type: 'xstate.done.actor.loadPromotions', output: LIST } as never,
          { type: 'xstate.done.actor.loadPromotions', output: 7 } as never,
          { type: 'xstate.error.actor.loadPromotions', error: { status: 500 } } as never,
          { type: 'xstate.done.actor.loadPromotion', output: { data: { ...promo('x'), html: '<p>x</p>' } } } as never,
          { type: 'xstate.done.actor.loadPromotion', output: {} } as never,
          { type: 'xstate.error.actor.loadPromotion', error: { status: 404 } } as never,
          { type: 'xstate.error.actor.loadPromotion', error: { status: 500 } } as never,
        ],
      },
    );
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('promotions: stories', () => {
  it('lists the promotions in the page language; malformed rows are dropped', async () => {
    const t = start({ locale: 'en', slug: null });
    expect(t.vm()).toMatchObject({ mode: 'list', loading: true, items: [] });
    expect(t.list.last.input).toEqual({ locale: 'en' });
    t.list.last.resolve(LIST);
    await flush();
    expect(t.vm().items.map((p) => p.slug)).toEqual(['cashback-semanal', 'boas-vindas']);
    expect(t.vm().rules).toEqual([]);
  });

  it('on a regulated brand a deposit bonus is not offered and its rule is named, with those the platform withheld', async () => {
    const t = start({ locale: 'pt', slug: null });
    t.list.last.resolve({ ...LIST, withheld: ['advance'] });
    await flush();
    expect(t.vm(true).items.map((p) => p.slug)).toEqual(['cashback-semanal']);
    expect(t.vm(true).rules).toEqual(['deposit', 'advance']);
  });

  it('a failed list, or a body that is no list, is error state with a retry', async () => {
    const t = start({ locale: 'pt', slug: null });
    t.list.last.reject({ status: 503 });
    await flush();
    expect(t.vm()).toMatchObject({ canRetry: true, messages: [{ id: 'error_messages.503' }] });
    t.actor.send({ type: 'promotions.retry' });
    t.list.last.resolve({ data: 'x' });
    await flush();
    expect(t.vm().canRetry).toBe(true);
    t.actor.send({ type: 'promotions.retry' });
    t.list.last.resolve(LIST);
    await flush();
    expect(t.vm()).toMatchObject({ canRetry: false, messages: [] });
  });

  it('loads one promotion by slug with its raw HTML (the page sanitises it)', async () => {
    const t = start({ locale: 'pt', slug: 'cashback-semanal' });
    expect(t.vm()).toMatchObject({ mode: 'detail', loading: true });
    expect(t.one.last.input).toEqual({ locale: 'pt', slug: 'cashback-semanal' });
    t.one.last.resolve({ data: { ...promo('cashback-semanal'), html: '<p onclick="x()">Oi</p>' } });
    await flush();
    expect(t.vm().detail).toMatchObject({ slug: 'cashback-semanal', html: '<p onclick="x()">Oi</p>' });
  });

  it('a 404 or a slug that is not one is "not found" (the latter never asked); other failures can be retried', async () => {
    const bad = start({ locale: 'pt', slug: '../../x' });
    expect(bad.vm().notFound).toBe(true);
    expect(bad.one.calls).toHaveLength(0);
    const t = start({ locale: 'pt', slug: 'sumiu' });
    t.one.last.reject({ status: 404 });
    await flush();
    expect(t.vm()).toMatchObject({ notFound: true, canRetry: false });
    const u = start({ locale: 'pt', slug: 'cashback-semanal' });
    u.one.last.reject({ status: 500 });
    await flush();
    expect(u.vm().canRetry).toBe(true);
    u.actor.send({ type: 'promotions.retry' });
    u.one.last.resolve({ data: { slug: 'x' } });
    await flush();
    expect(u.vm().canRetry).toBe(true);
  });

  it('a deposit bonus served to a regulated brand anyway is shown as not found, with its rule', async () => {
    const t = start({ locale: 'pt', slug: 'boas-vindas' });
    t.one.last.resolve({ data: { ...promo('boas-vindas', 'deposit'), html: '<p>x</p>' } });
    await flush();
    expect(t.vm(true)).toMatchObject({ detail: null, notFound: true, rules: ['deposit'] });
    expect(t.vm(false).detail?.slug).toBe('boas-vindas');
  });
});
