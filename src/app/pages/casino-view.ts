/**
 * Casino view models from the games machines' snapshots: what the lobby, the game page, the sportsbook and the
 * home rows render. Pure functions (tested), so the components only render.
 */
import type { SnapshotFrom } from 'xstate';
import type { gameCatalogueMachine } from '../../../machines/games/game-catalogue.machine';
import type { gamePageMachine } from '../../../machines/games/game-page.machine';
import type { Game } from '../../../machines/games/game-page.types';
import type { homeRowsMachine } from '../../../machines/games/home-rows.machine';
import type { sportsLaunchMachine } from '../../../machines/games/sports-launch.machine';
import type { GamePageView } from '../../features/casino/game-page';
import type { GameRowView } from '../../features/casino/game-row';
import type { LobbyView } from '../../features/casino/lobby-page';
import type { SportsView } from '../../features/casino/sports-page';
import type { GameCardView } from '../../features/casino/types';
import { localizePath, type Locale } from '../../i18n/locale';

/** The game page path of a game (§2.2 /casino/:provider/:game). */
export const gamePath = (game: Pick<Game, 'providercode' | 'gamecode'>, locale: Locale) =>
  localizePath(`/casino/${encodeURIComponent(game.providercode)}/${encodeURIComponent(game.gamecode)}`, locale);

export function gameCardOf(game: Game, locale: Locale): GameCardView {
  return {
    id: game.game_id,
    title: game.title,
    providerCode: game.providercode,
    providerName: game.provider_name,
    gamecode: game.gamecode,
    image: game.image,
    imageMobile: game.image_mobile,
    to: gamePath(game, locale),
    onlyDemo: game.only_demo,
    hasTables: game.has_tables,
    liked: game.hasLike,
    likes: game.totalLikes,
    favorite: game.hasFavorite,
  };
}

/** Cards are rebuilt only when the games list changes (memo by array identity). */
const cardsCache = new WeakMap<readonly Game[], { locale: Locale; cards: GameCardView[] }>();
export function cardsOf(games: readonly Game[], locale: Locale): GameCardView[] {
  const hit = cardsCache.get(games);
  if (hit && hit.locale === locale) return hit.cards;
  const cards = games.map((game) => gameCardOf(game, locale));
  cardsCache.set(games, { locale, cards });
  return cards;
}

export function lobbyViewOf(snapshot: SnapshotFrom<typeof gameCatalogueMachine>, locale: Locale): LobbyView {
  const { context } = snapshot;
  const status: LobbyView['status'] = snapshot.matches('failed')
    ? 'failed'
    : snapshot.matches('loadingMore')
      ? 'loadingMore'
      : snapshot.matches('loading')
        ? 'loading'
        : 'ready';
  return {
    status,
    pending: snapshot.matches('debouncing'),
    games: cardsOf(context.games, locale),
    total: context.total,
    canLoadMore: snapshot.matches({ ready: 'shown' }) && context.page < context.lastPage,
    searchTerm: context.filter.searchTerm,
    category: context.filter.category,
    provider: context.filter.provider,
    errorId: context.error ? context.error.messageId : null,
  };
}

export function sameLobbyView(a: LobbyView, b: LobbyView): boolean {
  return (
    a.status === b.status &&
    a.pending === b.pending &&
    a.games === b.games &&
    a.total === b.total &&
    a.canLoadMore === b.canLoadMore &&
    a.searchTerm === b.searchTerm &&
    a.category === b.category &&
    a.provider === b.provider &&
    a.errorId === b.errorId
  );
}

export function gamePageViewOf(snapshot: SnapshotFrom<typeof gamePageMachine>, locale: Locale): GamePageView {
  const { context } = snapshot;
  const status: GamePageView['status'] = snapshot.matches('notFound')
    ? 'notFound'
    : snapshot.matches('failed') || snapshot.matches({ ready: { launch: 'maintenance' } })
      ? 'maintenance'
      : snapshot.matches({ ready: { launch: 'playing' } })
        ? 'playing'
        : snapshot.matches('ready')
          ? 'launching'
          : 'loading';
  const game = context.game;
  const playing = status === 'playing';
  return {
    status,
    game: game ? gameCardOf(game, locale) : null,
    mode: playing ? (context.launch?.mode ?? context.mode) : null,
    url: playing ? (context.launch?.url ?? null) : null,
    canSwitchMode: Boolean(game && !game.only_demo && context.signedIn && !context.selfExcluded),
    guestDemo: Boolean(game && !game.only_demo && !context.signedIn),
    related: cardsOf(context.related, locale),
    relatedLoading: snapshot.matches({ ready: { related: 'loading' } }) || !snapshot.matches('ready'),
    shortOfFunds: playing && context.shortOfFunds,
  };
}

export function sameGamePageView(a: GamePageView, b: GamePageView): boolean {
  return (
    a.status === b.status &&
    a.game?.id === b.game?.id &&
    a.game?.title === b.game?.title &&
    a.mode === b.mode &&
    a.url === b.url &&
    a.canSwitchMode === b.canSwitchMode &&
    a.guestDemo === b.guestDemo &&
    a.related === b.related &&
    a.relatedLoading === b.relatedLoading &&
    a.shortOfFunds === b.shortOfFunds
  );
}

export function sportsViewOf(snapshot: SnapshotFrom<typeof sportsLaunchMachine>): SportsView {
  const { context } = snapshot;
  const status: SportsView['status'] = snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('signInRequired')
      ? 'signInRequired'
      : snapshot.matches('failed')
        ? 'failed'
        : 'loading';
  return {
    status,
    url: status === 'ready' ? context.url : null,
    mode: status === 'ready' ? (context.signedIn ? 'real' : 'view') : null,
  };
}

/**
 * How many rows of each kind the home page shows: the featured row, then the first categories and providers (the
 * lobby has the rest). A phone renders ~100 tiles, not the ~300 the platform offers.
 */
export const HOME_ROWS_SHOWN = { featured: 1, category: 5, provider: 2 } as const;

export function homeRowsViewOf(snapshot: SnapshotFrom<typeof homeRowsMachine>, locale: Locale) {
  const taken = { featured: 0, category: 0, provider: 0 };
  const shown = snapshot.context.rows.filter((row) => {
    taken[row.kind] += 1;
    return taken[row.kind] <= HOME_ROWS_SHOWN[row.kind];
  });
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    rows: shown.map((row): GameRowView => ({
      id: `${row.kind}-${row.slug}`,
      title: row.title,
      moreHref: row.link.startsWith('/') ? localizePath(row.link, locale) : null,
      games: cardsOf(row.games, locale),
    })),
  };
}
