import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prepareApp } from './app/app';
import { pageEvents } from './app/page-events';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The app's one actor system is created outside React's render (src/app/app-runtime.ts), once per page, so
// StrictMode's double render neither starts a second system nor shows phantom actors to the inspector.
// The services, the router and the actor system start in tasks of their own (prepareApp), not in one long task
// with the first render (issue 11: total blocking time). A transition for that render was measured and dropped:
// the actors' updates during it made React render again synchronously, and the banner painted later.
// What the page's tools (build watch, install prompt; fetched once the first screen is done) must not miss is kept
// from now: a held install prompt, a stale chunk, a replaced worker (src/app/page-events.ts).
pageEvents();

// The service worker (web push; issue 17 grows it) registers once the page has loaded and painted, from a chunk of
// its own: nothing of it in the first load.
if ('serviceWorker' in navigator) {
  const startWorker = () =>
    setTimeout(() => void import('./sw/register').then((m) => m.startServiceWorker()).catch(() => undefined), 0);
  if (document.readyState === 'complete') startWorker();
  else window.addEventListener('load', startWorker, { once: true });
}

void prepareApp().then((app) => {
  createRoot(root).render(
    <StrictMode>
      <App services={app.services} router={app.router} />
    </StrictMode>,
  );
});
