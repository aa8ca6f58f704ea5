import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prepareApp } from './app/app';
import { pageEvents } from './app/page-events';
import { afterPageQuiet, whenLiveWanted } from './lib/realtime/live-demand';
import { listenForPushOpens } from './sw/push-open';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The app's one actor system is created outside React's render (src/app/app-runtime.ts), once per page, so
// StrictMode's double render neither starts a second system nor shows phantom actors to the inspector.
// The services, the router and the actor system start in tasks of their own (prepareApp), not in one long task
// with the first render (total blocking time). A transition for that render was measured and dropped:
// the actors' updates during it made React render again synchronously, and the banner painted later.
// What the page's tools (build watch, install prompt; fetched once the first screen is done) must not miss is kept
// from now: a held install prompt, a stale chunk, a replaced worker (src/app/page-events.ts).
pageEvents();

// The service worker (offline shell, push) registers from a chunk of its own once the first screen is
// done and the page is quiet again: after the page wants live updates (idle or the first interaction) and what
// that fetched has arrived. Its install precaches the whole build (about 125 files); started at load it competed
// with the page's own requests and work (Lighthouse, home: TBT 480 → 1471 ms, score 83 → 67, 5 runs interleaved).
if ('serviceWorker' in navigator) {
  // A click on a push notification moves this tab from the start, whether or not the worker has registered yet.
  listenForPushOpens(navigator.serviceWorker);
  void whenLiveWanted().then(() =>
    afterPageQuiet(
      window,
      () => void import('./sw/register').then((m) => m.startServiceWorker()).catch(() => undefined),
    ),
  );
}

void prepareApp().then((app) => {
  createRoot(root).render(
    <StrictMode>
      <App services={app.services} router={app.router} />
    </StrictMode>,
  );
});
