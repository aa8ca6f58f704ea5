import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  raise,
  sendTo,
  setup,
  type AnyActorLogic,
  type EventObject,
} from 'xstate';
import type { chatMachine } from '../chat/chat.machine';
import { filterFromSearchParams } from '../games/game-filter';
import { homeRowsMachine } from '../games/home-rows.machine';
import { childOf as flowChild, outputOf, runs, spawnFlows, stopFlows, type NamedFlows } from '../kernel/flows';
import { notSupplied } from '../kernel/not-supplied';
import { loadingBarMachine } from '../loading-bar/loading-bar.machine';
import { ageGateMachine } from '../login-modal/age-gate.machine';
import type { loginModalMachine } from '../login-modal/login-modal.machine';
import type { LoginModalEvent } from '../login-modal/login-modal.types';
import { PUSH_NOTICE_IDS } from '../push/push-notices';
import type { realityCheckMachine } from '../responsible-gaming/reality-check.machine';
import { sessionMachine } from '../session/session.machine';
import { contentPageMachine } from '../site/content-page.machine';
import { shellUiMachine } from '../site/shell-ui.machine';
import { siteMachine } from '../site/site.machine';
import { toastQueueMachine } from '../toast/toast-queue.machine';
import type { AppContext, AppEmitted, AppEvent, AppInput } from './app.types';
import type { LiveFlows, MissionsFlow, NotificationFlows, PageTools, PushFlows, WalletFlows } from './flow-types';
import {
  lobbyFilterOf,
  lobbySearchOf,
  PAGE_CHILD_IDS,
  pageKeyOf,
  pageOf,
  pageRow,
  type CasinoFlowsInput,
  type PageLoad,
} from './page-flows';
import {
  BALANCE_LISTENERS,
  childOf,
  isGuestOnAuthRoute,
  newBalance,
  pixInputOf,
  playerChannelOf,
  relay,
  sessionWatch,
  SIGN_IN_LISTENERS,
  siteWatch,
  withdrawalInputOf,
} from './root-views';
import { whileSignedIn } from './while-signed-in';

export type * from './flow-types';
export * from './page-flows';
export * from './root-views';

/** A heart and a star are handled alike. */
const taps = <T>(transition: T) => ({ 'reactions.like': transition, 'reactions.favorite': transition });

/** New realtime settings: the live flows start again with them; none: they stop. */
const settingsAgain = [
  { guard: 'lostSettings', target: 'waiting', actions: 'forgetSettings' },
  { target: 'loading', actions: 'keepSettings' },
] as const;

/**
 * The app's root (one actor system, one inspector): it invokes the long-lived flows with `systemId`s and owns
 * how they talk; React only reads snapshots and sends the player's and the router's events here.
 *
 * - The first screen: the site, the session (its stored token check), the age gate, the side menu and the loading
 *   bar run from the start; the home rows once the check says who looks (the `page` region).
 * - Pages (`page`): one `none → loading → running | failed` shape over the table of ./page-flows.ts: the row of the
 *   route's page kind says who may see it, its key (a new key, new flows), the chunk to fetch and the children it
 *   spawns under their systemIds; their emitted events reach the root through `pageWatch`.
 * - Signed in (`wallet`, `notifications`, `push`, `realityCheck`): one `whileSignedIn` shape each: fetched once a
 *   player is signed in (the wallet once they open it), stopped when they no longer are.
 * - On demand (`loginModal`, `chat`, `reactions`, `live`, `tools`, `missions`): fetched when first needed (an
 *   event, the site's realtime settings, the first screen done, a mission arriving), what they must hear before is
 *   kept in order and handed to them as they start.
 * - The session's announcements → the login modal, the age gate, the connection and the router (home); the API
 *   watch → the session (403 self-excluded, 401 expired); the router's reports → the side menu, the site's language,
 *   the loading bar, the login modal (/login-like routes); the route guard asks a guest on an auth route to sign in.
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
    toastQueue: toastQueueMachine,
    contentPage: contentPageMachine,
    homeRows: homeRowsMachine,
    siteWatch,
    sessionWatch,
    relay,
    /** Hands the age gate's `ageGate.passed` (2 s after a guest passed it) to the root. */
    ageGateWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const subscription = childOf(system, 'ageGate').on('ageGate.passed', (event: EventObject) => sendBack(event));
      return () => subscription.unsubscribe();
    }),
    /**
     * Reports every signed-in call that answered 403 self-excluded (`session.selfExclusionFound`) or 401
     * (`session.expired`), whichever flow made it; the app provides it from its API client. Nothing by default.
     */
    apiWatch: fromCallback<EventObject>(() => () => undefined),
    /** Hands the push flow's `push.notice` to the root with the toasts' clock reading; the app supplies it. */
    pushWatch: fromCallback<EventObject>(() => () => undefined),
    /** The one loader of page flows: the chunk a row of ./page-flows.ts names (the app supplies it). */
    pageFlows: notSupplied<NamedFlows, PageLoad>('app', 'pageFlows'),
    loginModalFlow: notSupplied<typeof loginModalMachine>('app', 'loginModalFlow'),
    pageTools: notSupplied<PageTools>('app', 'pageTools'),
    liveFlows: notSupplied<LiveFlows>('app', 'liveFlows'),
    walletFlows: notSupplied<WalletFlows>('app', 'walletFlows'),
    pushFlows: notSupplied<PushFlows>('app', 'pushFlows'),
    chatFlow: notSupplied<typeof chatMachine>('app', 'chatFlow'),
    missionsFlow: notSupplied<MissionsFlow>('app', 'missionsFlow'),
    realityCheckFlow: notSupplied<typeof realityCheckMachine>('app', 'realityCheckFlow'),
    notificationFlows: notSupplied<NotificationFlows>('app', 'notificationFlows'),
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
    signedIn: ({ context }) => context.session.player !== null,
    signedOut: ({ context }) => context.session.player === null,
    /** A player, once the session's own load of the notifications is over (the centre starts from it). */
    notificationsCanOpen: ({ context }) =>
      context.session.player !== null && context.session.player.notificationsSettled !== false,
    /** The missions flow runs for someone else than who is there now (sign-in, sign-out). */
    missionsOwnerChanged: ({ context }) => context.missionsOwner !== (context.session.player?.id ?? null),
    /** The route's page has flows of the first load (spawned at once). */
    pageReady: ({ context }) => {
      const page = pageOf(context);
      return page !== null && pageRow(page.kind).ready !== undefined && pageRow(page.kind).key(page.view) !== null;
    },
    /** The route's page has flows to fetch for who looks at it now. */
    pageWanted: ({ context }) => pageKeyOf(context) !== null,
    pageChanged: ({ context }) => pageKeyOf(context) !== context.pageKey,
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
    stopFlows: enqueueActions(({ enqueue, self }, params: { ids: readonly string[] }) =>
      stopFlows(enqueue, self, params.ids),
    ),
    /**
     * The fetched live flows: the connection with the settings, and the bets feed the first time (told the player
     * and the tab picked meanwhile); then the feed listens on the brand's public channel.
     */
    startLiveFlows: enqueueActions(({ context, event, enqueue, self }) => {
      const flows = outputOf<LiveFlows>(event);
      const live = context.live;
      const host = {
        pageHostname: context.page.hostname,
        pageProtocol: context.page.protocol,
        apiBaseUrl: context.page.apiBaseUrl,
        ...(live?.wsHost !== undefined ? { wsHost: live.wsHost } : {}),
        ...(live?.wsPort !== undefined ? { wsPort: live.wsPort } : {}),
      };
      spawnFlows(enqueue, [{ id: 'connection', logic: flows.connection, input: { key: live?.key ?? '', host } }]);
      if (!runs(self, 'betsFeed')) {
        spawnFlows(enqueue, [{ id: 'betsFeed', logic: flows.betsFeed, input: context.inputs.betsFeed ?? {} }]);
        const playerId = playerChannelOf(context.session);
        if (playerId !== null) enqueue.sendTo('betsFeed', { type: 'betsFeed.player' as const, playerId });
        if (context.pendingTab)
          enqueue.sendTo('betsFeed', { type: 'betsFeed.showTab' as const, tab: context.pendingTab });
        enqueue.assign({ pendingTab: null });
      }
      enqueue.sendTo('betsFeed', { type: 'betsFeed.start' as const, casinoId: live?.casinoId ?? 0 });
    }),
    stopLiveFlows: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('connection');
      enqueue.sendTo('betsFeed', { type: 'betsFeed.stop' as const });
    }),
    /** The tab picked goes to the bets feed, or waits for it (kept until the feed is spawned). */
    showBetsFeedTab: enqueueActions(({ event, enqueue, self }) => {
      if (event.type !== 'betsFeed.showTab') return;
      if (runs(self, 'betsFeed')) enqueue.sendTo('betsFeed', event);
      else enqueue.assign({ pendingTab: event.tab });
    }),
    /**
     * What a new session view means to the flows that run: the player's channel joined or left (the bets feed's own
     * bets, the notification centre), a new balance, a sign-in or sign-out (a game relaunches in the mode allowed).
     */
    tellSessionChange: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'app.sessionChanged') return;
      const balance = newBalance(context, event.session);
      if (balance !== null)
        for (const listener of BALANCE_LISTENERS)
          if (runs(self, listener.to)) enqueue.sendTo(listener.to, listener.event(balance));
      const signedIn = event.session.player !== null;
      if ((context.session.player !== null) !== signedIn)
        for (const { to, type } of SIGN_IN_LISTENERS) if (runs(self, to)) enqueue.sendTo(to, { type, signedIn });
      const before = playerChannelOf(context.session);
      const after = playerChannelOf(event.session);
      if (before === after) return;
      // A flow not started yet hears it when it starts (its input).
      if (runs(self, 'betsFeed')) enqueue.sendTo('betsFeed', { type: 'betsFeed.player' as const, playerId: after });
      if (runs(self, 'notifications'))
        enqueue.sendTo('notifications', { type: 'notifications.playerChannel' as const, joined: after !== null });
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
      const logic = outputOf<AnyActorLogic>(event);
      spawnFlows(enqueue, [{ id: 'loginModal', logic, input: context.inputs.loginModal }]);
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
    /** The fetched flows, under the ids and systemIds the app and the other flows know. */
    startWalletFlows: enqueueActions(({ context, event, enqueue }) => {
      const flows = outputOf<WalletFlows>(event);
      spawnFlows(enqueue, [
        { id: 'pix', logic: flows.pix, input: pixInputOf(context) },
        { id: 'withdrawal', logic: flows.withdrawal, input: withdrawalInputOf(context) },
      ]);
    }),
    /** A page of the first load: its flow at once, under its own name (./page-flows.ts `ready`). */
    startReadyPage: enqueueActions(({ context, enqueue }) => {
      const page = pageOf(context);
      const ready = page && pageRow(page.kind).ready;
      if (!page || !ready) return;
      if (ready.flow === 'homeRows')
        enqueue.spawnChild('homeRows', { id: 'homeRows', systemId: 'homeRows', input: ready.input(page.view) });
      else
        enqueue.spawnChild('contentPage', {
          id: 'contentPage',
          systemId: 'contentPage',
          input: ready.input(page.view),
        });
    }),
    /** A page's fetched flows, spawned as its row says, and what it tells the others as it starts. */
    startPage: enqueueActions(({ context, event, enqueue }) => {
      const page = pageOf(context);
      if (!page) return;
      const row = pageRow(page.kind);
      spawnFlows(enqueue, row.children?.(outputOf<NamedFlows>(event), page.view) ?? []);
    }),
    /** What a page tells the other flows as it starts (./page-flows.ts `tells`). */
    tellPageStart: enqueueActions(({ context, enqueue, self }) => {
      const page = pageOf(context);
      for (const { to, event } of (page && pageRow(page.kind).tells) ?? [])
        if (runs(self, to)) enqueue.sendTo(to, event);
    }),
    restoreLobbyFilter: enqueueActions(({ event, enqueue, self }) => {
      if (event.type !== 'app.routeChanged' || !runs(self, 'catalogue')) return;
      enqueue.sendTo('catalogue', { type: 'catalogue.filterRestored' as const, filter: lobbyFilterOf(event.route) });
    }),
    navigateToSearch: emit(({ context, event }) => ({
      type: 'app.navigate' as const,
      to: 'search' as const,
      search:
        event.type === 'app.catalogueApplied'
          ? lobbySearchOf(context.route, filterFromSearchParams(new URLSearchParams(event.search)))
          : '',
      replace: false,
    })),
    keepPendingReaction: assign({
      pendingReaction: ({ event }) =>
        event.type === 'reactions.like' || event.type === 'reactions.favorite' ? event : null,
    }),
    /** The reactions flow from the fetched code; the tap that asked for it goes to it at once. */
    startReactions: enqueueActions(({ context, event, enqueue }) => {
      const flows = outputOf<NamedFlows>(event);
      if (!flows.reactions) return;
      spawnFlows(enqueue, [flowChild(flows.reactions, 'reactions', { signedIn: context.session.player !== null })]);
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
      const flows = outputOf<PushFlows>(event);
      spawnFlows(enqueue, [{ id: 'push', logic: flows.push, input: flows.input }]);
    }),
    /** The page's tools for the page's life: the build watch and the install prompt under their systemIds. */
    startPageTools: enqueueActions(({ event, enqueue }) => {
      const tools = outputOf<PageTools>(event);
      spawnFlows(enqueue, [
        { id: 'buildWatch', logic: tools.buildWatch, input: tools.buildWatchInput },
        { id: 'installPrompt', logic: tools.installPrompt },
        { id: 'tagManager', logic: tools.tagManager, systemId: false },
      ]);
    }),
    /** §8's push texts as toasts. */
    showPushNotice: raise(({ event }) =>
      event.type === 'push.notice'
        ? {
            type: 'toast.show' as const,
            toast: { id: `push-${event.notice}`, kind: event.kind, messageId: PUSH_NOTICE_IDS[event.notice] },
            at: event.at,
          }
        : { type: 'toast.show' as const, toast: { id: 'push', kind: 'info' as const, messageId: '' }, at: 0 },
    ),
    /** The toast queue, the first time a toast is shown (not in a first screen that shows none). */
    startToasts: enqueueActions(({ context, enqueue }) =>
      enqueue.spawnChild('toastQueue', {
        id: 'toastQueue',
        systemId: 'toastQueue',
        input: context.inputs.toastQueue ?? {},
      }),
    ),
    forwardToToasts: sendTo('toastQueue', ({ event }) => event),
    /** The chat flow from the fetched code, under systemId `chat`; the `chat.open` that asked for it goes to it. */
    startChat: enqueueActions(({ context, event, enqueue }) => {
      const input = { casinoId: context.live?.casinoId ?? 0, playerId: context.session.player?.id ?? null };
      spawnFlows(enqueue, [{ id: 'chat', logic: outputOf<AnyActorLogic>(event), input }]);
      enqueue.sendTo('chat', { type: 'chat.open' });
    }),
    forwardToChat: sendTo('chat', ({ event }) => event),
    /** The centre (with the player and the brand's channel) and the pop-up queue, under their systemIds. */
    startNotificationFlows: enqueueActions(({ context, event, enqueue, system }) => {
      const flows = outputOf<NotificationFlows>(event);
      // §4 Session: the session loaded the notifications at sign-in; the centre starts from that page when it is in.
      const session = system.get('session')?.getSnapshot() as { context?: { notifications?: unknown } } | undefined;
      const input = {
        userId: context.session.player?.id ?? 0,
        casinoId: context.live?.casinoId ?? null,
        muted: flows.muted,
        firstPages: session?.context?.notifications ?? null,
        channelJoined: playerChannelOf(context.session) !== null,
      };
      spawnFlows(enqueue, [
        { id: 'popups', logic: flows.popups, input: {} },
        { id: 'notifications', logic: flows.notifications, input },
      ]);
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
      const flow = outputOf<MissionsFlow>(event);
      const input = { ...flow.input, player: context.missionsOwner !== null, assigned: context.pendingMissions };
      spawnFlows(enqueue, [{ id: 'missions', logic: flow.logic, input }]);
      enqueue.assign({ pendingMissions: [] });
    }),
    forwardMission: sendTo('missions', ({ event }) => ({
      type: 'missions.assigned' as const,
      data: event.type === 'session.missionAssigned' ? event.data : null,
    })),
    /** A box the player could not pay for: the wallet's deposit opens. */
    openDeposit: emit({ type: 'app.navigate', to: 'deposit', replace: false } as const),
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
    showLocaleChanged: raise(({ event }) => ({
      type: 'toast.show' as const,
      toast: { id: 'locale-changed', kind: 'info' as const, messageId: 'shell.locale_changed' },
      at: event.type === 'app.switchLocale' ? event.at : 0,
    })),
    /** The reality check from the fetched code, under systemId `realityCheck`. */
    startRealityCheck: enqueueActions(({ event, enqueue }) =>
      spawnFlows(enqueue, [{ id: 'realityCheck', logic: outputOf<AnyActorLogic>(event) }]),
    ),
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
        actions: ['tellSessionChange', 'keepSession', 'leaveRoute', 'navigateHome'],
      },
      {
        guard: 'playerArrivedOnLoginRoute',
        actions: ['tellSessionChange', 'keepSession', 'leaveRoute', 'replaceWithHome'],
      },
      { actions: ['tellSessionChange', 'keepSession'] },
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
    /**
     * Live (`live`): the site ready with realtime settings → the connection's and the bets feed's code is fetched
     * (the app resolves it once the page wants live updates); the connection runs with the settings, the bets feed
     * (spawned the first time, kept for the page's life) joins the brand's public channel; settings changed → both
     * start again; settings gone → both stop. Not fetched: nothing is live until the settings change.
     */
    live: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'app.liveSettings': { guard: 'hasSettings', target: 'loading', actions: 'keepSettings' } },
        },
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
        connected: {
          exit: 'stopLiveFlows',
          on: { 'app.liveSettings': settingsAgain, 'connection.credentialsChanged': { actions: 'renewCredentials' } },
        },
        failed: { on: { 'app.liveSettings': settingsAgain } },
      },
    },
    /**
     * The login modal (`loginModal`): fetched when it must first open (a route, a button, the route guard, an
     * expired session, the age gate's offer of the register tab), then kept for the page's life. What it must hear
     * before is kept in order and handed to it; if the code cannot be fetched, the opens are dropped (the next one
     * tries again).
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
        running: { on: { 'app.toLoginModal': { actions: 'forwardToLoginModal' } } },
      },
    },
    /** A guest on an auth route (once the start-up check is over) is asked to sign in; closing the modal leads home. */
    guard: {
      initial: 'open',
      states: {
        open: { always: { guard: 'guestOnAuthRoute', target: 'asking' } },
        asking: {
          entry: 'askSignIn',
          always: { guard: 'notGuestOnAuthRoute', target: 'open' },
        },
      },
    },
    /** pix and withdrawal, once a signed-in player opens the wallet; the session owns the balance they report. */
    wallet: whileSignedIn({
      loader: 'walletFlows',
      start: 'walletCanOpen',
      stop: 'walletMustClose',
      spawn: 'startWalletFlows',
      ids: ['pix', 'withdrawal'],
      running: {
        invoke: {
          id: 'walletWatch',
          src: 'relay',
          input: { routes: [{ from: ['pix', 'withdrawal'], type: 'wallet.balanceReported' }] },
        },
      },
    }),
    /** The notification centre and pop-ups of the signed-in player (nothing of theirs is kept after). */
    notifications: whileSignedIn({
      loader: 'notificationFlows',
      start: 'notificationsCanOpen',
      stop: 'signedOut',
      spawn: 'startNotificationFlows',
      ids: ['notifications', 'popups'],
    }),
    /** Web push's permission flow; its §8 texts become toasts. */
    push: whileSignedIn({
      loader: 'pushFlows',
      start: 'signedIn',
      stop: 'signedOut',
      spawn: 'startPush',
      ids: ['push'],
      running: {
        invoke: { id: 'pushWatch', src: 'pushWatch' },
        on: { 'push.notice': { actions: 'showPushNotice' } },
      },
    }),
    /** The reality check (§2.3 responsible gaming). */
    realityCheck: whileSignedIn({
      loader: 'realityCheckFlow',
      start: 'signedIn',
      stop: 'signedOut',
      spawn: 'startRealityCheck',
      ids: ['realityCheck'],
    }),
    /**
     * Missions (`missions`): a signed-in player's flow is fetched at once; a guest's only when a mission arrives on
     * their channel (kept until the flow runs and handed to it). It runs for whoever was there when it started;
     * sign-in or sign-out stops it (a player's starts again). Later MissionAssigned go to it.
     */
    missions: {
      initial: 'off',
      states: {
        off: {
          entry: 'clearPendingMissions',
          always: { guard: 'signedIn', target: 'loading' },
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
          exit: { type: 'stopFlows', params: { ids: ['missions'] } },
          on: { 'session.missionAssigned': { actions: 'forwardMission' } },
          always: { guard: 'missionsOwnerChanged', target: 'off' },
        },
        failed: {
          always: { guard: 'missionsOwnerChanged', target: 'off' },
        },
      },
    },
    /** The global chat (`chat`): fetched on the first `chat.open`, then kept for the page's life. */
    chat: {
      initial: 'dormant',
      states: {
        dormant: { on: { 'chat.open': { target: 'loading' } } },
        loading: {
          invoke: {
            id: 'chatFlow',
            src: 'chatFlow',
            onDone: { target: 'running', actions: 'startChat' },
            onError: 'dormant',
          },
        },
        running: { on: { 'chat.open': { actions: 'forwardToChat' }, 'chat.close': { actions: 'forwardToChat' } } },
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
          on: taps([
            { guard: 'isGuest', actions: 'askGuestSignIn' },
            { target: 'loading', actions: 'keepPendingReaction' },
          ]),
        },
        loading: {
          invoke: {
            id: 'reactionFlows',
            src: 'pageFlows',
            input: { flows: 'casino', input: { kind: 'reactions' } satisfies CasinoFlowsInput },
            onDone: { target: 'running', actions: 'startReactions' },
            onError: { target: 'dormant', actions: 'forgetPendingReaction' },
          },
          on: taps({ actions: 'keepPendingReaction' }),
        },
        running: { on: taps({ actions: 'forwardReaction' }) },
      },
    },
    /** The toasts (§4 Toasts): their queue starts with the first toast (the root's, React's, a flow's). */
    toasts: {
      initial: 'dormant',
      states: {
        dormant: { on: { 'toast.show': { target: 'running', actions: ['startToasts', 'forwardToToasts'] } } },
        running: { on: { 'toast.show': { actions: 'forwardToToasts' } } },
      },
    },
    /**
     * The page's tools (the new-build watch, the install prompt, the tag manager), fetched once the first screen is
     * done (`pageTools`: the app waits for that), then run for the page's life. Not fetched: none of them.
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
    /**
     * The route's page (./page-flows.ts): `none` until the route's page has flows for who looks; a page of the
     * first load runs at once, any other's code is fetched (`pageFlows`, the row's chunk), then its children run
     * until the key changes (another page, language, player). Not fetched: the page says so; the next one tries
     * again.
     */
    page: {
      initial: 'none',
      states: {
        none: {
          entry: 'forgetPageKey',
          always: [
            { guard: 'pageReady', target: 'running', actions: ['keepPageKey', 'tellPageStart', 'startReadyPage'] },
            { guard: 'pageWanted', target: 'loading', actions: ['keepPageKey', 'tellPageStart'] },
          ],
        },
        loading: {
          invoke: {
            id: 'pageFlows',
            src: 'pageFlows',
            input: ({ context }) => {
              const page = pageOf(context);
              const load = page && pageRow(page.kind).load?.(page.view);
              if (!load) throw new Error(`app machine: the page ${page?.kind ?? '?'} has nothing to load`);
              return load;
            },
            onDone: { target: 'running', actions: 'startPage' },
            onError: { target: 'failed' },
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        running: {
          exit: { type: 'stopFlows', params: { ids: PAGE_CHILD_IDS } },
          invoke: {
            id: 'pageWatch',
            src: 'relay',
            input: ({ context }) => {
              const page = pageOf(context);
              return { routes: (page && pageRow(page.kind).routes) ?? [] };
            },
          },
          on: {
            'app.catalogueApplied': { actions: 'navigateToSearch' },
            'boxes.depositWanted': { actions: 'openDeposit' },
            'profile.languageChanged': { actions: 'showLanguage' },
            'app.routeChanged': { guard: 'lobbyQueryChanged', actions: 'restoreLobbyFilter' },
          },
          always: { guard: 'pageChanged', target: 'none' },
        },
        failed: {
          always: { guard: 'pageChanged', target: 'none' },
        },
      },
    },
  },
});
