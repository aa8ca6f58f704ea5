/** The lobby lists (catalogue, favorites, recent) with their real calls: fetched with the first lobby page. */
import { fromPromise } from 'xstate';
import type { FetchGamesInput, GamesPage } from '../../../machines/games/game-catalogue.types';
import { gameCatalogueMachine } from '../../../machines/games/game-catalogue.machine';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

export function createLobbyFlows(api: ApiClient) {
  /** GET casinos/games with the filter's set parts (§3 Filter) and the page. */
  const fetchGames = fromPromise<GamesPage, FetchGamesInput>(async ({ input, signal }) => {
    const { filter, page } = input;
    const query = {
      page,
      ...(filter.searchTerm.trim() ? { searchTerm: filter.searchTerm.trim() } : {}),
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.provider ? { provider: filter.provider } : {}),
      ...(filter.type === 'tables' || filter.type === 'games' ? { type: filter.type as 'tables' | 'games' } : {}),
      ...(filter.bonuses ? { bonuses: true } : {}),
    };
    const answer = await unwrap(api.GET('/casinos/games', { params: { query }, signal }));
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
