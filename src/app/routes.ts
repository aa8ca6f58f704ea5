/**
 * The route table of spec §2.2: one entry per plain (Portuguese) path. The router (router.tsx) makes two routes
 * of each, `<name>___pt` at the path and `<name>___en` under /en. Pure data, so a test can walk it.
 */
import type { FeatureName } from '../../machines/site/site.connect';
import type { LoginModalTab } from '../../machines/site/shell-ui.types';
import type { CatalogPart } from '../i18n/catalog-parts';
import type { Locale } from '../i18n/locale';

/** Which lazily loaded page module renders the route. */
export type PageKind =
  | 'home'
  | 'content'
  | 'placeholder'
  | 'wallet'
  | 'transactions'
  | 'lobby'
  | 'game'
  | 'providers'
  | 'sports'
  | 'responsible'
  // /bonus (coupons, cashback, active bonuses).
  | 'bonus'
  // /ranking (the levels, the player's level and progress, the VIP section).
  | 'ranking'
  // /refers (the referral link and affiliates).
  | 'refers'
  // /promotions (the grid) and /promotion?slug=… (one promotion).
  | 'promotions'
  // /rewards (missions, level, cashback).
  | 'rewards'
  | 'profile'
  | 'access'
  | 'personal'
  | 'bets'
  | 'verification'
  // The demo pages (§2.2 /animation, /NewComponents, /messaging-2).
  | 'animation'
  | 'gallery'
  | 'messaging'
  // The install pages (§2.2 /install, /install-two, /ios).
  | 'install'
  // Boxes (/casino/crates, /casino/box/:name) and the player's boxes and prizes (/account/boxes, /account/items).
  | 'crates'
  | 'box'
  | 'inventory';

/** Which list a lobby route shows (the catalogue with its filter, or the player's favorites or recent games). */
export type LobbyList = 'games' | 'category' | 'favorites' | 'recent';
export type LayoutName = 'default' | 'empty';

export interface RouteEntry {
  /** Route name without the locale suffix. */
  name: string;
  /** Plain path as in §2.2 ('/' for home). */
  path: string;
  page: PageKind;
  layout: LayoutName;
  /** §6: needs a signed-in player. */
  auth?: boolean;
  /** Hidden (404) when the brand switches this feature off. */
  feature?: FeatureName;
  /**
   * Catalog id of the page title (heading, and document title `<title> · <brand>`; home shows the site title).
   * Each route has its own: `shell.page.<name>.title`.
   */
  titleId: string;
  /** Catalog id of the short description placeholder pages show under their title. */
  descriptionId?: string;
  /** /login, /register, /recover-pass: home with the login modal open on this tab. */
  loginTab?: LoginModalTab;
  /** Content pages: the slug asked from GET /pages/{slug}; `:slug` takes it from the path. */
  contentSlug?: string;
  /** Lobby routes: which list. */
  lobby?: LobbyList;
  /** The catalogue part a page whose app side is `src/app/flows/<page>.tsx` loads with its chunk (default `pages`). */
  messages?: CatalogPart;
  /** Parameter checks: a parameter that fails its pattern shows the 404 page. */
  params?: Record<string, RegExp>;
}

/** Game, provider, category and box names: letters, digits, '-' and '_'. */
const NAME_PARAM = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;
/** The contract's slug pattern (GET /pages/{slug}). */
const SLUG_PARAM = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const placeholder = (name: string, path: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  name,
  path,
  page: 'placeholder',
  layout: 'default',
  titleId: `shell.page.${name}.title`,
  descriptionId: `shell.page.${name}.description`,
  ...extra,
});

const content = (slug: string): RouteEntry => ({
  name: slug,
  path: `/${slug}`,
  page: 'content',
  layout: 'default',
  titleId: `shell.page.${slug}.title`,
  contentSlug: slug,
});

export const ROUTES: readonly RouteEntry[] = [
  { name: 'index', path: '/', page: 'home', layout: 'default', titleId: 'shell.page.index.title' },
  {
    name: 'login',
    path: '/login',
    page: 'home',
    layout: 'default',
    titleId: 'shell.page.login.title',
    loginTab: 'login',
  },
  {
    name: 'register',
    path: '/register',
    page: 'home',
    layout: 'default',
    titleId: 'shell.page.register.title',
    loginTab: 'register',
  },
  {
    name: 'recover-pass',
    path: '/recover-pass',
    page: 'home',
    layout: 'default',
    titleId: 'shell.page.recover-pass.title',
    loginTab: 'recovery',
  },
  placeholder('account-boxes', '/account/boxes', { auth: true, feature: 'boxes', page: 'inventory' }),
  placeholder('account-items', '/account/items', { auth: true, feature: 'boxes', page: 'inventory' }),
  placeholder('account-wallet', '/account/wallet', { auth: true, page: 'wallet' }),
  placeholder('user', '/user', { auth: true, page: 'profile' }),
  placeholder('user-edit', '/user/edit', { auth: true, page: 'profile' }),
  placeholder('user-edit-access-data', '/user/edit/access-data', { auth: true, page: 'access' }),
  placeholder('user-edit-history-casino', '/user/edit/history-casino', { auth: true, page: 'bets' }),
  placeholder('user-edit-personal-data', '/user/edit/personal-data', { auth: true, page: 'personal' }),
  placeholder('user-edit-transaction', '/user/edit/transaction', { auth: true, page: 'transactions' }),
  placeholder('user-edit-verification', '/user/edit/verification', {
    auth: true,
    feature: 'kyc',
    page: 'verification',
  }),
  content('aml-policy'),
  placeholder('animation', '/animation', { page: 'animation' }),
  content('betting-terms'),
  placeholder('bonus', '/bonus', { page: 'bonus' }),
  placeholder('casino-game', '/casino/:provider/:game', {
    page: 'game',
    params: { provider: NAME_PARAM, game: NAME_PARAM },
  }),
  placeholder('casino-box', '/casino/box/:name', { feature: 'boxes', page: 'box', params: { name: NAME_PARAM } }),
  placeholder('casino-category', '/casino/category/:filter', {
    page: 'lobby',
    lobby: 'category',
    params: { filter: NAME_PARAM },
  }),
  placeholder('casino-crates', '/casino/crates', { feature: 'boxes', page: 'crates' }),
  placeholder('casino-favorites', '/casino/favorites', { auth: true, page: 'lobby', lobby: 'favorites' }),
  placeholder('casino-games', '/casino/games', { page: 'lobby', lobby: 'games' }),
  placeholder('casino-play', '/casino/play', { page: 'lobby', lobby: 'games' }),
  placeholder('casino-providers', '/casino/providers', { page: 'providers' }),
  placeholder('casino-recent', '/casino/recent', { auth: true, page: 'lobby', lobby: 'recent' }),
  content('em-conformidade-com-a-regulamentacao'),
  placeholder('install', '/install', { page: 'install' }),
  placeholder('install-two', '/install-two', { page: 'install' }),
  placeholder('ios', '/ios', { page: 'install' }),
  placeholder('messaging-2', '/messaging-2', { layout: 'empty', page: 'messaging' }),
  placeholder('new-components', '/NewComponents', { page: 'gallery' }),
  {
    name: 'pages-slug',
    path: '/pages/:slug',
    page: 'content',
    layout: 'default',
    titleId: 'shell.page.pages-slug.title',
    contentSlug: ':slug',
    params: { slug: SLUG_PARAM },
  },
  content('privacy'),
  content('terms'),
  placeholder('promotion', '/promotion', { page: 'promotions' }),
  placeholder('promotions', '/promotions', { page: 'promotions' }),
  placeholder('ranking', '/ranking', { page: 'ranking' }),
  placeholder('refers', '/refers', { auth: true, page: 'refers', messages: 'rewards' }),
  placeholder('responsible-gambling', '/responsible-gambling', { auth: true, page: 'responsible' }),
  content('responsible-gaming'),
  placeholder('rewards', '/rewards', { page: 'rewards' }),
  placeholder('sports', '/sports', { feature: 'sports', page: 'sports' }),
];

export const LOCALE_SUFFIX: Record<Locale, string> = { pt: '___pt', en: '___en' };

export function routeId(entry: Pick<RouteEntry, 'name'>, locale: Locale): string {
  return `${entry.name}${LOCALE_SUFFIX[locale]}`;
}

/** The path of an entry in a locale: `/casino/games` or `/en/casino/games`. */
export function localizedRoutePath(entry: Pick<RouteEntry, 'path'>, locale: Locale): string {
  if (locale === 'pt') return entry.path;
  return entry.path === '/' ? '/en' : `/en${entry.path}`;
}

/** Whether the route's parameters pass their checks (§2.2: a failed check shows the 404 page). */
export function paramsAreValid(entry: Pick<RouteEntry, 'params'>, params: Record<string, string | undefined>): boolean {
  if (!entry.params) return true;
  return Object.entries(entry.params).every(([name, pattern]) => {
    const value = params[name];
    return value !== undefined && pattern.test(value);
  });
}

/** The slug a content route asks for. */
export function contentSlugOf(
  entry: Pick<RouteEntry, 'contentSlug'>,
  params: Record<string, string | undefined>,
): string | undefined {
  if (!entry.contentSlug) return undefined;
  return entry.contentSlug === ':slug' ? params.slug : entry.contentSlug;
}
