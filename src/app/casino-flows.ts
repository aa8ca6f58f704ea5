/**
 * The casino's actors as the app's first load holds them (issue 11): the home rows' call (their small flow is in
 * the first load), and how to fetch the rest. ./games.ts (the lobby, game page, sportsbook and reactions flows with
 * their real actors) is loaded when a casino page first needs it or a player first taps a heart or a star.
 */
import type { CasinoFlows } from '../../machines/app/app.machine';
import type { HomeGameRow } from '../../machines/games/home-rows.types';
import type { Locale } from '../i18n/locale';
import type { ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';

export interface LazyCasinoFlows {
  flows(): Promise<CasinoFlows>;
  /** GET /featured/home-games in the page's language. */
  homeRows(locale: Locale, signal?: AbortSignal): Promise<HomeGameRow[]>;
}

export function lazyCasinoFlows(api: ApiClient): LazyCasinoFlows {
  let loading: Promise<CasinoFlows> | undefined;
  return {
    flows() {
      loading ??= import('./games').then((m) =>
        m.createCasinoFlows(api, typeof window === 'undefined' ? new EventTarget() : window),
      );
      // A failed fetch may be tried again.
      loading.catch(() => (loading = undefined));
      return loading;
    },
    async homeRows(locale, signal) {
      return (await unwrap(api.GET('/featured/home-games', { params: { query: { locale } }, signal }))).data;
    },
  };
}
