import { describe, expect, it } from 'vitest';
import {
  assign,
  createMachine,
  emit,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorLogic,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { appMachine, liveSettingsOf, sameLiveSettings } from './app.machine';
import { connectLanguageSwitch } from './language.connect';
import type { AppInput, AppRoute } from './app.types';
import type { PageLoad } from './page-flows';

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
  /** What the real session loads at sign-in (§4 Session): both notification lists' first page. */
  notifications?: unknown;
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
        | { type: 'fake.signIn'; id: number; wallet: FakeSessionContext['wallet']; notifications?: unknown }
        | { type: 'fake.wallet'; wallet: FakeSessionContext['wallet'] }
        | { type: 'fake.notifications'; notifications: unknown }
        | { type: 'fake.userChannel' }
        | { type: 'fake.startSignOut' }
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
            actions: assign(({ event }) => ({
              isCheckUserDone: true,
              user: { id: event.id },
              wallet: event.wallet,
              notifications: event.notifications,
            })),
          },
        },
      },
      signedIn: {
        on: {
          'fake.wallet': { actions: assign({ wallet: ({ event }) => event.wallet }) },
          'fake.notifications': { actions: assign({ notifications: ({ event }) => event.notifications }) },
          'fake.signOut': { target: 'guest', actions: assign({ user: null, wallet: null }) },
          'fake.startSignOut': { target: 'signingOut' },
        },
        // The real session's `live` region: the user channel is joined once the 1 s hand-over is over.
        initial: 'live',
        states: {
          live: {
            initial: 'handover',
            states: { handover: { on: { 'fake.userChannel': 'user' } }, user: {} },
          },
        },
      },
      // The real session's GET /auth/logout: still the player, the user channel already left.
      signingOut: {
        on: { 'fake.signOut': { target: 'guest', actions: assign({ user: null, wallet: null }) } },
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

/** The chunks a page fetches, by the name each had before one loader (`pageFlows`) served them all. */
type Chunk = (args: { input: never }) => Promise<unknown>;
type PageChunks = Partial<Record<string, Chunk>>;
const CHUNK_OF: Record<PageLoad['flows'], string> = {
  casino: 'casinoFlows',
  responsible: 'responsibleFlows',
  profile: 'profileFlow',
  bonus: 'bonusFlows',
  ranking: 'rankingFlow',
  refers: 'refersFlows',
  promotions: 'promotionsFlows',
  user: 'userFlow',
  verification: 'verificationFlow',
  boxes: 'boxesFlow',
  gallery: 'galleryFlow',
  transactions: 'transactions',
};
const USER_FLOW_IDS: Record<string, string> = { access: 'accessData', personal: 'personalData', bets: 'betsHistory' };
/** The root's page loader over these chunks: each brings its flows by name, as ./page-flows.ts reads them. */
function pageFlowsOf(chunks: PageChunks) {
  return fromPromise(async ({ input }: { input: PageLoad }) => {
    const chunk = chunks[CHUNK_OF[input.flows]];
    if (!chunk) throw new Error(`no ${input.flows} chunk in this story`);
    const flows = await chunk({ input: input.input as never });
    switch (input.flows) {
      case 'profile':
      case 'verification':
      case 'gallery':
      case 'transactions':
        return { [input.flows]: flows };
      case 'ranking':
        return { rank: flows };
      case 'user':
        return { [USER_FLOW_IDS[input.input.kind] ?? '']: flows };
      case 'boxes':
        return { [input.input.kind]: flows };
      default:
        return flows;
    }
  });
}

/** The page region is in this state for a page of this kind (its key's first part; `casino`: lobby, game, sports). */
function pageIs(snapshot: SnapshotFrom<typeof appMachine>, kind: string, state: 'loading' | 'running' | 'failed') {
  const kinds = kind === 'casino' ? ['lobby', 'game', 'sports'] : [kind];
  return snapshot.matches({ page: state }) && kinds.includes(snapshot.context.pageKey?.split(':')[0] ?? '');
}

const INPUT = {
  page: { hostname: 'localhost', protocol: 'http:', apiBaseUrl: '/api' },
  site: { domain: 'localhost', marketingUrl: 'https://example.com/', locale: 'pt' },
  session: { hasToken: false, guestId: 'guest-abcdefghi' },
  loginModal: { signedIn: false },
  ageGate: { ageVerified: false, signedIn: false },
} as unknown as AppInput;

/** How the wallet's flows arrive: fetched (fakes that record), or a fetch that fails. */
function start(
  options: {
    walletFlows?: 'fetched' | 'failing';
    casinoFlows?: 'fetched' | 'failing';
    chatFlow?: 'fetched' | 'failing';
    notificationFlows?: 'fetched' | 'failing';
    pushFlows?: 'fetched' | 'failing';
    responsibleFlows?: 'fetched' | 'failing';
    realityCheckFlow?: 'fetched' | 'failing';
    profileFlow?: 'fetched' | 'failing';
    bonusFlows?: 'fetched' | 'failing';
    rankingFlow?: 'fetched' | 'failing';
    refersFlows?: 'fetched' | 'failing';
    promotionsFlows?: 'fetched' | 'failing';
    missionsFlow?: 'fetched' | 'failing';
    userFlow?: 'fetched' | 'failing';
    verificationFlow?: 'fetched' | 'failing';
    galleryFlow?: 'fetched' | 'failing';
    boxesFlow?: 'fetched' | 'failing';
    /** `held`: the live flows' fetch waits for `releaseLive()` (the page does not want live updates yet). */
    liveFlows?: 'fetched' | 'failing' | 'held';
    loginModalFlow?: 'fetched' | 'failing';
    pageTools?: 'fetched' | 'failing';
  } = {},
) {
  // The page's tools' own log (build watch, install prompt, tag manager).
  const toolsLog: Log = [];
  // Responsible gaming's own log (the page's flows, the reality check, their fetches).
  const rgLog: Log = [];
  let releaseLive: () => void = () => undefined;
  const liveWanted =
    options.liveFlows === 'held' ? new Promise<void>((resolve) => (releaseLive = resolve)) : Promise.resolve();
  const log: Log = [];
  // Web push's own log (the push flow, its fetch, the toasts it asks for), apart from the other flows' stories.
  const pushLog: Log = [];
  // The missions flow's own log: its fetches, start (with input), what reaches it.
  const missionsLog: Log = [];
  let pushWatchSend: ((event: EventObject) => void) | undefined;
  // The chunks the root's one page loader fetches, as fakes that record their fetch (machines/app/page-flows.ts).
  const chunks: PageChunks = {
    transactions: async () => recorder('transactions', log),
    casinoFlows: async ({ input }: { input: unknown }) => {
      log.push(['casinoFlows', 'fetch', input]);
      if (options.casinoFlows === 'failing') throw new Error('chunk not fetched');
      return {
        catalogue: recorder('catalogue', log),
        favorites: recorder('favorites', log),
        recent: recorder('recent', log),
        gamePage: recorder('gamePage', log),
        sports: recorder('sports', log),
        reactions: recorder('reactions', log),
      };
    },
    responsibleFlows: async () => {
      rgLog.push(['responsibleFlows', 'fetch']);
      if (options.responsibleFlows === 'failing') throw new Error('chunk not fetched');
      return {
        responsibleGaming: recorder('responsibleGaming', rgLog),
        selfExclusion: recorder('selfExclusion', rgLog),
      };
    },
    bonusFlows: async () => {
      rgLog.push(['bonusFlows', 'fetch']);
      if (options.bonusFlows === 'failing') throw new Error('chunk not fetched');
      return {
        coupon: { logic: recorder('coupon', rgLog) },
        couponList: { logic: recorder('couponList', rgLog), input: { kind: 'coupons' } },
        cashback: { logic: recorder('cashback', rgLog), input: { now: 0 } },
        activeBonuses: { logic: recorder('activeBonuses', rgLog), input: { kind: 'coupons' } },
      };
    },
    rankingFlow: async ({ input }) => {
      rgLog.push(['rankingFlow', 'fetch', input]);
      if (options.rankingFlow === 'failing') throw new Error('chunk not fetched');
      return { logic: recorder('rank', rgLog), input };
    },
    promotionsFlows: async () => {
      rgLog.push(['promotionsFlows', 'fetch']);
      if (options.promotionsFlows === 'failing') throw new Error('chunk not fetched');
      return { promotions: { logic: recorder('promotions', rgLog), input: { locale: 'pt', slug: null } } };
    },
    refersFlows: async () => {
      rgLog.push(['refersFlows', 'fetch']);
      if (options.refersFlows === 'failing') throw new Error('chunk not fetched');
      return { refers: { logic: recorder('refers', rgLog), input: { base: '', canShare: false } } };
    },
    profileFlow: async () => {
      rgLog.push(['profileFlow', 'fetch']);
      if (options.profileFlow === 'failing') throw new Error('chunk not fetched');
      return createMachine({
        on: { 'fake.language': { actions: emit({ type: 'profile.languageChanged', language: 'en' }) } },
      });
    },
    userFlow: async ({ input }: { input: { kind: string } }) => {
      rgLog.push(['userFlow', 'fetch', input]);
      if (options.userFlow === 'failing') throw new Error('chunk not fetched');
      return recorder(
        input.kind === 'bets' ? 'betsHistory' : input.kind === 'access' ? 'accessData' : 'personalData',
        rgLog,
      );
    },
    verificationFlow: async () => {
      rgLog.push(['verificationFlow', 'fetch']);
      if (options.verificationFlow === 'failing') throw new Error('chunk not fetched');
      return createMachine({});
    },
    boxesFlow: async ({ input }: { input: { kind: string } }) => {
      log.push(['boxesFlow', 'fetch', input]);
      if (options.boxesFlow === 'failing') throw new Error('chunk not fetched');
      return recorder(input.kind === 'box' ? 'boxPage' : input.kind, log);
    },
    galleryFlow: async () => {
      rgLog.push(['galleryFlow', 'fetch']);
      if (options.galleryFlow === 'failing') throw new Error('chunk not fetched');
      return createMachine({});
    },
  };
  const logic = appMachine.provide({
    actors: {
      pageFlows: pageFlowsOf(chunks) as never,
      session: fakeSession(log) as never,
      shellUi: recorder('shellUi', log) as never,
      loadingBar: recorder('loadingBar', log) as never,
      site: fakeSite(log) as unknown as AnyActorLogic as never,
      walletFlows: fromPromise(async () => {
        log.push(['walletFlows', 'fetch']);
        if (options.walletFlows === 'failing') throw new Error('chunk not fetched');
        return { pix: recorder('pix', log), withdrawal: recorder('withdrawal', log) };
      }) as never,
      missionsFlow: fromPromise(async () => {
        missionsLog.push(['missionsFlow', 'fetch']);
        if (options.missionsFlow === 'failing') throw new Error('chunk not fetched');
        return { logic: recorder('missions', missionsLog), input: { viewport: { width: 390, height: 844 } } };
      }) as never,
      contentPage: recorder('contentPage', log) as never,
      homeRows: recorder('homeRows', log) as never,
      toastQueue: recorder('toastQueue', pushLog) as never,
      pushFlows: fromPromise(async () => {
        pushLog.push(['pushFlows', 'fetch']);
        if (options.pushFlows === 'failing') throw new Error('chunk not fetched');
        return { push: recorder('push', pushLog), input: { stored: null } };
      }) as never,
      pushWatch: fromCallback<EventObject>(({ sendBack }) => {
        pushWatchSend = sendBack;
        return () => (pushWatchSend = undefined);
      }) as never,
      ageGate: recorder('ageGate', log) as never,
      loginModalFlow: fromPromise(async () => {
        log.push(['loginModalFlow', 'fetch']);
        if (options.loginModalFlow === 'failing') throw new Error('chunk not fetched');
        return recorder('loginModal', log);
      }) as never,
      liveFlows: fromPromise(async () => {
        log.push(['liveFlows', 'fetch']);
        await liveWanted;
        if (options.liveFlows === 'failing') throw new Error('chunk not fetched');
        return { connection: recorder('connection', log), betsFeed: recorder('betsFeed', log) };
      }) as never,
      chatFlow: fromPromise(async () => {
        log.push(['chatFlow', 'fetch']);
        if (options.chatFlow === 'failing') throw new Error('chunk not fetched');
        return recorder('chat', log);
      }) as never,
      realityCheckFlow: fromPromise(async () => {
        rgLog.push(['realityCheckFlow', 'fetch']);
        if (options.realityCheckFlow === 'failing') throw new Error('chunk not fetched');
        return recorder('realityCheck', rgLog);
      }) as never,
      pageTools: fromPromise(async () => {
        toolsLog.push(['pageTools', 'fetch']);
        if (options.pageTools === 'failing') throw new Error('chunk not fetched');
        return {
          buildWatch: recorder('buildWatch', toolsLog),
          buildWatchInput: { buildId: 'b-2', lastReloadAt: 5 },
          installPrompt: recorder('installPrompt', toolsLog),
          tagManager: recorder('tagManager', toolsLog),
        };
      }) as never,
      notificationFlows: fromPromise(async () => {
        log.push(['notificationFlows', 'fetch']);
        if (options.notificationFlows === 'failing') throw new Error('chunk not fetched');
        return { notifications: recorder('notifications', log), popups: recorder('popups', log), muted: true };
      }) as never,
    },
  });
  const navigations: string[] = [];
  const { actor: app } = createTestActor(logic, { input: INPUT });
  app.on('app.navigate', (event) => navigations.push(event.replace ? `${event.to} (replace)` : event.to));
  const site = app.system.get('site');
  const session = app.system.get('session');
  const events = (name: string) =>
    log.filter(([n, kind]) => n === name && kind !== 'start' && kind !== 'stop').map(([, kind]) => kind);
  /** What the push flow announces, as the app's push watch hands it over (only while the flow runs). */
  const pushNotice = (event: EventObject & Record<string, unknown>) => {
    if (!pushWatchSend) throw new Error('the push watch is not running');
    pushWatchSend(event);
  };
  /** The live flows are fetched and spawned (the site gave settings). */
  const liveConnected = () => waitFor(app, (s) => s.matches({ live: 'connected' }), { timeout: 1000 });
  /** The login modal's code is fetched and the modal spawned. */
  const modalRunning = () => waitFor(app, (s) => s.matches({ loginModal: 'running' }), { timeout: 1000 });
  return {
    app,
    log,
    site,
    session,
    navigations,
    events,
    pushLog,
    pushNotice,
    rgLog,
    missionsLog,
    toolsLog,
    liveConnected,
    releaseLive,
    modalRunning,
  };
}

describe('app machine: one actor system', () => {
  it('invokes every long-lived flow under its systemId, so one inspector sees the whole tree', () => {
    const { app, pushLog } = start();
    for (const id of ['site', 'shellUi', 'loadingBar', 'session', 'ageGate']) {
      expect(app.system.get(id), id).toBeDefined();
      expect(app.getSnapshot().children[id as never], id).toBe(app.system.get(id));
    }
    // The toasts' queue starts with the first toast, under its systemId, in the same system.
    expect(app.system.get('toastQueue')).toBeUndefined();
    const toast = { id: 't', kind: 'info' as const, messageId: 'shell.locale_changed' };
    app.send({ type: 'toast.show', toast, at: 1 });
    expect(app.getSnapshot().children['toastQueue' as never]).toBe(app.system.get('toastQueue'));
    app.send({ type: 'toast.show', toast: { ...toast, id: 'u' }, at: 2 });
    expect(pushLog.filter(([n, kind]) => n === 'toastQueue' && kind === 'toast.show')).toHaveLength(2);
    expect(pushLog.filter(([n, kind]) => n === 'toastQueue' && kind === 'start')).toHaveLength(1);
    // The live flows' code is fetched once the site is ready, the login modal's when it first opens (not in the first load).
    expect(app.system.get('loginModal')).toBeUndefined();
    expect(app.system.get('connection')).toBeUndefined();
    expect(app.system.get('betsFeed')).toBeUndefined();
    expect(app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
  });

  it('fetches the live flows once the site is ready, then starts the connection with its settings and the bets feed on its casino', async () => {
    const { app, site, log, liveConnected } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    expect(app.getSnapshot().matches({ live: 'loading' })).toBe(true);
    expect(log).toContainEqual(['liveFlows', 'fetch']);
    await liveConnected();
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
    expect(log).toContainEqual(['betsFeed', 'start', {}]);
    expect(log).toContainEqual(['betsFeed', 'betsFeed.start', { type: 'betsFeed.start', casinoId: 7 }]);
    expect(app.system.get('connection')).toBeDefined();
    expect(app.getSnapshot().children.betsFeed).toBe(app.system.get('betsFeed'));
  });

  it('keeps the connection when a refresh brings the same settings, and starts both again when they change', async () => {
    const { app, site, log, events, liveConnected } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    await liveConnected();
    site.send({ type: 'fake.ready', config: config(7) });
    expect(log.filter(([n, k]) => n === 'connection' && k === 'start')).toHaveLength(1);
    site.send({ type: 'fake.ready', config: config(7, { ...realtime, key: 'k2' }) });
    expect(app.getSnapshot().matches({ live: 'loading' })).toBe(true);
    await liveConnected();
    expect(log.filter(([n, k]) => n === 'connection' && k === 'start')).toHaveLength(2);
    expect(log.filter(([n, k]) => n === 'connection' && k === 'stop')).toHaveLength(1);
    expect(log.filter(([n, k]) => n === 'connection' && k === 'start').at(-1)?.[2]).toMatchObject({ key: 'k2' });
    // One feed for the page's life: stopped and started again, not spawned again.
    expect(log.filter(([n, k]) => n === 'betsFeed' && k === 'start')).toHaveLength(1);
    expect(events('betsFeed')).toEqual(['betsFeed.start', 'betsFeed.stop', 'betsFeed.start']);
  });

  it('stops the connection and the bets feed when the site is no longer ready', async () => {
    const { app, site, log, events, liveConnected } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    await liveConnected();
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
    expect(log.filter(([n]) => n === 'connection' || n === 'liveFlows')).toEqual([]);
  });

  it('while the live flows are fetched: new settings are the ones the connection starts with; settings gone, nothing starts', async () => {
    const { app, site, log, liveConnected, releaseLive } = start({ liveFlows: 'held' });
    site.send({ type: 'fake.ready', config: config(7) });
    site.send({ type: 'fake.ready', config: config(8, { ...realtime, key: 'k2' }) });
    expect(app.getSnapshot().matches({ live: 'loading' })).toBe(true);
    releaseLive();
    await liveConnected();
    expect(log.filter(([n, k]) => n === 'connection' && k === 'start')).toEqual([
      ['connection', 'start', expect.objectContaining({ key: 'k2' })],
    ]);
    expect(log).toContainEqual(['betsFeed', 'betsFeed.start', { type: 'betsFeed.start', casinoId: 8 }]);

    const other = start({ liveFlows: 'held' });
    other.site.send({ type: 'fake.ready', config: config(7) });
    other.site.send({ type: 'fake.down' });
    expect(other.app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    other.releaseLive();
    await Promise.resolve();
    await Promise.resolve();
    expect(other.app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    expect(other.log.filter(([n]) => n === 'connection' || n === 'betsFeed')).toEqual([]);
  });

  it('runs nothing live when the live flows cannot be fetched, and tries again when the settings change or come back', async () => {
    const { app, site, log } = start({ liveFlows: 'failing' });
    const failed = () => waitFor(app, (s) => s.matches({ live: 'failed' }), { timeout: 1000 });
    site.send({ type: 'fake.ready', config: config(7) });
    await failed();
    expect(app.system.get('connection')).toBeUndefined();
    expect(app.system.get('betsFeed')).toBeUndefined();
    site.send({ type: 'fake.ready', config: config(7, { ...realtime, key: 'k2' }) });
    expect(app.getSnapshot().matches({ live: 'loading' })).toBe(true);
    await failed();
    site.send({ type: 'fake.down' });
    expect(app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    expect(app.getSnapshot().context.live).toBeNull();
    site.send({ type: 'fake.ready', config: config(7) });
    await failed();
    expect(log.filter(([n]) => n === 'liveFlows')).toHaveLength(3);
    expect(log.filter(([n]) => n === 'connection' || n === 'betsFeed')).toEqual([]);
  });

  it('routes the session’s sign-in, sign-out and self-exclusion to the login modal, and sign-in and sign-out to the age gate', async () => {
    const { app, session, events, modalRunning } = start();
    for (const type of ['session.signedIn', 'session.signedOut', 'session.selfExcluded']) {
      session.send({ type: 'fake.announce', announcement: { type } });
    }
    expect(events('ageGate')).toEqual(['session.signedIn', 'session.signedOut']);
    // Not fetched yet: the news are kept, in order, and handed to the modal when it first opens.
    expect(app.getSnapshot().matches({ loginModal: 'dormant' })).toBe(true);
    expect(app.getSnapshot().context.pendingLoginModal).toHaveLength(3);
    app.send({ type: 'loginModal.open', tab: 'login' });
    await modalRunning();
    expect(events('loginModal')).toEqual([
      'session.signedIn',
      'session.signedOut',
      'session.selfExcluded',
      'loginModal.open',
    ]);
    expect(app.getSnapshot().context.pendingLoginModal).toEqual([]);
    session.send({ type: 'fake.announce', announcement: { type: 'session.signedIn' } });
    expect(events('loginModal').at(-1)).toBe('session.signedIn');
  });

  it('fetches the login modal once: what it must hear while its code comes is handed over in order', async () => {
    const { app, log, events, modalRunning } = start();
    app.send({ type: 'loginModal.open', tab: 'login' });
    expect(app.getSnapshot().matches({ loginModal: 'loading' })).toBe(true);
    app.send({ type: 'loginModal.open', tab: 'register' });
    app.send({ type: 'loginModal.close' });
    await modalRunning();
    expect(log.filter(([n]) => n === 'loginModalFlow')).toHaveLength(1);
    expect(log.filter(([n]) => n === 'loginModal')).toEqual([
      ['loginModal', 'start', { signedIn: false }],
      ['loginModal', 'loginModal.open', { type: 'loginModal.open', tab: 'login' }],
      ['loginModal', 'loginModal.open', { type: 'loginModal.open', tab: 'register' }],
      ['loginModal', 'loginModal.close', { type: 'loginModal.close' }],
    ]);
    expect(events('loginModal')).toHaveLength(3);
  });

  it('a login modal whose code cannot be fetched drops the opens but keeps the news; the next open tries again', async () => {
    const { app, session, log } = start({ loginModalFlow: 'failing' });
    session.send({ type: 'fake.announce', announcement: { type: 'session.selfExcluded' } });
    app.send({ type: 'loginModal.open', tab: 'login' });
    await waitFor(app, (s) => s.matches({ loginModal: 'dormant' }) && s.context.pendingLoginModal.length === 1, {
      timeout: 1000,
    });
    expect(app.getSnapshot().context.pendingLoginModal).toEqual([{ type: 'session.selfExcluded' }]);
    app.send({ type: 'loginModal.open', tab: 'login' });
    expect(app.getSnapshot().matches({ loginModal: 'loading' })).toBe(true);
    await waitFor(app, (s) => s.matches({ loginModal: 'dormant' }), { timeout: 1000 });
    expect(log.filter(([n]) => n === 'loginModalFlow')).toHaveLength(2);
    expect(app.system.get('loginModal')).toBeUndefined();
  });

  it('2 s after a guest passed the age gate, the login modal is offered its register tab (fetched for it)', async () => {
    const { app, log, modalRunning } = start();
    // What the age gate announces (its emitted `ageGate.passed`), as the root's age gate watch hears it.
    app.system.get('ageGate')?.send({ type: 'fake.report', report: { type: 'ageGate.passed' } });
    await modalRunning();
    expect(log).toContainEqual(['loginModal', 'loginModal.offerRegister', { type: 'loginModal.offerRegister' }]);
  });

  it('renews the connection’s credentials when the session’s token changes, and ignores it with no connection', async () => {
    const { app, site, session, events, liveConnected } = start();
    session.send({ type: 'fake.announce', announcement: { type: 'connection.credentialsChanged' } });
    expect(app.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    site.send({ type: 'fake.ready', config: config(7) });
    await liveConnected();
    session.send({ type: 'fake.announce', announcement: { type: 'connection.credentialsChanged' } });
    expect(events('connection')).toEqual(['connection.credentialsChanged']);
  });

  it('opens the login modal on the login tab when the session expired (session.signInAgain)', async () => {
    const { session, log, modalRunning } = start();
    session.send({ type: 'fake.announce', announcement: { type: 'session.signedOut' } });
    session.send({ type: 'fake.announce', announcement: { type: 'session.signInAgain' } });
    await modalRunning();
    expect(log.filter(([n]) => n === 'loginModal').slice(-2)).toEqual([
      ['loginModal', 'session.signedOut', { type: 'session.signedOut' }],
      ['loginModal', 'loginModal.open', { type: 'loginModal.open', tab: 'login', byRoute: false }],
    ]);
  });

  it('tells the bets feed the player once the session has joined their user channel, and nobody once they leave', async () => {
    const { session, site, log, app, liveConnected } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    await liveConnected();
    const toFeed = () => log.filter(([n, k]) => n === 'betsFeed' && k === 'betsFeed.player').map(([, , e]) => e);
    session.send({ type: 'fake.signIn', id: 42, wallet: { balance: 1000, deposit_count: 1 } });
    // Signed in, still in the hand-over: the channel is not the player's yet (the connection is the guest's).
    expect(toFeed()).toEqual([]);
    expect(app.getSnapshot().context.session.player).toMatchObject({ id: 42, channelJoined: false });
    session.send({ type: 'fake.userChannel' });
    expect(toFeed()).toEqual([{ type: 'betsFeed.player', playerId: 42 }]);
    // A balance change is no news for the feed.
    session.send({ type: 'fake.wallet', wallet: { balance: 2000, deposit_count: 1 } });
    expect(toFeed()).toHaveLength(1);
    session.send({ type: 'fake.signOut' });
    expect(toFeed()).toEqual([
      { type: 'betsFeed.player', playerId: 42 },
      { type: 'betsFeed.player', playerId: null },
    ]);
  });

  it('hands a bets feed fetched later the player and the tab picked meanwhile, then routes the tabs to it', async () => {
    const { app, session, site, log, events, liveConnected, releaseLive } = start({ liveFlows: 'held' });
    session.send({ type: 'fake.signIn', id: 42, wallet: { balance: 1000, deposit_count: 1 } });
    session.send({ type: 'fake.userChannel' });
    app.send({ type: 'betsFeed.showTab', tab: 'mine' });
    expect(app.getSnapshot().context.pendingTab).toBe('mine');
    site.send({ type: 'fake.ready', config: config(7) });
    releaseLive();
    await liveConnected();
    expect(events('betsFeed')).toEqual(['betsFeed.player', 'betsFeed.showTab', 'betsFeed.start']);
    expect(log.filter(([n, k]) => n === 'betsFeed' && k !== 'start').map(([, , e]) => e)).toEqual([
      { type: 'betsFeed.player', playerId: 42 },
      { type: 'betsFeed.showTab', tab: 'mine' },
      { type: 'betsFeed.start', casinoId: 7 },
    ]);
    expect(app.getSnapshot().context.pendingTab).toBeNull();
    app.send({ type: 'betsFeed.showTab', tab: 'highRollers' });
    expect(log.at(-1)).toEqual(['betsFeed', 'betsFeed.showTab', { type: 'betsFeed.showTab', tab: 'highRollers' }]);
  });

  it('asks the router to go home when the session says so', () => {
    const { session, navigations } = start();
    session.send({ type: 'fake.announce', announcement: { type: 'session.navigateHome' } });
    expect(navigations).toEqual(['home']);
  });

  it('stops every child with the root', async () => {
    const { app, site, log, liveConnected, modalRunning } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    await liveConnected();
    app.send({ type: 'loginModal.open', tab: 'login' });
    await modalRunning();
    app.stop();
    expect(log).toContainEqual(['connection', 'stop']);
    expect(log).toContainEqual(['betsFeed', 'stop']);
    expect(log).toContainEqual(['loginModal', 'stop']);
    expect(log).toContainEqual(['ageGate', 'stop']);
  });
});

const route = (pathname: string, extra: Partial<Omit<AppRoute, 'pathname'>> = {}) => ({
  type: 'app.routeChanged' as const,
  route: { pathname, locale: 'pt', page: 'home', auth: false, loginTab: null, slug: null, ...extra } satisfies AppRoute,
});
const WALLET = { balance: 5000, deposit_count: 1 };

describe('app machine: the header’s language switch', () => {
  /** The root with its emitted navigations and the toasts it asks for. */
  function switching() {
    const started = start();
    const asked: unknown[] = [];
    started.app.on('app.navigate', (event) => asked.push(event));
    const toasts = () => started.pushLog.filter(([n, kind]) => n === 'toastQueue' && kind === 'toast.show');
    const vm = () => connectLanguageSwitch(started.app.getSnapshot());
    return { ...started, asked, toasts, vm };
  }

  it('a tap on English opens the same page under /en, says so in a toast, and is settled once the address shows it', () => {
    const { app, asked, toasts, vm } = switching();
    app.send(route('/casino/games', { page: 'lobby' }));
    expect(vm()).toEqual({ current: 'pt', next: 'en', switching: false });
    app.send({ type: 'app.switchLocale', to: 'en', at: 5 });
    expect(asked).toEqual([{ type: 'app.navigate', to: 'language', locale: 'en', replace: false }]);
    expect(toasts()).toEqual([
      [
        'toastQueue',
        'toast.show',
        {
          type: 'toast.show',
          toast: { id: 'locale-changed', kind: 'info', messageId: 'shell.locale_changed' },
          at: 5,
        },
      ],
    ]);
    expect(app.getSnapshot().matches({ language: 'switching' })).toBe(true);
    expect(vm()).toEqual({ current: 'en', next: 'pt', switching: true });
    app.send(route('/en/casino/games', { page: 'lobby', locale: 'en' }));
    expect(app.getSnapshot().matches({ language: 'settled' })).toBe(true);
    expect(app.getSnapshot().context.localeTarget).toBeNull();
    expect(vm()).toEqual({ current: 'en', next: 'pt', switching: false });
  });

  it('a tap for the language the address already shows (a button React had not re-rendered) changes nothing', () => {
    const { app, asked, toasts } = switching();
    app.send(route('/', { locale: 'pt' }));
    app.send({ type: 'app.switchLocale', to: 'pt', at: 1 });
    expect(asked).toEqual([]);
    expect(toasts()).toEqual([]);
    expect(app.getSnapshot().matches({ language: 'settled' })).toBe(true);
  });

  it('a tap during the previous switch is read against the language being switched to: the latest tap wins, none is dropped', () => {
    const { app, asked, vm } = switching();
    app.send(route('/en', { locale: 'en' }));
    app.send({ type: 'app.switchLocale', to: 'pt', at: 1 });
    // The address still shows /en (the router is loading the page); the button already offers English again.
    expect(vm()).toEqual({ current: 'pt', next: 'en', switching: true });
    app.send({ type: 'app.switchLocale', to: 'pt', at: 2 });
    expect(asked).toHaveLength(1);
    app.send({ type: 'app.switchLocale', to: 'en', at: 3 });
    expect(asked).toEqual([
      { type: 'app.navigate', to: 'language', locale: 'pt', replace: false },
      { type: 'app.navigate', to: 'language', locale: 'en', replace: false },
    ]);
    // The address still shows English: the switch back is done (the router's bridge overtakes the navigation to
    // Portuguese with one to the page's own address).
    expect(app.getSnapshot().context.localeTarget).toBeNull();
    expect(app.getSnapshot().matches({ language: 'settled' })).toBe(true);
    expect(vm()).toEqual({ current: 'en', next: 'pt', switching: false });
    // A third tap, for Portuguese again, switches again.
    app.send({ type: 'app.switchLocale', to: 'pt', at: 4 });
    expect(asked).toHaveLength(3);
    app.send(route('/', { locale: 'pt' }));
    expect(vm()).toEqual({ current: 'pt', next: 'en', switching: false });
  });

  it('a switch whose address has not come yet stays a switch when another page of the old language is reported', () => {
    const { app, vm } = switching();
    app.send(route('/', { locale: 'pt' }));
    app.send({ type: 'app.switchLocale', to: 'en', at: 1 });
    app.send(route('/casino/games', { locale: 'pt', page: 'lobby' }));
    expect(app.getSnapshot().matches({ language: 'switching' })).toBe(true);
    expect(vm().next).toBe('pt');
  });
});

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

  it('opens the login modal on a login route’s tab, and leads home (replacing) once signed in there', async () => {
    const { app, session, events, navigations, modalRunning } = start();
    app.send(route('/register', { loginTab: 'register' }));
    await modalRunning();
    expect(events('loginModal')).toEqual(['loginModal.open']);
    expect(app.getSnapshot().context.route?.loginTab).toBe('register');
    session.send({ type: 'fake.signIn', id: 7, wallet: null });
    expect(navigations).toEqual(['home (replace)']);
    expect(app.getSnapshot().context.route).toBeNull();
  });

  it('opens the modal for the player (closing the side menu) and closes it clearing the session’s failure', async () => {
    const { app, events, modalRunning } = start();
    app.send({ type: 'loginModal.open', tab: 'login' });
    await modalRunning();
    app.send({ type: 'loginModal.close' });
    expect(events('shellUi')).toEqual(['drawer.close']);
    expect(events('loginModal')).toEqual(['loginModal.open', 'loginModal.close']);
    expect(events('session')).toContain('session.clearFailure');
  });
});

describe('app machine: route guard', () => {
  it('waits for the start-up check, then asks a guest on an auth route to sign in', async () => {
    const { app, session, events, modalRunning } = start();
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    expect(app.getSnapshot().matches({ guard: 'open' })).toBe(true);
    session.send({ type: 'fake.checked' });
    expect(app.getSnapshot().matches({ guard: 'asking' })).toBe(true);
    await modalRunning();
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
  async function onWallet() {
    const started = start();
    started.site.send({ type: 'fake.ready', config: config(7) });
    started.session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    started.app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    expect(started.app.getSnapshot().matches({ wallet: 'loading' })).toBe(true);
    await waitFor(started.app, (s) => s.matches({ wallet: 'on' }));
    return started;
  }

  it('fetches pix and withdrawal for a signed-in player on the wallet route, and starts them with the brand’s limits and the session’s balance', async () => {
    const { app, log } = await onWallet();
    expect(log).toContainEqual(['walletFlows', 'fetch']);
    expect(log).toContainEqual([
      'pix',
      'start',
      { minDeposit: 1000, maxDeposit: 500000, userId: 7, depositCount: 1, isRegulated: false },
    ]);
    expect(log).toContainEqual(['withdrawal', 'start', { minWithdrawal: 2000, maxWithdrawal: 300000, balance: 5000 }]);
    expect(app.system.get('pix')).toBeDefined();
    expect(app.system.get('withdrawal')).toBeDefined();
  });

  it('waits for the wallet’s balance before starting them', async () => {
    const { app, site, session } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    session.send({ type: 'fake.signIn', id: 7, wallet: null });
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    expect(app.getSnapshot().matches({ wallet: 'off' })).toBe(true);
    session.send({ type: 'fake.wallet', wallet: WALLET });
    await waitFor(app, (s) => s.matches({ wallet: 'on' }));
  });

  it('starts nothing when the player signs out while the flows are fetched', async () => {
    const { app, site, session, log } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ wallet: 'off' })).toBe(true);
    await Promise.resolve();
    expect(log.filter(([name]) => name === 'pix')).toEqual([]);
    expect(app.system.get('pix')).toBeUndefined();
  });

  it('stays closed when the flows cannot be fetched, until the player leaves; a new sign-in fetches again', async () => {
    const { app, site, session, log } = start({ walletFlows: 'failing' });
    site.send({ type: 'fake.ready', config: config(7) });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    await waitFor(app, (s) => s.matches({ wallet: 'failed' }));
    expect(app.system.get('pix')).toBeUndefined();
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ wallet: 'off' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/account/wallet', { page: 'wallet', auth: true }));
    await waitFor(app, (s) => s.matches({ wallet: 'failed' }));
    expect(log.filter(([name]) => name === 'walletFlows')).toHaveLength(2);
  });

  it('hands what pix and withdrawal learn of the balance to the session, and the session’s balance to the withdrawal', async () => {
    const { app, session, events } = await onWallet();
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

  it('drops pix and withdrawal (an open pix code and its channel) when the player is no longer signed in', async () => {
    const { app, session, log } = await onWallet();
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ wallet: 'off' })).toBe(true);
    expect(log).toContainEqual(['pix', 'stop']);
    expect(log).toContainEqual(['withdrawal', 'stop']);
    expect(app.system.get('pix')).toBeUndefined();
  });

  it('keeps them while the player visits other routes', async () => {
    const { app, log } = await onWallet();
    app.send(route('/', { page: 'home' }));
    expect(app.getSnapshot().matches({ wallet: 'on' })).toBe(true);
    expect(log).not.toContainEqual(['pix', 'stop']);
  });
});

describe('app machine: route-bound flows', () => {
  it('runs a content page’s flow for its slug and language, and a new one for another', () => {
    const { app, log } = start();
    app.send(route('/privacy', { page: 'content', slug: 'privacy' }));
    expect(pageIs(app.getSnapshot(), 'content', 'running')).toBe(true);
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

  it('runs the money history only for a signed-in player, and a new one for another player', async () => {
    const { app, session, log } = start();
    app.send(route('/user/edit/transaction', { page: 'transactions', auth: true }));
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/user/edit/transaction', { page: 'transactions', auth: true }));
    // The money history's code is fetched with the page (not in the first load).
    expect(pageIs(app.getSnapshot(), 'transactions', 'loading')).toBe(true);
    await waitFor(app, (s) => pageIs(s, 'transactions', 'running'));
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
        ageGate: idle as never,
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
        ageGate: idle as never,
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

describe('app machine: casino pages', () => {
  const GAME = { id: 7, hasLike: false, totalLikes: 3, hasFavorite: false };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('runs the home rows per language and viewer once the start-up check is over', () => {
    const { app, session, log } = start();
    app.send(route('/'));
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.checked' });
    expect(app.getSnapshot().context.pageKey).toBe('home:pt:guest');
    expect(log).toContainEqual(['homeRows', 'start', { locale: 'pt' }]);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    expect(app.getSnapshot().context.pageKey).toBe('home:pt:7');
    expect(log.filter(([n, kind]) => n === 'homeRows' && kind === 'start')).toHaveLength(2);
  });

  it('fetches the lobby flow and starts it with the address filter; a new query restores it; a searched filter goes into the address', async () => {
    const { app, session, log, navigations } = start();
    session.send({ type: 'fake.checked' });
    const navigated: unknown[] = [];
    app.on('app.navigate', (event) => navigated.push(event));
    app.send(
      route('/casino/category/slots', {
        page: 'lobby',
        lobby: 'category',
        params: { filter: 'slots' },
        search: 'q=fortuna',
      }),
    );
    expect(pageIs(app.getSnapshot(), 'casino', 'loading')).toBe(true);
    await flush();
    expect(pageIs(app.getSnapshot(), 'casino', 'running')).toBe(true);
    // Only the lobby's flows are fetched for a lobby page, with the filter its first page is asked for beside them.
    expect(log).toContainEqual([
      'casinoFlows',
      'fetch',
      {
        kind: 'lobby',
        firstPage: { searchTerm: 'fortuna', category: 'slots', provider: null, type: null, bonuses: false },
      },
    ]);
    expect(log).toContainEqual([
      'catalogue',
      'start',
      { filter: { searchTerm: 'fortuna', category: 'slots', provider: null, type: null, bonuses: false } },
    ]);
    // The back button: the same lobby with another query.
    app.send(
      route('/casino/category/slots', { page: 'lobby', lobby: 'category', params: { filter: 'slots' }, search: '' }),
    );
    expect(log).toContainEqual([
      'catalogue',
      'catalogue.filterRestored',
      {
        type: 'catalogue.filterRestored',
        filter: { searchTerm: '', category: 'slots', provider: null, type: null, bonuses: false },
      },
    ]);
    // The catalogue searched a typed filter: its query (without the path's category) goes into the address.
    app.system.get('catalogue')!.send({
      type: 'fake.report',
      report: {
        type: 'catalogue.filterApplied',
        filter: { searchTerm: 'cassino', category: 'slots', provider: 'aurora', type: null, bonuses: false },
      },
    });
    expect(navigated).toEqual([
      { type: 'app.navigate', to: 'search', search: 'q=cassino&provider=aurora', replace: false },
    ]);
    expect(navigations).toEqual(['search']);
    // Another page: the lobby flow stops.
    app.send(route('/'));
    expect(log).toContainEqual(['catalogue', 'stop']);
    expect(app.system.get('catalogue')).toBeUndefined();
  });

  it('runs favorites and recent only for a player, the game page and the sportsbook with the session, and tells them of sign-in', async () => {
    const { app, session, log } = start();
    session.send({ type: 'fake.checked' });
    app.send(route('/casino/favorites', { page: 'lobby', lobby: 'favorites', auth: true }));
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    await flush();
    expect(log.some(([n, kind]) => n === 'favorites' && kind === 'start')).toBe(true);
    app.send(route('/casino/recent', { page: 'lobby', lobby: 'recent', auth: true }));
    await flush();
    expect(log.some(([n, kind]) => n === 'recent' && kind === 'start')).toBe(true);
    // Their lists are not the catalogue: no first page is asked for beside the code.
    const flowFetches = log.filter(([n]) => n === 'casinoFlows');
    expect(flowFetches.length).toBeGreaterThan(0);
    expect(flowFetches.every(([, , input]) => !('firstPage' in (input as object)))).toBe(true);

    app.send(route('/casino/aurora/fortuna-1', { page: 'game', params: { provider: 'aurora', game: 'fortuna-1' } }));
    await flush();
    expect(log).toContainEqual(['gamePage', 'start', { provider: 'aurora', gamecode: 'fortuna-1', signedIn: true }]);
    // A real round's balance goes to the session (its only owner).
    app.system.get('gamePage')!.send({ type: 'fake.report', report: { type: 'game.balanceReported', balance: 4200 } });
    expect(log).toContainEqual([
      'session',
      'session.balanceReported',
      expect.objectContaining({ type: 'session.balanceReported', balance: 4200 }),
    ]);
    session.send({ type: 'fake.signOut' });
    expect(log).toContainEqual(['gamePage', 'game.sessionChanged', { type: 'game.sessionChanged', signedIn: false }]);

    app.send(route('/sports', { page: 'sports' }));
    await flush();
    expect(log).toContainEqual(['sports', 'start', { signedIn: false, guestViewAllowed: true, hasSports: true }]);
    session.send({ type: 'fake.signIn', id: 8, wallet: WALLET });
    expect(log).toContainEqual(['sports', 'sports.sessionChanged', { type: 'sports.sessionChanged', signedIn: true }]);
  });

  it('a page whose code cannot be fetched waits; the next page tries again', async () => {
    const { app, session } = start({ casinoFlows: 'failing' });
    session.send({ type: 'fake.checked' });
    app.send(route('/sports', { page: 'sports' }));
    await flush();
    expect(pageIs(app.getSnapshot(), 'casino', 'failed')).toBe(true);
    app.send(route('/casino/games', { page: 'lobby', lobby: 'games' }));
    expect(pageIs(app.getSnapshot(), 'casino', 'loading')).toBe(true);
  });

  it("a guest's heart or star opens the login modal and fetches nothing", async () => {
    const { app, log, modalRunning } = start();
    app.send({ type: 'reactions.like', game: GAME });
    app.send({ type: 'reactions.favorite', game: GAME });
    await modalRunning();
    expect(log.filter(([n, kind]) => n === 'loginModal' && kind === 'loginModal.open')).toHaveLength(2);
    expect(log.some(([n]) => n === 'casinoFlows')).toBe(false);
    expect(app.getSnapshot().matches({ reactions: 'dormant' })).toBe(true);
  });

  it("a player's first tap fetches the reactions flow and hands it the taps made meanwhile; later taps go straight to it; sign-out tells it", async () => {
    const { app, session, log } = start();
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send({ type: 'reactions.like', game: GAME });
    expect(app.getSnapshot().matches({ reactions: 'loading' })).toBe(true);
    app.send({ type: 'reactions.favorite', game: GAME });
    await flush();
    expect(app.getSnapshot().matches({ reactions: 'running' })).toBe(true);
    expect(log).toContainEqual(['reactions', 'start', { signedIn: true }]);
    expect(log).toContainEqual(['casinoFlows', 'fetch', { kind: 'reactions' }]);
    // The latest tap made while the code was on its way.
    expect(log).toContainEqual(['reactions', 'reactions.favorite', { type: 'reactions.favorite', game: GAME }]);
    app.send({ type: 'reactions.like', game: GAME });
    app.send({ type: 'reactions.favorite', game: GAME });
    expect(
      log.filter(([n, kind]) => n === 'reactions' && kind.startsWith('reactions.')).map(([, kind]) => kind),
    ).toEqual(['reactions.favorite', 'reactions.like', 'reactions.favorite']);
    session.send({ type: 'fake.signOut' });
    expect(log).toContainEqual([
      'reactions',
      'reactions.sessionChanged',
      { type: 'reactions.sessionChanged', signedIn: false },
    ]);
  });

  it('a failed fetch of the reactions flow drops the taps; the next tap tries again', async () => {
    const { app, session, log } = start({ casinoFlows: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send({ type: 'reactions.favorite', game: GAME });
    app.send({ type: 'reactions.like', game: GAME });
    expect(app.getSnapshot().context.pendingReaction).toEqual({ type: 'reactions.like', game: GAME });
    await flush();
    expect(app.getSnapshot().matches({ reactions: 'dormant' })).toBe(true);
    expect(app.getSnapshot().context.pendingReaction).toBeNull();
    app.send({ type: 'reactions.like', game: GAME });
    expect(app.getSnapshot().matches({ reactions: 'loading' })).toBe(true);
    expect(log.filter(([n]) => n === 'casinoFlows')).toHaveLength(2);
  });
});

describe('app machine: the global chat (chatglobal)', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('fetches nothing until the chat is opened; the first chat.open fetches the flow, starts it under systemId chat and opens it; later opens and closes go to it', async () => {
    const { app, site, session, log } = start();
    site?.send({ type: 'fake.ready', config: config(7) });
    session.send({ type: 'fake.signIn', id: 5, wallet: WALLET });
    expect(log.some(([n]) => n === 'chatFlow')).toBe(false);
    expect(app.getSnapshot().matches({ chat: 'dormant' })).toBe(true);
    app.send({ type: 'chat.open' });
    expect(app.getSnapshot().matches({ chat: 'loading' })).toBe(true);
    await flush();
    expect(app.getSnapshot().matches({ chat: 'running' })).toBe(true);
    expect(app.system.get('chat')).toBeDefined();
    expect(log).toContainEqual(['chat', 'start', { casinoId: 7, playerId: 5 }]);
    expect(log).toContainEqual(['chat', 'chat.open', { type: 'chat.open' }]);
    app.send({ type: 'chat.close' });
    app.send({ type: 'chat.open' });
    expect(log.filter(([n, kind]) => n === 'chat' && kind.startsWith('chat.')).map(([, kind]) => kind)).toEqual([
      'chat.open',
      'chat.close',
      'chat.open',
    ]);
    expect(log.filter(([n]) => n === 'chatFlow')).toHaveLength(1);
  });

  it("a guest's chat asks the root for the login modal (the chat's `loginModal.open`)", async () => {
    const { app, log } = start();
    app.send({ type: 'chat.open' });
    await flush();
    expect(log).toContainEqual(['chat', 'start', { casinoId: 0, playerId: null }]);
    app.system.get('chat')?._parent?.send({ type: 'loginModal.open', tab: 'login' });
    await waitFor(app, (s) => s.matches({ loginModal: 'running' }), { timeout: 1000 });
    expect(log).toContainEqual(['loginModal', 'loginModal.open', { type: 'loginModal.open', tab: 'login' }]);
  });

  it('a chat whose code cannot be fetched stays closed; the next chat.open tries again', async () => {
    const { app, log } = start({ chatFlow: 'failing' });
    app.send({ type: 'chat.open' });
    await flush();
    expect(app.getSnapshot().matches({ chat: 'dormant' })).toBe(true);
    app.send({ type: 'chat.open' });
    expect(app.getSnapshot().matches({ chat: 'loading' })).toBe(true);
    expect(log.filter(([n]) => n === 'chatFlow')).toHaveLength(2);
  });
});

describe('app machine: the page’s tools (fetched once the first screen is done)', () => {
  it('runs the build watch (with its input) and the install prompt under their systemIds, and the tag manager', async () => {
    const { app, toolsLog } = start();
    expect(app.getSnapshot().matches({ tools: 'loading' })).toBe(true);
    await waitFor(app, (s) => s.matches({ tools: 'on' }));
    expect(toolsLog).toEqual([
      ['pageTools', 'fetch'],
      ['buildWatch', 'start', { buildId: 'b-2', lastReloadAt: 5 }],
      ['installPrompt', 'start', undefined],
      ['tagManager', 'start', undefined],
    ]);
    expect(app.system.get('buildWatch')).toBeDefined();
    expect(app.system.get('installPrompt')).toBeDefined();
  });

  it('not fetched: none of them, and the rest of the app runs on', async () => {
    const { app, toolsLog, session } = start({ pageTools: 'failing' });
    await waitFor(app, (s) => s.matches({ tools: 'failed' }));
    expect(toolsLog).toEqual([['pageTools', 'fetch']]);
    expect(app.system.get('buildWatch')).toBeUndefined();
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    expect(app.getSnapshot().context.session.player?.id).toBe(42);
  });
});

describe('app machine: notification centre and pop-ups', () => {
  it('fetches them once a player is signed in and runs them under their systemIds with the player, the brand and the stored mute', async () => {
    const { app, site, session, log } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    expect(app.getSnapshot().matches({ notifications: 'off' })).toBe(true);
    const firstPages = { user_notifications: { data: [] }, global_notifications: { data: [] } };
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET, notifications: firstPages });
    expect(app.getSnapshot().matches({ notifications: 'loading' })).toBe(true);
    await waitFor(app, (s) => s.matches({ notifications: 'on' }));
    // The centre starts from the page the session loaded at sign-in (no second fetch).
    expect(log).toContainEqual([
      'notifications',
      'start',
      { userId: 42, casinoId: 7, muted: true, firstPages, channelJoined: false },
    ]);
    expect(log).toContainEqual(['popups', 'start', {}]);
    expect(app.system.get('notifications')).toBeDefined();
    expect(app.system.get('popups')).toBeDefined();
  });

  it('stops both (nothing of the player kept) when the player signs out', async () => {
    const { app, session, log } = start();
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ notifications: 'on' }));
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ notifications: 'off' })).toBe(true);
    expect(log).toContainEqual(['notifications', 'stop']);
    expect(log).toContainEqual(['popups', 'stop']);
    expect(app.system.get('notifications')).toBeUndefined();
  });

  it('lets the centre listen on the player’s channel only while the session has it joined: left as a sign-out starts', async () => {
    const { app, session, log } = start();
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ notifications: 'on' }));
    const told = () => log.filter(([n, k]) => n === 'notifications' && k === 'notifications.playerChannel');
    expect(told()).toEqual([]);
    session.send({ type: 'fake.userChannel' });
    expect(told().map(([, , e]) => e)).toEqual([{ type: 'notifications.playerChannel', joined: true }]);
    session.send({ type: 'fake.wallet', wallet: { balance: 5, deposit_count: 1 } });
    expect(told()).toHaveLength(1);
    // GET /auth/logout in flight: the centre still runs (the player is shown), off the channel before the token goes.
    session.send({ type: 'fake.startSignOut' });
    expect(told().map(([, , e]) => e)).toEqual([
      { type: 'notifications.playerChannel', joined: true },
      { type: 'notifications.playerChannel', joined: false },
    ]);
    expect(app.getSnapshot().matches({ notifications: 'on' })).toBe(true);
    session.send({ type: 'fake.signOut' });
    expect(log).toContainEqual(['notifications', 'stop']);
  });

  it('a centre started after the session joined the player’s channel is told so by its input', async () => {
    const { app, session, log } = start();
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET, notifications: null });
    session.send({ type: 'fake.userChannel' });
    session.send({ type: 'fake.notifications', notifications: { user_notifications: {}, global_notifications: {} } });
    await waitFor(app, (s) => s.matches({ notifications: 'on' }));
    const started = log.find(([n, k]) => n === 'notifications' && k === 'start');
    expect(started?.[2]).toMatchObject({ userId: 42, channelJoined: true });
  });

  it('starts nothing when the player signs out while the code is fetched', async () => {
    const { app, session, log } = start();
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ notifications: 'off' })).toBe(true);
    await Promise.resolve();
    expect(log.filter(([name]) => name === 'notifications')).toEqual([]);
  });

  it('without the code there is no centre until the player leaves; a new sign-in fetches again', async () => {
    const { app, session, log } = start({ notificationFlows: 'failing' });
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ notifications: 'failed' }));
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ notifications: 'off' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ notifications: 'failed' }));
    expect(log.filter(([name]) => name === 'notificationFlows')).toHaveLength(2);
  });

  it('waits for the session’s own load of the notifications (§4 Session) before starting the centre', async () => {
    const { app, site, session, log } = start();
    site.send({ type: 'fake.ready', config: config(7) });
    // Signed in, the session's notifications still on their way.
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET, notifications: null });
    expect(app.getSnapshot().matches({ notifications: 'off' })).toBe(true);
    expect(log.filter(([n]) => n === 'notificationFlows')).toHaveLength(0);
    const firstPages = { user_notifications: { data: [] }, global_notifications: { data: [] } };
    session.send({ type: 'fake.notifications', notifications: firstPages });
    expect(app.getSnapshot().matches({ notifications: 'loading' })).toBe(true);
    await waitFor(app, (s) => s.matches({ notifications: 'on' }));
    expect(log).toContainEqual([
      'notifications',
      'start',
      { userId: 42, casinoId: 7, muted: true, firstPages, channelJoined: false },
    ]);
  });

  it('a brand without live settings starts the centre with no brand channel', async () => {
    const { app, session, log } = start();
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ notifications: 'on' }));
    expect(log).toContainEqual([
      'notifications',
      'start',
      { userId: 42, casinoId: null, muted: true, firstPages: null, channelJoined: false },
    ]);
  });
});

describe('app machine: web push', () => {
  it('fetches the push flow once a player is signed in and runs it under systemId push; §8 texts become toasts', async () => {
    const { app, session, pushLog, pushNotice } = start();
    await Promise.resolve();
    expect(pushLog.filter(([name]) => name === 'pushFlows')).toEqual([]);
    expect(app.getSnapshot().matches({ push: 'off' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    expect(app.getSnapshot().matches({ push: 'loading' })).toBe(true);
    await waitFor(app, (s) => s.matches({ push: 'on' }));
    expect(pushLog).toContainEqual(['pushFlows', 'fetch']);
    expect(pushLog).toContainEqual(['push', 'start', { stored: null }]);
    expect(app.system.get('push')).toBeDefined();
    pushNotice({ type: 'push.notice', notice: 'subscribed', kind: 'success', at: 1234 });
    expect(pushLog).toContainEqual([
      'toastQueue',
      'toast.show',
      {
        type: 'toast.show',
        toast: { id: 'push-subscribed', kind: 'success', messageId: 'push.notice.subscribed' },
        at: 1234,
      },
    ]);
  });

  it('stops the push flow when the player signs out, and starts a new one for the next player', async () => {
    const { app, session, pushLog } = start();
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ push: 'on' }));
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ push: 'off' })).toBe(true);
    expect(pushLog).toContainEqual(['push', 'stop']);
    expect(app.system.get('push')).toBeUndefined();
    session.send({ type: 'fake.signIn', id: 8, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ push: 'on' }));
    expect(pushLog.filter(([name, kind]) => name === 'push' && kind === 'start')).toHaveLength(2);
  });

  it('starts nothing when the player signs out while the flow is fetched', async () => {
    const { app, session, pushLog } = start();
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ push: 'off' })).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(pushLog.filter(([name]) => name === 'push')).toEqual([]);
  });

  it('offers nothing when the code cannot be fetched, until the player leaves; a new sign-in fetches again', async () => {
    const { app, session, pushLog } = start({ pushFlows: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ push: 'failed' }));
    expect(app.system.get('push')).toBeUndefined();
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ push: 'off' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ push: 'failed' }));
    expect(pushLog.filter(([name]) => name === 'pushFlows')).toHaveLength(2);
  });
});

describe('app machine: responsible gaming', () => {
  it('fetches the reality check once a player is signed in, runs it under systemId realityCheck, and stops it at sign-out', async () => {
    const { app, session, rgLog } = start();
    expect(app.getSnapshot().matches({ realityCheck: 'off' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    expect(app.getSnapshot().matches({ realityCheck: 'loading' })).toBe(true);
    await waitFor(app, (s) => s.matches({ realityCheck: 'on' }));
    expect(app.system.get('realityCheck')).toBeDefined();
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ realityCheck: 'off' })).toBe(true);
    expect(rgLog).toContainEqual(['realityCheck', 'stop']);
    expect(app.system.get('realityCheck')).toBeUndefined();
  });

  it('starts no reality check when the player signs out while its code is fetched', async () => {
    const { app, session, rgLog } = start();
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ realityCheck: 'off' })).toBe(true);
    await Promise.resolve();
    expect(rgLog.filter(([name]) => name === 'realityCheck')).toEqual([]);
  });

  it('without its code there is no reality check until the player leaves; a new sign-in fetches again', async () => {
    const { app, session, rgLog } = start({ realityCheckFlow: 'failing' });
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ realityCheck: 'failed' }));
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ realityCheck: 'off' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 42, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ realityCheck: 'failed' }));
    expect(rgLog.filter(([name]) => name === 'realityCheckFlow')).toHaveLength(2);
  });

  it('runs the limits and self-exclusion flows on /responsible-gambling for a signed-in player, until the page changes', async () => {
    const { app, session, rgLog } = start();
    const page = route('/responsible-gambling', { page: 'responsible', auth: true });
    app.send(page);
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(page);
    expect(pageIs(app.getSnapshot(), 'responsible', 'loading')).toBe(true);
    expect(app.getSnapshot().context.pageKey).toBe('responsible:7');
    await waitFor(app, (s) => pageIs(s, 'responsible', 'running'));
    expect(app.system.get('responsibleGaming')).toBeDefined();
    expect(app.system.get('selfExclusion')).toBeDefined();
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'responsible', 'running')).toBe(false);
    expect(rgLog).toContainEqual(['responsibleGaming', 'stop']);
    expect(rgLog).toContainEqual(['selfExclusion', 'stop']);
    expect(app.system.get('selfExclusion')).toBeUndefined();
  });

  it('a page whose flows cannot be fetched says so; the next visit tries again', async () => {
    const { app, session, rgLog } = start({ responsibleFlows: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/responsible-gambling', { page: 'responsible', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'responsible', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/responsible-gambling', { page: 'responsible', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'responsible', 'failed'));
    expect(rgLog.filter(([name]) => name === 'responsibleFlows')).toHaveLength(2);
  });

  it('hands a recorded self-exclusion to the session at once (session.selfExclusionFound)', async () => {
    const log: Log = [];
    const selfExclusion = createMachine({
      on: { 'fake.recorded': { actions: emit({ type: 'selfExclusion.started', startAt: 'S', endAt: 'E' }) } },
    });
    const logic = appMachine.provide({
      actors: {
        site: fakeSite() as unknown as AnyActorLogic as never,
        session: fakeSession(log) as never,
        shellUi: idle as never,
        loadingBar: idle as never,
        ageGate: idle as never,
        loginModalFlow: fromPromise(async () => idle) as never,
        liveFlows: fromPromise(async () => ({ connection: idle, betsFeed: idle })) as never,
        toastQueue: idle as never,
        homeRows: idle as never,
        realityCheckFlow: fromPromise(async () => idle) as never,
        pageFlows: pageFlowsOf({ responsibleFlows: async () => ({ responsibleGaming: idle, selfExclusion }) }) as never,
      },
    });
    const { actor: app } = createTestActor(logic, { input: INPUT });
    app.system.get('session').send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/responsible-gambling', { page: 'responsible', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'responsible', 'running'));
    app.system.get('selfExclusion').send({ type: 'fake.recorded' });
    expect(log).toContainEqual([
      'session',
      'session.selfExclusionFound',
      { type: 'session.selfExclusionFound', startAt: 'S', endAt: 'E' },
    ]);
  });
});

describe('app machine: the profile of /user', () => {
  it('runs the profile flow for a signed-in player on /user, shows a stored language at once, and stops it when the page changes', async () => {
    const { app, session, navigations } = start();
    const page = route('/user', { page: 'profile', auth: true });
    const emitted: unknown[] = [];
    app.on('app.navigate', (event) => emitted.push(event));
    app.send(page);
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(page);
    expect(app.getSnapshot().context.pageKey).toBe('profile:7');
    await waitFor(app, (s) => pageIs(s, 'profile', 'running'));
    app.system.get('profile').send({ type: 'fake.language' });
    expect(emitted).toEqual([{ type: 'app.navigate', to: 'language', locale: 'en', replace: true }]);
    expect(navigations).toEqual(['language (replace)']);
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'profile', 'running')).toBe(false);
    expect(app.system.get('profile')).toBeUndefined();
  });

  it('a profile whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, session, rgLog } = start({ profileFlow: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/user', { page: 'profile', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'profile', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/user', { page: 'profile', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'profile', 'failed'));
    expect(rgLog.filter(([name]) => name === 'profileFlow')).toHaveLength(2);
  });
});

describe('app machine: /bonus', () => {
  it('runs the coupon, lists and cashback flows for a signed-in player on /bonus and stops them when the page changes', async () => {
    const { app, session } = start();
    const page = route('/bonus', { page: 'bonus' });
    app.send(page);
    // A guest has no bonus flows (the page asks them to sign in).
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(page);
    expect(app.getSnapshot().context.pageKey).toBe('bonus:7');
    await waitFor(app, (s) => pageIs(s, 'bonus', 'running'));
    for (const id of ['coupon', 'couponList', 'cashback', 'activeBonuses']) expect(app.system.get(id)).toBeDefined();
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'bonus', 'running')).toBe(false);
    for (const id of ['coupon', 'couponList', 'cashback', 'activeBonuses']) expect(app.system.get(id)).toBeUndefined();
  });

  it('a /bonus whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, session, rgLog } = start({ bonusFlows: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/bonus', { page: 'bonus' }));
    await waitFor(app, (s) => pageIs(s, 'bonus', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/bonus', { page: 'bonus' }));
    await waitFor(app, (s) => pageIs(s, 'bonus', 'failed'));
    expect(rgLog.filter(([name]) => name === 'bonusFlows')).toHaveLength(2);
  });
});

describe('app machine: /ranking', () => {
  it('runs the rank flow for a guest once checked, and anew for the player who signs in; stops it on leaving', async () => {
    const { app, session, rgLog } = start();
    const page = route('/ranking', { page: 'ranking' });
    app.send(page);
    // Not yet known who looks: nothing is fetched.
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.checked' });
    app.send(page);
    expect(app.getSnapshot().context.pageKey).toBe('ranking:guest');
    await waitFor(app, (s) => pageIs(s, 'ranking', 'running'));
    expect(rgLog).toContainEqual(['rank', 'start', { player: false }]);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    await waitFor(app, (s) => s.context.pageKey === 'ranking:7' && pageIs(s, 'ranking', 'running'));
    expect(rgLog).toContainEqual(['rank', 'start', { player: true }]);
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'ranking', 'running')).toBe(false);
    expect(app.system.get('rank')).toBeUndefined();
  });

  it("reads the player's standing again when their balance changes (a bet was recorded)", async () => {
    const { app, session, rgLog } = start();
    session.send({ type: 'fake.signIn', id: 7, wallet: { balance: 10_000, deposit_count: 1 } });
    app.send(route('/ranking', { page: 'ranking' }));
    await waitFor(app, (s) => pageIs(s, 'ranking', 'running'));
    const refreshes = () => rgLog.filter(([name, type]) => name === 'rank' && type === 'rank.refresh');
    session.send({ type: 'fake.wallet', wallet: { balance: 8_000, deposit_count: 1 } });
    session.send({ type: 'fake.wallet', wallet: { balance: 8_000, deposit_count: 1 } });
    expect(refreshes()).toHaveLength(1);
  });

  it('a /ranking whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, session, rgLog } = start({ rankingFlow: 'failing' });
    session.send({ type: 'fake.checked' });
    app.send(route('/ranking', { page: 'ranking' }));
    await waitFor(app, (s) => pageIs(s, 'ranking', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/ranking', { page: 'ranking' }));
    await waitFor(app, (s) => pageIs(s, 'ranking', 'failed'));
    expect(rgLog.filter(([name]) => name === 'rankingFlow')).toHaveLength(2);
  });
});

describe('app machine: /promotions and /promotion', () => {
  it('runs the promotions flow for anyone, for the route language and promotion; another promotion restarts it', async () => {
    const { app, rgLog } = start();
    app.send(route('/promotions', { page: 'promotions' }));
    expect(app.getSnapshot().context.pageKey).toBe('promotions:pt:');
    await waitFor(app, (s) => pageIs(s, 'promotions', 'running'));
    expect(app.system.get('promotions')).toBeDefined();
    app.send(route('/en/promotion', { page: 'promotions', locale: 'en', search: 'slug=boas-vindas' }));
    expect(app.getSnapshot().context.pageKey).toBe('promotions:en:boas-vindas');
    await waitFor(app, (s) => pageIs(s, 'promotions', 'running'));
    expect(rgLog.filter(([name]) => name === 'promotionsFlows')).toHaveLength(2);
    app.send(route('/', { page: 'home' }));
    expect(app.system.get('promotions')).toBeUndefined();
  });

  it('a /promotions whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, rgLog } = start({ promotionsFlows: 'failing' });
    app.send(route('/promotions', { page: 'promotions' }));
    await waitFor(app, (s) => pageIs(s, 'promotions', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/promotions', { page: 'promotions' }));
    await waitFor(app, (s) => pageIs(s, 'promotions', 'failed'));
    expect(rgLog.filter(([name]) => name === 'promotionsFlows')).toHaveLength(2);
  });
});

describe('app machine: /refers', () => {
  it('runs the refers flow for a signed-in player on /refers and stops it when the page changes', async () => {
    const { app, session } = start();
    const page = route('/refers', { page: 'refers' });
    app.send(page);
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(page);
    expect(app.getSnapshot().context.pageKey).toBe('refers:7');
    await waitFor(app, (s) => pageIs(s, 'refers', 'running'));
    expect(app.system.get('refers')).toBeDefined();
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'refers', 'running')).toBe(false);
    expect(app.system.get('refers')).toBeUndefined();
  });

  it('a /refers whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, session, rgLog } = start({ refersFlows: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/refers', { page: 'refers' }));
    await waitFor(app, (s) => pageIs(s, 'refers', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/refers', { page: 'refers' }));
    await waitFor(app, (s) => pageIs(s, 'refers', 'failed'));
    expect(rgLog.filter(([name]) => name === 'refersFlows')).toHaveLength(2);
  });
});

describe('app machine: missions', () => {
  const assigned = (id: number) => ({
    type: 'fake.announce' as const,
    announcement: { type: 'session.missionAssigned', data: { data: { id } } },
  });
  const started = (log: Log) => log.filter(([, kind]) => kind === 'start').map(([, , input]) => input);

  it('a guest’s flow is fetched only when a mission arrives; what came before it runs is handed over, later ones forwarded', async () => {
    const { app, session, missionsLog } = start();
    session.send({ type: 'fake.checked' });
    expect(app.getSnapshot().matches({ missions: 'off' })).toBe(true);
    expect(missionsLog).toEqual([]);
    session.send(assigned(1));
    expect(app.getSnapshot().matches({ missions: 'loading' })).toBe(true);
    session.send(assigned(2)); // while the code is fetched
    await waitFor(app, (s) => s.matches({ missions: 'on' }));
    expect(started(missionsLog)).toEqual([
      { viewport: { width: 390, height: 844 }, player: false, assigned: [{ data: { id: 1 } }, { data: { id: 2 } }] },
    ]);
    expect(app.getSnapshot().context.pendingMissions).toEqual([]);
    session.send(assigned(3));
    expect(missionsLog.at(-1)).toEqual([
      'missions',
      'missions.assigned',
      { type: 'missions.assigned', data: { data: { id: 3 } } },
    ]);
    // Signing in: the guest's flow stops, the player's starts.
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    expect(missionsLog).toContainEqual(['missions', 'stop']);
    await waitFor(app, (s) => s.matches({ missions: 'on' }) && s.context.missionsOwner === 7);
    expect(started(missionsLog).at(-1)).toMatchObject({ player: true, assigned: [] });
  });

  it('a player’s flow runs at sign-in, hears a moved balance, reloads on /rewards, and stops at sign-out', async () => {
    const { app, session, missionsLog } = start({ bonusFlows: 'fetched' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ missions: 'on' }));
    session.send({ type: 'fake.wallet', wallet: { balance: 4000, deposit_count: 1 } });
    session.send({ type: 'fake.wallet', wallet: { balance: 4000, deposit_count: 2 } }); // same balance: not told
    expect(missionsLog.filter(([, kind]) => kind === 'missions.balanceChanged')).toHaveLength(1);
    app.send(route('/rewards', { page: 'rewards' }));
    expect(app.getSnapshot().context.pageKey).toBe('rewards:7');
    expect(missionsLog.at(-1)?.[1]).toBe('missions.refresh');
    await waitFor(app, (s) => pageIs(s, 'rewards', 'running'));
    expect(app.system.get('cashback')).toBeDefined();
    app.send(route('/', { page: 'home' }));
    expect(app.system.get('cashback')).toBeUndefined();
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ missions: 'off' })).toBe(true);
    expect(app.system.get('missions')).toBeUndefined();
  });

  it('code that cannot be fetched: nothing until someone else is there; /rewards says so', async () => {
    const { app, session, missionsLog } = start({ missionsFlow: 'failing', bonusFlows: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    await waitFor(app, (s) => s.matches({ missions: 'failed' }));
    app.send(route('/rewards', { page: 'rewards' }));
    await waitFor(app, (s) => pageIs(s, 'rewards', 'failed'));
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ missions: 'off' })).toBe(true);
    // A guest's mission while a player's fetch is under way: kept for the guest's flow after sign-out.
    session.send({ type: 'fake.signIn', id: 8, wallet: WALLET });
    expect(app.getSnapshot().matches({ missions: 'loading' })).toBe(true);
    session.send({ type: 'fake.signOut' });
    expect(app.getSnapshot().matches({ missions: 'off' })).toBe(true);
    expect(missionsLog.filter(([name]) => name === 'missionsFlow')).toHaveLength(2);
  });
});

describe('app machine: the /user pages with a flow of their own', () => {
  it('runs the personal data flow, then the bets history, each for a signed-in player, and stops them on leaving', async () => {
    const { app, session, rgLog } = start();
    const personal = route('/user/edit/personal-data', { page: 'personal', auth: true });
    app.send(personal);
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(personal);
    expect(app.getSnapshot().context.pageKey).toBe('user:personal:7');
    await waitFor(app, (s) => pageIs(s, 'user', 'running'));
    expect(app.system.get('personalData')).toBeDefined();
    app.send(route('/user/edit/history-casino', { page: 'bets', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'user', 'running') && s.context.pageKey === 'user:bets:7');
    expect(app.system.get('personalData')).toBeUndefined();
    expect(app.system.get('betsHistory')).toBeDefined();
    expect(rgLog.filter(([name]) => name === 'userFlow').map(([, , input]) => input)).toEqual([
      { kind: 'personal' },
      { kind: 'bets' },
    ]);
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'user', 'running')).toBe(false);
    expect(app.system.get('betsHistory')).toBeUndefined();
  });

  it('a /user page whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, session, rgLog } = start({ userFlow: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/user/edit/history-casino', { page: 'bets', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'user', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/user/edit/history-casino', { page: 'bets', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'user', 'failed'));
    expect(rgLog.filter(([name]) => name === 'userFlow')).toHaveLength(2);
  });

  it("runs the page's flow for a signed-in player under systemId accessData, and stops it when the page changes", async () => {
    const { app, session } = start();
    const page = route('/user/edit/access-data', { page: 'access', auth: true });
    app.send(page);
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(page);
    expect(app.getSnapshot().context.pageKey).toBe('user:access:7');
    await waitFor(app, (s) => pageIs(s, 'user', 'running'));
    expect(app.system.get('accessData')).toBeDefined();
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'user', 'running')).toBe(false);
    expect(app.system.get('accessData')).toBeUndefined();
  });
});

describe('app machine: document verification of /user/edit/verification', () => {
  it('runs the verification flow for a signed-in player and stops it when the page changes', async () => {
    const { app, session } = start();
    const page = route('/user/edit/verification', { page: 'verification', auth: true });
    app.send(page);
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(page);
    expect(app.getSnapshot().context.pageKey).toBe('verification:7');
    await waitFor(app, (s) => pageIs(s, 'verification', 'running'));
    expect(app.system.get('verification')).toBeDefined();
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'verification', 'running')).toBe(false);
    expect(app.system.get('verification')).toBeUndefined();
  });

  it('a verification page whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, session, rgLog } = start({ verificationFlow: 'failing' });
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/user/edit/verification', { page: 'verification', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'verification', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/user/edit/verification', { page: 'verification', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'verification', 'failed'));
    expect(rgLog.filter(([name]) => name === 'verificationFlow')).toHaveLength(2);
  });
});

describe('app machine: the design-system gallery of /NewComponents', () => {
  it('runs the gallery flow for anyone, keeps it across the language switch and stops it when the page changes', async () => {
    const { app, rgLog } = start();
    app.send(route('/NewComponents', { page: 'gallery' }));
    expect(app.getSnapshot().context.pageKey).toBe('gallery');
    await waitFor(app, (s) => pageIs(s, 'gallery', 'running'));
    expect(app.system.get('gallery')).toBeDefined();
    app.send(route('/en/NewComponents', { page: 'gallery', locale: 'en' }));
    expect(pageIs(app.getSnapshot(), 'gallery', 'running')).toBe(true);
    expect(rgLog.filter(([name]) => name === 'galleryFlow')).toHaveLength(1);
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'gallery', 'running')).toBe(false);
    expect(app.system.get('gallery')).toBeUndefined();
  });

  it('a gallery whose code cannot be fetched stays without its demos; the next visit tries again', async () => {
    const { app, rgLog } = start({ galleryFlow: 'failing' });
    app.send(route('/NewComponents', { page: 'gallery' }));
    await waitFor(app, (s) => pageIs(s, 'gallery', 'failed'));
    expect(app.system.get('gallery')).toBeUndefined();
    app.send(route('/', { page: 'home' }));
    app.send(route('/NewComponents', { page: 'gallery' }));
    await waitFor(app, (s) => pageIs(s, 'gallery', 'failed'));
    expect(rgLog.filter(([name]) => name === 'galleryFlow')).toHaveLength(2);
  });
});

describe('app machine: the boxes pages', () => {
  const starts = (log: Log, name: string) => log.filter(([n, kind]) => n === name && kind === 'start');

  it('runs the crates flow for anyone in the page language and stops it when the page changes', async () => {
    const { app, log } = start();
    app.send(route('/en/casino/crates', { page: 'crates', locale: 'en' }));
    expect(app.getSnapshot().context.pageKey).toBe('boxes:crates:en');
    await waitFor(app, (s) => pageIs(s, 'boxes', 'running'));
    expect(app.system.get('crates')).toBeDefined();
    expect(starts(log, 'crates')).toEqual([['crates', 'start', { locale: 'en' }]]);
    app.send(route('/', { page: 'home' }));
    expect(pageIs(app.getSnapshot(), 'boxes', 'running')).toBe(false);
    expect(app.system.get('crates')).toBeUndefined();
  });

  it('runs a box page per viewer once the check is over; its balance reaches the session and lack of money opens the deposit', async () => {
    const { app, log, session, navigations } = start();
    const page = route('/casino/box/caixa-rubi', { page: 'box', params: { name: 'caixa-rubi' } });
    app.send(page);
    expect(app.getSnapshot().matches({ page: 'none' })).toBe(true);
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(page);
    expect(app.getSnapshot().context.pageKey).toBe('boxes:box:caixa-rubi:pt:7');
    await waitFor(app, (s) => pageIs(s, 'boxes', 'running'));
    expect(starts(log, 'boxPage')).toEqual([
      ['boxPage', 'start', { name: 'caixa-rubi', locale: 'pt', signedIn: true }],
    ]);
    const boxPage = app.system.get('boxPage');
    boxPage.send({ type: 'fake.report', report: { type: 'wallet.balanceReported', balance: 4100 } });
    expect(log).toContainEqual([
      'session',
      'session.balanceReported',
      expect.objectContaining({ type: 'session.balanceReported', balance: 4100 }),
    ]);
    boxPage.send({ type: 'fake.report', report: { type: 'boxes.depositWanted' } });
    expect(navigations).toContain('deposit');
    // Signing out is another viewer: a new flow for the guest.
    session.send({ type: 'fake.signOut' });
    await waitFor(app, (s) => s.context.pageKey === 'boxes:box:caixa-rubi:pt:guest');
    await waitFor(app, (s) => pageIs(s, 'boxes', 'running'));
    expect(starts(log, 'boxPage')).toHaveLength(2);
  });

  it("runs one inventory flow for the player's boxes and items", async () => {
    const { app, log, session } = start();
    session.send({ type: 'fake.signIn', id: 7, wallet: WALLET });
    app.send(route('/account/boxes', { page: 'inventory', auth: true }));
    await waitFor(app, (s) => pageIs(s, 'boxes', 'running'));
    app.send(route('/account/items', { page: 'inventory', auth: true }));
    expect(pageIs(app.getSnapshot(), 'boxes', 'running')).toBe(true);
    expect(starts(log, 'inventory')).toEqual([['inventory', 'start', { playerId: 7, locale: 'pt' }]]);
  });

  it('a boxes page whose code cannot be fetched says so; the next visit tries again', async () => {
    const { app, log } = start({ boxesFlow: 'failing' });
    app.send(route('/casino/crates', { page: 'crates' }));
    await waitFor(app, (s) => pageIs(s, 'boxes', 'failed'));
    app.send(route('/', { page: 'home' }));
    app.send(route('/casino/crates', { page: 'crates' }));
    await waitFor(app, (s) => pageIs(s, 'boxes', 'failed'));
    expect(log.filter(([name]) => name === 'boxesFlow')).toHaveLength(2);
  });
});
