/** The game page with its real calls and the game frame's listener: fetched with the first game page. */
import { fromCallback, fromPromise } from 'xstate';
import { gamePageMachine } from '../../../machines/games/game-page.machine';
import type {
  FetchGameInput,
  FetchLaunchUrlInput,
  FetchRelatedInput,
  Game,
  GameLaunch,
  GamePageEvent,
} from '../../../machines/games/game-page.types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import { currentLocale, fundsShortMessage, roundMessage, type GameFrameInput } from '../games';

export function createGameFlows(api: ApiClient, target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
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
  /** The game frame's settled rounds and refused bets, from the launch URL's origin only. */
  const gameFrame = fromCallback<GamePageEvent, GameFrameInput>(({ input, sendBack }) => {
    const listener = (event: MessageEvent) => {
      const round = roundMessage(event, input.url);
      if (round) sendBack({ type: 'game.roundSettled', balance: round.balance });
      else if (fundsShortMessage(event, input.url)) sendBack({ type: 'game.fundsShort' });
    };
    target.addEventListener('message', listener as EventListener);
    return () => target.removeEventListener('message', listener as EventListener);
  });
  return {
    gamePage: gamePageMachine.provide({ actors: { fetchGame, fetchLaunchUrl, fetchRelated, gameFrame } }),
  };
}
