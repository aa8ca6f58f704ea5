import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  raise,
  sendTo,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import type { betsFeedMachine } from '../bets-feed/bets-feed.machine';
import type { buildWatchMachine } from '../build-watch/build-watch.machine';
import type { BuildWatchInput } from '../build-watch/build-watch.types';
import type { gameCatalogueMachine } from '../games/game-catalogue.machine';
import { filterFromSearchParams, filterToSearchParams, type GameFilter } from '../games/game-filter';
import type { gamePageMachine } from '../games/game-page.machine';
import { homeRowsMachine } from '../games/home-rows.machine';
import type { reactionsMachine } from '../games/reactions.machine';
import type { sportsLaunchMachine } from '../games/sports-launch.machine';
import { notSupplied } from '../kernel/not-supplied';
import { loadingBarMachine } from '../loading-bar/loading-bar.machine';
import type { installPromptMachine } from '../install/install-prompt.machine';
import { ageGateMachine } from '../login-modal/age-gate.machine';
import type { loginModalMachine } from '../login-modal/login-modal.machine';
import type { LoginModalEvent } from '../login-modal/login-modal.types';
import type { pixMachine } from '../pix/pix.machine';
import type { pushPermissionMachine } from '../push/push-permission.machine';
import { PUSH_NOTICE_IDS } from '../push/push-notices';
import type { PushPermissionInput } from '../push/push-permission.types';
import type { notificationsMachine } from '../notifications/notifications.machine';
import type { popupQueueMachine } from '../notifications/popup-queue.machine';
import type { connectionMachine } from '../realtime/connection.machine';
import { sessionMachine } from '../session/session.machine';
import { shellUiMachine } from '../site/shell-ui.machine';
import { contentPageMachine } from '../site/content-page.machine';
import { siteMachine } from '../site/site.machine';
import { transactionsMachine } from '../transactions/transactions.machine';
import { toastQueueMachine } from '../toast/toast-queue.machine';
import type { withdrawalMachine } from '../withdrawal/withdrawal.machine';
import type { chatMachine } from '../chat/chat.machine';
import type { responsibleGamingMachine } from '../responsible-gaming/responsible-gaming.machine';
import type { selfExclusionMachine } from '../responsible-gaming/self-exclusion.machine';
import type { realityCheckMachine } from '../responsible-gaming/reality-check.machine';
import type { SelfExclusionEmitted } from '../responsible-gaming/responsible-gaming.types';
import type { profileMachine } from '../profile/profile.machine';
import type { ProfileEmitted } from '../profile/profile.types';
import type { verificationMachine } from '../documents/verification.machine';
import type { galleryMachine } from '../gallery/gallery.machine';
import type {
  AppContext,
  AppRoute,
  AppEmitted,
  AppEvent,
  AppInput,
  AppPlayer,
  AppSessionView,
  LiveSettings,
  WalletLimits,
} from './app.types';

/** The site config's realtime settings once the site is ready, else null (§3 Site config: casino_id, realtime). */
export function liveSettingsOf(snapshot: SnapshotFrom<typeof siteMachine>): LiveSettings | null {
  const config = snapshot.context.config;
  if (!snapshot.matches('ready') || !config?.realtime) return null;
  const { key, wsHost, wsPort } = config.realtime;
  return { casinoId: config.casino_id, key, wsHost, wsPort };
}

/** The ready site's wallet limits (§3 Site config: min/max deposit and withdrawal), else null. */
export function walletLimitsOf(snapshot: SnapshotFrom<typeof siteMachine>): WalletLimits | null {
  const config = snapshot.context.config;
  if (!snapshot.matches('ready') || !config) return null;
  return {
    minDeposit: config.min_deposit,
    maxDeposit: config.max_deposit,
    minWithdrawal: config.min_withdrawal,
    maxWithdrawal: config.max_withdrawal,
    isRegulated: config.is_regulated === true,
  };
}

const sameLimits = (a: WalletLimits | null, b: WalletLimits | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.minDeposit === b.minDeposit &&
    a.maxDeposit === b.maxDeposit &&
    a.minWithdrawal === b.minWithdrawal &&
    a.maxWithdrawal === b.maxWithdrawal &&
    a.isRegulated === b.isRegulated);

/** What the root needs of the session's snapshot: the check is over, and who is signed in with what balance. */
export function sessionViewOf(snapshot: SnapshotFrom<typeof sessionMachine>): AppSessionView {
  const { user, wallet, isCheckUserDone } = snapshot.context;
  const signedIn = snapshot.matches('signedIn') || snapshot.matches('signingOut');
  const player: AppPlayer | null =
    signedIn && user
      ? {
          id: user.id,
          balance: wallet?.balance ?? null,
          depositCount: wallet?.deposit_count ?? null,
          channelJoined: snapshot.matches({ signedIn: { live: 'user' } }),
          notificationsSettled:
            snapshot.context.notifications !== null ||
            snapshot.matches({ signedIn: { account: { notifications: 'failed' } } }),
        }
      : null;
  return { checkDone: isCheckUserDone, player };
}

export function sameSessionView(a: AppSessionView, b: AppSessionView): boolean {
  if (a.checkDone !== b.checkDone) return false;
  if (a.player === null || b.player === null) return a.player === b.player;
  return (
    a.player.id === b.player.id &&
    a.player.balance === b.player.balance &&
    a.player.depositCount === b.player.depositCount &&
    Boolean(a.player.channelJoined) === Boolean(b.player.channelJoined) &&
    (a.player.notificationsSettled !== false) === (b.player.notificationsSettled !== false)
  );
}

/** The player whose user channel the session has joined, else null (what the bets feed listens to for "my bets"). */
export const playerChannelOf = (session: AppSessionView): number | null =>
  session.player?.channelJoined ? session.player.id : null;

/** A periodic site-config refresh with the same settings keeps the connection. */
export function sameLiveSettings(a: LiveSettings | null, b: LiveSettings | null): boolean {
  if (a === null || b === null) return a === b;
  return a.casinoId === b.casinoId && a.key === b.key && a.wsHost === b.wsHost && a.wsPort === b.wsPort;
}

/**
 * The live connection and the bets feed, fetched once the site has realtime settings and the page wants live
 * updates (issue 11: not in the first load).
 */
export interface LiveFlows {
  connection: typeof connectionMachine;
  betsFeed: typeof betsFeedMachine;
}

/** The wallet's flows, fetched when a signed-in player first opens the wallet (issue 11: not in the first load). */
export interface WalletFlows {
  pix: typeof pixMachine;
  withdrawal: typeof withdrawalMachine;
}

/**
 * The push permission flow with its browser actors, fetched when a player signs in (issue 13: not in the first
 * load), and its input (the choice stored on this browser, read when it is fetched).
 */
export interface PushFlows {
  push: typeof pushPermissionMachine;
  input: PushPermissionInput;
}

/**
 * The page's tools (issue 17), fetched once the first screen is done (issue 11: not in the first load): the
 * new-build watch with its input (this build, this tab's last reload), the install prompt, the tag manager. The
 * events they need from before (a held install prompt, a failed chunk, a replaced worker) are kept for them by
 * src/app/page-events.ts.
 */
export interface PageTools {
  buildWatch: typeof buildWatchMachine;
  buildWatchInput: BuildWatchInput;
  installPrompt: typeof installPromptMachine;
  tagManager: AnyActorLogic;
}

/**
 * The notification centre and its pop-up queue, fetched when a player signs in (issue 13: not in the first load);
 * `muted` is the player's stored choice (no sound), read when they are fetched.
 */
export interface NotificationFlows {
  notifications: typeof notificationsMachine;
  popups: typeof popupQueueMachine;
  muted: boolean;
}

/**
 * The casino's flows, fetched when a casino page first needs them or a player first taps a heart or a star (issue
 * 11: not in the first load). `favorites` and `recent` are the catalogue with another list behind it.
 */
export interface CasinoFlows {
  catalogue: typeof gameCatalogueMachine;
  favorites: typeof gameCatalogueMachine;
  recent: typeof gameCatalogueMachine;
  gamePage: typeof gamePageMachine;
  sports: typeof sportsLaunchMachine;
  reactions: typeof reactionsMachine;
}

/** /responsible-gambling's flows, fetched with the page (issue 15: not in the first load). */
export interface ResponsibleFlows {
  responsibleGaming: typeof responsibleGamingMachine;
  selfExclusion: typeof selfExclusionMachine;
}

/** /bonus's flows, fetched with the page (issue 14: not in the first load), each run under its own systemId. */
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
/** A flow's logic and the input it starts with. */
export interface BonusFlow {
  logic: AnyActorLogic;
  input?: unknown;
}
const BONUS_FLOW_IDS = ['coupon', 'couponList', 'cashback', 'activeBonuses'] as const;

/** /ranking's flow (issue 14), fetched with the page for a guest or a player, run under systemId `rank`. */
export interface RankingFlowInput {
  player: boolean;
}

/**
 * /promotions and /promotion's flow (issue 14), fetched with the page (systemId `promotions`); the root adds the
 * route's `locale` and `slug` (`/promotion?slug=…`, none on /promotions) to its input.
 */
export interface PromotionsFlows {
  promotions: BonusFlow;
}

/** The promotion a /promotion address names (`?slug=`), or null for the list. */
export function promotionSlugOf(route: Pick<AppRoute, 'pathname' | 'search'>): string | null {
  if (!/\/promotion$/.test(route.pathname)) return null;
  return new URLSearchParams(route.search ?? '').get('slug');
}

/** /refers's flow (issue 14), fetched with the page: the player's link and affiliates (systemId `refers`). */
export interface RefersFlows {
  refers: BonusFlow;
}

/**
 * The missions flow (issue 14), fetched for a signed-in player, or for a guest once a mission arrives on their
 * channel (not in a guest's first load otherwise); `input` is the browser's part (the viewport, the widgets' saved
 * places), the root adds who it runs for and what arrived before the code.
 */
export interface MissionsFlow {
  logic: AnyActorLogic;
  input: Record<string, unknown>;
}

/** Which flows a fetch brings: a kind of casino page's, or the reactions flow (a player's first tap). */
export type CasinoFlowKind = 'lobby' | 'game' | 'sports' | 'reactions';

/**
 * What a fetch of casino flows is asked: the kind, and for the catalogue's lobby (not favorites or recent) the filter
 * its first page will be fetched with, so that page can be fetched side by side with the code (issue 11: the lobby's
 * largest paint is a game's art, which waited for the flows' chunk, then the page, then the art).
 */
export interface CasinoFlowsInput {
  kind: CasinoFlowKind;
  firstPage?: GameFilter;
}

function casinoFlowsInput(context: AppContext): CasinoFlowsInput {
  const kind = (pageKind(context) ?? 'lobby') as CasinoFlowKind;
  const lobby = context.route?.lobby;
  return kind === 'lobby' && (lobby === 'games' || lobby === 'category')
    ? { kind, firstPage: lobbyFilterOf(context.route) }
    : { kind };
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

/** The session's announcements the root routes to the other flows (§4 Session). */
export const SESSION_ANNOUNCEMENTS = [
  'session.signedIn',
  'session.signedOut',
  'session.selfExcluded',
  'session.navigateHome',
  'session.signInAgain',
  'connection.credentialsChanged',
  'session.missionAssigned',
] as const;

const childOf = (system: { get(id: string): AnyActorRef | undefined }, id: string): AnyActorRef => {
  const child = system.get(id);
  if (!child) throw new Error(`app machine: no actor with systemId "${id}" in the system`);
  return child;
};

/** The /user pages with a flow of their own (issue 15), and the systemId each runs under. */
export type UserFlowKind = 'access' | 'personal' | 'bets';
const USER_FLOW_IDS: Record<UserFlowKind, string> = {
  access: 'accessData',
  personal: 'personalData',
  bets: 'betsHistory',
};
/** The kind of the /user page whose flow runs (from the page key `user:<kind>:<player id>`). */
const userFlowKind = (context: Pick<AppContext, 'pageKey'>): UserFlowKind => {
  const kind = context.pageKey?.split(':')[1];
  return kind === 'access' || kind === 'bets' ? kind : 'personal';
};

/** Issue 16: the boxes pages' flows (crates, a box page, the player's boxes and prizes) and their systemIds. */
export type BoxesFlowKind = 'crates' | 'box' | 'inventory';
const BOXES_FLOW_IDS: Record<BoxesFlowKind, string> = { crates: 'crates', box: 'boxPage', inventory: 'inventory' };
const boxesFlowKind = (context: Pick<AppContext, 'pageKey'>): BoxesFlowKind => {
  const kind = context.pageKey?.split(':')[1];
  return kind === 'box' || kind === 'inventory' ? kind : 'crates';
};

/** The route-bound flow the current route and player call for (one at a time), as a key: a new key, a new flow. */
export function pageKeyOf(context: Pick<AppContext, 'route' | 'session'>): string | null {
  const { route, session } = context;
  if (route?.page === 'content' && route.slug) return `content:${route.slug}:${route.locale}`;
  if (route?.page === 'transactions' && session.player) return `transactions:${session.player.id}`;
  if (route?.page === 'responsible' && session.player) return `responsible:${session.player.id}`;
  if (route?.page === 'profile' && session.player) return `profile:${session.player.id}`;
  if (route?.page === 'bonus' && session.player) return `bonus:${session.player.id}`;
  // Issue 14: /ranking for anyone once the start-up check says who looks (a player's standing is theirs).
  if (route?.page === 'ranking' && session.checkDone) return `ranking:${session.player ? session.player.id : 'guest'}`;
  if (route?.page === 'refers' && session.player) return `refers:${session.player.id}`;
  if (route?.page === 'promotions') return `promotions:${route.locale}:${promotionSlugOf(route) ?? ''}`;
  if (route?.page === 'rewards' && session.player) return `rewards:${session.player.id}`;
  // Issue 15: the /user pages with a flow of their own (access data, personal data, the bets history).
  if ((route?.page === 'access' || route?.page === 'personal' || route?.page === 'bets') && session.player)
    return `user:${route.page}:${session.player.id}`;
  if (route?.page === 'verification' && session.player) return `verification:${session.player.id}`;
  // Issue 16: boxes (the crates for anyone, a box page once the start-up check says who looks, the player's own).
  if (route?.page === 'crates') return `boxes:crates:${route.locale}`;
  if (route?.page === 'box' && session.checkDone)
    return `boxes:box:${route.params?.name ?? ''}:${route.locale}:${session.player ? session.player.id : 'guest'}`;
  if (route?.page === 'inventory' && session.player) return `boxes:inventory:${session.player.id}:${route.locale}`;
  // Issue 17: the design-system gallery (/NewComponents) in either language.
  if (route?.page === 'gallery') return 'gallery';
  // Casino lists carry the player's marks: asked once the start-up check says who is looking.
  const viewer = session.player ? String(session.player.id) : 'guest';
  if (route?.page === 'home' && session.checkDone) return `home:${route.locale}:${viewer}`;
  if (route?.page === 'lobby' && route.lobby && session.checkDone) {
    if ((route.lobby === 'favorites' || route.lobby === 'recent') && !session.player) return null;
    return `lobby:${route.lobby}:${route.params?.filter ?? ''}:${route.locale}:${viewer}`;
  }
  if (route?.page === 'game' && session.checkDone) {
    return `game:${route.params?.provider ?? ''}:${route.params?.game ?? ''}`;
  }
  if (route?.page === 'sports' && session.checkDone) return 'sports';
  return null;
}

const pageKind = (context: Pick<AppContext, 'route' | 'session'>) => pageKeyOf(context)?.split(':')[0] ?? null;

const isGuestOnAuthRoute = (context: AppContext) =>
  context.session.checkDone && context.session.player === null && context.route !== null && context.route.auth;

/**
 * The app's root (one actor system, one inspector): it invokes the long-lived flows with `systemId`s and owns
 * how they talk; React only reads snapshots and sends the player's and the router's events here.
 *
 * - Live (`live`): site ready with realtime settings → the connection's and the bets feed's code is fetched
 *   (`liveFlows`: the app resolves it once the page wants live updates, at once after the first time); then the
 *   connection runs under systemId `connection` with the config's settings, and the bets feed (systemId `betsFeed`,
 *   spawned the first time and kept for the page's life) joins the brand's public channel; settings changed → both
 *   start again; settings gone → both stop. If the code cannot be fetched, nothing is live until the settings change.
 *   Until the feed runs, the tab a player picks (`betsFeed.showTab`) is kept and handed to it when it starts.
 * - The session's view → the bets feed (`betsFeed.player`): the player once the session has joined their user
 *   channel (the feed listens there for the player's own bets, on the same identity), nobody once they leave;
 *   the notification centre likewise (`notifications.playerChannel`).
 * - The session's announcements → the login modal (signed in, signed out, self-excluded; opened on the login tab
 *   when the session expired), the age gate (signed in, signed out), the connection (new credentials) and the
 *   router (home).
 * - Age gate (`ageGate`, in the first load) → 2 s after a guest passed it, the login modal is offered its register
 *   tab (`loginModal.offerRegister`: the modal opens it only when closed and no self-exclusion refusal was seen).
 * - Login modal (`loginModal`): fetched (`loginModalFlow`) the first time it must open, then kept for the page's
 *   life; what it must hear before that is kept in order (`pendingLoginModal`) and handed to it when it starts.
 * - The API watch → the session: any flow's signed-in call answered 403 self-excluded or 401 (expired).
 * - The router's reports → the side menu closes, the site's texts follow the language, the loading bar follows
 *   navigations, /login-like routes open the modal on their tab and lead home once signed in.
 * - Route guard (`guard`): a guest (once the start-up check is over) on a route marked auth is asked to sign in
 *   (the modal opens by route: closing it leads home); signed in, they stay on that route. A player who stops being
 *   signed in (sign-out, self-exclusion) on an auth route is taken home.
 * - Wallet (`wallet`): once a signed-in player opens the wallet route, the pix and withdrawal flows are fetched
 *   (`walletFlows`, once a page) and run under systemIds `pix` and `withdrawal` until the player is no longer
 *   signed in (sign-out, self-exclusion: an open pix code is dropped and its channel left). If they cannot be
 *   fetched, the wallet stays closed until then. The session owns the balance: what pix and withdrawal learn of it
 *   goes to the session, and the session's balance goes to the withdrawal form.
 * - Notifications (`notifications`): once a player is signed in, the centre and its pop-up queue are fetched
 *   (`notificationFlows`) and run under systemIds `notifications` and `popups` until the player is no longer signed
 *   in (nothing of the player's notifications is kept). The centre feeds the queue and asks for the chat itself.
 *   It listens on the player's channel only while the session has it joined (`notifications.playerChannel`: joined
 *   1 s after sign-in, left as a sign-out starts, before the platform revokes the token).
 * - The page's tools (`tools`, issue 17): the new-build watch (systemId `buildWatch`), the install prompt (systemId
 *   `installPrompt`) and the tag manager are fetched (`pageTools`) once the first screen is done — the page idle,
 *   the first interaction, a stale chunk or an install page — and run for the page's life. Not fetched: none of them.
 * - Global chat (`chat`): the first `chat.open` (the header's chat button, or the notification centre when a global
 *   notification is clicked: §2.3 chatglobal) fetches the chat flow's code (`chatFlow`) and spawns it under systemId
 *   `chat` for the page's life, then hands it that `chat.open`; later `chat.open` and `chat.close` go straight to it. A
 *   guest's wish to write comes back as `loginModal.open`. If the code cannot be fetched, the next `chat.open` tries again.
 * - Route-bound flows (`page`): a content page's flow (systemId `contentPage`) for its slug and language, the
 *   money history (`transactions`) for the signed-in player; a new slug, language or player starts a new one.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    emitted: {} as AppEmitted,
  },
  actors: {
    site: siteMachine,
    shellUi: shellUiMachine,
    loadingBar: loadingBarMachine,
    session: sessionMachine,
    ageGate: ageGateMachine,
    /** Fetches the login modal's flow (the app supplies it; its code is not in the first load). */
    loginModalFlow: notSupplied<typeof loginModalMachine>('app', 'loginModalFlow'),
    /** Hands the age gate's `ageGate.passed` (2 s after a guest passed it) to the root. */
    ageGateWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const subscription = childOf(system, 'ageGate').on('ageGate.passed', (event: EventObject) => sendBack(event));
      return () => subscription.unsubscribe();
    }),
    toastQueue: toastQueueMachine,
    /**
     * Fetches the page's tools (issue 17: the new-build watch, the install prompt, the tag manager) once the first
     * screen is done; the app supplies it (their code is not in the first load).
     */
    pageTools: notSupplied<PageTools>('app', 'pageTools'),
    /** Fetches the connection and the bets feed (the app supplies it; their code is not in the first load). */
    liveFlows: notSupplied<LiveFlows>('app', 'liveFlows'),
    /** Fetches the pix and withdrawal flows (the app supplies it; their code is not in the first load). */
    walletFlows: notSupplied<WalletFlows>('app', 'walletFlows'),
    contentPage: contentPageMachine,
    transactions: transactionsMachine,
    homeRows: homeRowsMachine,
    /** Fetches the casino's flows (the app supplies it; their code is not in the first load). */
    casinoFlows: notSupplied<Partial<CasinoFlows>, CasinoFlowsInput>('app', 'casinoFlows'),
    /** Fetches the push permission flow (the app supplies it; its code is not in the first load). */
    pushFlows: notSupplied<PushFlows>('app', 'pushFlows'),
    /**
     * Hands the push flow's `push.notice` (§8's texts) to the root as `push.notice` with the toasts' clock reading
     * (`at`); the app supplies it (the clock is the page's). Nothing by default.
     */
    pushWatch: fromCallback<EventObject>(() => () => undefined),
    /** Fetches the global chat's flow (the app supplies it; its code is not in the first load). */
    chatFlow: notSupplied<typeof chatMachine>('app', 'chatFlow'),
    /** Fetches /responsible-gambling's flows (the app supplies it; their code is not in the first load). */
    responsibleFlows: notSupplied<ResponsibleFlows>('app', 'responsibleFlows'),
    /** Fetches the profile flow of /user (the app supplies it; its code is not in the first load). */
    profileFlow: notSupplied<typeof profileMachine>('app', 'profileFlow'),
    /** Fetches /bonus's flows (issue 14; the app supplies it, their code is not in the first load). */
    bonusFlows: notSupplied<BonusFlows>('app', 'bonusFlows'),
    /** Fetches /ranking's flow (issue 14; the app supplies it, its code is not in the first load). */
    rankingFlow: notSupplied<BonusFlow, RankingFlowInput>('app', 'rankingFlow'),
    /** Fetches /refers's flow (issue 14; the app supplies it, its code is not in the first load). */
    refersFlows: notSupplied<RefersFlows>('app', 'refersFlows'),
    /** Fetches /promotions's flow (issue 14; the app supplies it, its code is not in the first load). */
    promotionsFlows: notSupplied<PromotionsFlows>('app', 'promotionsFlows'),
    /** Fetches the missions flow (issue 14; the app supplies it, its code is not in a guest's first load). */
    missionsFlow: notSupplied<MissionsFlow>('app', 'missionsFlow'),
    /** Fetches a /user page's flow (`access`, `personal`, `bets`), supplied by the app (not in the first load). */
    userFlow: notSupplied<AnyActorLogic, { kind: UserFlowKind }>('app', 'userFlow'),
    /** Fetches the document verification flow of /user/edit/verification (the app supplies it; a chunk of its own). */
    verificationFlow: notSupplied<typeof verificationMachine>('app', 'verificationFlow'),
    /** Fetches a boxes page's flow (issue 16: `crates`, `box`, `inventory`), supplied by the app (a chunk of its own). */
    boxesFlow: notSupplied<AnyActorLogic, { kind: BoxesFlowKind }>('app', 'boxesFlow'),
    /**
     * Hands a boxes page flow's emitted events to the root: the balance a purchase or sale reported (for the session)
     * and a purchase refused for lack of money (`boxes.depositWanted`: the deposit opens).
     */
    boxesWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const child: AnyActorRef | undefined = system.get('boxPage') ?? system.get('inventory');
      if (!child) return undefined;
      const subscriptions = ['wallet.balanceReported', 'boxes.depositWanted'].map((type) =>
        child.on(type, (event: EventObject) => sendBack(event)),
      );
      return () => subscriptions.forEach((s) => s.unsubscribe());
    }),
    /** Fetches the design-system gallery's flow of /NewComponents (the app supplies it; a chunk of its own). */
    galleryFlow: notSupplied<typeof galleryMachine>('app', 'galleryFlow'),
    /** Hands the profile flow's `profile.languageChanged` to the root (the app is shown in that language). */
    profileWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const child: AnyActorRef | undefined = system.get('profile');
      if (!child) return undefined;
      const subscription = child.on('profile.languageChanged', (event: ProfileEmitted) => sendBack(event));
      return () => subscription.unsubscribe();
    }),
    /** Fetches the reality check's flow (the app supplies it; its code is not in the first load). */
    realityCheckFlow: notSupplied<typeof realityCheckMachine>('app', 'realityCheckFlow'),
    /** Hands the self-exclusion flow's `selfExclusion.started` to the root as the session's `session.selfExclusionFound`. */
    responsibleWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const child: AnyActorRef | undefined = system.get('selfExclusion');
      if (!child) return undefined;
      const subscription = child.on('selfExclusion.started', (event: SelfExclusionEmitted) =>
        sendBack({ type: 'session.selfExclusionFound', startAt: event.startAt, endAt: event.endAt }),
      );
      return () => subscription.unsubscribe();
    }),
    /** Fetches the notification centre and pop-up queue (the app supplies it; their code is not in the first load). */
    notificationFlows: notSupplied<NotificationFlows>('app', 'notificationFlows'),
    /**
     * Hands a casino page flow's emitted events to the root: the lobby's searched filter (`app.catalogueApplied`,
     * for the address) and a real-mode game's balance (`wallet.balanceReported`, for the session).
     */
    casinoWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const child: AnyActorRef | undefined = system.get('catalogue') ?? system.get('gamePage') ?? system.get('sports');
      if (!child) return undefined;
      const subscriptions = [
        child.on('catalogue.filterApplied', (event: EventObject) =>
          sendBack({
            type: 'app.catalogueApplied',
            search: filterToSearchParams((event as unknown as { filter: GameFilter }).filter).toString(),
          }),
        ),
        child.on('game.balanceReported', (event: EventObject) =>
          sendBack({ type: 'wallet.balanceReported', balance: (event as unknown as { balance: number }).balance }),
        ),
      ];
      return () => subscriptions.forEach((s) => s.unsubscribe());
    }),
    /** Watches the site actor: `app.liveSettings` and `app.walletLimits` whenever they change. */
    siteWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const site = childOf(system, 'site');
      let last: LiveSettings | null = null;
      let lastLimits: WalletLimits | null = null;
      const check = (snapshot: SnapshotFrom<typeof siteMachine>) => {
        const next = liveSettingsOf(snapshot);
        if (!sameLiveSettings(last, next)) {
          last = next;
          sendBack({ type: 'app.liveSettings', settings: next });
        }
        const limits = walletLimitsOf(snapshot);
        if (!sameLimits(lastLimits, limits)) {
          lastLimits = limits;
          sendBack({ type: 'app.walletLimits', limits });
        }
      };
      check(site.getSnapshot() as SnapshotFrom<typeof siteMachine>);
      const subscription = site.subscribe((snapshot: SnapshotFrom<typeof siteMachine>) => check(snapshot));
      return () => subscription.unsubscribe();
    }),
    /** Hands the session's announcements (its emitted events) and its view (`app.sessionChanged`) to the root. */
    sessionWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const session = childOf(system, 'session');
      const subscriptions = SESSION_ANNOUNCEMENTS.map((type) =>
        session.on(type, (event: EventObject) => sendBack(event)),
      );
      let last: AppSessionView | null = null;
      const check = (snapshot: SnapshotFrom<typeof sessionMachine>) => {
        const next = sessionViewOf(snapshot);
        if (last && sameSessionView(last, next)) return;
        last = next;
        sendBack({ type: 'app.sessionChanged', session: next });
      };
      check(session.getSnapshot() as SnapshotFrom<typeof sessionMachine>);
      const state = session.subscribe((snapshot: SnapshotFrom<typeof sessionMachine>) => check(snapshot));
      return () => {
        subscriptions.forEach((s) => s.unsubscribe());
        state.unsubscribe();
      };
    }),
    /**
     * Reports every signed-in call that answered 403 self-excluded (`session.selfExclusionFound`) or 401
     * (`session.expired`: the session expired or was revoked), whichever flow made it; the app provides it from its
     * API client. Nothing by default.
     */
    apiWatch: fromCallback<EventObject>(() => () => undefined),
    /** Hands the wallet flows' `wallet.balanceReported` (their emitted events) to the root. */
    walletWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const subscriptions = ['pix', 'withdrawal']
        .map((id) => system.get(id))
        .filter((child): child is AnyActorRef => child !== undefined)
        .map((child) => child.on('wallet.balanceReported', (event: EventObject) => sendBack(event)));
      return () => subscriptions.forEach((s) => s.unsubscribe());
    }),
  },
  guards: {
    /** The switch asks for a language the address does not show (and no switch is under way). */
    switchesLocale: ({ context, event }) =>
      event.type === 'app.switchLocale' && event.to !== (context.route?.locale ?? 'pt'),
    /** During a switch: the tap asks for another language than the one being switched to (the latest tap wins). */
    changesLocaleTarget: ({ context, event }) => event.type === 'app.switchLocale' && event.to !== context.localeTarget,
    /** The address shows the language the switch asked for. */
    localeReached: ({ context }) => context.route !== null && context.route.locale === context.localeTarget,
    /** What the modal must hear opens it (a route, a button, a guard, the age gate's offer): its flow is fetched. */
    opensLoginModal: ({ event }) =>
      event.type === 'app.toLoginModal' &&
      (event.event.type === 'loginModal.open' || event.event.type === 'loginModal.offerRegister'),
    hasSettings: ({ event }) => event.type === 'app.liveSettings' && event.settings !== null,
    lostSettings: ({ event }) => event.type === 'app.liveSettings' && event.settings === null,
    guestOnAuthRoute: ({ context }) => isGuestOnAuthRoute(context),
    notGuestOnAuthRoute: ({ context }) => !isGuestOnAuthRoute(context),
    /** The player stops being signed in while on an auth route. */
    playerLeftOnAuthRoute: ({ context, event }) =>
      event.type === 'app.sessionChanged' &&
      context.session.player !== null &&
      event.session.player === null &&
      Boolean(context.route?.auth),
    /** Signed in on a /login-like route: home. */
    playerArrivedOnLoginRoute: ({ context, event }) =>
      event.type === 'app.sessionChanged' &&
      context.session.player === null &&
      event.session.player !== null &&
      Boolean(context.route?.loginTab),
    walletCanOpen: ({ context }) =>
      context.route?.page === 'wallet' &&
      context.limits !== null &&
      context.session.player !== null &&
      context.session.player.balance !== null &&
      context.session.player.depositCount !== null,
    walletMustClose: ({ context }) => context.limits === null || context.session.player === null,
    pushCanStart: ({ context }) => context.session.player !== null,
    pushMustStop: ({ context }) => context.session.player === null,
    /** A player, once the session's own load of the notifications is over (the centre starts from it). */
    notificationsCanOpen: ({ context }) =>
      context.session.player !== null && context.session.player.notificationsSettled !== false,
    notificationsMustClose: ({ context }) => context.session.player === null,
    busy: ({ event }) => event.type === 'app.navigation' && event.busy,
    onContentPage: ({ context }) => pageKeyOf(context)?.startsWith('content:') ?? false,
    onTransactionsAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('transactions:') ?? false,
    onResponsibleAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('responsible:') ?? false,
    onProfileAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('profile:') ?? false,
    onBonusAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('bonus:') ?? false,
    onRanking: ({ context }) => pageKeyOf(context)?.startsWith('ranking:') ?? false,
    onRefersAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('refers:') ?? false,
    onPromotions: ({ context }) => pageKeyOf(context)?.startsWith('promotions:') ?? false,
    onRewardsAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('rewards:') ?? false,
    /** A signed-in player has missions to load (a guest's flow starts only when one arrives). */
    missionsForPlayer: ({ context }) => context.session.player !== null,
    /** The missions flow runs for someone else than who is there now (sign-in, sign-out). */
    missionsOwnerChanged: ({ context }) => context.missionsOwner !== (context.session.player?.id ?? null),
    onUserPageAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('user:') ?? false,
    onVerificationAsPlayer: ({ context }) => pageKeyOf(context)?.startsWith('verification:') ?? false,
    onGallery: ({ context }) => pageKeyOf(context) === 'gallery',
    onBoxesPage: ({ context }) => pageKind(context) === 'boxes',
    realityCheckCanStart: ({ context }) => context.session.player !== null,
    realityCheckMustStop: ({ context }) => context.session.player === null,
    pageChanged: ({ context }) => pageKeyOf(context) !== context.pageKey,
    onHome: ({ context }) => pageKind(context) === 'home',
    onLobby: ({ context }) => pageKind(context) === 'lobby',
    onGame: ({ context }) => pageKind(context) === 'game',
    onSports: ({ context }) => pageKind(context) === 'sports',
    /** The same lobby with another query (the back button, a link): the catalogue restores that filter. */
    lobbyQueryChanged: ({ context, event }) =>
      event.type === 'app.routeChanged' &&
      (event.route.search ?? '') !== (context.route?.search ?? '') &&
      event.route.pathname === context.route?.pathname,
    isGuest: ({ context }) => context.session.player === null,
  },
  actions: {
    keepSettings: assign({
      live: ({ context, event }) => (event.type === 'app.liveSettings' ? event.settings : context.live),
    }),
    forgetSettings: assign({ live: null }),
    keepLimits: assign({
      limits: ({ context, event }) => (event.type === 'app.walletLimits' ? event.limits : context.limits),
    }),
    keepPageKey: assign({ pageKey: ({ context }) => pageKeyOf(context) }),
    forgetPageKey: assign({ pageKey: null }),
    keepSession: assign({
      session: ({ context, event }) => (event.type === 'app.sessionChanged' ? event.session : context.session),
    }),
    /** Leaving for home: no route (so the guard asks nothing) until the router reports the next one. */
    leaveRoute: assign({ route: null }),
    /**
     * The fetched live flows (the `liveFlows` output): the connection with the settings, and the bets feed the first
     * time (told the player and the tab picked meanwhile); then the feed listens on the brand's public channel.
     */
    startLiveFlows: enqueueActions(({ context, event, enqueue, self }) => {
      const flows = (event as unknown as { output: LiveFlows }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input: unknown },
      ) => void;
      spawn(flows.connection, {
        id: 'connection',
        systemId: 'connection',
        input: {
          key: context.live?.key ?? '',
          host: {
            pageHostname: context.page.hostname,
            pageProtocol: context.page.protocol,
            apiBaseUrl: context.page.apiBaseUrl,
            ...(context.live?.wsHost !== undefined ? { wsHost: context.live.wsHost } : {}),
            ...(context.live?.wsPort !== undefined ? { wsPort: context.live.wsPort } : {}),
          },
        },
      });
      if (!(self.getSnapshot().children as Record<string, unknown>).betsFeed) {
        spawn(flows.betsFeed, { id: 'betsFeed', systemId: 'betsFeed', input: context.inputs.betsFeed ?? {} });
        const playerId = playerChannelOf(context.session);
        if (playerId !== null) enqueue.sendTo('betsFeed', { type: 'betsFeed.player' as const, playerId });
        if (context.pendingTab)
          enqueue.sendTo('betsFeed', { type: 'betsFeed.showTab' as const, tab: context.pendingTab });
        enqueue.assign({ pendingTab: null });
      }
      enqueue.sendTo('betsFeed', { type: 'betsFeed.start' as const, casinoId: context.live?.casinoId ?? 0 });
    }),
    stopLiveFlows: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('connection');
      enqueue.sendTo('betsFeed', { type: 'betsFeed.stop' as const });
    }),
    /** The tab picked goes to the bets feed, or waits for it (kept until the feed is spawned). */
    showBetsFeedTab: enqueueActions(({ event, enqueue, self }) => {
      if (event.type !== 'betsFeed.showTab') return;
      if ((self.getSnapshot().children as Record<string, unknown>).betsFeed) enqueue.sendTo('betsFeed', event);
      else enqueue.assign({ pendingTab: event.tab });
    }),
    /**
     * The flows that listen on the player's channel hear when the session has joined it (so they join it with the
     * same identity) and when it leaves it (a sign-out starting: before the platform revokes the token): the bets
     * feed whose own bets to listen to, the notification centre whether to listen.
     */
    tellPlayerChannel: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'app.sessionChanged') return;
      const before = playerChannelOf(context.session);
      const after = playerChannelOf(event.session);
      if (before === after) return;
      // A flow not started yet hears it when it starts (its input).
      const children = self.getSnapshot().children as Record<string, unknown>;
      if (children.betsFeed) enqueue.sendTo('betsFeed', { type: 'betsFeed.player' as const, playerId: after });
      if (children.notifications) {
        enqueue.sendTo('notifications', { type: 'notifications.playerChannel' as const, joined: after !== null });
      }
    }),
    renewCredentials: sendTo('connection', { type: 'connection.credentialsChanged' as const }),
    /** Whatever the login modal must hear goes through `app.toLoginModal` (kept until its flow runs). */
    tellLoginModal: raise(({ event }) => ({ type: 'app.toLoginModal' as const, event: event as LoginModalEvent })),
    tellAgeGate: sendTo('ageGate', ({ event }) =>
      event.type === 'session.signedIn'
        ? { type: 'session.signedIn' as const }
        : { type: 'session.signedOut' as const },
    ),
    offerRegister: raise({
      type: 'app.toLoginModal' as const,
      event: { type: 'loginModal.offerRegister' as const },
    }),
    /** What the modal must hear while its flow is not running yet, in order (handed over when it starts). */
    keepForLoginModal: assign({
      pendingLoginModal: ({ context, event }) =>
        event.type === 'app.toLoginModal' ? [...context.pendingLoginModal, event.event] : context.pendingLoginModal,
    }),
    /** The fetch failed: the player's wish to open it is dropped (the next one tries again); the news are kept. */
    forgetLoginModalOpens: assign({
      pendingLoginModal: ({ context }) => context.pendingLoginModal.filter((e) => e.type.startsWith('session.')),
    }),
    /** The login modal from the fetched code, under systemId `loginModal`, told what it missed, in order. */
    startLoginModal: enqueueActions(({ context, event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      (
        enqueue.spawnChild as unknown as (
          l: AnyActorLogic,
          o: { id: string; systemId: string; input: AppInput['loginModal'] },
        ) => void
      )(logic, { id: 'loginModal', systemId: 'loginModal', input: context.inputs.loginModal });
      for (const pending of context.pendingLoginModal) enqueue.sendTo('loginModal', pending);
      enqueue.assign({ pendingLoginModal: [] });
    }),
    forwardToLoginModal: sendTo('loginModal', ({ event }) =>
      event.type === 'app.toLoginModal' ? event.event : { type: 'loginModal.close' as const },
    ),
    navigateHome: emit({ type: 'app.navigate', to: 'home', replace: false } as const),
    replaceWithHome: emit({ type: 'app.navigate', to: 'home', replace: true } as const),
    /** The router's report: the menu closes on a new path, the site follows the language, routes open the modal. */
    followRoute: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'app.routeChanged') return;
      const { route } = event;
      if (context.route?.pathname !== route.pathname) enqueue.sendTo('shellUi', { type: 'route.changed' });
      enqueue.sendTo('site', { type: 'site.localeChanged', locale: route.locale });
      if (route.loginTab) {
        enqueue.raise({
          type: 'app.toLoginModal',
          event: { type: 'loginModal.open', tab: route.loginTab, byRoute: true },
        });
      }
      enqueue.assign({ route });
    }),
    followNavigation: sendTo('loadingBar', ({ event }) => ({
      type: event.type === 'app.navigation' && event.busy ? ('bar.start' as const) : ('bar.done' as const),
    })),
    showRenderFailure: sendTo('loadingBar', { type: 'bar.fail' as const }),
    askSignIn: raise({
      type: 'app.toLoginModal' as const,
      event: { type: 'loginModal.open' as const, tab: 'login' as const, byRoute: true },
    }),
    /** The session expired: the login form (showing §8's 401 text) opens wherever the player is. */
    askSignInAgain: raise({
      type: 'app.toLoginModal' as const,
      event: { type: 'loginModal.open' as const, tab: 'login' as const, byRoute: false },
    }),
    closeMenu: sendTo('shellUi', { type: 'drawer.close' as const }),
    tellSession: sendTo('session', ({ event }) => event),
    clearSessionFailure: sendTo('session', { type: 'session.clearFailure' as const }),
    /** The session owns the balance. */
    tellSessionBalance: sendTo('session', ({ event }) =>
      event.type === 'wallet.balanceReported'
        ? {
            type: 'session.balanceReported' as const,
            balance: event.balance,
            ...(event.depositCount !== undefined ? { depositCount: event.depositCount } : {}),
          }
        : { type: 'session.balanceReported' as const, balance: 0 },
    ),
    /** The withdrawal form checks amounts against the session's balance. */
    tellWithdrawalBalance: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'app.sessionChanged') return;
      const balance = event.session.player?.balance;
      if (balance === undefined || balance === null || balance === context.session.player?.balance) return;
      if (system.get('withdrawal')) enqueue.sendTo('withdrawal', { type: 'withdrawal.balanceChanged', balance });
    }),
    /**
     * /ranking reads the player's standing again when their balance changes (a bet was recorded: issue 14, real
     * bets move the progress and may raise the level).
     */
    tellRankBalance: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'app.sessionChanged') return;
      const balance = event.session.player?.balance;
      if (balance === undefined || balance === null || balance === context.session.player?.balance) return;
      if (system.get('rank')) enqueue.sendTo('rank', { type: 'rank.refresh' });
    }),
    /** The fetched flows (the `walletFlows` output), under the ids and systemIds the app and the other flows know. */
    startWalletFlows: enqueueActions(({ context, event, enqueue }) => {
      const flows = (event as unknown as { output: WalletFlows }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input: unknown },
      ) => void;
      spawn(flows.pix, {
        id: 'pix',
        systemId: 'pix',
        input: {
          minDeposit: context.limits?.minDeposit ?? 0,
          maxDeposit: context.limits?.maxDeposit ?? 0,
          userId: context.session.player?.id ?? 0,
          depositCount: context.session.player?.depositCount ?? 0,
          isRegulated: context.limits?.isRegulated ?? true,
        },
      });
      spawn(flows.withdrawal, {
        id: 'withdrawal',
        systemId: 'withdrawal',
        input: {
          minWithdrawal: context.limits?.minWithdrawal ?? 0,
          maxWithdrawal: context.limits?.maxWithdrawal ?? 0,
          balance: context.session.player?.balance ?? 0,
        },
      });
    }),
    /** A casino page's flow from the fetched code, under the id and systemId the screens and watches know. */
    startCasinoPage: enqueueActions(({ context, event, enqueue }) => {
      const flows = (event as unknown as { output: Partial<CasinoFlows> }).output;
      const spawn = (logic: AnyActorLogic | undefined, options: { id: string; systemId: string; input: unknown }) => {
        if (logic) (enqueue.spawnChild as unknown as (l: AnyActorLogic, o: typeof options) => void)(logic, options);
      };
      const route = context.route;
      const signedIn = context.session.player !== null;
      switch (pageKind(context)) {
        case 'lobby': {
          const list =
            route?.lobby === 'favorites' ? flows.favorites : route?.lobby === 'recent' ? flows.recent : flows.catalogue;
          spawn(list, { id: 'catalogue', systemId: 'catalogue', input: { filter: lobbyFilterOf(route) } });
          break;
        }
        case 'game':
          spawn(flows.gamePage, {
            id: 'gamePage',
            systemId: 'gamePage',
            input: { provider: route?.params?.provider ?? '', gamecode: route?.params?.game ?? '', signedIn },
          });
          break;
        case 'sports':
          spawn(flows.sports, {
            id: 'sports',
            systemId: 'sports',
            input: { signedIn, guestViewAllowed: true, hasSports: true },
          });
          break;
      }
    }),
    stopCasinoPage: enqueueActions(({ enqueue, self }) => {
      const children = self.getSnapshot().children as Record<string, AnyActorRef | undefined>;
      for (const id of ['catalogue', 'gamePage', 'sports']) if (children[id]) enqueue.stopChild(id);
    }),
    restoreLobbyFilter: sendTo('catalogue', ({ context, event }) => ({
      type: 'catalogue.filterRestored' as const,
      filter: lobbyFilterOf(event.type === 'app.routeChanged' ? event.route : context.route),
    })),
    navigateToSearch: emit(({ context, event }) => ({
      type: 'app.navigate' as const,
      to: 'search' as const,
      search:
        event.type === 'app.catalogueApplied'
          ? lobbySearchOf(context.route, filterFromSearchParams(new URLSearchParams(event.search)))
          : '',
      replace: false,
    })),
    /** The casino page hears of sign-in and sign-out (a game relaunches in the mode now allowed). */
    tellCasinoPageSession: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'app.sessionChanged') return;
      const before = context.session.player !== null;
      const after = event.session.player !== null;
      if (before === after) return;
      const children = self.getSnapshot().children as Record<string, AnyActorRef | undefined>;
      if (children.gamePage) enqueue.sendTo('gamePage', { type: 'game.sessionChanged', signedIn: after });
      if (children.sports) enqueue.sendTo('sports', { type: 'sports.sessionChanged', signedIn: after });
      if (children.reactions) enqueue.sendTo('reactions', { type: 'reactions.sessionChanged', signedIn: after });
    }),
    keepPendingReaction: assign({
      pendingReaction: ({ event }) =>
        event.type === 'reactions.like' || event.type === 'reactions.favorite' ? event : null,
    }),
    /** The reactions flow from the fetched code; the tap that asked for it goes to it at once. */
    startReactions: enqueueActions(({ context, event, enqueue }) => {
      const flows = (event as unknown as { output: Partial<CasinoFlows> }).output;
      if (!flows.reactions) return;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input: unknown },
      ) => void;
      spawn(flows.reactions, {
        id: 'reactions',
        systemId: 'reactions',
        input: { signedIn: context.session.player !== null },
      });
      if (context.pendingReaction) enqueue.sendTo('reactions', context.pendingReaction);
      enqueue.assign({ pendingReaction: null });
    }),
    forgetPendingReaction: assign({ pendingReaction: null }),
    forwardReaction: sendTo('reactions', ({ event }) => event),
    askGuestSignIn: raise({
      type: 'app.toLoginModal' as const,
      event: { type: 'loginModal.open' as const, tab: 'login' as const },
    }),
    /** The push permission flow from the fetched code, under systemId `push`, with this browser's stored choice. */
    startPush: enqueueActions(({ event, enqueue }) => {
      const flows = (event as unknown as { output: PushFlows }).output;
      (
        enqueue.spawnChild as unknown as (
          logic: AnyActorLogic,
          options: { id: string; systemId: string; input: PushPermissionInput },
        ) => void
      )(flows.push, { id: 'push', systemId: 'push', input: flows.input });
    }),
    stopPush: enqueueActions(({ enqueue }) => enqueue.stopChild('push')),
    /** The page's tools for the page's life: the build watch and the install prompt under their systemIds. */
    startPageTools: enqueueActions(({ event, enqueue }) => {
      const tools = (event as unknown as { output: PageTools }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId?: string; input?: unknown },
      ) => void;
      spawn(tools.buildWatch, { id: 'buildWatch', systemId: 'buildWatch', input: tools.buildWatchInput });
      spawn(tools.installPrompt, { id: 'installPrompt', systemId: 'installPrompt' });
      spawn(tools.tagManager, { id: 'tagManager' });
    }),
    /** §8's push texts as toasts. */
    showPushNotice: sendTo('toastQueue', ({ event }) =>
      event.type === 'push.notice'
        ? {
            type: 'toast.show' as const,
            toast: { id: `push-${event.notice}`, kind: event.kind, messageId: PUSH_NOTICE_IDS[event.notice] },
            at: event.at,
          }
        : { type: 'toast.show' as const, toast: { id: 'push', kind: 'info' as const, messageId: '' }, at: 0 },
    ),
    /** The chat flow from the fetched code, under systemId `chat`; the `chat.open` that asked for it goes to it. */
    startChat: enqueueActions(({ context, event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      (
        enqueue.spawnChild as unknown as (
          l: AnyActorLogic,
          o: { id: string; systemId: string; input: { casinoId: number; playerId: number | null } },
        ) => void
      )(logic, {
        id: 'chat',
        systemId: 'chat',
        input: { casinoId: context.live?.casinoId ?? 0, playerId: context.session.player?.id ?? null },
      });
      enqueue.sendTo('chat', { type: 'chat.open' });
    }),
    forwardToChat: sendTo('chat', ({ event }) => event),
    /** The centre (with the player and the brand's channel) and the pop-up queue, under their systemIds. */
    startNotificationFlows: enqueueActions(({ context, event, enqueue, system }) => {
      const flows = (event as unknown as { output: NotificationFlows }).output;
      // §4 Session: the session loaded the notifications at sign-in; the centre starts from that page when it is in.
      const session = system.get('session') as AnyActorRef | undefined;
      const firstPages =
        (session?.getSnapshot() as { context?: { notifications?: unknown } } | undefined)?.context?.notifications ??
        null;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input: unknown },
      ) => void;
      spawn(flows.popups, { id: 'popups', systemId: 'popups', input: {} });
      spawn(flows.notifications, {
        id: 'notifications',
        systemId: 'notifications',
        input: {
          userId: context.session.player?.id ?? 0,
          casinoId: context.live?.casinoId ?? null,
          muted: flows.muted,
          firstPages,
          channelJoined: playerChannelOf(context.session) !== null,
        },
      });
    }),
    stopNotificationFlows: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('notifications');
      enqueue.stopChild('popups');
    }),
    /** /responsible-gambling's flows from the fetched code, under the systemIds the page and the watch know. */
    startResponsibleFlows: enqueueActions(({ event, enqueue }) => {
      const flows = (event as unknown as { output: ResponsibleFlows }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input?: unknown },
      ) => void;
      spawn(flows.responsibleGaming, { id: 'responsibleGaming', systemId: 'responsibleGaming' });
      spawn(flows.selfExclusion, { id: 'selfExclusion', systemId: 'selfExclusion', input: {} });
    }),
    stopResponsibleFlows: enqueueActions(({ enqueue, self }) => {
      const children = self.getSnapshot().children as Record<string, AnyActorRef | undefined>;
      for (const id of ['responsibleGaming', 'selfExclusion']) if (children[id]) enqueue.stopChild(id);
    }),
    /** The profile flow from the fetched code, under systemId `profile`. */
    startProfile: enqueueActions(({ event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      (enqueue.spawnChild as unknown as (l: AnyActorLogic, o: { id: string; systemId: string }) => void)(logic, {
        id: 'profile',
        systemId: 'profile',
      });
    }),
    /** A /user page's flow from the fetched code, under systemId `accessData`, `personalData` or `betsHistory`. */
    startUserFlow: enqueueActions(({ context, event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      const id = USER_FLOW_IDS[userFlowKind(context)];
      (enqueue.spawnChild as unknown as (l: AnyActorLogic, o: { id: string; systemId: string }) => void)(logic, {
        id,
        systemId: id,
      });
    }),
    stopUserFlow: enqueueActions(({ enqueue, self }) => {
      const children = self.getSnapshot().children as Record<string, AnyActorRef | undefined>;
      for (const id of Object.values(USER_FLOW_IDS)) if (children[id]) enqueue.stopChild(id);
    }),
    /** /bonus's flows from the fetched code (issue 14), under the systemIds the page knows. */
    startBonusFlows: enqueueActions(({ event, enqueue }) => {
      const flows = (event as unknown as { output: BonusFlows }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input?: unknown },
      ) => void;
      for (const id of BONUS_FLOW_IDS) spawn(flows[id].logic, { id, systemId: id, input: flows[id].input });
    }),
    /** /ranking's flow from the fetched code (issue 14), under the systemId the page knows. */
    startRankingFlow: enqueueActions(({ event, enqueue }) => {
      const flow = (event as unknown as { output: BonusFlow }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input?: unknown },
      ) => void;
      spawn(flow.logic, { id: 'rank', systemId: 'rank', input: flow.input });
    }),
    stopRankingFlow: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).rank) enqueue.stopChild('rank');
    }),
    /** /refers's flow from the fetched code (issue 14), under systemId `refers`. */
    startRefersFlows: enqueueActions(({ event, enqueue }) => {
      const flows = (event as unknown as { output: RefersFlows }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input?: unknown },
      ) => void;
      spawn(flows.refers.logic, { id: 'refers', systemId: 'refers', input: flows.refers.input });
    }),
    /** /promotions's flow (issue 14) for the route's language and promotion, under systemId `promotions`. */
    startPromotionsFlows: enqueueActions(({ context, event, enqueue }) => {
      const flows = (event as unknown as { output: PromotionsFlows }).output;
      const spawn = enqueue.spawnChild as unknown as (
        logic: AnyActorLogic,
        options: { id: string; systemId: string; input?: unknown },
      ) => void;
      const route = context.route;
      spawn(flows.promotions.logic, {
        id: 'promotions',
        systemId: 'promotions',
        input: {
          ...(flows.promotions.input as object | undefined),
          locale: route?.locale ?? 'pt',
          slug: route ? promotionSlugOf(route) : null,
        },
      });
    }),
    stopPromotionsFlows: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).promotions)
        enqueue.stopChild('promotions');
    }),
    stopRefersFlows: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).refers) enqueue.stopChild('refers');
    }),
    /** /rewards's cashback summary: the cashback flow of the bonus flows' code, under systemId `cashback`. */
    startRewardsFlows: enqueueActions(({ event, enqueue }) => {
      const flows = (event as unknown as { output: BonusFlows }).output;
      (
        enqueue.spawnChild as unknown as (
          l: AnyActorLogic,
          o: { id: string; systemId: string; input?: unknown },
        ) => void
      )(flows.cashback.logic, { id: 'cashback', systemId: 'cashback', input: flows.cashback.input });
    }),
    stopRewardsFlows: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).cashback)
        enqueue.stopChild('cashback');
    }),
    /** /rewards shows the missions as they are now: the running flow loads them again. */
    refreshMissions: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).missions) {
        enqueue.sendTo('missions', { type: 'missions.refresh' as const });
      }
    }),
    keepMissionsOwner: assign({ missionsOwner: ({ context }) => context.session.player?.id ?? null }),
    /** A MissionAssigned that came before the flow runs (kept in order, handed to it as it starts). */
    keepPendingMission: assign({
      pendingMissions: ({ context, event }) =>
        event.type === 'session.missionAssigned'
          ? [...context.pendingMissions, event.data].slice(-20)
          : context.pendingMissions,
    }),
    clearPendingMissions: assign({ pendingMissions: [] }),
    startMissions: enqueueActions(({ context, event, enqueue }) => {
      const flow = (event as unknown as { output: MissionsFlow }).output;
      (
        enqueue.spawnChild as unknown as (l: AnyActorLogic, o: { id: string; systemId: string; input: unknown }) => void
      )(flow.logic, {
        id: 'missions',
        systemId: 'missions',
        input: { ...flow.input, player: context.missionsOwner !== null, assigned: context.pendingMissions },
      });
      enqueue.assign({ pendingMissions: [] });
    }),
    stopMissions: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).missions)
        enqueue.stopChild('missions');
    }),
    forwardMission: sendTo('missions', ({ event }) => ({
      type: 'missions.assigned' as const,
      data: event.type === 'session.missionAssigned' ? event.data : null,
    })),
    /** A bet moved the balance: the missions flow reloads the accepted missions' progress. */
    tellMissionsBalance: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'app.sessionChanged') return;
      const balance = event.session.player?.balance;
      if (balance === undefined || balance === null || balance === context.session.player?.balance) return;
      if (system.get('missions')) enqueue.sendTo('missions', { type: 'missions.balanceChanged' as const });
    }),
    stopBonusFlows: enqueueActions(({ enqueue, self }) => {
      const children = self.getSnapshot().children as Record<string, AnyActorRef | undefined>;
      for (const id of BONUS_FLOW_IDS) if (children[id]) enqueue.stopChild(id);
    }),
    stopProfile: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).profile)
        enqueue.stopChild('profile');
    }),
    /** The document verification flow from the fetched code, under systemId `verification`. */
    startVerification: enqueueActions(({ event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      (enqueue.spawnChild as unknown as (l: AnyActorLogic, o: { id: string; systemId: string }) => void)(logic, {
        id: 'verification',
        systemId: 'verification',
      });
    }),
    stopVerification: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).verification)
        enqueue.stopChild('verification');
    }),
    /** A boxes page's flow from the fetched code (issue 16), under systemId `crates`, `boxPage` or `inventory`. */
    startBoxesFlow: enqueueActions(({ context, event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      const kind = boxesFlowKind(context);
      const locale = context.route?.locale ?? 'pt';
      const input =
        kind === 'crates'
          ? { locale }
          : kind === 'box'
            ? { name: context.route?.params?.name ?? '', locale, signedIn: context.session.player !== null }
            : { playerId: context.session.player?.id ?? 0, locale };
      (
        enqueue.spawnChild as unknown as (l: AnyActorLogic, o: { id: string; systemId: string; input: unknown }) => void
      )(logic, { id: BOXES_FLOW_IDS[kind], systemId: BOXES_FLOW_IDS[kind], input });
    }),
    stopBoxesFlow: enqueueActions(({ enqueue, self }) => {
      const children = self.getSnapshot().children as Record<string, AnyActorRef | undefined>;
      for (const id of Object.values(BOXES_FLOW_IDS)) if (children[id]) enqueue.stopChild(id);
    }),
    /** A box the player could not pay for: the wallet's deposit opens. */
    openDeposit: emit({ type: 'app.navigate', to: 'deposit', replace: false } as const),
    /** The design-system gallery's flow from the fetched code, under systemId `gallery` (issue 17). */
    startGallery: enqueueActions(({ event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      (enqueue.spawnChild as unknown as (l: AnyActorLogic, o: { id: string; systemId: string }) => void)(logic, {
        id: 'gallery',
        systemId: 'gallery',
      });
    }),
    stopGallery: enqueueActions(({ enqueue, self }) => {
      if ((self.getSnapshot().children as Record<string, AnyActorRef | undefined>).gallery)
        enqueue.stopChild('gallery');
    }),
    /** The player chose another language on /user: the app is shown in it (the router changes the address). */
    showLanguage: emit(({ event }) => ({
      type: 'app.navigate' as const,
      to: 'language' as const,
      locale: event.type === 'profile.languageChanged' ? event.language : ('pt' as const),
      replace: true,
    })),
    /** The header's switch: the language it asked for is kept until the address shows it. */
    keepLocaleTarget: assign({
      localeTarget: ({ context, event }) => (event.type === 'app.switchLocale' ? event.to : context.localeTarget),
    }),
    forgetLocaleTarget: assign({ localeTarget: null }),
    /** The same page in the language the switch asked for (a new history entry: back returns to the other). */
    navigateToLocale: emit(({ event }) => ({
      type: 'app.navigate' as const,
      to: 'language' as const,
      locale: event.type === 'app.switchLocale' ? event.to : ('pt' as const),
      replace: false,
    })),
    /** "Idioma alterado para português" / "Language changed to English", in the page's new language. */
    showLocaleChanged: sendTo('toastQueue', ({ event }) => ({
      type: 'toast.show' as const,
      toast: { id: 'locale-changed', kind: 'info' as const, messageId: 'shell.locale_changed' },
      at: event.type === 'app.switchLocale' ? event.at : 0,
    })),
    /** The reality check from the fetched code, under systemId `realityCheck`. */
    startRealityCheck: enqueueActions(({ event, enqueue }) => {
      const logic = (event as unknown as { output: AnyActorLogic }).output;
      (enqueue.spawnChild as unknown as (l: AnyActorLogic, o: { id: string; systemId: string }) => void)(logic, {
        id: 'realityCheck',
        systemId: 'realityCheck',
      });
    }),
    stopRealityCheck: enqueueActions(({ enqueue }) => enqueue.stopChild('realityCheck')),
    stopWalletFlows: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('pix');
      enqueue.stopChild('withdrawal');
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    live: null,
    limits: null,
    session: { checkDone: false, player: null },
    route: null,
    pageKey: null,
    pendingReaction: null,
    pendingTab: null,
    pendingLoginModal: [],
    pendingMissions: [],
    missionsOwner: null,
    localeTarget: null,
    page: input.page,
    inputs: input,
  }),
  invoke: [
    { id: 'site', systemId: 'site', src: 'site', input: ({ context }) => context.inputs.site },
    { id: 'shellUi', systemId: 'shellUi', src: 'shellUi' },
    { id: 'loadingBar', systemId: 'loadingBar', src: 'loadingBar' },
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.inputs.session },
    { id: 'ageGate', systemId: 'ageGate', src: 'ageGate', input: ({ context }) => context.inputs.ageGate },
    {
      id: 'toastQueue',
      systemId: 'toastQueue',
      src: 'toastQueue',
      input: ({ context }) => context.inputs.toastQueue ?? {},
    },
    { id: 'siteWatch', src: 'siteWatch' },
    { id: 'sessionWatch', src: 'sessionWatch' },
    { id: 'apiWatch', src: 'apiWatch' },
    { id: 'ageGateWatch', src: 'ageGateWatch' },
  ],
  type: 'parallel',
  on: {
    'session.signedIn': { actions: ['tellLoginModal', 'tellAgeGate'] },
    'session.signedOut': { actions: ['tellLoginModal', 'tellAgeGate'] },
    'session.selfExcluded': { actions: 'tellLoginModal' },
    'session.navigateHome': { actions: 'navigateHome' },
    'session.signInAgain': { actions: 'askSignInAgain' },
    'app.walletLimits': { actions: 'keepLimits' },
    'app.sessionChanged': [
      {
        guard: 'playerLeftOnAuthRoute',
        actions: [
          'tellWithdrawalBalance',
          'tellRankBalance',
          'tellMissionsBalance',
          'tellCasinoPageSession',
          'tellPlayerChannel',
          'keepSession',
          'leaveRoute',
          'navigateHome',
        ],
      },
      {
        guard: 'playerArrivedOnLoginRoute',
        actions: [
          'tellWithdrawalBalance',
          'tellRankBalance',
          'tellMissionsBalance',
          'tellCasinoPageSession',
          'tellPlayerChannel',
          'keepSession',
          'leaveRoute',
          'replaceWithHome',
        ],
      },
      {
        actions: [
          'tellWithdrawalBalance',
          'tellRankBalance',
          'tellMissionsBalance',
          'tellCasinoPageSession',
          'tellPlayerChannel',
          'keepSession',
        ],
      },
    ],
    'app.routeChanged': { actions: 'followRoute' },
    'app.navigation': { actions: 'followNavigation' },
    'app.renderFailed': { actions: 'showRenderFailure' },
    'loginModal.open': { actions: ['closeMenu', 'tellLoginModal'] },
    'loginModal.close': { actions: ['tellLoginModal', 'clearSessionFailure'] },
    'ageGate.passed': { actions: 'offerRegister' },
    'wallet.balanceReported': { actions: 'tellSessionBalance' },
    'session.selfExclusionFound': { actions: 'tellSession' },
    'session.expired': { actions: 'tellSession' },
    'betsFeed.showTab': { actions: 'showBetsFeedTab' },
  },
  states: {
    /**
     * The header's language switch (§2.2: the same page under `/en` or without it). A tap asks for the language
     * its button showed; while the address does not show it yet (the router loads the page, React renders it),
     * the switch is `switching` and a tap is read against the language being switched to: a tap for the other one
     * switches back (the latest tap wins), a second tap for the same one is the same switch. No tap is dropped.
     */
    language: {
      initial: 'settled',
      states: {
        settled: {
          on: {
            'app.switchLocale': {
              guard: 'switchesLocale',
              target: 'switching',
              actions: ['keepLocaleTarget', 'navigateToLocale', 'showLocaleChanged'],
            },
          },
        },
        switching: {
          always: { guard: 'localeReached', target: 'settled', actions: 'forgetLocaleTarget' },
          on: {
            'app.switchLocale': {
              guard: 'changesLocaleTarget',
              target: 'switching',
              reenter: true,
              actions: ['keepLocaleTarget', 'navigateToLocale', 'showLocaleChanged'],
            },
          },
        },
      },
    },
    live: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'app.liveSettings': { guard: 'hasSettings', target: 'loading', actions: 'keepSettings' } },
        },
        /** The connection's and the bets feed's code is fetched (once the page wants it; at once after the first time). */
        loading: {
          invoke: {
            id: 'liveFlows',
            src: 'liveFlows',
            onDone: { target: 'connected', actions: 'startLiveFlows' },
            onError: { target: 'failed' },
          },
          on: {
            'app.liveSettings': [
              { guard: 'lostSettings', target: 'waiting', actions: 'forgetSettings' },
              { actions: 'keepSettings' },
            ],
          },
        },
        /** The connection runs (spawned, stopped on the way out) and the bets feed listens. */
        connected: {
          exit: 'stopLiveFlows',
          on: {
            'app.liveSettings': [
              { guard: 'lostSettings', target: 'waiting', actions: 'forgetSettings' },
              { target: 'loading', actions: 'keepSettings' },
            ],
            'connection.credentialsChanged': { actions: 'renewCredentials' },
          },
        },
        /** The code could not be fetched: nothing is live until the settings change (or go and come back). */
        failed: {
          on: {
            'app.liveSettings': [
              { guard: 'lostSettings', target: 'waiting', actions: 'forgetSettings' },
              { target: 'loading', actions: 'keepSettings' },
            ],
          },
        },
      },
    },
    /**
     * The login modal (`loginModal`): its flow's code is fetched when the modal must first open (a route, a button,
     * the route guard, an expired session, the age gate's offer of the register tab), then it runs under systemId
     * `loginModal` for the page's life. Until then what it must hear (the session's announcements, opens, closes) is
     * kept in order and handed to it when it starts; if the code cannot be fetched, the opens are dropped (the next
     * one tries again).
     */
    loginModal: {
      initial: 'dormant',
      states: {
        dormant: {
          on: {
            'app.toLoginModal': [
              { guard: 'opensLoginModal', target: 'loading', actions: 'keepForLoginModal' },
              { actions: 'keepForLoginModal' },
            ],
          },
        },
        loading: {
          invoke: {
            id: 'loginModalFlow',
            src: 'loginModalFlow',
            onDone: { target: 'running', actions: 'startLoginModal' },
            onError: { target: 'dormant', actions: 'forgetLoginModalOpens' },
          },
          on: { 'app.toLoginModal': { actions: 'keepForLoginModal' } },
        },
        running: {
          on: { 'app.toLoginModal': { actions: 'forwardToLoginModal' } },
        },
      },
    },
    guard: {
      initial: 'open',
      states: {
        /** Nothing to guard: a player, a public route, or the start-up check still running. */
        open: {
          always: { guard: 'guestOnAuthRoute', target: 'asking' },
        },
        /** A guest on an auth route: the login modal asks them to sign in (closing it leads home). */
        asking: {
          entry: 'askSignIn',
          always: { guard: 'notGuestOnAuthRoute', target: 'open' },
        },
      },
    },
    wallet: {
      initial: 'closed',
      states: {
        closed: {
          always: { guard: 'walletCanOpen', target: 'loading' },
        },
        /** The flows' code is fetched (at once when it was before). */
        loading: {
          invoke: {
            id: 'walletFlows',
            src: 'walletFlows',
            onDone: {
              target: 'open',
              actions: 'startWalletFlows',
            },
            onError: { target: 'failed' },
          },
          always: { guard: 'walletMustClose', target: 'closed' },
        },
        /** pix and withdrawal run (spawned from the fetched flows; stopped on the way out). */
        open: {
          exit: 'stopWalletFlows',
          invoke: { id: 'walletWatch', src: 'walletWatch' },
          always: { guard: 'walletMustClose', target: 'closed' },
        },
        /** The flows could not be fetched: nothing runs until the player leaves (a new sign-in tries again). */
        failed: {
          always: { guard: 'walletMustClose', target: 'closed' },
        },
      },
    },
    /** The notification centre and pop-ups of the signed-in player (fetched at sign-in, stopped at sign-out). */
    notifications: {
      initial: 'off',
      states: {
        off: {
          always: { guard: 'notificationsCanOpen', target: 'loading' },
        },
        loading: {
          invoke: {
            id: 'notificationFlows',
            src: 'notificationFlows',
            onDone: { target: 'on', actions: 'startNotificationFlows' },
            onError: { target: 'failed' },
          },
          always: { guard: 'notificationsMustClose', target: 'off' },
        },
        on: {
          exit: 'stopNotificationFlows',
          always: { guard: 'notificationsMustClose', target: 'off' },
        },
        /** The code could not be fetched: no centre until the player leaves (a new sign-in tries again). */
        failed: {
          always: { guard: 'notificationsMustClose', target: 'off' },
        },
      },
    },
    /**
     * Missions (`missions`, issue 14): a signed-in player's flow is fetched at once (`missionsFlow`); a guest's only
     * when a mission arrives on their channel (`session.missionAssigned`, kept until the flow runs and handed to it).
     * It runs under systemId `missions` for whoever was there when it started; sign-in or sign-out stops it (a
     * player's starts again). Later MissionAssigned go to it (`missions.assigned`).
     */
    missions: {
      initial: 'off',
      states: {
        off: {
          entry: 'clearPendingMissions',
          always: { guard: 'missionsForPlayer', target: 'loading' },
          on: { 'session.missionAssigned': { target: 'loading', actions: 'keepPendingMission' } },
        },
        loading: {
          entry: 'keepMissionsOwner',
          invoke: {
            id: 'missionsFlow',
            src: 'missionsFlow',
            onDone: { target: 'on', actions: 'startMissions' },
            onError: { target: 'failed' },
          },
          on: { 'session.missionAssigned': { actions: 'keepPendingMission' } },
          always: { guard: 'missionsOwnerChanged', target: 'off' },
        },
        on: {
          exit: 'stopMissions',
          on: { 'session.missionAssigned': { actions: 'forwardMission' } },
          always: { guard: 'missionsOwnerChanged', target: 'off' },
        },
        /** The code could not be fetched: nothing until someone else is there (a sign-in or sign-out tries again). */
        failed: {
          always: { guard: 'missionsOwnerChanged', target: 'off' },
        },
      },
    },
    /** The global chat (`chat`): fetched on the first `chat.open`, then kept for the page's life. */
    chat: {
      initial: 'dormant',
      states: {
        dormant: {
          on: { 'chat.open': { target: 'loading' } },
        },
        loading: {
          invoke: {
            id: 'chatFlow',
            src: 'chatFlow',
            onDone: { target: 'running', actions: 'startChat' },
            onError: { target: 'dormant' },
          },
        },
        running: {
          on: {
            'chat.open': { actions: 'forwardToChat' },
            'chat.close': { actions: 'forwardToChat' },
          },
        },
      },
    },
    /**
     * Likes and favorites (`reactions`): a guest's tap opens the login modal; a player's first tap fetches the
     * flow's code, starts it and hands it the tap; later taps go straight to it.
     */
    reactions: {
      initial: 'dormant',
      states: {
        dormant: {
          on: {
            'reactions.like': [
              { guard: 'isGuest', actions: 'askGuestSignIn' },
              { target: 'loading', actions: 'keepPendingReaction' },
            ],
            'reactions.favorite': [
              { guard: 'isGuest', actions: 'askGuestSignIn' },
              { target: 'loading', actions: 'keepPendingReaction' },
            ],
          },
        },
        loading: {
          invoke: {
            id: 'reactionFlows',
            src: 'casinoFlows',
            input: { kind: 'reactions' as const },
            onDone: { target: 'running', actions: 'startReactions' },
            onError: { target: 'dormant', actions: 'forgetPendingReaction' },
          },
          on: {
            'reactions.like': { actions: 'keepPendingReaction' },
            'reactions.favorite': { actions: 'keepPendingReaction' },
          },
        },
        running: {
          on: {
            'reactions.like': { actions: 'forwardReaction' },
            'reactions.favorite': { actions: 'forwardReaction' },
          },
        },
      },
    },
    /**
     * Web push (`push`): once a player is signed in, the push permission flow is fetched (`pushFlows`) and runs under
     * systemId `push` until the player is no longer signed in; its §8 texts become toasts. If the code cannot be
     * fetched, nothing is offered until the next sign-in.
     */
    /**
     * The page's tools (issue 17), fetched once the first screen is done (`pageTools`, supplied by the app: it
     * waits for that), then run for the page's life. Not fetched (offline, a stale build): none of them; the early
     * page events (src/app/page-events.ts) still reload the page once for a stale chunk.
     */
    tools: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'pageTools',
            src: 'pageTools',
            onDone: { target: 'on', actions: 'startPageTools' },
            onError: { target: 'failed' },
          },
        },
        on: {},
        failed: {},
      },
    },
    push: {
      initial: 'off',
      states: {
        off: {
          always: { guard: 'pushCanStart', target: 'loading' },
        },
        loading: {
          invoke: {
            id: 'pushFlows',
            src: 'pushFlows',
            onDone: { target: 'on', actions: 'startPush' },
            onError: { target: 'failed' },
          },
          always: { guard: 'pushMustStop', target: 'off' },
        },
        on: {
          exit: 'stopPush',
          invoke: { id: 'pushWatch', src: 'pushWatch' },
          on: { 'push.notice': { actions: 'showPushNotice' } },
          always: { guard: 'pushMustStop', target: 'off' },
        },
        failed: {
          always: { guard: 'pushMustStop', target: 'off' },
        },
      },
    },
    /**
     * The reality check (`realityCheck`, issue 15): once a player is signed in its code is fetched
     * (`realityCheckFlow`) and it runs until the player is no longer signed in. If the code cannot be fetched, it
     * is tried again at the next sign-in.
     */
    realityCheck: {
      initial: 'off',
      states: {
        off: {
          always: { guard: 'realityCheckCanStart', target: 'loading' },
        },
        loading: {
          invoke: {
            id: 'realityCheckFlow',
            src: 'realityCheckFlow',
            onDone: { target: 'on', actions: 'startRealityCheck' },
            onError: { target: 'failed' },
          },
          always: { guard: 'realityCheckMustStop', target: 'off' },
        },
        on: {
          exit: 'stopRealityCheck',
          always: { guard: 'realityCheckMustStop', target: 'off' },
        },
        failed: {
          always: { guard: 'realityCheckMustStop', target: 'off' },
        },
      },
    },
    page: {
      initial: 'none',
      states: {
        none: {
          always: [
            { guard: 'onContentPage', target: 'content' },
            { guard: 'onTransactionsAsPlayer', target: 'transactions' },
            { guard: 'onResponsibleAsPlayer', target: 'responsible' },
            { guard: 'onProfileAsPlayer', target: 'profile' },
            { guard: 'onBonusAsPlayer', target: 'bonus' },
            { guard: 'onRanking', target: 'ranking' },
            { guard: 'onRefersAsPlayer', target: 'refers' },
            { guard: 'onPromotions', target: 'promotions' },
            { guard: 'onRewardsAsPlayer', target: 'rewards' },
            { guard: 'onUserPageAsPlayer', target: 'user' },
            { guard: 'onVerificationAsPlayer', target: 'verification' },
            { guard: 'onGallery', target: 'gallery' },
            { guard: 'onBoxesPage', target: 'boxes' },
            { guard: 'onHome', target: 'home' },
            { guard: 'onLobby', target: 'casino' },
            { guard: 'onGame', target: 'casino' },
            { guard: 'onSports', target: 'casino' },
          ],
        },
        /** The home page's rows of games, per language and player (their flow is small: in the first load). */
        home: {
          entry: 'keepPageKey',
          exit: 'forgetPageKey',
          invoke: {
            id: 'homeRows',
            systemId: 'homeRows',
            src: 'homeRows',
            input: ({ context }) => ({ locale: context.route?.locale ?? 'pt' }),
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * A casino page (lobby list, game page, sportsbook): its flow's code is fetched (at once after the first
         * time), then the flow runs under systemId `catalogue`, `gamePage` or `sports` until the page key changes.
         */
        casino: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopCasinoPage'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'casinoFlows',
                src: 'casinoFlows',
                input: ({ context }) => casinoFlowsInput(context),
                onDone: { target: 'running', actions: 'startCasinoPage' },
                onError: { target: 'failed' },
              },
            },
            running: {
              invoke: { id: 'casinoWatch', src: 'casinoWatch' },
              on: {
                'app.catalogueApplied': { actions: 'navigateToSearch' },
              },
            },
            /** The code could not be fetched: the page shows its skeleton; the next page tries again. */
            failed: {},
          },
          on: {
            'app.routeChanged': { guard: 'lobbyQueryChanged', actions: 'restoreLobbyFilter' },
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        content: {
          entry: 'keepPageKey',
          exit: 'forgetPageKey',
          invoke: {
            id: 'contentPage',
            systemId: 'contentPage',
            src: 'contentPage',
            input: ({ context }) => ({ slug: context.route?.slug ?? '', locale: context.route?.locale ?? 'pt' }),
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        transactions: {
          entry: 'keepPageKey',
          exit: 'forgetPageKey',
          invoke: { id: 'transactions', systemId: 'transactions', src: 'transactions' },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /user/edit/verification (a signed-in player): the document verification flow's code is fetched, then it
         * runs under systemId `verification` (with its four document children) until the page key changes.
         */
        verification: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopVerification'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'verificationFlow',
                src: 'verificationFlow',
                onDone: { target: 'running', actions: 'startVerification' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * The boxes pages (issue 16): /casino/crates (systemId `crates`), /casino/box/:name (`boxPage`, per viewer)
         * and the player's /account/boxes and /account/items (`inventory`, one flow for both). The page's flow code
         * is fetched, then it runs until the page key changes; what it reports goes to the session (the balance) and
         * the router (the deposit, for a box the player could not pay for).
         */
        boxes: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopBoxesFlow'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'boxesFlow',
                src: 'boxesFlow',
                input: ({ context }) => ({ kind: boxesFlowKind({ pageKey: pageKeyOf(context) }) }),
                onDone: { target: 'running', actions: 'startBoxesFlow' },
                onError: { target: 'failed' },
              },
            },
            running: {
              invoke: { id: 'boxesWatch', src: 'boxesWatch' },
              on: { 'boxes.depositWanted': { actions: 'openDeposit' } },
            },
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /NewComponents (issue 17): the design-system gallery's flow code is fetched, then it runs under systemId
         * `gallery` (its demo dialog and notices) until the page key changes.
         */
        gallery: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopGallery'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'galleryFlow',
                src: 'galleryFlow',
                onDone: { target: 'running', actions: 'startGallery' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the page draws its components without the demos' state. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /user (a signed-in player): the profile flow's code is fetched, then it runs under systemId `profile` until
         * the page key changes; a language it stored is shown at once (`profileWatch` → `app.navigate` language).
         */
        profile: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopProfile'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'profileFlow',
                src: 'profileFlow',
                onDone: { target: 'running', actions: 'startProfile' },
                onError: { target: 'failed' },
              },
            },
            running: {
              invoke: { id: 'profileWatch', src: 'profileWatch' },
              on: { 'profile.languageChanged': { actions: 'showLanguage' } },
            },
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * The /user pages with a flow of their own (a signed-in player, issue 15): /user/edit/access-data
         * (systemId `accessData`: e-mail and phone verification, password change, sessions),
         * /user/edit/personal-data (`personalData`) and /user/edit/history-casino (`betsHistory`). The page's flow
         * code is fetched, then it runs until the page key changes.
         */
        user: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopUserFlow'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'userFlow',
                src: 'userFlow',
                input: ({ context }) => ({ kind: userFlowKind(context) }),
                onDone: { target: 'running', actions: 'startUserFlow' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /responsible-gambling (a signed-in player): the limits and self-exclusion flows' code is fetched, then
         * they run under systemIds `responsibleGaming` and `selfExclusion` until the page key changes (another page,
         * sign-out). A recorded self-exclusion reaches the session at once (`responsibleWatch`).
         */
        responsible: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopResponsibleFlows'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'responsibleFlows',
                src: 'responsibleFlows',
                onDone: { target: 'running', actions: 'startResponsibleFlows' },
                onError: { target: 'failed' },
              },
            },
            running: {
              invoke: { id: 'responsibleWatch', src: 'responsibleWatch' },
            },
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /ranking (issue 14), for a guest or a player: the rank flow's code is fetched, then it runs under systemId
         * `rank` (the levels, and a player's standing) until the page key changes (another page, signing in or out).
         */
        ranking: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopRankingFlow'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'rankingFlow',
                src: 'rankingFlow',
                input: ({ context }) => ({ player: context.session.player !== null }),
                onDone: { target: 'running', actions: 'startRankingFlow' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /bonus (a signed-in player, issue 14): the coupon, coupons list, cashback and active bonuses flows' code
         * is fetched, then they run under systemIds `coupon`, `couponList`, `cashback` and `activeBonuses` until the
         * page key changes (another page, sign-out).
         */
        bonus: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopBonusFlows'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'bonusFlows',
                src: 'bonusFlows',
                onDone: { target: 'running', actions: 'startBonusFlows' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /promotions and /promotion (anyone, issue 14): the flow's code is fetched, then it runs under systemId
         * `promotions` for the route's language and promotion until the page key changes (another promotion too).
         */
        promotions: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopPromotionsFlows'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'promotionsFlows',
                src: 'promotionsFlows',
                onDone: { target: 'running', actions: 'startPromotionsFlows' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /refers (a signed-in player, issue 14): the flow's code is fetched, then it runs under systemId `refers`
         * (the link with the player's `ref`, the affiliates) until the page key changes.
         */
        refers: {
          entry: 'keepPageKey',
          exit: ['forgetPageKey', 'stopRefersFlows'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'refersFlows',
                src: 'refersFlows',
                onDone: { target: 'running', actions: 'startRefersFlows' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the page says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        /**
         * /rewards (a signed-in player, issue 14): the missions flow is asked to load again, and the cashback flow
         * (of the bonus flows' code) runs under systemId `cashback` for the page's summary until the page key changes.
         */
        rewards: {
          entry: ['keepPageKey', 'refreshMissions'],
          exit: ['forgetPageKey', 'stopRewardsFlows'],
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'rewardsFlows',
                src: 'bonusFlows',
                onDone: { target: 'running', actions: 'startRewardsFlows' },
                onError: { target: 'failed' },
              },
            },
            running: {},
            /** The code could not be fetched: the summary says so; the next visit tries again. */
            failed: {},
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
      },
    },
  },
});
