/**
 * The app's one actor system (ARCHITECTURE.md "One actor tree"): the root app machine with the real actors
 * provided, started once per page, and the only bridge between it and the router (which is not a machine).
 *
 * - router → storage: the tracking parameters (`ref`, `lmcp`) of every URL;
 * - router → root: every route shown (`app.routeChanged`: path, language, page kind, auth, login tab) and
 *   whether a navigation is under way (`app.navigation`);
 * - root → router: `app.navigate` (home, pushed or replacing the entry).
 *
 * Everything else (which flow tells which) is the root machine's business; React reads snapshots and sends the
 * player's events. Nothing here is a React effect, so nothing runs twice under StrictMode.
 */
import type { createBrowserRouter } from 'react-router-dom';
import {
  createActor,
  fromCallback,
  fromPromise,
  type ActorRefFrom,
  type AnyActorRef,
  type InspectionEvent,
} from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import type { AppRoute } from '../../machines/app/app.types';
import { channelMachine } from '../../machines/realtime/channel.machine';
import type { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine';
import type { shellUiMachine } from '../../machines/site/shell-ui.machine';
import type { siteMachine } from '../../machines/site/site.machine';
import type { toastQueueMachine } from '../../machines/toast/toast-queue.machine';
import { localeFromPath, localizePath, writeLocaleCookie } from '../i18n/locale';
import { inspector } from '../lib/inspector';
import type { RouteHandle } from './route-handle';
import { contentSlugOf } from './routes';
import { storeTrackingParams } from './tracking-params';
import type { AppServices } from './services';
import { lazyWalletServices } from './wallet-flows';
import { lazyCasinoFlows } from './casino-flows';
import { lazyPushFlows, pushWatch } from './push-flows';
import { lazyNotificationFlows } from './notification-flows';
import { pageFlowsLoader } from './flows/page-flows';
import { homeRowsMachine } from '../../machines/games/home-rows.machine';
import { loadLoginModalView } from './login-modal-view';
import { pageEvents } from './page-events';
import { whenLiveWanted } from '../lib/realtime/live-demand';
import { createSessionServices, type AgeGateRef, type SessionRef, type SessionServices } from './session';

export type AppActor = ActorRefFrom<typeof appMachine>;

/** A data router (browser in the app, memory in tests). */
export type RouterLike = ReturnType<typeof createBrowserRouter>;
type RouterState = RouterLike['state'];

export interface AppRuntime {
  app: AppActor;
  /** The long-lived flows, children of the root under their systemIds. */
  site: ActorRefFrom<typeof siteMachine>;
  shellUi: ActorRefFrom<typeof shellUiMachine>;
  loadingBar: ActorRefFrom<typeof loadingBarMachine>;
  session: SessionRef;
  ageGate: AgeGateRef;
  sessionServices: SessionServices;
  stop(): void;
}

/** The toast queue once the first toast started it (machines/app: the `toasts` region). */
export function toastQueueOf(app: AppActor): ActorRefFrom<typeof toastQueueMachine> | undefined {
  const queue: AnyActorRef | undefined = app.system.get('toastQueue');
  return queue as ActorRefFrom<typeof toastQueueMachine> | undefined;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'entry' in value && 'locale' in value;
}

/** What the root needs to know of the route shown (the deepest page route's §2.2 entry; none on the 404 route). */
export function routeOf(state: RouterState): AppRoute {
  const { pathname } = state.location;
  for (let i = state.matches.length - 1; i >= 0; i -= 1) {
    const handle = state.matches[i]?.route.handle;
    if (isRouteHandle(handle)) {
      const { entry, locale } = handle;
      const params = Object.fromEntries(
        Object.entries(state.matches[i]?.params ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const slug = contentSlugOf(entry, params) ?? null;
      return {
        pathname,
        locale,
        page: entry.page,
        auth: Boolean(entry.auth),
        loginTab: entry.loginTab ?? null,
        slug,
        search: state.location.search.replace(/^\?/, ''),
        params,
        lobby: entry.lobby ?? null,
      };
    }
  }
  return { pathname, locale: localeFromPath(pathname), page: null, auth: false, loginTab: null, slug: null };
}

const sameRoute = (a: AppRoute | null, b: AppRoute) =>
  a !== null &&
  a.pathname === b.pathname &&
  a.page === b.page &&
  a.auth === b.auth &&
  a.loginTab === b.loginTab &&
  a.locale === b.locale &&
  a.slug === b.slug &&
  (a.search ?? '') === (b.search ?? '');

/**
 * A connection that never connects and channels never joined: for an app run without live updates (tests). Fetched
 * like the real ones (./live-flows.ts: not in a page's first load).
 */
const noLiveFlows = () => import('./live-flows').then((m) => m.noLiveFlows(channelMachine));

/** A 32-bit seed for the bets feed's fictitious generator. */
function randomSeed(): number {
  const c = globalThis.crypto;
  return c?.getRandomValues ? (c.getRandomValues(new Uint32Array(1))[0] ?? 0) : Math.floor(Math.random() * 2 ** 32);
}

export function createAppRuntime(
  services: AppServices,
  router: RouterLike,
  options: { inspect?: (event: InspectionEvent) => void } = {},
): AppRuntime {
  const inspect = options.inspect ?? inspector?.inspect;
  const { live } = services;
  const sessionServices =
    services.session ?? createSessionServices({ storage: services.storage, api: services.api, live: services.live });
  const wallet = services.wallet ?? lazyWalletServices(services.api, live);
  const casino = services.casino ?? lazyCasinoFlows(services.api);
  const pushFlows = lazyPushFlows(services.api, services.storage);
  const notificationFlows = lazyNotificationFlows(services.api, live, services.storage);
  // The build watch, the install prompt and the tag manager, fetched once the first screen is done (or
  // at once: a stale chunk, a route that shows one). What the page heard before is kept for them (page-events).
  const pageTools = fromPromise(() => {
    if (typeof window === 'undefined') return Promise.reject(new Error('no page'));
    const events = pageEvents();
    // A reload during a navigation (its route's chunk is stale) loads the address the player was going to.
    const reload = () => {
      const to = router.state.navigation.location;
      if (to) window.location.assign(`${to.pathname}${to.search}${to.hash}`);
      else window.location.reload();
    };
    return Promise.race([whenLiveWanted(), events.wanted])
      .then(() => import('./page-tools'))
      .then((m) => m.createPageTools({ events, reload }))
      .catch((error: unknown) => {
        events.reloadOnceForStaleChunk(reload);
        throw error;
      });
  });
  const logic = appMachine.provide({
    actors: {
      pageTools,
      site: services.siteLogic,
      session: sessionServices.sessionLogic,
      ageGate: sessionServices.ageGateLogic,
      // The login modal's code (sign-in, registration, recovery) comes with its own chunk when it first opens.
      // Its view's chunk is asked for beside it (one round trip for /login).
      loginModalFlow: fromPromise(() => {
        loadLoginModalView().catch(() => undefined);
        return sessionServices.loginModalFlow();
      }),
      // The connection and the bets feed come with their own chunk once the page wants live updates.
      liveFlows: fromPromise(() => (live ? live.flows() : noLiveFlows())),
      walletFlows: fromPromise(() => wallet.flows()),
      pageFlows: pageFlowsLoader({ api: services.api, storage: services.storage, live, casino, wallet }),
      pushFlows: fromPromise(() => pushFlows()),
      pushWatch,
      // The global chat's code (machine, actors, payload schema) comes with its own chunk on the first open.
      notificationFlows: fromPromise(() => notificationFlows()),
      chatFlow: fromPromise(() => import('./flows/chat').then((m) => m.createChatLogic(services.api, live))),
      // Missions: at sign-in, or for a guest once a mission arrives on their channel.
      missionsFlow: fromPromise(() =>
        import('./flows/missions').then((m) => m.createMissionsFlow(services.api, services.storage)),
      ),
      realityCheckFlow: fromPromise(() =>
        import('./flows/responsible-gaming').then((m) => m.createRealityCheckLogic(services.api)),
      ),
      homeRows: homeRowsMachine.provide({
        actors: {
          fetchRows: fromPromise(({ input, signal }: { input: { locale: 'pt' | 'en' }; signal: AbortSignal }) =>
            casino.homeRows(input.locale, signal),
          ),
        },
      }),
      contentPage: services.contentPageLogic,
      apiWatch: fromCallback(({ sendBack }) => {
        const stops = [
          services.onSelfExcluded?.((found) => sendBack({ type: 'session.selfExclusionFound', ...found })),
          services.onUnauthorized?.((reason) =>
            sendBack(reason ? { type: 'session.expired', reason } : { type: 'session.expired' }),
          ),
        ];
        return () => stops.forEach((stop) => stop?.());
      }),
    },
  });
  const page = typeof window === 'undefined' ? { hostname: 'localhost', protocol: 'http:' } : window.location;
  const app = createActor(logic, {
    systemId: 'app',
    input: {
      page: { hostname: page.hostname, protocol: page.protocol, apiBaseUrl: live?.apiBaseUrl ?? '/api' },
      site: services.siteInput,
      session: sessionServices.sessionInput,
      loginModal: sessionServices.loginModalInput,
      ageGate: sessionServices.ageGateInput,
      // The fictitious bets differ from page to page (a random seed) and carry the time they are drawn.
      betsFeed: { fictitious: { seed: randomSeed(), now: () => Date.now() } },
    },
    ...(inspect ? { inspect } : {}),
  });
  app.start();

  // root → router
  const navigation = app.on('app.navigate', (event) => {
    const { location, navigation: pending } = router.state;
    if (event.to === 'language') {
      // The header's switch or the language the player stored on /user: the same page in it (read from the router,
      // not from a page React may not have re-rendered yet), and the cookie the next visit reads. A navigation still
      // under way to the other language is overtaken by one to this page's own address.
      writeLocaleCookie(event.locale);
      const to = localizePath(location.pathname, event.locale);
      if (to !== location.pathname || pending.location)
        void router.navigate(`${to}${location.search}${location.hash}`, {
          replace: event.replace || to === location.pathname,
        });
      return;
    }
    if (event.to === 'deposit') {
      // A box the player could not pay for opens the wallet's deposit.
      void router.navigate(`${localizePath('/account/wallet', localeFromPath(location.pathname))}?tab=deposit`);
      return;
    }
    if (event.to === 'search') {
      // The lobby's filter: a new history entry with its query (the back button brings the previous filter back).
      const search = event.search ? `?${event.search}` : '';
      if (search !== location.search)
        void router.navigate({ pathname: location.pathname, search }, { replace: event.replace });
      return;
    }
    const to = localizePath('/', localeFromPath(location.pathname));
    // The session's "home" and the guard's "home" for one sign-out are one navigation.
    if (location.pathname === to || pending.location?.pathname === to) return;
    void router.navigate(to, { replace: event.replace });
  });

  // router → root
  let lastRoute: AppRoute | null = null;
  let lastBusy = false;
  let lastSearch: string | null = null;
  const report = (state: RouterState) => {
    // §2.3: `ref` and `lmcp` of any URL are kept as the router shows it, before anything renders or registers.
    if (state.location.search !== lastSearch) {
      lastSearch = state.location.search;
      storeTrackingParams(lastSearch, services.storage);
    }
    const route = routeOf(state);
    if (!sameRoute(lastRoute, route)) {
      lastRoute = route;
      app.send({ type: 'app.routeChanged', route });
    }
    const busy = state.navigation.state !== 'idle';
    if (busy !== lastBusy) {
      lastBusy = busy;
      app.send({ type: 'app.navigation', busy });
    }
  };
  report(router.state);
  const unsubscribe = router.subscribe(report);

  const child = <T>(id: string): T => {
    const ref: AnyActorRef | undefined = app.system.get(id);
    if (!ref) throw new Error(`app runtime: no "${id}" in the system`);
    return ref as T;
  };
  return {
    app,
    site: child('site'),
    shellUi: child('shellUi'),
    loadingBar: child('loadingBar'),
    session: child('session'),
    ageGate: child('ageGate'),
    sessionServices,
    stop() {
      unsubscribe();
      navigation.unsubscribe();
      app.stop();
    },
  };
}
