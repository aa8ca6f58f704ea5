/**
 * What the loaders of the root's on-demand and signed-in flows bring (the app supplies them; their code is not in
 * the first load): the root spawns these under the systemIds the screens know.
 */
import type { AnyActorLogic } from 'xstate';
import type { betsFeedMachine } from '../bets-feed/bets-feed.machine';
import type { buildWatchMachine } from '../build-watch/build-watch.machine';
import type { BuildWatchInput } from '../build-watch/build-watch.types';
import type { installPromptMachine } from '../install/install-prompt.machine';
import type { notificationsMachine } from '../notifications/notifications.machine';
import type { popupQueueMachine } from '../notifications/popup-queue.machine';
import type { pixMachine } from '../pix/pix.machine';
import type { pushPermissionMachine } from '../push/push-permission.machine';
import type { PushPermissionInput } from '../push/push-permission.types';
import type { connectionMachine } from '../realtime/connection.machine';
import type { withdrawalMachine } from '../withdrawal/withdrawal.machine';

/** The live connection and the bets feed, fetched once the site has realtime settings and the page wants them. */
export interface LiveFlows {
  connection: typeof connectionMachine;
  betsFeed: typeof betsFeedMachine;
}

/** The wallet's flows, fetched when a signed-in player first opens the wallet. */
export interface WalletFlows {
  pix: typeof pixMachine;
  withdrawal: typeof withdrawalMachine;
}

/** The push permission flow with its browser actors, and its input (the choice stored on this browser). */
export interface PushFlows {
  push: typeof pushPermissionMachine;
  input: PushPermissionInput;
}

/**
 * The page's tools, fetched once the first screen is done: the new-build watch with its input (this build, this
 * tab's last reload), the install prompt, the tag manager. The events they need from before (a held install
 * prompt, a failed chunk, a replaced worker) are kept for them by src/app/page-events.ts.
 */
export interface PageTools {
  buildWatch: typeof buildWatchMachine;
  buildWatchInput: BuildWatchInput;
  installPrompt: typeof installPromptMachine;
  tagManager: AnyActorLogic;
}

/** The notification centre and its pop-up queue; `muted` is the player's stored choice (no sound). */
export interface NotificationFlows {
  notifications: typeof notificationsMachine;
  popups: typeof popupQueueMachine;
  muted: boolean;
}

/**
 * The missions flow, fetched for a signed-in player, or for a guest once a mission arrives on their channel;
 * `input` is the browser's part (the viewport, the widgets' saved places), the root adds who it runs for and what
 * arrived before the code.
 */
export interface MissionsFlow {
  logic: AnyActorLogic;
  input: Record<string, unknown>;
}
