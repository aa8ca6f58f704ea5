/** /ranking's flow with its real calls, a chunk of its own fetched with the page. */
import { fromPromise } from 'xstate';
import type { BonusFlow, RankingFlowInput } from '../../../machines/app/app.machine';
import { rankMachine } from '../../../machines/bonus/rank.machine';
import type { RankAnswer, RankInput } from '../../../machines/bonus/rank.types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

/** GET /ranking (anyone) and, for a signed-in player, GET /profile/vip, together. */
export function createRankingFlow(api: ApiClient, input: RankingFlowInput): BonusFlow {
  const loadVip = (signal: AbortSignal) => unwrap(api.GET('/profile/vip', { signal }));
  return {
    logic: rankMachine.provide({
      actors: {
        loadRank: fromPromise<RankAnswer, RankInput>(async ({ input: { player }, signal }) => {
          const [levels, vip] = await Promise.all([
            unwrap(api.GET('/ranking', { signal })),
            player ? loadVip(signal) : Promise.resolve(null),
          ]);
          return { levels, vip };
        }),
        loadVip: fromPromise<unknown>(({ signal }) => loadVip(signal)),
      },
    }),
    input: { player: input.player } satisfies RankInput,
  };
}
