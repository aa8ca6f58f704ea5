/**
 * The root's table of page flows (docs/architecture.md "The root and its table"): per kind of page, who may see it,
 * the key its flows run for (a new key, new flows), how their code is fetched, the children it spawns under their
 * systemIds (components, e2e tests, the inspector tree and the QA recordings look them up by these), and which of
 * their emitted events the root hears. The root's `page` region is one `none → loading → running | failed` shape
 * that reads this table; a new page is one row here (docs/adding-a-page.md).
 */
import type { AnyActorLogic, EventObject, InputFrom } from 'xstate';
import type { homeRowsMachine } from '../games/home-rows.machine';
import type { contentPageMachine } from '../site/content-page.machine';
import { childOf, type ChildFlow, type FlowLogic, type NamedFlows } from '../kernel/flows';
import { filterFromSearchParams, filterToSearchParams, type GameFilter } from '../games/game-filter';
import type { AppContext, AppEvent, AppPlayer, AppRoute } from './app.types';

/** Who may see a page: anyone, a signed-in player, or anyone once the start-up check says who looks. */
export type PageAudience = 'anyone' | 'player' | 'checked';

/** What a row's key and children read: the route, and the player when one is signed in. */
export interface PageView {
  route: AppRoute;
  player: AppPlayer | null;
  /** The player's id, or 'guest' (lists that carry the player's marks). */
  viewer: string;
}

/** The chunks the app fetches page flows from (src/app/flows/), each with what it is asked. */
export interface PageLoads {
  casino: CasinoFlowsInput;
  responsible: Record<string, never>;
  profile: Record<string, never>;
  bonus: Record<string, never>;
  ranking: RankingFlowInput;
  refers: Record<string, never>;
  promotions: Record<string, never>;
  user: { kind: UserFlowKind };
  verification: Record<string, never>;
  boxes: { kind: BoxesFlowKind };
  gallery: Record<string, never>;
  transactions: Record<string, never>;
}
export type PageLoadName = keyof PageLoads;
/** What the root's one loader (`pageFlows`) is asked: which chunk, and its input. */
export type PageLoad = { [K in PageLoadName]: { flows: K; input: PageLoads[K] } }[PageLoadName];

/** An emitted event of a page's child the root hears, as the root's own event. */
export interface PageRoute {
  from: readonly string[];
  type: string;
  as?: (event: EventObject) => AppEvent;
}

/** The flows of the first screen are in the first load: spawned at once from the root's own actors. */
export type ReadyPageFlow =
  | { flow: 'homeRows'; input(view: PageView): InputFrom<typeof homeRowsMachine> }
  | { flow: 'contentPage'; input(view: PageView): InputFrom<typeof contentPageMachine> };

export interface PageRow {
  /** The route table's page kinds this row serves (§2.2). */
  pages: readonly string[];
  audience: PageAudience;
  /** The key the page's flows run for; null: nothing runs (e.g. favorites for a guest). */
  key(view: PageView): string | null;
  /** A flow of the first load, spawned at once under its own name (no fetch). */
  ready?: ReadyPageFlow;
  /** The chunk to fetch, with its input. */
  load?(view: PageView): PageLoad;
  /** The children to spawn from what the loader brought (a null: not brought). */
  children?(flows: NamedFlows, view: PageView): Array<ChildFlow | null>;
  /** Emitted events of its children that the root hears while they run. */
  routes?: readonly PageRoute[];
  /** Events sent to other flows as the page starts (if they run). */
  tells?: ReadonlyArray<{ to: string; event: EventObject }>;
}

/** A flow of a fetched chunk: its logic and the input the chunk chose (see machines/kernel/flows.ts). */
export type BonusFlow = { logic: AnyActorLogic; input?: unknown };

/** /bonus's flows, each run under its own systemId. */
export interface BonusFlows {
  /** The coupon check (systemId `coupon`). */
  coupon: BonusFlow;
  /** GET /bonuses/coupons (systemId `couponList`). */
  couponList: BonusFlow;
  /** The cashback items and claims (systemId `cashback`). */
  cashback: BonusFlow;
  /** GET /wallet/bonuses, the player's active bonuses (systemId `activeBonuses`). */
  activeBonuses: BonusFlow;
}
const BONUS_FLOW_IDS = ['coupon', 'couponList', 'cashback', 'activeBonuses'] as const;

/** /ranking's flow, for a guest or a player, run under systemId `rank`. */
export interface RankingFlowInput {
  player: boolean;
}

/** /promotions and /promotion's flow (systemId `promotions`); the root adds the route's `locale` and `slug`. */
export interface PromotionsFlows {
  promotions: BonusFlow;
}

/** /refers's flow: the player's link and affiliates (systemId `refers`). */
export interface RefersFlows {
  refers: BonusFlow;
}

/** The casino's flows; `favorites` and `recent` are the catalogue with another list behind it. */
export interface CasinoFlows {
  catalogue: AnyActorLogic;
  favorites: AnyActorLogic;
  recent: AnyActorLogic;
  gamePage: AnyActorLogic;
  sports: AnyActorLogic;
  reactions: AnyActorLogic;
}

/** Which flows a fetch brings: a kind of casino page's, or the reactions flow (a player's first tap). */
export type CasinoFlowKind = 'lobby' | 'game' | 'sports' | 'reactions';

/**
 * What a fetch of casino flows is asked: the kind, and for the catalogue's lobby (not favorites or recent) the filter
 * its first page will be fetched with, so that page is fetched side by side with the code (the lobby's largest
 * paint is a game's art).
 */
export interface CasinoFlowsInput {
  kind: CasinoFlowKind;
  firstPage?: GameFilter;
}

/** The /user pages with a flow of their own, and the systemId each runs under. */
export type UserFlowKind = 'access' | 'personal' | 'bets';
const USER_FLOW_IDS: Record<UserFlowKind, string> = {
  access: 'accessData',
  personal: 'personalData',
  bets: 'betsHistory',
};

/** The boxes pages' flows (crates, a box page, the player's boxes and prizes) and their systemIds. */
export type BoxesFlowKind = 'crates' | 'box' | 'inventory';
const BOXES_FLOW_IDS: Record<BoxesFlowKind, string> = { crates: 'crates', box: 'boxPage', inventory: 'inventory' };

/** The promotion a /promotion address names (`?slug=`), or null for the list. */
export function promotionSlugOf(route: Pick<AppRoute, 'pathname' | 'search'>): string | null {
  if (!/\/promotion$/.test(route.pathname)) return null;
  return new URLSearchParams(route.search ?? '').get('slug');
}

/** The lobby's filter for the current route: the address's query, and a category page's category. */
export function lobbyFilterOf(route: AppRoute | null): GameFilter {
  const filter = filterFromSearchParams(new URLSearchParams(route?.search ?? ''));
  if (route?.lobby === 'category') return { ...filter, category: route.params?.filter ?? null };
  return filter;
}

/** The address query of a filter the lobby searched (a category page keeps its category in the path). */
export function lobbySearchOf(route: AppRoute | null, filter: GameFilter): string {
  const params = filterToSearchParams(route?.lobby === 'category' ? { ...filter, category: null } : filter);
  return params.toString();
}

const none = {} as Record<string, never>;
const id = (view: PageView) => view.player?.id ?? 0;
const one = (flows: string, childId: string) => ({
  children: (loaded: NamedFlows) => [childOf(loaded[flows], childId)],
});

/** A real-mode game's balance (the session owns it). */
const gameBalance: PageRoute = {
  from: ['gamePage', 'sports'],
  type: 'game.balanceReported',
  as: (event) => ({ type: 'wallet.balanceReported', balance: (event as EventObject & { balance: number }).balance }),
};

const userRow = (kind: UserFlowKind): PageRow => ({
  pages: [kind],
  audience: 'player',
  key: (view) => `user:${kind}:${id(view)}`,
  load: () => ({ flows: 'user', input: { kind } }),
  ...one(USER_FLOW_IDS[kind], USER_FLOW_IDS[kind]),
});

const boxesRoutes: readonly PageRoute[] = [
  { from: ['boxPage', 'inventory'], type: 'wallet.balanceReported' },
  { from: ['boxPage', 'inventory'], type: 'boxes.depositWanted' },
];

/** The table. Keys: `kind:<what it runs for>`; each row's key changes when its flows must start again. */
export const PAGE_FLOWS = {
  home: {
    pages: ['home'],
    audience: 'checked',
    key: (view) => `home:${view.route.locale}:${view.viewer}`,
    ready: { flow: 'homeRows', input: (view) => ({ locale: view.route.locale }) },
  },
  content: {
    pages: ['content'],
    audience: 'anyone',
    key: (view) => (view.route.slug ? `content:${view.route.slug}:${view.route.locale}` : null),
    ready: { flow: 'contentPage', input: (view) => ({ slug: view.route.slug ?? '', locale: view.route.locale }) },
  },
  transactions: {
    pages: ['transactions'],
    audience: 'player',
    key: (view) => `transactions:${id(view)}`,
    load: () => ({ flows: 'transactions', input: none }),
    ...one('transactions', 'transactions'),
  },
  responsible: {
    pages: ['responsible'],
    audience: 'player',
    key: (view) => `responsible:${id(view)}`,
    load: () => ({ flows: 'responsible', input: none }),
    children: (loaded) => [
      childOf(loaded.responsibleGaming, 'responsibleGaming'),
      childOf(loaded.selfExclusion, 'selfExclusion', {}),
    ],
    routes: [
      {
        from: ['selfExclusion'],
        type: 'selfExclusion.started',
        as: (event) => {
          const { startAt, endAt } = event as EventObject & { startAt: string; endAt: string | null };
          return { type: 'session.selfExclusionFound', startAt, endAt };
        },
      },
    ],
  },
  profile: {
    pages: ['profile'],
    audience: 'player',
    key: (view) => `profile:${id(view)}`,
    load: () => ({ flows: 'profile', input: none }),
    ...one('profile', 'profile'),
    routes: [{ from: ['profile'], type: 'profile.languageChanged' }],
  },
  bonus: {
    pages: ['bonus'],
    audience: 'player',
    key: (view) => `bonus:${id(view)}`,
    load: () => ({ flows: 'bonus', input: none }),
    children: (loaded) => BONUS_FLOW_IDS.map((flow) => childOf(loaded[flow], flow)),
  },
  ranking: {
    pages: ['ranking'],
    audience: 'checked',
    key: (view) => `ranking:${view.viewer}`,
    load: (view) => ({ flows: 'ranking', input: { player: view.player !== null } }),
    ...one('rank', 'rank'),
  },
  refers: {
    pages: ['refers'],
    audience: 'player',
    key: (view) => `refers:${id(view)}`,
    load: () => ({ flows: 'refers', input: none }),
    ...one('refers', 'refers'),
  },
  promotions: {
    pages: ['promotions'],
    audience: 'anyone',
    key: (view) => `promotions:${view.route.locale}:${promotionSlugOf(view.route) ?? ''}`,
    load: () => ({ flows: 'promotions', input: none }),
    children: (loaded, view) => [
      childOf(loaded.promotions, 'promotions', { locale: view.route.locale, slug: promotionSlugOf(view.route) }),
    ],
  },
  rewards: {
    pages: ['rewards'],
    audience: 'player',
    key: (view) => `rewards:${id(view)}`,
    load: () => ({ flows: 'bonus', input: none }),
    ...one('cashback', 'cashback'),
    tells: [{ to: 'missions', event: { type: 'missions.refresh' } }],
  },
  access: userRow('access'),
  personal: userRow('personal'),
  bets: userRow('bets'),
  verification: {
    pages: ['verification'],
    audience: 'player',
    key: (view) => `verification:${id(view)}`,
    load: () => ({ flows: 'verification', input: none }),
    ...one('verification', 'verification'),
  },
  crates: {
    pages: ['crates'],
    audience: 'anyone',
    key: (view) => `boxes:crates:${view.route.locale}`,
    load: () => ({ flows: 'boxes', input: { kind: 'crates' } }),
    children: (loaded, view) => [childOf(loaded.crates, BOXES_FLOW_IDS.crates, { locale: view.route.locale })],
    routes: boxesRoutes,
  },
  box: {
    pages: ['box'],
    audience: 'checked',
    key: (view) => `boxes:box:${view.route.params?.name ?? ''}:${view.route.locale}:${view.viewer}`,
    load: () => ({ flows: 'boxes', input: { kind: 'box' } }),
    children: (loaded, view) => [
      childOf(loaded.box, BOXES_FLOW_IDS.box, {
        name: view.route.params?.name ?? '',
        locale: view.route.locale,
        signedIn: view.player !== null,
      }),
    ],
    routes: boxesRoutes,
  },
  inventory: {
    pages: ['inventory'],
    audience: 'player',
    key: (view) => `boxes:inventory:${id(view)}:${view.route.locale}`,
    load: () => ({ flows: 'boxes', input: { kind: 'inventory' } }),
    children: (loaded, view) => [
      childOf(loaded.inventory, BOXES_FLOW_IDS.inventory, { playerId: id(view), locale: view.route.locale }),
    ],
    routes: boxesRoutes,
  },
  gallery: {
    pages: ['gallery'],
    audience: 'anyone',
    key: () => 'gallery',
    load: () => ({ flows: 'gallery', input: none }),
    ...one('gallery', 'gallery'),
  },
  lobby: {
    pages: ['lobby'],
    audience: 'checked',
    key: ({ route, player, viewer }) => {
      if (!route.lobby || ((route.lobby === 'favorites' || route.lobby === 'recent') && !player)) return null;
      return `lobby:${route.lobby}:${route.params?.filter ?? ''}:${route.locale}:${viewer}`;
    },
    load: ({ route }) => ({
      flows: 'casino',
      input:
        route.lobby === 'games' || route.lobby === 'category'
          ? { kind: 'lobby', firstPage: lobbyFilterOf(route) }
          : { kind: 'lobby' },
    }),
    children: (loaded, { route }) => {
      const list: FlowLogic | undefined =
        route.lobby === 'favorites' ? loaded.favorites : route.lobby === 'recent' ? loaded.recent : loaded.catalogue;
      return [childOf(list, 'catalogue', { filter: lobbyFilterOf(route) })];
    },
    routes: [
      {
        from: ['catalogue'],
        type: 'catalogue.filterApplied',
        as: (event) => ({
          type: 'app.catalogueApplied',
          search: filterToSearchParams((event as EventObject & { filter: GameFilter }).filter).toString(),
        }),
      },
    ],
  },
  game: {
    pages: ['game'],
    audience: 'checked',
    key: ({ route }) => `game:${route.params?.provider ?? ''}:${route.params?.game ?? ''}`,
    load: () => ({ flows: 'casino', input: { kind: 'game' } }),
    children: (loaded, { route, player }) => [
      childOf(loaded.gamePage, 'gamePage', {
        provider: route.params?.provider ?? '',
        gamecode: route.params?.game ?? '',
        signedIn: player !== null,
      }),
    ],
    routes: [gameBalance],
  },
  sports: {
    pages: ['sports'],
    audience: 'checked',
    key: () => 'sports',
    load: () => ({ flows: 'casino', input: { kind: 'sports' } }),
    children: (loaded, { player }) => [
      childOf(loaded.sports, 'sports', { signedIn: player !== null, guestViewAllowed: true, hasSports: true }),
    ],
    routes: [gameBalance],
  },
} satisfies Record<string, PageRow>;

export type PageKind = keyof typeof PAGE_FLOWS;
const ROWS: ReadonlyArray<[PageKind, PageRow]> = Object.entries(PAGE_FLOWS) as Array<[PageKind, PageRow]>;
const BY_ROUTE_PAGE = new Map<string, PageKind>(ROWS.flatMap(([kind, row]) => row.pages.map((p) => [p, kind])));

/** Every id a page's children run under (what leaving a page stops). */
export const PAGE_CHILD_IDS: readonly string[] = [
  'homeRows',
  'contentPage',
  'transactions',
  'responsibleGaming',
  'selfExclusion',
  'profile',
  ...BONUS_FLOW_IDS,
  'rank',
  'refers',
  'promotions',
  ...Object.values(USER_FLOW_IDS),
  'verification',
  ...Object.values(BOXES_FLOW_IDS),
  'gallery',
  'catalogue',
  'gamePage',
  'sports',
];

/** The page the route shows and who looks at it, if its audience may see it now. */
export function pageOf(context: Pick<AppContext, 'route' | 'session'>): { kind: PageKind; view: PageView } | null {
  const { route, session } = context;
  const kind = route?.page ? BY_ROUTE_PAGE.get(route.page) : undefined;
  if (!route || !kind) return null;
  const { audience } = PAGE_FLOWS[kind] as PageRow;
  if (audience === 'player' && !session.player) return null;
  if (audience === 'checked' && !session.checkDone) return null;
  const viewer = session.player ? String(session.player.id) : 'guest';
  return { kind, view: { route, player: session.player, viewer } };
}

/** The row of a page kind. */
export const pageRow = (kind: PageKind): PageRow => PAGE_FLOWS[kind];

/** The route-bound flows the current route and player call for, as a key: a new key, new flows; null: none. */
export function pageKeyOf(context: Pick<AppContext, 'route' | 'session'>): string | null {
  const page = pageOf(context);
  return page ? pageRow(page.kind).key(page.view) : null;
}
