/** Types of the lobby's catalogue machine (spec §3 Game and Filter, §7 GET casinos/games, §9 24 games a page). */
import type { Schema } from '../../shared/api/types';
import type { GameFilter } from './game-filter';
import type { GamesError } from './games-error';

export type Game = Schema<'Game'>;
export type { GameFilter };

export interface CatalogueInput {
  /** The filter of the URL (filterFromSearchParams) when the screen opens; no filter by default. */
  filter?: Partial<GameFilter>;
  /** Games a page (§9: 24). */
  pageSize?: number;
}

/** What the app's `fetchGames` actor is given (GET casinos/games?filter…&page). */
export interface FetchGamesInput {
  filter: GameFilter;
  page: number;
  pageSize: number;
}

/** What it answers: one page of the list. */
export interface GamesPage {
  data: Game[];
  current_page: number;
  last_page: number;
  total: number;
}

export interface CatalogueContext {
  /** The filter as the player is setting it (search box and chips show it). */
  filter: GameFilter;
  /** The filter of the games shown or loading: the one the URL carries. */
  applied: GameFilter;
  pageSize: number;
  /** Every page loaded so far, in order, without duplicates. */
  games: Game[];
  /** Pages loaded (0 before the first answer). */
  page: number;
  lastPage: number;
  total: number;
  /** The last failure (kept in `failed` for the retry screen), null otherwise. */
  error: GamesError | null;
}

export type CatalogueEvent =
  /** The player changed part of the filter: searched after a pause (debounced), from page 1. */
  | { type: 'catalogue.filterChanged'; filter: Partial<GameFilter> }
  /** The URL changed under the screen (back button, a link): that filter, loaded at once. */
  | { type: 'catalogue.filterRestored'; filter: GameFilter }
  /** The end of the grid came into view, or "load more" was pressed. */
  | { type: 'catalogue.loadMore' }
  | { type: 'catalogue.retry' };

/** Emitted when a typed filter is searched: the screen writes it into the URL (filterToSearchParams). */
export type CatalogueEmitted = { type: 'catalogue.filterApplied'; filter: GameFilter };
