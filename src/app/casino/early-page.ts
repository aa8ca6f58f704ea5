/**
 * The lobby's first page, asked for side by side with the lobby's code. The lobby's largest paint is a
 * game's art: it waited for the lobby's chunk, then GET casinos/games, then the art. The root names the filter its
 * catalogue will start with (the casino flows' input), so the page's call starts with the chunk's, and the
 * catalogue's first fetch of that same query takes the answer instead of asking again.
 */
import { EMPTY_FILTER, normalizeFilter, type GameFilter } from '../../../machines/games/game-filter';
import type { ApiClient } from '../../lib/api/client';
import { gamesQuery, type GamesQuery } from './games-query';

/** GET casinos/games for a query (the lobby's call, ./lobby-flows.ts). */
export const getGames = (api: ApiClient, query: GamesQuery, signal?: AbortSignal) =>
  api.GET('/casinos/games', { params: { query }, signal });

type GamesAnswer = ReturnType<typeof getGames>;

export interface EarlyGamesPage {
  /** Asks for page 1 of this filter now (an earlier page not taken is forgotten). */
  start(filter: GameFilter): void;
  /** The answer to `query` if it was asked early and not taken yet; taken once. */
  take(query: GamesQuery): GamesAnswer | null;
}

const keyOf = (query: GamesQuery) => JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));

export function earlyGamesPage(api: ApiClient): EarlyGamesPage {
  let early: { key: string; answer: GamesAnswer } | null = null;
  return {
    start(filter) {
      // As the catalogue machine starts: the filter normalised, page 1.
      const query = gamesQuery(normalizeFilter({ ...EMPTY_FILTER, ...filter }), 1);
      const answer = getGames(api, query);
      // Nobody may take it (the player left first): a failed call is then nobody's error.
      answer.catch(() => undefined);
      early = { key: keyOf(query), answer };
    },
    take(query) {
      const found = early;
      if (!found || found.key !== keyOf(query)) return null;
      early = null;
      return found.answer;
    },
  };
}
