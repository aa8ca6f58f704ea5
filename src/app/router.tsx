import {
  createBrowserRouter,
  data,
  redirect,
  type IndexRouteObject,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router-dom';
import { withMessages } from '../i18n/i18n-provider';
import { visitLocale, type Locale } from '../i18n/locale';
import { DefaultLayoutRoute, EmptyLayoutRoute, RootRoute, RouteErrorBoundary } from './layouts';
import { HomeRoute } from './pages/home-route';
import type { RouteHandle } from './route-handle';
import { paramsAreValid, ROUTES, routeId, type RouteEntry } from './routes';
import { pageEvents } from './page-events';

/**
 * Each kind of page is its own chunk, loaded when a route needs it (with the catalogue part its screens say); except
 * home, which ships with the entry: its banner is the page's largest paint and must not wait for a route chunk
 *.
 */
type PageModule = () => Promise<{ Component: React.ComponentType }>;

/**
 * Pages whose app side is one file, `src/app/flows/<page kind>.tsx` (its flows' real calls and its route element,
 * exported as `Route`): found here by their name, each its own chunk, with the catalogue part the route entry names.
 */
const FLOW_PAGES = import.meta.glob<{ Route: React.ComponentType }>('./flows/*.tsx');

const PAGE_MODULES: Partial<Record<Exclude<RouteEntry['page'], 'home'>, PageModule>> = {
  // A content page that does not exist shows the not-found page (the errors part).
  content: withMessages('errors', () => import('./pages/content-route').then((m) => ({ Component: m.ContentRoute }))),
  placeholder: withMessages('pages', () =>
    import('./pages/placeholder-route').then((m) => ({ Component: m.PlaceholderRoute })),
  ),
  wallet: withMessages('wallet', () => import('./pages/wallet-route').then((m) => ({ Component: m.WalletRoute }))),
  transactions: withMessages('wallet', () =>
    import('./pages/transactions-route').then((m) => ({ Component: m.TransactionsRoute })),
  ),
  lobby: withMessages('casino', () => import('./pages/lobby-route').then((m) => ({ Component: m.LobbyRoute }))),
  game: withMessages('game', () => import('./pages/game-route').then((m) => ({ Component: m.GameRoute }))),
  providers: withMessages('casino', () =>
    import('./pages/providers-route').then((m) => ({ Component: m.ProvidersRoute })),
  ),
  sports: withMessages('game', () => import('./pages/sports-route').then((m) => ({ Component: m.SportsRoute }))),
  profile: withMessages('profile', () => import('./pages/profile-route').then((m) => ({ Component: m.ProfileRoute }))),
  access: withMessages('profile', () =>
    import('./pages/access-data-route').then((m) => ({ Component: m.AccessDataRoute })),
  ),
  personal: withMessages('profile', () =>
    import('./pages/personal-data-route').then((m) => ({ Component: m.PersonalDataRoute })),
  ),
  bets: withMessages('profile', () =>
    import('./pages/bets-history-route').then((m) => ({ Component: m.BetsHistoryRoute })),
  ),
  verification: withMessages('verification', () =>
    import('./pages/verification-route').then((m) => ({ Component: m.VerificationRoute })),
  ),
  // The install pages show the install flow: the page's tools are wanted at once, beside the route's chunk.
  install: withMessages('install', () => {
    pageEvents().want();
    return import('./pages/install-route').then((m) => ({ Component: m.InstallRoute }));
  }),
  // /bonus, its chunk with the rewards texts.
  bonus: withMessages('rewards', () => import('./pages/bonus-route').then((m) => ({ Component: m.BonusRoute }))),
  ranking: withMessages('rewards', () => import('./pages/ranking-route').then((m) => ({ Component: m.RankingRoute }))),
  promotions: withMessages('rewards', () =>
    import('./pages/promotions-route').then((m) => ({ Component: m.PromotionsRoute })),
  ),
  rewards: withMessages('rewards', () => import('./pages/rewards-route').then((m) => ({ Component: m.RewardsRoute }))),
  responsible: withMessages('rg', () =>
    import('./pages/responsible-route').then((m) => ({ Component: m.ResponsibleRoute })),
  ),
  // The boxes pages, each its own chunk with the boxes texts.
  crates: withMessages('boxes', () => import('./pages/crates-route').then((m) => ({ Component: m.CratesRoute }))),
  box: withMessages('boxes', () => import('./pages/box-route').then((m) => ({ Component: m.BoxRoute }))),
  inventory: withMessages('boxes', () =>
    import('./pages/inventory-route').then((m) => ({ Component: m.InventoryRoute })),
  ),
  // The demo pages, each its own chunk with the demo texts.
  animation: withMessages('demo', () =>
    import('./pages/animation-route').then((m) => ({ Component: m.AnimationRoute })),
  ),
  gallery: withMessages('demo', () => import('./pages/gallery-route').then((m) => ({ Component: m.GalleryRoute }))),
  messaging: withMessages('demo', () =>
    import('./pages/messaging-route').then((m) => ({ Component: m.MessagingRoute })),
  ),
};
const notFoundModule = withMessages('errors', () =>
  import('./pages/not-found-route').then((m) => ({ Component: m.NotFoundRoute })),
);

/** The chunk that renders a page kind: its entry above, or its `flows/<kind>.tsx`; none: a bug the route test finds. */
export function pageModuleOf(entry: RouteEntry): PageModule | undefined {
  if (entry.page === 'home') return undefined;
  const own = FLOW_PAGES[`./flows/${entry.page}.tsx`];
  if (own) return withMessages(entry.messages ?? 'pages', () => own().then((m) => ({ Component: m.Route })));
  return PAGE_MODULES[entry.page];
}

function relativePath(entry: RouteEntry): string {
  return entry.path.replace(/^\//, '');
}

function pageRoute(entry: RouteEntry, locale: Locale): RouteObject {
  const handle: RouteHandle = { entry, locale };
  const route: NonIndexRouteObject = {
    id: routeId(entry, locale),
    handle,
    ...(entry.page === 'home' ? { Component: HomeRoute } : { lazy: pageModuleOf(entry) }),
    errorElement: <RouteErrorBoundary />,
  };
  if (entry.params) {
    // §2.2: a parameter that fails its check is a 404.
    route.loader = ({ params }) => {
      if (!paramsAreValid(entry, params)) throw data(null, { status: 404, statusText: 'Not Found' });
      return null;
    };
  }
  if (entry.path === '/') {
    if (locale === 'pt') {
      // The locale cookie is honoured on a visit to /.
      route.loader = ({ request }) => {
        const cookie = typeof document === 'undefined' ? '' : document.cookie;
        const url = new URL(request.url);
        if (visitLocale(url.pathname, cookie) === 'en') return redirect(`/en${url.search}`);
        return null;
      };
    }
    const { children: _children, ...leaf } = route;
    return { ...leaf, index: true } satisfies IndexRouteObject;
  }
  return { ...route, path: relativePath(entry) };
}

function localeBranch(locale: Locale): RouteObject {
  const entries = (layout: RouteEntry['layout']) => ROUTES.filter((e) => e.layout === layout);
  return {
    id: `locale${locale === 'pt' ? '___pt' : '___en'}`,
    path: locale === 'pt' ? '/' : '/en',
    children: [
      {
        id: `layout-default___${locale}`,
        element: <DefaultLayoutRoute />,
        children: [
          ...entries('default').map((e) => pageRoute(e, locale)),
          { id: `not-found___${locale}`, path: '*', lazy: notFoundModule },
        ],
      },
      {
        id: `layout-empty___${locale}`,
        element: <EmptyLayoutRoute />,
        children: entries('empty').map((e) => pageRoute(e, locale)),
      },
    ],
  };
}

/** The route objects: a root (effects, loading bar), then the Portuguese and English branches. */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteErrorBoundary />,
      HydrateFallback: () => null,
      children: [localeBranch('pt'), localeBranch('en')],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
