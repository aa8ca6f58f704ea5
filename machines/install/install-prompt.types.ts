/** Types of the install-to-home-screen prompt (spec §2.3, §9 push on phones only when installed). */

/** What the player chose in the browser's own install dialog. */
export type InstallOutcome = 'accepted' | 'dismissed';

/** What the browser tells the flow (through the app's `browser` actor) and what the player asks. */
export type InstallPromptEvent =
  /** `beforeinstallprompt` captured (default prevented): the browser actor holds the deferred prompt. */
  | { type: 'install.promptHeld' }
  /** The browser's dialog was answered (the held prompt is used up: cleared). */
  | { type: 'install.choice'; outcome: InstallOutcome }
  /** `appinstalled`: the app was installed (by our offer or the browser's own menu). */
  | { type: 'install.installed' }
  /** `(display-mode: standalone)` at start and whenever it changes. */
  | { type: 'install.displayMode'; standalone: boolean }
  /** The player asks to install (the install pages' button). */
  | { type: 'install.request' }
  /** The player closes the install modal. */
  | { type: 'install.close' };

/** What the flow asks of the browser actor: show the held prompt (`prompt()`, then its `userChoice`). */
export type InstallBrowserCommand = { type: 'install.prompt' };
