import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { homeRowsMachine } from '../../../machines/games/home-rows.machine';
import type { HomeGameRow } from '../../../machines/games/home-rows.types';
import { flush, gameOf } from '../../../machines/games/calls.fixture';
import { roundMessage } from '../games';
import { gameCardOf, gamePath, HOME_ROWS_SHOWN, homeRowsViewOf } from './casino-cards';
import { fromPromise } from 'xstate';

describe('casino view models', () => {
  it('a game card leads to its page in the page language, with the list marks', () => {
    const game = gameOf(3, { providercode: 'aurora', gamecode: 'fortuna-3', hasLike: true, totalLikes: 9 });
    expect(gamePath(game, 'pt')).toBe('/casino/aurora/fortuna-3');
    expect(gameCardOf(game, 'en')).toMatchObject({ id: 3, to: '/en/casino/aurora/fortuna-3', liked: true, likes: 9 });
  });

  it('the home page shows the featured row and the first categories and providers only', async () => {
    const row = (kind: HomeGameRow['kind'], slug: string): HomeGameRow => ({
      kind,
      slug,
      title: slug,
      link: kind === 'category' ? `/casino/category/${slug}` : '/casino/games',
      total: 1,
      games: [gameOf(1)],
    });
    const rows = [
      row('featured', 'featured'),
      ...Array.from({ length: 9 }, (_, i) => row('category', `c${i}`)),
      ...Array.from({ length: 14 }, (_, i) => row('provider', `p${i}`)),
    ];
    const actor = createActor(homeRowsMachine.provide({ actors: { fetchRows: fromPromise(async () => rows) } }), {
      input: { locale: 'en' },
    }).start();
    await flush();
    const view = homeRowsViewOf(actor.getSnapshot(), 'en');
    expect(view.rows).toHaveLength(HOME_ROWS_SHOWN.featured + HOME_ROWS_SHOWN.category + HOME_ROWS_SHOWN.provider);
    expect(view.rows.map((r) => r.id).slice(0, 3)).toEqual(['featured-featured', 'category-c0', 'category-c1']);
    expect(view.rows[1]?.moreHref).toBe('/en/casino/category/c0');
  });
});

describe('the game frame messages', () => {
  const url = 'http://127.0.0.1:8788/launch?game=x&mode=real';
  it('reads a settled round from the launch origin only', () => {
    expect(
      roundMessage({ origin: 'http://127.0.0.1:8788', data: { type: 'casino:round', balance: 4200 } }, url),
    ).toEqual({
      balance: 4200,
    });
    expect(roundMessage({ origin: 'http://evil.example', data: { type: 'casino:round', balance: 1 } }, url)).toBeNull();
    expect(
      roundMessage({ origin: 'http://127.0.0.1:8788', data: { type: 'casino:ready', balance: 1 } }, url),
    ).toBeNull();
    expect(
      roundMessage({ origin: 'http://127.0.0.1:8788', data: { type: 'casino:round', balance: 1.5 } }, url),
    ).toBeNull();
    expect(
      roundMessage({ origin: 'http://127.0.0.1:8788', data: { type: 'casino:round', balance: -1 } }, url),
    ).toBeNull();
    expect(roundMessage({ origin: 'http://127.0.0.1:8788', data: 'casino:round' }, url)).toBeNull();
    expect(
      roundMessage({ origin: 'http://127.0.0.1:8788', data: { type: 'casino:round', balance: 1 } }, 'nonsense'),
    ).toBeNull();
  });
});
