/** Types of the home page's rows of games (§7 GET featured/home-games). */
import type { Schema } from '../../shared/api/types';
import type { GamesError } from './games-error';

export type HomeGameRow = Schema<'HomeGameRow'>;

export interface HomeRowsInput {
  /** The rows' titles come in this language. */
  locale: 'pt' | 'en';
}

export interface HomeRowsContext extends HomeRowsInput {
  rows: HomeGameRow[];
  error: GamesError | null;
}

export type HomeRowsEvent = { type: 'homeRows.retry' };
