/**
 * The platform's handles on its realtime side (§7 Realtime): the SDK call every publisher uses, and the stop/start
 * handle on the realtime server that the QA panel's live block and the responsible-gaming evictions use.
 */
import type { RealtimeServer } from './server';

/** The SDK call the sandbox publishes with (`createPublisher()` is a `pusher` instance; tests pass a fake). */
export interface Publisher {
  trigger(channels: string | string[], event: string, data: unknown): Promise<unknown>;
}

/** The QA panel's name for the same call. */
export type LivePublisher = Publisher;

/** The panel's handle on the realtime server: stop it and start it again on the same port. */
export interface RealtimeControl {
  readonly port: number;
  running(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends the subscriptions the predicate picks on the running server (none when stopped); see RealtimeServer.evict. */
  evict?(match: (channel: string, member: { userId: string } | undefined) => boolean): number;
}

/** Wraps a started server and the way to start another on its port (`startRealtimeServer` with the same options). */
export function createRealtimeControl(
  first: RealtimeServer,
  startAgain: (port: number) => Promise<RealtimeServer>,
): RealtimeControl & { current(): RealtimeServer | undefined } {
  let server: RealtimeServer | undefined = first;
  let busy: Promise<void> = Promise.resolve();
  const port = first.port;
  // One stop or start at a time: two clicks never race for the port.
  const serial = (work: () => Promise<void>) => (busy = busy.then(work, work));
  return {
    port,
    running: () => server !== undefined,
    current: () => server,
    evict: (match) => server?.evict(match) ?? 0,
    stop: () =>
      serial(async () => {
        const closing = server;
        server = undefined;
        await closing?.close();
      }),
    start: () =>
      serial(async () => {
        if (server) return;
        server = await startAgain(port);
      }),
  };
}
