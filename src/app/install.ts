/**
 * The install prompt's browser side (§2.3; machines/install): the `browser` actor the app supplies to the flow,
 * started with the root (never from a React effect). It captures `beforeinstallprompt` (default prevented, so the
 * browser shows no mini-infobar of its own) and keeps the event here, out of the machine's context; reports
 * `appinstalled` and the standalone display mode (at start and on change); and, told `install.prompt` (within the
 * player's click, so the browser's user-activation rule holds), calls the held `prompt()` and reports its
 * `userChoice`. A prompt is used once: it is dropped as soon as it is shown.
 */
import { fromCallback } from 'xstate';
import { installPromptMachine } from '../../machines/install/install-prompt.machine';
import type { InstallBrowserCommand, InstallPromptEvent } from '../../machines/install/install-prompt.types';
import type { EarlyInstallEvents } from './page-events';

/** The non-standard event Chromium fires when the page is installable (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

const isDeferredPrompt = (event: Event): event is BeforeInstallPromptEvent =>
  typeof (event as Partial<BeforeInstallPromptEvent>).prompt === 'function';

/** Standalone display mode (an installed app), or iOS Safari's home-screen flag. */
export function runsStandalone(win: Window = window): boolean {
  return (
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * `takeEarly`: what the page kept before the flow was fetched (src/app/page-events.ts): a held prompt, an install.
 */
export function installBrowserLogic(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
  takeEarly?: () => EarlyInstallEvents,
) {
  return fromCallback<InstallBrowserCommand>(({ sendBack, receive }) => {
    if (!win) return undefined;
    const send = (event: InstallPromptEvent) => sendBack(event);
    let held: BeforeInstallPromptEvent | null = null;
    const onPrompt = (event: Event) => {
      if (!isDeferredPrompt(event)) return;
      event.preventDefault();
      held = event;
      send({ type: 'install.promptHeld' });
    };
    const onInstalled = () => {
      held = null;
      send({ type: 'install.installed' });
    };
    const media = win.matchMedia?.('(display-mode: standalone)');
    const onDisplayMode = (event: MediaQueryListEvent) =>
      send({ type: 'install.displayMode', standalone: event.matches });
    win.addEventListener('beforeinstallprompt', onPrompt);
    win.addEventListener('appinstalled', onInstalled);
    media?.addEventListener?.('change', onDisplayMode);
    send({ type: 'install.displayMode', standalone: runsStandalone(win) });
    const early = takeEarly?.();
    if (early?.installed) send({ type: 'install.installed' });
    if (early?.prompt && isDeferredPrompt(early.prompt)) {
      held = early.prompt;
      send({ type: 'install.promptHeld' });
    }

    receive((command) => {
      if (command.type !== 'install.prompt') return;
      const event = held;
      held = null;
      let answered = false;
      const answer = (outcome: 'accepted' | 'dismissed') => {
        if (answered) return;
        answered = true;
        send({ type: 'install.choice', outcome });
      };
      if (!event) return answer('dismissed');
      try {
        // Called at once: the player's click is still the current user activation. A refused prompt() is a dismissal.
        event.prompt().catch(() => answer('dismissed'));
      } catch {
        return answer('dismissed');
      }
      event.userChoice.then(
        (choice) => answer(choice.outcome === 'accepted' ? 'accepted' : 'dismissed'),
        () => answer('dismissed'),
      );
      return undefined;
    });

    return () => {
      win.removeEventListener('beforeinstallprompt', onPrompt);
      win.removeEventListener('appinstalled', onInstalled);
      media?.removeEventListener?.('change', onDisplayMode);
    };
  });
}

/** The install prompt flow with the page's browser actor (a child of the root under systemId `installPrompt`). */
export function installPromptLogic(win?: Window, takeEarly?: () => EarlyInstallEvents) {
  return installPromptMachine.provide({ actors: { browser: installBrowserLogic(win, takeEarly) } });
}
