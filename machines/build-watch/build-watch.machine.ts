import { assign, fromCallback, setup, type AnyActorRef } from 'xstate';
import { notSupplied, notSuppliedAction } from '../kernel/not-supplied';
import type { BuildWatchContext, BuildWatchEvent, BuildWatchInput } from './build-watch.types';

/** §2.3, §7, §9: how often latest.json is read, the page-reload guard, the largest latest.json read. */
export const BUILD_WATCH = {
  pollMs: 5 * 60_000,
  reloadGuardMs: 10_000,
  maxLatestBytes: 4096,
} as const;

/** A reload at `at` comes too soon after the last one (§9 page-reload guard: at most one per 10 s). */
export function reloadTooSoon(lastReloadAt: number | null, at: number): boolean {
  return lastReloadAt !== null && Math.abs(at - lastReloadAt) < BUILD_WATCH.reloadGuardMs;
}

const awaitingPayment = (ref: AnyActorRef): boolean => {
  const snapshot = ref.getSnapshot() as { status?: string; matches?: (value: string) => boolean };
  return snapshot.status === 'active' && snapshot.matches?.('awaitingPayment') === true;
};

/**
 * Follows the pix flow (systemId `pix`, spawned and stopped by the root, systemId `app`): reports
 * `build.depositChanged` whenever "a deposit is awaiting payment" changes. It looks again whenever the root's
 * snapshot changes (the root spawns and stops pix).
 */
export const depositWatch = fromCallback<BuildWatchEvent>(({ system, sendBack }) => {
  const root: AnyActorRef | undefined = system.get('app');
  if (!root) return undefined;
  let pix: AnyActorRef | undefined;
  let pixSubscription: { unsubscribe(): void } | undefined;
  let open = false;
  const report = (next: boolean) => {
    if (next === open) return;
    open = next;
    sendBack({ type: 'build.depositChanged', open });
  };
  const follow = () => {
    const next: AnyActorRef | undefined = system.get('pix');
    if (next !== pix) {
      pixSubscription?.unsubscribe();
      pix = next;
      pixSubscription = next?.subscribe({ next: () => report(awaitingPayment(next)), error: () => report(false) });
    }
    report(pix ? awaitingPayment(pix) : false);
  };
  follow();
  const rootSubscription = root.subscribe({ next: follow, error: () => undefined });
  return () => {
    rootSubscription.unsubscribe();
    pixSubscription?.unsubscribe();
  };
});

/**
 * New builds and stale chunks (spec §2.3: "a new build is detected by polling a latest-build file", "the page
 * reloads when a new worker installs while one is already active", "a stale-chunk load error triggers a page
 * reload at most once per 10 seconds").
 *
 * - `poll`: latest.json is read every 5 minutes and whenever the tab becomes visible (`fetchLatest`, supplied by
 *   the app: the id it names, or null for a missing, malformed or oversized file, which changes nothing). Another
 *   id than this page's → `found` (no more reads) and the reload is offered.
 * - `reload`: the offer (`offered`: a banner with "Reload"; closing it hides it for the page's life); a new service
 *   worker taking over from an active one, or a chunk that failed to load, asks for the reload at once; a chunk
 *   failure within 10 s of this tab's last reload is not acted on (no reload loop: the route shows its error).
 *   Every reload waits while the pix flow is awaiting payment (`held`: the player is told why) and happens once
 *   the deposit is no longer awaiting payment. `reload` (supplied by the app) remembers the time and reloads.
 * - Browser events (`browserEvents`, supplied by the app): visibility, the worker's `controllerchange`, vite's
 *   `vite:preloadError`. `depositWatch` follows the pix flow in the actor system.
 */
export const buildWatchMachine = setup({
  types: {
    context: {} as BuildWatchContext,
    events: {} as BuildWatchEvent,
    input: {} as BuildWatchInput,
  },
  actors: {
    /** Reads latest.json: the build id it names, or null (missing, malformed, too large). */
    fetchLatest: notSupplied<string | null>('buildWatch', 'fetchLatest'),
    /** The page's events (visibility, controllerchange, vite:preloadError); the app supplies it. */
    browserEvents: fromCallback<BuildWatchEvent>(() => undefined),
    depositWatch,
  },
  delays: { poll: BUILD_WATCH.pollMs },
  guards: {
    isNewBuild: ({ context }, output: string | null) => output !== null && output !== context.buildId,
    newBuildFound: ({ context }) => context.latestId !== null,
    chunkReloadTooSoon: ({ context, event }) =>
      event.type === 'build.chunkFailed' && reloadTooSoon(context.lastReloadAt, event.at),
    depositOpen: ({ context }) => context.depositOpen,
    depositClosed: ({ context }) => !context.depositOpen,
  },
  actions: {
    keepLatest: assign({ latestId: (_, output: string | null) => output }),
    keepDeposit: assign({
      depositOpen: ({ context, event }) => (event.type === 'build.depositChanged' ? event.open : context.depositOpen),
    }),
    causeNewBuild: assign({ cause: 'newBuild' as const }),
    causeWorker: assign({ cause: 'worker' as const }),
    causeChunk: assign({ cause: 'chunk' as const }),
    /** Remembers the time (§9 guard) and reloads the page; the app supplies it. */
    reload: notSuppliedAction('buildWatch', 'reload'),
  },
}).createMachine({
  id: 'buildWatch',
  context: ({ input }) => ({
    buildId: input.buildId,
    latestId: null,
    depositOpen: false,
    lastReloadAt: input.lastReloadAt,
    cause: null,
  }),
  invoke: [
    { id: 'browserEvents', src: 'browserEvents' },
    { id: 'depositWatch', src: 'depositWatch' },
  ],
  on: { 'build.depositChanged': { actions: 'keepDeposit' } },
  type: 'parallel',
  states: {
    poll: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { poll: { target: 'checking' } },
          on: { 'build.visible': { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'fetchLatest',
            src: 'fetchLatest',
            onDone: [
              {
                guard: { type: 'isNewBuild', params: ({ event }) => event.output },
                target: 'found',
                actions: { type: 'keepLatest', params: ({ event }) => event.output },
              },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
        /** A newer build was named: no more reads this page. */
        found: {},
      },
    },
    reload: {
      initial: 'watching',
      states: {
        watching: {
          initial: 'idle',
          on: {
            'build.workerReplaced': { target: 'pending', actions: 'causeWorker' },
            'build.chunkFailed': [{ guard: 'chunkReloadTooSoon' }, { target: 'pending', actions: 'causeChunk' }],
          },
          states: {
            idle: {
              always: { guard: 'newBuildFound', target: 'offered' },
            },
            /** "A new version is available" with a reload button. */
            offered: {
              on: {
                'build.accept': { target: '#buildWatch.reload.pending', actions: 'causeNewBuild' },
                'build.dismiss': { target: 'dismissed' },
              },
            },
            /** The player closed the offer: not shown again this page. */
            dismissed: {},
          },
        },
        pending: {
          always: [{ guard: 'depositOpen', target: 'held' }, { target: 'reloading' }],
        },
        /** A deposit is awaiting payment: the reload waits for it, and the player is told why. */
        held: {
          always: { guard: 'depositClosed', target: 'reloading' },
        },
        reloading: {
          entry: 'reload',
        },
      },
    },
  },
});
