/**
 * What the root reads of its children's snapshots (the site's realtime settings and money limits, the session's
 * view), compared by value so a refresh with the same figures changes nothing, and the watches that hand them (and
 * the children's announcements) to the root as its own events.
 */
import { fromCallback, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../session/session.machine';
import type { siteMachine } from '../site/site.machine';
import type { AppContext, AppPlayer, AppSessionView, LiveSettings, WalletLimits } from './app.types';

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

export const childOf = (system: { get(id: string): AnyActorRef | undefined }, id: string): AnyActorRef => {
  const child = system.get(id);
  if (!child) throw new Error(`app machine: no actor with systemId "${id}" in the system`);
  return child;
};

/**
 * Hands the emitted events of these children (looked up by systemId; those not running are skipped) to the root,
 * each as the root's own event (`as`) or as it came.
 */
export interface RelayInput {
  routes: ReadonlyArray<{ from: readonly string[]; type: string; as?: (event: EventObject) => EventObject }>;
}
export const relay = fromCallback<EventObject, RelayInput>(({ input, system, sendBack }) => {
  const subscriptions = input.routes.flatMap((route) =>
    route.from
      .map((id) => system.get(id) as AnyActorRef | undefined)
      .filter((child): child is AnyActorRef => child !== undefined)
      .map((child) => child.on(route.type, (event: EventObject) => sendBack(route.as ? route.as(event) : event))),
  );
  return () => subscriptions.forEach((s) => s.unsubscribe());
});

/** Watches the site actor: `app.liveSettings` and `app.walletLimits` whenever they change. */
export const siteWatch = fromCallback<EventObject>(({ system, sendBack }) => {
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
});

/** Hands the session's announcements (its emitted events) and its view (`app.sessionChanged`) to the root. */
export const sessionWatch = fromCallback<EventObject>(({ system, sendBack }) => {
  const session = childOf(system, 'session');
  const subscriptions = SESSION_ANNOUNCEMENTS.map((type) => session.on(type, (event: EventObject) => sendBack(event)));
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
});

export const isGuestOnAuthRoute = (context: AppContext) =>
  context.session.checkDone && context.session.player === null && context.route !== null && context.route.auth;

/** The balance the session reported changed (a bet, a deposit): the number, else null. */
export const newBalance = (context: AppContext, session: AppSessionView): number | null => {
  const balance = session.player?.balance;
  return balance === undefined || balance === null || balance === context.session.player?.balance ? null : balance;
};

/** Who hears a new balance (if they run): the withdrawal form, /ranking's standing, the missions' progress. */
export const BALANCE_LISTENERS: ReadonlyArray<{ to: string; event(balance: number): EventObject }> = [
  { to: 'withdrawal', event: (balance) => ({ type: 'withdrawal.balanceChanged', balance }) },
  { to: 'rank', event: () => ({ type: 'rank.refresh' }) },
  { to: 'missions', event: () => ({ type: 'missions.balanceChanged' }) },
];

/** Who hears of sign-in and sign-out (if they run): a game relaunches in the mode now allowed. */
export const SIGN_IN_LISTENERS: ReadonlyArray<{ to: string; type: string }> = [
  { to: 'gamePage', type: 'game.sessionChanged' },
  { to: 'sports', type: 'sports.sessionChanged' },
  { to: 'reactions', type: 'reactions.sessionChanged' },
];

/** The pix flow's input: the brand's deposit limits, the player (§7 Wallet). */
export const pixInputOf = ({ limits, session }: Pick<AppContext, 'limits' | 'session'>) => ({
  minDeposit: limits?.minDeposit ?? 0,
  maxDeposit: limits?.maxDeposit ?? 0,
  userId: session.player?.id ?? 0,
  depositCount: session.player?.depositCount ?? 0,
  isRegulated: limits?.isRegulated ?? true,
});

/** The withdrawal flow's input: the brand's withdrawal limits and the session's balance. */
export const withdrawalInputOf = ({ limits, session }: Pick<AppContext, 'limits' | 'session'>) => ({
  minWithdrawal: limits?.minWithdrawal ?? 0,
  maxWithdrawal: limits?.maxWithdrawal ?? 0,
  balance: session.player?.balance ?? 0,
});
