/**
 * The root's `tagManager` actor (§2.3), supplied by the app: once the site is ready, and only when
 * its settings carry a valid tag manager or a snippet, it waits for the page to have loaded and the browser to be
 * idle (after the first paint, never blocking it) and then fetches ./tag-manager.ts, which adds them. Once a page.
 */
import { fromCallback, type AnyActorRef, type EventObject } from 'xstate';
import { tagManagerScriptUrl } from '../../shared/tag-manager';
import type { SiteConfig } from '../../machines/site/site.types';

type Settings = Pick<SiteConfig, 'gtmId' | 'gtmSource' | 'html'>;

/** Runs `run` once the page has loaded and the browser is idle; returns a cancel. */
export function afterFirstPaint(win: Window, run: () => void): () => void {
  let cancelled = false;
  let idle: number | null = null;
  const schedule = () => {
    if (cancelled) return;
    if (typeof win.requestIdleCallback === 'function') idle = win.requestIdleCallback(run, { timeout: 3000 });
    else idle = win.setTimeout(run, 1);
  };
  const onLoad = () => schedule();
  if (win.document.readyState === 'complete') schedule();
  else win.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', onLoad);
    if (idle !== null) {
      if (typeof win.cancelIdleCallback === 'function') win.cancelIdleCallback(idle);
      else win.clearTimeout(idle);
    }
  };
}

/** Whether the settings carry anything to add (a valid tag manager or a non-empty snippet). */
export function hasIntegrations(settings: Partial<Settings>): boolean {
  return tagManagerScriptUrl(settings) !== null || Boolean(settings.html?.trim());
}

export function tagManagerLogic(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
  load: (settings: Settings) => Promise<void> = (settings) =>
    import('./tag-manager').then((m) => m.installIntegrations(settings)),
) {
  return fromCallback<EventObject>(({ system }) => {
    const site: AnyActorRef | undefined = system.get('site');
    if (!win || !site) return undefined;
    let cancel: (() => void) | null = null;
    type SiteSnapshot = { context?: { config?: SiteConfig | null }; matches?: (v: string) => boolean };
    const check = (snapshot: SiteSnapshot) => {
      const config = snapshot.context?.config;
      if (cancel || !config || !snapshot.matches?.('ready')) return;
      const settings: Settings = { gtmId: config.gtmId, gtmSource: config.gtmSource, html: config.html };
      cancel = hasIntegrations(settings)
        ? afterFirstPaint(win, () => void load(settings).catch(() => undefined))
        : () => undefined;
      subscription.unsubscribe();
    };
    const subscription = site.subscribe((snapshot: SiteSnapshot) => check(snapshot));
    check(site.getSnapshot() as SiteSnapshot);
    return () => {
      subscription.unsubscribe();
      cancel?.();
    };
  });
}
