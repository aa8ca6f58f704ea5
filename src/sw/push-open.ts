/**
 * A click on a push notification while a tab of ours is open: the worker posts OPEN_MESSAGE to that tab
 * (./push-handlers.ts, openFromNotification), which moves there in-app. Listened for from the entry (main.tsx), not
 * with the worker's registration (./register.ts, once the page is quiet): a page that a worker already controls,
 * or one that subscribed to push before it went quiet, would drop the message otherwise (e2e/push.spec.ts failed
 * twice that way once start-up fetched more: the click's message came before the listener).
 */
import { OPEN_MESSAGE } from './push-handlers';

/** An in-app navigation the router follows (it listens to popstate and reads the address). */
function navigateInApp(target: Pick<Window, 'location' | 'history' | 'dispatchEvent'>, url: string): void {
  const { pathname, search, hash } = target.location;
  if (`${pathname}${search}${hash}` === url) return;
  target.history.pushState(null, '', url);
  target.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/** Follows the worker's OPEN_MESSAGE to a path of this site (a root-relative path; `//host` is another site). */
export function listenForPushOpens(
  container: Pick<ServiceWorkerContainer, 'addEventListener'>,
  target: Pick<Window, 'location' | 'history' | 'dispatchEvent'> = window,
): void {
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== OPEN_MESSAGE || typeof data.url !== 'string') return;
    if (!data.url.startsWith('/') || data.url.startsWith('//')) return;
    navigateInApp(target, data.url);
  });
}
