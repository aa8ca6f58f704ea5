/**
 * The query of GET casinos/games for a filter and a page (§3 Filter: only the parts that are set), in the first load
 * because the lobby's first page is fetched side by side with the lobby's code (./early-page.ts).
 */
import type { GameFilter } from '../../../machines/games/game-filter';

export function gamesQuery(filter: GameFilter, page: number) {
  return {
    page,
    ...(filter.searchTerm.trim() ? { searchTerm: filter.searchTerm.trim() } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.provider ? { provider: filter.provider } : {}),
    ...(filter.type === 'tables' || filter.type === 'games' ? { type: filter.type as 'tables' | 'games' } : {}),
    ...(filter.bonuses ? { bonuses: true } : {}),
  };
}

export type GamesQuery = ReturnType<typeof gamesQuery>;
