/**
 * The casino's actors: the games machines' calls to the platform through the typed client (spec §7 Games), and the
 * game frame's messages. The machines never see HTTP; this file never decides a state.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { CasinoFlows } from '../../machines/app/app.machine';
import { favoriteMachine } from '../../machines/games/favorite.machine';
import { gameCatalogueMachine } from '../../machines/games/game-catalogue.machine';
import { gamePageMachine } from '../../machines/games/game-page.machine';
import { likeMachine } from '../../machines/games/like.machine';
import { reactionsMachine } from '../../machines/games/reactions.machine';
import { sportsLaunchMachine } from '../../machines/games/sports-launch.machine';
import type { FavoriteAnswer, SendFavoriteInput } from '../../machines/games/favorite.types';
import type { FetchGamesInput, GamesPage } from '../../machines/games/game-catalogue.types';
import type {
  FetchGameInput,
  FetchLaunchUrlInput,
  FetchRelatedInput,
  Game,
  GameLaunch,
  GamePageEvent,
} from '../../machines/games/game-page.types';
import type { LikeAnswer, SendLikeInput } from '../../machines/games/like.types';
import type { LaunchSportInput, SportLaunch } from '../../machines/games/sports-launch.types';
import { localeFromPath, type Locale } from '../i18n/locale';
import type { ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';

/** What a settled round in the game frame reports (sandbox/provider/README.md: the message protocol). */
export interface GameFrameInput {
  /** The launch URL: only messages from its origin are read. */
  url: string;
}

/** The page's language when a call is made (the game and the sportsbook open in it). */
const currentLocale = (): Locale => (typeof window === 'undefined' ? 'pt' : localeFromPath(window.location.pathname));

/** The launch URL's origin, or null when it is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A `casino:round` message of the game frame, or null: anything else (or from another origin) is ignored. */
export function roundMessage(event: Pick<MessageEvent, 'origin' | 'data'>, url: string): { balance: number } | null {
  if (event.origin !== originOf(url)) return null;
  const data = event.data as { type?: unknown; balance?: unknown } | null;
  if (!data || typeof data !== 'object' || data.type !== 'casino:round') return null;
  const balance = data.balance;
  return typeof balance === 'number' && Number.isInteger(balance) && balance >= 0 ? { balance } : null;
}

/** A `casino:error` of the game frame saying a bet was refused for lack of funds (from the launch origin only). */
export function fundsShortMessage(event: Pick<MessageEvent, 'origin' | 'data'>, url: string): boolean {
  if (event.origin !== originOf(url)) return false;
  const data = event.data as { type?: unknown; code?: unknown } | null;
  return Boolean(
    data && typeof data === 'object' && data.type === 'casino:error' && data.code === 'INSUFFICIENT_FUNDS',
  );
}

export function createGamesServices(api: ApiClient, target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
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

  const sendLike = fromPromise<LikeAnswer, SendLikeInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/like/{gameId}', {
        params: { path: { gameId: input.gameId } },
        body: { like: input.like },
        signal,
      }),
    );
    return { hasLike: answer.data.hasLike, totalLikes: answer.data.totalLikes };
  });

  const sendFavorite = fromPromise<FavoriteAnswer, SendFavoriteInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/favorite/{gameId}', {
        params: { path: { gameId: input.gameId } },
        body: { action: input.action },
        signal,
      }),
    );
    return { hasFavorite: answer.data.hasFavorite };
  });

  const fetchGame = fromPromise<Game | null, FetchGameInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/get', { body: { provider_code: input.provider, gamecode: input.gamecode }, signal }),
    );
    return answer.data;
  });

  const fetchLaunchUrl = fromPromise<GameLaunch, FetchLaunchUrlInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/url', { body: { game_id: input.gameId, mode: input.mode, locale: currentLocale() }, signal }),
    );
    return { url: answer.data.url, mode: answer.data.mode, expires_at: answer.data.expires_at };
  });

  const fetchRelated = fromPromise<Game[], FetchRelatedInput>(async ({ input, signal }) => {
    const answer = await unwrap(api.POST('/games/getRelated', { body: { game_id: input.gameId }, signal }));
    return answer.data;
  });

  const launchSport = fromPromise<SportLaunch, LaunchSportInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/launch/sport', {
        body: { mode: input.signedIn ? 'real' : 'view', locale: currentLocale() },
        signal,
      }),
    );
    return { url: answer.data.url, mode: answer.data.mode };
  });

  /** The game frame's settled rounds, from the launch URL's origin only. */
  const gameFrame = fromCallback<GamePageEvent, GameFrameInput>(({ input, sendBack }) => {
    const listener = (event: MessageEvent) => {
      const round = roundMessage(event, input.url);
      if (round) sendBack({ type: 'game.roundSettled', balance: round.balance });
    };
    target.addEventListener('message', listener as EventListener);
    return () => target.removeEventListener('message', listener as EventListener);
  });

  return {
    catalogue: { fetchGames },
    favorites: { fetchGames: listOf('/profile/favorites') },
    recent: { fetchGames: listOf('/games/recent') },
    reactions: { sendLike, sendFavorite },
    gamePage: { fetchGame, fetchLaunchUrl, fetchRelated, gameFrame },
    sports: { launchSport },
  };
}

export type GamesServices = ReturnType<typeof createGamesServices>;

/** The casino's flows with their real actors, as the root spawns them (this module is fetched on demand). */
export function createCasinoFlows(
  api: ApiClient,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): CasinoFlows {
  const games = createGamesServices(api, target);
  return {
    catalogue: gameCatalogueMachine.provide({ actors: games.catalogue }),
    favorites: gameCatalogueMachine.provide({ actors: games.favorites }),
    recent: gameCatalogueMachine.provide({ actors: games.recent }),
    gamePage: gamePageMachine.provide({ actors: games.gamePage }),
    sports: sportsLaunchMachine.provide({ actors: games.sports }),
    reactions: reactionsMachine.provide({
      actors: {
        like: likeMachine.provide({ actors: { sendLike: games.reactions.sendLike } }),
        favorite: favoriteMachine.provide({ actors: { sendFavorite: games.reactions.sendFavorite } }),
      },
    }),
  };
}
