/** The one shape of the root's signed-in regions (wallet, notifications, push, reality check). */

/**
 * A region that runs its flows while a player is signed in: `off` until `start` holds, then the flows' code is
 * fetched (`loader`) and `spawn` starts them; `stop` (a guard) takes the region back to `off`, stopping them. If
 * the code cannot be fetched the region waits in `failed` until then (a new sign-in tries again).
 */
export function whileSignedIn<
  const Loader extends 'walletFlows' | 'notificationFlows' | 'pushFlows' | 'realityCheckFlow',
  const Start extends 'walletCanOpen' | 'notificationsCanOpen' | 'signedIn',
  const Stop extends 'walletMustClose' | 'signedOut',
  const Spawn extends 'startWalletFlows' | 'startNotificationFlows' | 'startPush' | 'startRealityCheck',
  const On extends object = object,
>(region: {
  loader: Loader;
  start: Start;
  stop: Stop;
  spawn: Spawn;
  /** The children it stops on the way out. */
  ids: readonly string[];
  /** What runs beside the flows (a watch of their emitted events) and what the region hears meanwhile. */
  running?: On;
}) {
  const back = { guard: region.stop, target: 'off' } as const;
  return {
    initial: 'off' as const,
    states: {
      off: { always: { guard: region.start, target: 'loading' } },
      loading: {
        invoke: {
          id: region.loader,
          src: region.loader,
          onDone: { target: 'on', actions: region.spawn },
          onError: { target: 'failed' },
        },
        always: back,
      },
      on: {
        ...region.running,
        exit: { type: 'stopFlows' as const, params: { ids: region.ids } },
        always: back,
      },
      failed: { always: back },
    },
  };
}
