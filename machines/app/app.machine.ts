import { assign, emit, fromCallback, sendTo, setup, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import { betsFeedMachine } from '../bets-feed/bets-feed.machine';
import { loadingBarMachine } from '../loading-bar/loading-bar.machine';
import { loginModalMachine } from '../login-modal/login-modal.machine';
import { connectionMachine } from '../realtime/connection.machine';
import { sessionMachine } from '../session/session.machine';
import { shellUiMachine } from '../site/shell-ui.machine';
import { siteMachine } from '../site/site.machine';
import { toastQueueMachine } from '../toast/toast-queue.machine';
import type { AppContext, AppEmitted, AppEvent, AppInput, LiveSettings } from './app.types';

/** The site config's realtime settings once the site is ready, else null (§3 Site config: casino_id, realtime). */
export function liveSettingsOf(snapshot: SnapshotFrom<typeof siteMachine>): LiveSettings | null {
  const config = snapshot.context.config;
  if (!snapshot.matches('ready') || !config?.realtime) return null;
  const { key, wsHost, wsPort } = config.realtime;
  return { casinoId: config.casino_id, key, wsHost, wsPort };
}

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
  'connection.credentialsChanged',
] as const;

const childOf = (system: { get(id: string): AnyActorRef | undefined }, id: string): AnyActorRef => {
  const child = system.get(id);
  if (!child) throw new Error(`app machine: no actor with systemId "${id}" in the system`);
  return child;
};

/**
 * The app's root (one actor system, one inspector): it invokes the long-lived flows with `systemId`s and owns
 * how they talk. Site ready → the live connection starts with the config's realtime settings and the bets feed
 * joins the brand's public channel; settings changed → both start again; the session's announcements → the
 * login modal (signed in, signed out, self-excluded), the connection (new credentials) and the router (home).
 * States (parallel): `live` waiting (no settings yet, or the site is not ready) | connected (the connection
 * actor runs; the bets feed listens).
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
    loginModal: loginModalMachine,
    betsFeed: betsFeedMachine,
    toastQueue: toastQueueMachine,
    connection: connectionMachine,
    /** Watches the site actor and sends `app.liveSettings` whenever the realtime settings change. */
    siteWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const site = childOf(system, 'site');
      let last: LiveSettings | null = null;
      const check = (snapshot: SnapshotFrom<typeof siteMachine>) => {
        const next = liveSettingsOf(snapshot);
        if (sameLiveSettings(last, next)) return;
        last = next;
        sendBack({ type: 'app.liveSettings', settings: next });
      };
      check(site.getSnapshot() as SnapshotFrom<typeof siteMachine>);
      const subscription = site.subscribe((snapshot: SnapshotFrom<typeof siteMachine>) => check(snapshot));
      return () => subscription.unsubscribe();
    }),
    /** Hands the session's announcements (its emitted events) to the root, which routes them. */
    sessionWatch: fromCallback<EventObject>(({ system, sendBack }) => {
      const session = childOf(system, 'session');
      const subscriptions = SESSION_ANNOUNCEMENTS.map((type) => session.on(type, (event: EventObject) => sendBack(event)));
      return () => subscriptions.forEach((s) => s.unsubscribe());
    }),
  },
  guards: {
    hasSettings: ({ event }) => event.type === 'app.liveSettings' && event.settings !== null,
    lostSettings: ({ event }) => event.type === 'app.liveSettings' && event.settings === null,
  },
  actions: {
    keepSettings: assign({ live: ({ context, event }) => (event.type === 'app.liveSettings' ? event.settings : context.live) }),
    forgetSettings: assign({ live: null }),
    startBetsFeed: sendTo('betsFeed', ({ context }) => ({ type: 'betsFeed.start' as const, casinoId: context.live?.casinoId ?? 0 })),
    stopBetsFeed: sendTo('betsFeed', { type: 'betsFeed.stop' as const }),
    renewCredentials: sendTo('connection', { type: 'connection.credentialsChanged' as const }),
    tellLoginModal: sendTo('loginModal', ({ event }) => event),
    navigateHome: emit({ type: 'app.navigate', to: 'home' } as const),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ live: null, page: input.page, inputs: input }),
  invoke: [
    { id: 'site', systemId: 'site', src: 'site', input: ({ context }) => context.inputs.site },
    { id: 'shellUi', systemId: 'shellUi', src: 'shellUi' },
    { id: 'loadingBar', systemId: 'loadingBar', src: 'loadingBar' },
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.inputs.session },
    { id: 'loginModal', systemId: 'loginModal', src: 'loginModal', input: ({ context }) => context.inputs.loginModal },
    { id: 'betsFeed', systemId: 'betsFeed', src: 'betsFeed' },
    { id: 'toastQueue', systemId: 'toastQueue', src: 'toastQueue', input: ({ context }) => context.inputs.toastQueue ?? {} },
    { id: 'siteWatch', src: 'siteWatch' },
    { id: 'sessionWatch', src: 'sessionWatch' },
  ],
  type: 'parallel',
  on: {
    'session.signedIn': { actions: 'tellLoginModal' },
    'session.signedOut': { actions: 'tellLoginModal' },
    'session.selfExcluded': { actions: 'tellLoginModal' },
    'session.navigateHome': { actions: 'navigateHome' },
  },
  states: {
    live: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'app.liveSettings': { guard: 'hasSettings', target: 'connected', actions: 'keepSettings' } },
        },
        connected: {
          entry: 'startBetsFeed',
          exit: 'stopBetsFeed',
          invoke: {
            id: 'connection',
            systemId: 'connection',
            src: 'connection',
            input: ({ context }) => ({
              key: context.live?.key ?? '',
              host: {
                pageHostname: context.page.hostname,
                pageProtocol: context.page.protocol,
                apiBaseUrl: context.page.apiBaseUrl,
                ...(context.live?.wsHost !== undefined ? { wsHost: context.live.wsHost } : {}),
                ...(context.live?.wsPort !== undefined ? { wsPort: context.live.wsPort } : {}),
              },
            }),
          },
          on: {
            'app.liveSettings': [
              { guard: 'lostSettings', target: 'waiting', actions: 'forgetSettings' },
              { target: 'connected', reenter: true, actions: 'keepSettings' },
            ],
            'connection.credentialsChanged': { actions: 'renewCredentials' },
          },
        },
      },
    },
  },
});
