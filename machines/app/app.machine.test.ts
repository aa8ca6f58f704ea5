import { describe, expect, it } from 'vitest';
import { assign, createMachine, emit, fromCallback, type AnyActorLogic, type EventObject } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { appMachine, liveSettingsOf, sameLiveSettings } from './app.machine';
import type { AppInput, AppRoute } from './app.types';

/**
 * The root's stories: one system with every long-lived flow under its systemId, and the routes between them
 * (site ready → connection and bets feed; session announcements → login modal, connection and router).
 * The children are fakes that record what reaches them.
 */
type Log = Array<[string, string, unknown?]>;

const realtime = { key: 'k1', wsHost: '127.0.0.1', wsPort: 6001 };
const LIMITS = { min_deposit: 1000, max_deposit: 500000, min_withdrawal: 2000, max_withdrawal: 300000 };
const config = (casinoId: number, rt: Record<string, unknown> | null = realtime) => ({
  casino_id: casinoId,
  realtime: rt ?? undefined,
  ...LIMITS,
});

function fakeSite(log: Log = []) {
  return createMachine({
    id: 'site',
    types: {} as {
      context: { config: unknown };
      events:
        | { type: 'fake.ready'; config: unknown }
        | { type: 'fake.down' }
        | { type: 'site.localeChanged'; locale: string };
    },
    context: { config: null },
    on: { 'site.localeChanged': { actions: ({ event }) => log.push(['site', event.type, event]) } },
    initial: 'loading',
    states: {
      loading: { on: { 'fake.ready': { target: 'ready', actions: assign({ config: ({ event }) => event.config }) } } },
      ready: {
        on: {
          'fake.ready': { actions: assign({ config: ({ event }) => event.config }) },
          'fake.down': { target: 'loading', actions: assign({ config: null }) },
        },
      },
    },
  });
}

interface FakeSessionContext {
  isCheckUserDone: boolean;
  user: { id: number } | null;
  wallet: { balance: number; deposit_count: number } | null;
}

/** A session whose state the test sets, that announces what it is told and records what reaches it. */
function fakeSession(log: Log) {
  return createMachine({
    id: 'session',
    types: {} as {
      context: FakeSessionContext;
      events:
        | { type: 'fake.announce'; announcement: { type: string } }
        | { type: 'fake.checked' }
        | { type: 'fake.signIn'; id: number; wallet: FakeSessionContext['wallet'] }
        | { type: 'fake.wallet'; wallet: FakeSessionContext['wallet'] }
        | { type: 'fake.signOut' };
    },
    context: { isCheckUserDone: false, user: null, wallet: null },
    initial: 'guest',
    on: {
      'fake.announce': { actions: emit(({ event }) => event.announcement as never) },
      'fake.checked': { actions: assign({ isCheckUserDone: true }) },
      '*': { actions: ({ event }) => log.push(['session', event.type, event]) },
    },
    states: {
      guest: {
        on: {
          'fake.signIn': {
            target: 'signedIn',
            actions: assign(({ event }) => ({ isCheckUserDone: true, user: { id: event.id }, wallet: event.wallet })),
          },
        },
      },
      signedIn: {
        on: {
          'fake.wallet': { actions: assign({ wallet: ({ event }) => event.wallet }) },
          'fake.signOut': { target: 'guest', actions: assign({ user: null, wallet: null }) },
        },
      },
    },
  });
}

/** A child that records its start (with input), what it receives, and its stop. */
const recorder = (name: string, log: Log) =>
  fromCallback<EventObject, unknown>(({ input, receive, emit: emitted }) => {
    log.push([name, 'start', input]);
    receive((event) => {
      // What a wallet flow emits when it learns the balance from the server.
      if (event.type === 'fake.report') emitted((event as unknown as { report: EventObject }).report);
      else log.push([name, event.type, event]);
    });
    return () => log.push([name, 'stop']);
  });

const idle = createMachine({});

const INPUT = {
  page: { hostname: 'localhost', protocol: 'http:', apiBaseUrl: '/api' },
  site: { domain: 'localhost', marketingUrl: 'https://example.com/', locale: 'pt' },
  session: { hasToken: false, guestId: 'guest-abcdefghi' },
  loginModal: { ageVerified: false, signedIn: false },
} as unknown as AppInput;

function start() {
  const log: Log = [];
  const logic = appMachine.provide({
    actors: {
      session: fakeSession(log) as never,
      shellUi: recorder('shellUi', log) as never,
      loadingBar: recorder('loadingBar', log) as never,
      site: fakeSite(log) as unknown as AnyActorLogic as never,
      pix: recorder('pix', log) as never,
      withdrawal: recorder('withdrawal', log) as never,
      contentPage: recorder('contentPage', log) as never,
      transactions: recorder('transactions', log) as never,
      toastQueue: idle as never,
      loginModal: recorder('loginModal', log) as never,
      betsFeed: recorder('betsFeed', log) as never,
      connection: recorder('connection', log) as never,
    },
  });
  const navigations: string[] = [];
  const { actor: app } = createTestActor(logic, { input: INPUT });
  app.on('app.navigate', (event) => navigations.push(event.replace ? `${event.to} (replace)` : event.to));
  const site = app.system.get('site');
  const session = app.system.get('session');
  const events = (name: string) =>
    log.filter(([n, kind]) => n === name && kind !== 'start' && kind !== 'stop').map(([, kind]) => kind);
  return { app, log, site, session, navigations, events };
}

describe('app machine: one actor system', () => {
  it('invokes every long-lived flow under its systemId, so one inspector sees the whole tree', () => {
    const { app } = start();
    for (const id of ['site', 'shellUi', 'loadingBar', 'session', 'loginModal', 'betsFeed', 'toastQueue']) {
      expect(app.system.get(id), id).toBeDefined();
      expect(app.getSnapshot().children[id as never], id).toBe(app.system.get(id));
    }
    expect(app.system.get('connection')).toBeUndefined();
    expect(app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
  });

  it('starts the connection with the ready site’s realtime settings and the bets feed on its casino', () => {
    const { app, site, log } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    expect(app.getSnapshot().matches({ live: 'connected' })).toBe(true);
    expect(app.getSnapshot().context.live).toEqual({ casinoId: 7, key: 'k1', wsHost: '127.0.0.1', wsPort: 6001 });
    expect(log).toContainEqual([
      'connection',
      'start',
      {
        key: 'k1',
        host: {
          pageHostname: 'localhost',
          pageProtocol: 'http:',
          apiBaseUrl: '/api',
          wsHost: '127.0.0.1',
          wsPort: 6001,
        },
      },
    ]);
    expect(log).toContainEqual(['betsFeed', 'betsFeed.start', { type: 'betsFeed.start', casinoId: 7 }]);
    expect(app.system.get('connection')).toBeDefined();
  });

  it('keeps the connection when a refresh brings the same settings, and starts both again when they change', () => {
    const { site, log, events } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    site.send({ type: 'fake.ready', config: config(7) });
    expect(log.filter(([n, k]) => n === 'connection' && k === 'start')).toHaveLength(1);
    site.send({ type: 'fake.ready', config: config(7, { ...realtime, key: 'k2' }) });
    expect(log.filter(([n, k]) => n === 'connection' && k === 'start')).toHaveLength(2);
    expect(log.filter(([n, k]) => n === 'connection' && k === 'stop')).toHaveLength(1);
    expect(events('betsFeed')).toEqual(['betsFeed.start', 'betsFeed.stop', 'betsFeed.start']);
  });

  it('stops the connection and the bets feed when the site is no longer ready', () => {
    const { app, site, log, events } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    site.send({ type: 'fake.down' });
    expect(app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    expect(app.getSnapshot().context.live).toBeNull();
    expect(log).toContainEqual(['connection', 'stop']);
    expect(events('betsFeed')).toEqual(['betsFeed.start', 'betsFeed.stop']);
    expect(app.system.get('connection')).toBeUndefined();
  });

  it('waits for a site without realtime settings', () => {
    const { app, site, log } = start();
    site.send({ type: 'fake.ready', config: config(7, null) });
    expect(app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    expect(log.filter(([n]) => n === 'connection')).toEqual([]);
  });

  it('routes the session’s sign-in, sign-out and self-exclusion to the login modal', () => {
    const { session, events } = start();
    for (const type of ['session.signedIn', 'session.signedOut', 'session.selfExcluded']) {
      session.send({ type: 'fake.announce', announcement: { type } });
    }
    expect(events('loginModal')).toEqual(['session.signedIn', 'session.signedOut', 'session.selfExcluded']);
  });

  it('renews the connection’s credentials when the session’s token changes, and ignores it with no connection', () => {
    const { app, site, session, events } = start();
    session.send({ type: 'fake.announce', announcement: { type: 'connection.credentialsChanged' } });
    expect(app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    site.send({ type: 'fake.ready', config: config(7) });
    session.send({ type: 'fake.announce', announcement: { type: 'connection.credentialsChanged' } });
    expect(events('connection')).toEqual(['connection.credentialsChanged']);
  });

  it('opens the login modal on the login tab when the session expired (session.signInAgain)', () => {
    const { session, log } = start();
    session.send({ type: 'fake.announce', announcement: { type: 'session.signedOut' } });
    session.send({ type: 'fake.announce', announcement: { type: 'session.signInAgain' } });
    expect(log.filter(([n]) => n === 'loginModal').slice(-2)).toEqual([
      ['loginModal', 'session.signedOut', { type: 'session.signedOut' }],
      ['loginModal', 'loginModal.open', { type: 'loginModal.open', tab: 'login', byRoute: false }],
    ]);
  });

  it('asks the router to go home when the session says so', () => {
    const { session, navigations } = start();
    session.send({ type: 'fake.announce', announcement: { type: 'session.navigateHome' } });
    expect(navigations).toEqual(['home']);
  });

  it('stops every child with the root', () => {
    const { app, site, log } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    app.stop();
    expect(log).toContainEqual(['connection', 'stop']);
    expect(log).toContainEqual(['betsFeed', 'stop']);
    expect(log).toContainEqual(['loginModal', 'stop']);
  });
});

const route = (pathname: string, extra: Partial<Omit<AppRoute, 'pathname'>> = {}) => ({
  type: 'app.routeChanged' as const,
  route: { pathname, locale: 'pt', page: 'home', auth: false, loginTab: null, slug: null, ...extra } satisfies AppRoute,
});
const WALLET = { balance: 5000, deposit_count: 1 };

describe('app machine: the router’s reports', () => {
  it('closes the side menu on a new path only, and tells the site the language', () => {
    const { app, events, log } = start();
    app.send(route('/'));
    app.send(route('/'));
    app.send(route('/en/casino', { locale: 'en', page: 'placeholder' }));
    expect(events('shellUi')).toEqual(['route.changed', 'route.changed']);
    expect(app.getSnapshot().context.route?.pathname).toBe('/en/casino');
    expect(events('site')).toEqual(['site.localeChanged', 'site.localeChanged', 'site.localeChanged']);
    expect(log.filter(([n]) => n === 'site').at(-1)?.[2]).toEqual({ type: 'site.localeChanged', locale: 'en' });
  });

  it('follows navigations with the loading bar, and shows a render failure in it', () => {
    const { app, events } = start();
    app.send({ type: 'app.navigation', busy: true });
    app.send({ type: 'app.navigation', busy: false });
    app.send({ type: 'app.renderFailed' });
    expect(events('loadingBar')).toEqual(['bar.start', 'bar.done', 'bar.fail']);
  });

  it('opens the login modal on a login route’s tab, and leads home (replacing) once signed in there', () => {
    const { app, session, events, navigations } = start();
    app.send(route('/register', { loginTab: 'register' }));
    expect(events('loginModal')).toEqual(['loginModal.open']);
    expect(app.getSnapshot().context.route?.loginTab).toBe('register');
    session.send({ type: 'fake.signIn', id: 7, wallet: null });
    expect(navigations).toEqual(['home (replace)']);
    expect(app.getSnapshot().context.route).toBeNull();
  });

  it('opens the modal for the player (closing the side menu) and closes it clearing the session’s failure', () => {
    const { app, events } = start();
    app.send({ type: 'loginModal.open', tab: 'login' });
    app.send({ type: 'loginModal.close' });
    expect(events('shellUi')).toEqual(['drawer.close']);
    expect(events('loginModal')).toEqual(['loginModal.open', 'loginModal.close']);
    expect(events('session')).toContain('session.clearFailure');
  });
});

describe('app machine: route guard', () => {
  it('waits for the start-up check, then asks a guest on an auth route to sign in', () => {
    const { app, session, events } = start();
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    expect(app.getSnapshot().matches({ guard: 'open' })).toBe(true);
    session.send({ type: 'fake.checked' });
    expect(app.getSnapshot().matches({ guard: 'asking' })).toBe(true);
    expect(app.getSnapshot().context.session).toEqual({ checkDone: true, player: null });
    expect(events('loginModal')).toEqual(['loginModal.open']);
    expect(app.getSnapshot().context.route?.pathname).toBe('/account/wallet');
  });

  it('lets the player stay on the route once signed in, and stops asking', () => {
    const { app, session, navigations } = start();
    session.send({ type: 'fake.checked' });
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    expect(app.getSnapshot().matches({ guard: 'asking' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    expect(app.getSnapshot().matches({ guard: 'open' })).toBe(true);
    expect(navigations).toEqual([]);
  });

  it('stops asking when the guest leaves for a public route', () => {
    const { app, session } = start();
    session.send({ type: 'fake.checked' });
    app.send(route('/user', { page: 'placeholder', auth: true }));
    app.send(route('/', { page: 'home' }));
    expect(app.getSnapshot().matches({ guard: 'open' })).toBe(true);
  });

  it('takes a player who stops being signed in on an auth route home, without asking them to sign in', () => {
    const { app, session, navigations, events } = start();
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/user', { page: 'placeholder', auth: true }));
    session.send({ type: 'fake.signOut' });
    expect(navigations).toEqual(['home']);
    expect(app.getSnapshot().context.route).toBeNull();
    expect(app.getSnapshot().matches({ guard: 'open' })).toBe(true);
    expect(events('loginModal')).toEqual([]);
  });
});

describe('app machine: wallet', () => {
  function onWallet() {
    const started = start();
    started.site.send({ type: 'fake.ready', config: config(7) });
    started.session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    started.app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    return started;
  }

  it('starts pix and withdrawal for a signed-in player on the wallet route, with the brand’s limits and the session’s balance', () => {
    const { app, log } = onWallet();
    expect(app.getSnapshot().matches({ wallet: 'open' })).toBe(true);
    expect(log).toContainEqual(['pix', 'start', { minDeposit: 1000, maxDeposit: 500000, userId: 7, depositCount: 1 }]);
    expect(log).toContainEqual(['withdrawal', 'start', { minWithdrawal: 2000, maxWithdrawal: 300000, balance: 5000 }]);
    expect(app.system.get('pix')).toBeDefined();
    expect(app.system.get('withdrawal')).toBeDefined();
  });

  it('waits for the wallet’s balance before starting them', () => {
    const { app, site, session } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    session.send({ type: 'fake.signIn', id: 7, wallet: null });
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    expect(app.getSnapshot().matches({ wallet: 'closed' })).toBe(true);
    session.send({ type: 'fake.wallet', wallet: WALLET });
    expect(app.getSnapshot().matches({ wallet: 'open' })).toBe(true);
  });

  it('hands what pix and withdrawal learn of the balance to the session, and the session’s balance to the withdrawal', () => {
    const { app, session, events } = onWallet();
    app.system
      .get('pix')!
      .send({ type: 'fake.report', report: { type: 'wallet.balanceReported', balance: 9000, depositCount: 2 } });
    app.system
      .get('withdrawal')!
      .send({ type: 'fake.report', report: { type: 'wallet.balanceReported', balance: 4000 } });
    const reports = events('session').filter((type) => type === 'session.balanceReported');
    expect(reports).toHaveLength(2);
    session.send({ type: 'fake.wallet', wallet: { balance: 9000, deposit_count: 2 } });
    session.send({ type: 'fake.wallet', wallet: { balance: 9000, deposit_count: 2 } });
    expect(events('withdrawal')).toEqual(['withdrawal.balanceChanged']);
  });

  it('drops pix and withdrawal (an open pix code and its channel) when the player is no longer signed in', () => {
    const { app, session, log } = onWallet();
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ wallet: 'closed' })).toBe(true);
    expect(log).toContainEqual(['pix', 'stop']);
    expect(log).toContainEqual(['withdrawal', 'stop']);
    expect(app.system.get('pix')).toBeUndefined();
  });

  it('keeps them while the player visits other routes', () => {
    const { app, log } = onWallet();
    app.send(route('/', { page: 'home' }));
    expect(app.getSnapshot().matches({ wallet: 'open' })).toBe(true);
    expect(log).not.toContainEqual(['pix', 'stop']);
  });
});

describe('app machine: route-bound flows', () => {
  it('runs a content page’s flow for its slug and language, and a new one for another', () => {
    const { app, log } = start();
    app.send(route('/privacy', { page: 'content', slug: 'privacy' }));
    expect(app.getSnapshot().matches({ page: 'content' })).toBe(true);
    expect(log).toContainEqual(['contentPage', 'start', { slug: 'privacy', locale: 'pt' }]);
    app.send(route('/en/privacy', { page: 'content', slug: 'privacy', locale: 'en' }));
    expect(log).toContainEqual(['contentPage', 'stop']);
    expect(log).toContainEqual(['contentPage', 'start', { slug: 'privacy', locale: 'en' }]);
    expect(app.getSnapshot().context.pageKey).toBe('content:privacy:en');
    app.send(route('/', { page: 'home' }));
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    expect(app.getSnapshot().context.pageKey).toBeNull();
    expect(app.system.get('contentPage')).toBeUndefined();
  });

  it('runs the money history only for a signed-in player, and a new one for another player', () => {
    const { app, session, log } = start();
    app.send(route('/user/edit/transaction', { page: 'transactions', auth: true }));
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/user/edit/transaction', { page: 'transactions', auth: true }));
    expect(app.getSnapshot().matches({ page: 'transactions' })).toBe(true);
    expect(app.getSnapshot().context.pageKey).toBe('transactions:7');
    expect(app.system.get('transactions')).toBeDefined();
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    expect(log).toContainEqual(['transactions', 'stop']);
  });
});

describe('app machine: self-exclusion found by any flow', () => {
  it('hands a 403 self-excluded answer of any signed-in call to the session', () => {
    const log: Log = [];
    let report: ((event: { type: string; startAt: string; endAt: string | null }) => void) | undefined;
    const logic = appMachine.provide({
      actors: {
        site: fakeSite() as unknown as AnyActorLogic as never,
        session: fakeSession(log) as never,
        shellUi: idle as never,
        loadingBar: idle as never,
        toastQueue: idle as never,
        loginModal: idle as never,
        betsFeed: idle as never,
        apiWatch: fromCallback<EventObject>(({ sendBack }) => {
          report = sendBack;
          return () => undefined;
        }),
      },
    });
    createTestActor(logic, { input: INPUT });
    report?.({ type: 'session.selfExclusionFound', startAt: '2026-11-23T10:00:00Z', endAt: null });
    expect(log).toContainEqual([
      'session',
      'session.selfExclusionFound',
      { type: 'session.selfExclusionFound', startAt: '2026-11-23T10:00:00Z', endAt: null },
    ]);
  });
});

describe('app machine: a session expired, found by any flow', () => {
  it('hands a 401 to any signed-in call to the session (session.expired)', () => {
    const log: Log = [];
    let report: ((event: { type: string }) => void) | undefined;
    const logic = appMachine.provide({
      actors: {
        site: fakeSite() as unknown as AnyActorLogic as never,
        session: fakeSession(log) as never,
        shellUi: idle as never,
        loadingBar: idle as never,
        toastQueue: idle as never,
        loginModal: idle as never,
        betsFeed: idle as never,
        apiWatch: fromCallback<EventObject>(({ sendBack }) => {
          report = sendBack;
          return () => undefined;
        }),
      },
    });
    createTestActor(logic, { input: INPUT });
    report?.({ type: 'session.expired' });
    expect(log).toContainEqual(['session', 'session.expired', { type: 'session.expired' }]);
  });
});

describe('live settings', () => {
  it('compares settings by value, null only with null', () => {
    const a = { casinoId: 1, key: 'k', wsHost: undefined, wsPort: undefined };
    expect(sameLiveSettings(a, { ...a })).toBe(true);
    expect(sameLiveSettings(a, { ...a, wsPort: 1 })).toBe(false);
    expect(sameLiveSettings(null, null)).toBe(true);
    expect(sameLiveSettings(a, null)).toBe(false);
  });

  it('reads them only from a ready site with realtime settings', () => {
    const snapshot = (ready: boolean, cfg: unknown) => ({ matches: () => ready, context: { config: cfg } }) as never;
    expect(liveSettingsOf(snapshot(true, config(3)))).toEqual({ casinoId: 3, ...realtime });
    expect(liveSettingsOf(snapshot(false, config(3)))).toBeNull();
    expect(liveSettingsOf(snapshot(true, config(3, null)))).toBeNull();
  });
});
