/** Types of the new-build watch (spec §2.3 last lines, §7 GET builds/latest.json, §9 page-reload guard). */

export interface BuildWatchInput {
  /** The id of the build this page runs (compiled into the app). */
  buildId: string;
  /** When this tab last reloaded itself (ms since the epoch, kept in sessionStorage), or null. */
  lastReloadAt: number | null;
}

/** Why the page wants to reload. */
export type ReloadCause = 'newBuild' | 'worker' | 'chunk';

export interface BuildWatchContext {
  buildId: string;
  /** The newer build latest.json named (once found), else null. */
  latestId: string | null;
  /** The pix flow is awaiting payment (a reload then waits). */
  depositOpen: boolean;
  lastReloadAt: number | null;
  cause: ReloadCause | null;
}

export type BuildWatchEvent =
  /** The tab became visible: latest.json is read now. */
  | { type: 'build.visible' }
  /** The player accepted the offer to load the new build. */
  | { type: 'build.accept' }
  /** The player closed the offer. */
  | { type: 'build.dismiss' }
  /** A new service worker took control while another was already active. */
  | { type: 'build.workerReplaced' }
  /** A lazily loaded chunk could not be fetched (vite:preloadError), at `at` ms since the epoch. */
  | { type: 'build.chunkFailed'; at: number }
  /** Whether the pix flow is awaiting payment (the deposit watch). */
  | { type: 'build.depositChanged'; open: boolean };
