import { fromCallback, sendTo, setup } from 'xstate';
import type { InstallBrowserCommand, InstallPromptEvent } from './install-prompt.types';

/**
 * The install-to-home-screen prompt (spec §2.3): "when a deferred prompt is held the modal is hidden; when cleared
 * the modal shows. An installed flag is detected from standalone display mode." Runs for the page's life under
 * systemId `installPrompt` (a child of the root).
 *
 * The browser's side is the `browser` actor the app supplies (src/app/install.ts): it captures
 * `beforeinstallprompt` (default prevented) and keeps the event itself (a browser object never enters context),
 * reports `appinstalled` and the standalone display mode, and calls the held `prompt()` when told `install.prompt`.
 *
 * - browsing.noPrompt: no deferred prompt held (none yet, or cleared); the modal is hidden until the player asks
 *   to install (`install.request`) → browsing.modal, where the modal shows the manual steps (the browser's menu,
 *   Safari's "Add to Home Screen").
 * - browsing.held: a deferred prompt is held; the modal is hidden (a held prompt arriving while it is open hides it).
 *   The player's install offer uses the prompt: `install.request` → browsing.prompting (the browser's own dialog).
 * - prompting → accepted (the browser installs; `appinstalled` follows), or dismissed → the prompt is cleared and
 *   the modal shows (browsing.modal), so the player still sees how to install later; closing it hides it.
 * - installed: `appinstalled`, or the page runs in standalone display mode (at start or later). Nothing is offered.
 */
export const installPromptMachine = setup({
  types: {
    events: {} as InstallPromptEvent,
  },
  actors: {
    /** The browser's install events (supplied by the app; nothing by default, as on a browser without them). */
    browser: fromCallback<InstallBrowserCommand>(() => () => undefined),
  },
  actions: {
    showPrompt: sendTo('browser', { type: 'install.prompt' } satisfies InstallBrowserCommand),
  },
  guards: {
    standalone: ({ event }) => event.type === 'install.displayMode' && event.standalone,
    accepted: ({ event }) => event.type === 'install.choice' && event.outcome === 'accepted',
  },
}).createMachine({
  id: 'installPrompt',
  invoke: { id: 'browser', src: 'browser' },
  initial: 'browsing',
  states: {
    browsing: {
      initial: 'noPrompt',
      on: {
        'install.installed': { target: 'installed' },
        'install.displayMode': { guard: 'standalone', target: 'installed' },
      },
      states: {
        /** No deferred prompt held (none yet, or cleared): the modal is hidden until the player asks. */
        noPrompt: {
          on: {
            'install.request': { target: 'modal' },
            'install.promptHeld': { target: 'held' },
          },
        },
        /** Cleared and asked for: the modal shows how to install from the browser's menu. */
        modal: {
          on: {
            'install.close': { target: 'noPrompt' },
            'install.promptHeld': { target: 'held' },
          },
        },
        /** A deferred prompt is held: the modal is hidden; the install offer opens the browser's dialog. */
        held: {
          on: { 'install.request': { target: 'prompting' } },
        },
        /** The browser's own dialog is up (`prompt()` called on the held event). */
        prompting: {
          entry: 'showPrompt',
          on: {
            'install.choice': [{ guard: 'accepted', target: 'accepted' }, { target: 'modal' }],
          },
        },
        /** Accepted: the browser installs the app (`appinstalled` follows); a new prompt means it did not. */
        accepted: {
          on: { 'install.promptHeld': { target: 'held' } },
        },
      },
    },
    /** Installed (appinstalled, or running in standalone display mode): nothing to offer. */
    installed: {},
  },
});
