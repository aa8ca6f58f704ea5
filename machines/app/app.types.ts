/**
 * Types of the app's root machine (ARCHITECTURE.md "One actor tree"): the inputs of the long-lived flows it
 * invokes, the realtime settings it derives from the site, and the events it routes between flows.
 */
import type { BetsFeedInput, BetsFeedTab } from '../bets-feed/bets-feed.types';
import type { ReactionGame } from '../games/reactions.types';
import type { AgeGateInput } from '../login-modal/age-gate.types';
import type { LoginModalEvent, LoginModalInput, LoginModalTab } from '../login-modal/login-modal.types';
import type { PushNotice } from '../push/push-permission.types';
import type { SessionInput } from '../session/session.types';
import type { SiteInput } from '../site/site.types';
import type { ToastQueueInput, ToastRequest } from '../toast/toast.types';

/** What the live connection needs from the site config (§3 Site config: casino_id, realtime). */
export interface LiveSettings {
  casinoId: number;
  key: string;
  wsHost: string | undefined;
  wsPort: number | undefined;
}

/** The page the app runs on (for the §7 host rules) and where channels are authorised. */
export interface AppPage {
  hostname: string;
  protocol: string;
  apiBaseUrl: string;
}

/** The brand's money limits the wallet flows are started with (§3 Site config), centavos. */
export interface WalletLimits {
  minDeposit: number;
  maxDeposit: number;
  minWithdrawal: number;
  maxWithdrawal: number;
  /** Site config `is_regulated`: the deposit offers no coupon field. */
  isRegulated: boolean;
}

/** The signed-in player as the root needs them (the session owns these values; the root keeps a copy to route). */
export interface AppPlayer {
  id: number;
  /** Integer centavos; null until the session's wallet is loaded. */
  balance: number | null;
  depositCount: number | null;
  /**
   * The session has joined the player's user channel (its 1 s hand-over is over, the connection re-created with
   * the player's token): other flows may join that channel now. Absent counts as not joined.
   */
  channelJoined?: boolean;
  /**
   * The session's sign-in load of the notifications (§4 Session) is over, loaded or failed: the notification centre
   * starts then, from that page when it loaded (one fetch per sign-in). Absent counts as over.
   */
  notificationsSettled?: boolean;
}

/** What the session watch reports: whether the start-up check is over, and the player if signed in. */
export interface AppSessionView {
  checkDone: boolean;
  player: AppPlayer | null;
}

/** The current route as the router reports it (§2.2 route table). */
export interface AppRoute {
  pathname: string;
  locale: 'pt' | 'en';
  /** The route table's page kind; null on the 404 route. */
  page: string | null;
  /** Marked `auth` in the route table: a guest is asked to sign in. */
  auth: boolean;
  /** /login, /register, /recover-pass: the login modal opens on this tab. */
  loginTab: LoginModalTab | null;
  /** A content page's slug (§2.2: legal pages and /pages/:slug); null elsewhere. */
  slug: string | null;
  /** The address's query without `?` (the lobby's filter lives there); '' when none. */
  search?: string;
  /** The route's parameters (`provider`, `game` of /casino/:provider/:game; `filter` of a category page). */
  params?: Record<string, string>;
  /** Which list a lobby route shows; null elsewhere. */
  lobby?: 'games' | 'category' | 'favorites' | 'recent' | null;
}

export interface AppInput {
  page: AppPage;
  site: SiteInput;
  session: SessionInput;
  loginModal: LoginModalInput;
  ageGate: AgeGateInput;
  toastQueue?: ToastQueueInput;
  /** The bets feed's fictitious generator: its seed and clock (a fixed seed and the system clock when absent). */
  betsFeed?: BetsFeedInput;
}

export interface AppContext {
  /** The realtime settings the connection runs with; null while waiting for a ready site. */
  live: LiveSettings | null;
  /** The ready site's wallet limits; null before. */
  limits: WalletLimits | null;
  /** The session as last reported by the session watch. */
  session: AppSessionView;
  /** The current route; null before the router reports, and while leaving an auth route for home. */
  route: AppRoute | null;
  /** What the `page` region's flow runs for (`content:<slug>:<locale>`, `transactions:<player id>`), or null. */
  pageKey: string | null;
  /** A player's tap on a heart or star while the reactions flow's code is being fetched (sent to it once there). */
  pendingReaction: { type: 'reactions.like' | 'reactions.favorite'; game: ReactionGame } | null;
  /** The live bets tab a player picked before the bets feed's code was fetched (handed to it once it runs). */
  pendingTab: BetsFeedTab | null;
  /** What the login modal must hear while its code is not fetched or running yet, in order. */
  pendingLoginModal: LoginModalEvent[];
  /** MissionAssigned payloads that came before the missions flow runs (handed to it as it starts). */
  pendingMissions: unknown[];
  /** Who the missions flow runs (or is fetched) for: the player's id, null for a guest. */
  missionsOwner: number | null;
  /**
   * The language a switch asked for that the address does not show yet (§2.2: `/en` or not), else null. A player's
   * next tap on the switch is read against it, not against a page React has not re-rendered yet.
   */
  localeTarget: 'pt' | 'en' | null;
  page: AppPage;
  /** The flows' inputs, as the app was started (no token, password or CPF: see each input type). */
  inputs: AppInput;
}

export type AppEvent =
  /** From the profile watch: the player stored another language on /user. */
  | { type: 'profile.languageChanged'; language: 'pt' | 'en' }
  /** From the push watch: a §8 push text to show as a toast, with the toasts' clock reading. */
  | { type: 'push.notice'; notice: PushNotice; kind: 'success' | 'error'; at: number }
  /** From the site watch: the realtime settings of the ready site, or null (not ready, no realtime). */
  | { type: 'app.liveSettings'; settings: LiveSettings | null }
  /** From the site watch: the ready site's wallet limits, or null. */
  | { type: 'app.walletLimits'; limits: WalletLimits | null }
  /** From the session watch: check done, player (id, balance, deposit count) or null. */
  | { type: 'app.sessionChanged'; session: AppSessionView }
  /** From the router bridge (src/app/app-runtime.ts): the route shown, and whether a navigation is under way. */
  | { type: 'app.routeChanged'; route: AppRoute }
  | { type: 'app.navigation'; busy: boolean }
  /** A render error (React's error boundary): the loading bar shows it in the error colour. */
  | { type: 'app.renderFailed' }
  /** From the player (React): the login modal opens (the side menu closes) or closes (the failure is cleared). */
  | { type: 'loginModal.open'; tab: LoginModalTab; byRoute?: boolean }
  | { type: 'loginModal.close' }
  /** Internal: what the login modal must hear, kept until its flow runs (raised by the root's own actions). */
  | { type: 'app.toLoginModal'; event: LoginModalEvent }
  /** From the age gate watch: 2 s after a guest passed the age gate (the modal is offered its register tab). */
  | { type: 'ageGate.passed' }
  /** From the API watch: a signed-in call of any flow answered 403 self-excluded (routed to the session). */
  | { type: 'session.selfExclusionFound'; startAt: string; endAt: string | null }
  /** From the API watch: a signed-in call of any flow answered 401 (expired or revoked; routed to the session). */
  | { type: 'session.expired'; reason?: 'playTimeLimit' }
  /** Emitted by the pix and withdrawal flows: the balance the server reported (the session owns it). */
  | { type: 'wallet.balanceReported'; balance: number; depositCount?: number }
  /** The session's announcements (§4 Session), handed over by the session watch. */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'session.selfExcluded' }
  | { type: 'session.navigateHome' }
  | { type: 'session.signInAgain' }
  /** MissionAssigned on the guest's or player's channel, from the session (the payload as it came). */
  | { type: 'session.missionAssigned'; data: unknown }
  | { type: 'connection.credentialsChanged' }
  /** From a game tile (React): the heart or the star of a game was tapped (routed to the reactions flow). */
  | { type: 'reactions.like'; game: ReactionGame }
  | { type: 'reactions.favorite'; game: ReactionGame }
  /**
   * The global chat panel opens (the header's button; the notification centre when a global notification is
   * clicked, §2.3 chatglobal) or closes: routed to the chat flow (fetched and started on the first open).
   */
  | { type: 'chat.open' }
  | { type: 'chat.close' }
  /** From the live bets (React): the tab to show (routed to the bets feed; kept until it runs). */
  | { type: 'betsFeed.showTab'; tab: BetsFeedTab }
  /** From the casino watch: the lobby searched a typed filter; its query goes into the address. */
  | { type: 'app.catalogueApplied'; search: string }
  /** From the boxes watch: a box purchase was refused for lack of money (the deposit opens). */
  | { type: 'boxes.depositWanted' }
  /**
   * From the header's language switch (React): the language its button showed when tapped, with the toasts' clock
   * reading. The same page opens in it, unless it is already the language shown or being switched to.
   */
  | { type: 'app.switchLocale'; to: 'pt' | 'en'; at: number }
  /** A toast to show (§4 Toasts), with the toasts' clock reading: from the root, React or a flow (`system.get('app')`). */
  | { type: 'toast.show'; toast: ToastRequest; at: number };

/** What React follows: the router is not a machine. `replace`: the current history entry is replaced. */
export type AppEmitted =
  | { type: 'app.navigate'; to: 'home'; replace: boolean }
  /** The lobby's filter as the address's query (`?q=…&provider=…`), a new history entry (the back button restores). */
  | { type: 'app.navigate'; to: 'search'; search: string; replace: boolean }
  /** The same page in another language: the one the player stored on /user, or tapped on the header's switch. */
  | { type: 'app.navigate'; to: 'language'; locale: 'pt' | 'en'; replace: boolean }
  /** The wallet's deposit (a box the player could not pay for). */
  | { type: 'app.navigate'; to: 'deposit'; replace: boolean };
