/**
 * The chunks of the root's page flows (machines/app/page-flows.ts names which one a page needs), each fetched
 * with the page that first needs it: one entry per chunk, beside the feature's own files. The root has one
 * loader (`pageFlows`); this is what the app supplies for it.
 */
import { fromPromise } from 'xstate';
import type { NamedFlows } from '../../../machines/kernel/flows';
import type { PageLoad, PageLoads, PageLoadName } from '../../../machines/app/page-flows';
import type { ApiClient } from '../../lib/api/client';
import type { LazyCasinoFlows } from '../casino-flows';
import type { LiveServices } from '../live';
import type { AppServices } from '../services';
import type { LazyWalletServices } from '../wallet-flows';

export interface PageFlowDeps {
  api: ApiClient;
  storage: AppServices['storage'];
  live: LiveServices | undefined;
  casino: LazyCasinoFlows;
  wallet: LazyWalletServices;
}

type Loaders = { [K in PageLoadName]: (deps: PageFlowDeps, input: PageLoads[K]) => Promise<NamedFlows> };

const USER_FLOW_IDS = { access: 'accessData', personal: 'personalData', bets: 'betsHistory' } as const;

export const PAGE_LOADERS: Loaders = {
  casino: ({ casino }, input) => {
    // The lobby's first page is asked for beside its code (src/app/casino/early-page.ts).
    if (input.firstPage) casino.prefetchLobby(input.firstPage);
    return casino.flows(input.kind);
  },
  responsible: ({ api }) => import('./responsible-gaming').then((m) => m.createResponsibleGamingFlows(api)),
  profile: ({ api }) => import('./profile').then((m) => ({ profile: m.createProfileLogic(api) })),
  bonus: ({ api }) => import('./bonus').then((m) => ({ ...m.createBonusFlows(api) })),
  ranking: ({ api }, input) => import('./ranking').then((m) => ({ rank: m.createRankingFlow(api, input) })),
  refers: ({ api }) => import('./refers').then((m) => ({ ...m.createRefersFlows(api) })),
  promotions: ({ api }) => import('./promotions').then((m) => ({ ...m.createPromotionsFlows(api) })),
  user: ({ api }, { kind }) =>
    (kind === 'access'
      ? import('./access-data').then((m) => m.createAccessDataLogic(api))
      : import('./user-pages').then((m) => m.createUserFlow(kind, api))
    ).then((logic) => ({ [USER_FLOW_IDS[kind]]: logic })),
  verification: ({ api, storage }) =>
    import('./verification').then((m) => ({ verification: m.createVerificationLogic(api, storage) })),
  // The boxes pages' flows, one chunk fetched with the first of them.
  boxes: ({ api, live }, { kind }) => import('./boxes').then((m) => ({ [kind]: m.createBoxesFlow(kind, api, live) })),
  gallery: () => import('../../../machines/gallery/gallery.machine').then((m) => ({ gallery: m.galleryMachine })),
  transactions: ({ wallet }) =>
    import('../../../machines/transactions/transactions.machine').then((m) => ({
      transactions: m.transactionsMachine.provide({
        actors: { loadPage: fromPromise(({ input }: { input: { page: number } }) => wallet.transactions(input.page)) },
      }),
    })),
};

/** The root's `pageFlows` loader over these chunks. */
export function pageFlowsLoader(deps: PageFlowDeps) {
  const load = <K extends PageLoadName>(flows: K, input: PageLoads[K]) => PAGE_LOADERS[flows](deps, input);
  return fromPromise<NamedFlows, PageLoad>(({ input }) => load(input.flows, input.input));
}
