/**
 * The casino's actors as the app's first load holds them: the home rows' call (their small flow is in
 * the first load), and how to fetch the rest, one chunk per kind of page (src/app/casino/*-flows.ts), so the lobby
 * fetches the catalogue only, the game page its own flow, and likes and favorites come with a player's first tap.
 */
import type { CasinoFlowKind, CasinoFlows } from '../../machines/app/app.machine';
import type { HomeGameRow } from '../../machines/games/home-rows.types';
import type { Locale } from '../i18n/locale';
import type { ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';
import type { GameFilter } from '../../machines/games/game-filter';
import { earlyGamesPage } from './casino/early-page';

export interface LazyCasinoFlows {
  /** The flows one kind of page needs (fetched once a page, then at once). */
  flows(kind: CasinoFlowKind): Promise<Partial<CasinoFlows>>;
  /** Asks for the lobby's first page of this filter now, while its code is fetched (./casino/early-page.ts). */
  prefetchLobby(filter: GameFilter): void;
  /** GET /featured/home-games in the page's language. */
  homeRows(locale: Locale, signal?: AbortSignal): Promise<HomeGameRow[]>;
}

export function lazyCasinoFlows(api: ApiClient): LazyCasinoFlows {
  const target = typeof window === 'undefined' ? new EventTarget() : window;
  const early = earlyGamesPage(api);
  const loaders: Record<CasinoFlowKind, () => Promise<Partial<CasinoFlows>>> = {
    lobby: () => import('./casino/lobby-flows').then((m) => m.createLobbyFlows(api, early)),
    game: () => import('./casino/game-flows').then((m) => m.createGameFlows(api, target)),
    sports: () => import('./casino/sports-flows').then((m) => m.createSportsFlows(api)),
    reactions: () => import('./casino/reactions-flows').then((m) => m.createReactionsFlows(api)),
  };
  const loading = new Map<CasinoFlowKind, Promise<Partial<CasinoFlows>>>();
  return {
    prefetchLobby: (filter) => early.start(filter),
    flows(kind) {
      let flows = loading.get(kind);
      if (!flows) {
        flows = loaders[kind]();
        // A failed fetch may be tried again.
        flows.catch(() => loading.delete(kind));
        loading.set(kind, flows);
      }
      return flows;
    },
    async homeRows(locale, signal) {
      return (await unwrap(api.GET('/featured/home-games', { params: { query: { locale } }, signal }))).data;
    },
  };
}
