/** The lobby lists (catalogue, favorites, recent) with their real calls: fetched with the first lobby page. */
import { fromPromise } from 'xstate';
import type { FetchGamesInput, GamesPage } from '../../../machines/games/game-catalogue.types';
import { gameCatalogueMachine } from '../../../machines/games/game-catalogue.machine';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import { getGames, type EarlyGamesPage } from './early-page';
import { gamesQuery } from './games-query';

export function createLobbyFlows(api: ApiClient, early?: EarlyGamesPage) {
  /**
   * GET casinos/games with the filter's set parts (§3 Filter) and the page; the lobby's first page may already be
   * on its way, asked for with the code (./early-page.ts): the same query takes that answer once.
   */
  const fetchGames = fromPromise<GamesPage, FetchGamesInput>(async ({ input, signal }) => {
    const query = gamesQuery(input.filter, input.page);
    const answer = await unwrap(early?.take(query) ?? getGames(api, query, signal));
    return { data: answer.data, current_page: answer.current_page, last_page: answer.last_page, total: answer.total };
  });
  /** /casino/favorites and /casino/recent: the same list machine, another call (no filter). */
  const listOf = (path: '/profile/favorites' | '/games/recent') =>
    fromPromise<GamesPage, FetchGamesInput>(async ({ input, signal }) => {
      const answer = await unwrap(api.GET(path, { params: { query: { page: input.page } }, signal }));
      return { data: answer.data, current_page: answer.current_page, last_page: answer.last_page, total: answer.total };
    });
  return {
    catalogue: gameCatalogueMachine.provide({ actors: { fetchGames } }),
    favorites: gameCatalogueMachine.provide({ actors: { fetchGames: listOf('/profile/favorites') } }),
    recent: gameCatalogueMachine.provide({ actors: { fetchGames: listOf('/games/recent') } }),
  };
}
