import { assign, emit, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import { EMPTY_FILTER, mergeFilter, normalizeFilter, sameFilter } from './game-filter';
import type {
  CatalogueContext,
  CatalogueEmitted,
  CatalogueEvent,
  CatalogueInput,
  FetchGamesInput,
  Game,
  GamesPage,
} from './game-catalogue.types';
import { gamesErrorOf } from './games-error';

export { filterFromSearchParams, filterToSearchParams } from './game-filter';

/** The pause after the last keystroke (or chip) before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;
/** §9: games are shown 24 a page. */
export const GAMES_PAGE_SIZE = 24;

/** `games` then the new page's games not already listed (pages may shift while the player scrolls). */
function appendGames(games: Game[], more: Game[]): Game[] {
  const seen = new Set(games.map((g) => g.game_id));
  return [...games, ...more.filter((g) => !seen.has(g.game_id))];
}

const requestOf = (context: CatalogueContext, page: number): FetchGamesInput => ({
  filter: { ...context.applied, searchTerm: context.applied.searchTerm.trim() },
  page,
  pageSize: context.pageSize,
});

/**
 * The lobby's list of games (spec §7 GET casinos/games, §9 24 a page), searched by a filter that lives in the URL.
 *
 * - A filter change (`catalogue.filterChanged`, partial) waits `searchDebounce` (300 ms) in `debouncing`; another
 *   change meanwhile starts the wait again. Then page 1 of the new filter is loaded; a request in flight is
 *   cancelled by leaving its state (its actor is stopped, its answer never lands). A change that changes nothing
 *   is ignored. When the search starts the filter is emitted (`catalogue.filterApplied`) for the URL.
 * - `catalogue.filterRestored` (the URL changed: back button, a shared link) loads that filter at once, without
 *   the pause; the screen's own URL write coming back as the same filter is ignored.
 * - `catalogue.loadMore` loads the next page only when there is one and nothing is loading; its games are added.
 * - A failed first page shows `failed.firstPage` (retry); a failed next page keeps the games (`failed.nextPage`,
 *   retry loads that page again).
 */
export const gameCatalogueMachine = setup({
  types: {
    context: {} as CatalogueContext,
    events: {} as CatalogueEvent,
    input: {} as CatalogueInput,
    emitted: {} as CatalogueEmitted,
  },
  actors: {
    fetchGames: notSupplied<GamesPage, FetchGamesInput>('game catalogue', 'fetchGames'),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    changesFilter: ({ context, event }) =>
      event.type === 'catalogue.filterChanged' &&
      !sameFilter(mergeFilter(context.filter, event.filter), context.filter),
    /** Not the filter already typed and shown (the echo of the screen's own URL write). */
    restoresOtherFilter: ({ context, event }) => {
      if (event.type !== 'catalogue.filterRestored') return false;
      const restored = normalizeFilter(event.filter);
      return !sameFilter(restored, context.filter) || !sameFilter(restored, context.applied);
    },
    hasMorePages: ({ context }) => context.page < context.lastPage,
    isEmptyPage: (_, page: GamesPage) => page.data.length === 0,
  },
  actions: {
    changeFilter: assign({
      filter: ({ context, event }) =>
        event.type === 'catalogue.filterChanged' ? mergeFilter(context.filter, event.filter) : context.filter,
    }),
    restoreFilter: assign(({ event }) => {
      if (event.type !== 'catalogue.filterRestored') return {};
      const filter = normalizeFilter(event.filter);
      return { filter, applied: filter };
    }),
    applyFilter: assign({ applied: ({ context }) => context.filter }),
    announceFilter: emit(({ context }) => ({ type: 'catalogue.filterApplied' as const, filter: context.applied })),
    /** A new search: the previous results go (the grid shows skeletons). */
    startOver: assign({ games: [], page: 0, lastPage: 0, total: 0, error: null }),
    keepFirstPage: assign((_, page: GamesPage) => ({
      games: appendGames([], page.data),
      page: page.current_page,
      lastPage: page.last_page,
      total: page.total,
      error: null,
    })),
    keepNextPage: assign(({ context }, page: GamesPage) => ({
      games: appendGames(context.games, page.data),
      page: page.current_page,
      lastPage: page.last_page,
      total: page.total,
      error: null,
    })),
    keepError: assign({ error: (_, error: unknown) => gamesErrorOf(error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'gameCatalogue',
  context: ({ input }) => {
    const filter = normalizeFilter({ ...EMPTY_FILTER, ...input.filter });
    return {
      filter,
      applied: filter,
      pageSize: input.pageSize ?? GAMES_PAGE_SIZE,
      games: [],
      page: 0,
      lastPage: 0,
      total: 0,
      error: null,
    };
  },
  initial: 'loading',
  on: {
    // From any state: a change (re)starts the pause; leaving a loading state cancels its request.
    'catalogue.filterChanged': { guard: 'changesFilter', target: '.debouncing', actions: 'changeFilter' },
    'catalogue.filterRestored': { guard: 'restoresOtherFilter', target: '.loading', actions: 'restoreFilter' },
  },
  states: {
    debouncing: {
      after: { searchDebounce: { target: 'loading', actions: ['applyFilter', 'announceFilter'] } },
    },
    /** Page 1 of the applied filter. */
    loading: {
      entry: 'startOver',
      invoke: {
        id: 'fetchGames',
        src: 'fetchGames',
        input: ({ context }) => requestOf(context, 1),
        onDone: [
          {
            guard: { type: 'isEmptyPage', params: ({ event }) => event.output },
            target: 'ready.empty',
            actions: { type: 'keepFirstPage', params: ({ event }) => event.output },
          },
          { target: 'ready.shown', actions: { type: 'keepFirstPage', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed.firstPage',
          actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    ready: {
      initial: 'shown',
      states: {
        shown: {
          on: { 'catalogue.loadMore': { guard: 'hasMorePages', target: '#gameCatalogue.loadingMore' } },
        },
        /** No game matches the filter. */
        empty: {},
      },
    },
    /** The next page; the games loaded so far stay on screen. */
    loadingMore: {
      invoke: {
        id: 'fetchGames',
        src: 'fetchGames',
        input: ({ context }) => requestOf(context, context.page + 1),
        onDone: { target: 'ready.shown', actions: { type: 'keepNextPage', params: ({ event }) => event.output } },
        onError: {
          target: 'failed.nextPage',
          actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    failed: {
      initial: 'firstPage',
      states: {
        /** Nothing to show: the error and a retry. */
        firstPage: { on: { 'catalogue.retry': { target: '#gameCatalogue.loading' } } },
        /** The games loaded so far stay; the retry loads the page that failed. */
        nextPage: { on: { 'catalogue.retry': { target: '#gameCatalogue.loadingMore', actions: 'clearError' } } },
      },
    },
  },
});
