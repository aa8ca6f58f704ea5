/**
 * Game cards and the home page's rows from the games machines' snapshots (in the first load: the home page shows
 * rows of games). The casino pages' own view models are in ./casino-view.ts (their chunks).
 */
import type { SnapshotFrom } from 'xstate';
import type { Game } from '../../../machines/games/game-page.types';
import type { homeRowsMachine } from '../../../machines/games/home-rows.machine';
import type { GameRowView } from '../../features/casino/game-row';
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
    rtpBp: game.rtp_bp,
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
