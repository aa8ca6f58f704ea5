/** What the QA panel's routes are given (sandbox/platform.ts passes the API's parts). */
import type { FaultTable } from '../api/faults';
import type { SandboxClock } from '../api/clock';
import type { SandboxConfig } from '../config';
import type { Db } from '../db/types';
import type { PushSender } from '../push/sender';
import type { LivePublisher, RealtimeControl } from '../realtime/control';

export interface PanelDeps {
  db: Db;
  config: SandboxConfig;
  now: () => Date;
  /** The platform's movable clock : the clock block moves and resets it. */
  clock?: SandboxClock | undefined;
  /** Publishes test bets (the `pusher` SDK pointed at the sandbox's realtime server). */
  publisher?: LivePublisher | undefined;
  /** Stop/start of the realtime server, when this process runs it (sandbox/main.ts). */
  realtime?: RealtimeControl | undefined;
  /** Faults on demand, shared with the API (sandbox/api/app.ts). */
  faults?: FaultTable | undefined;
  /** The contract's operation ids, for the faults form. */
  operationIds?: readonly string[] | undefined;
  /** Web push with the sandbox's VAPID keys (the push section). */
  push?: PushSender | undefined;
}
