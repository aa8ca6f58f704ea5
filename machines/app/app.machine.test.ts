import { describe, expect, it } from 'vitest';
import { assign, createMachine, emit, fromCallback, type AnyActorLogic, type EventObject } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { appMachine, liveSettingsOf, sameLiveSettings } from './app.machine';
import type { AppInput } from './app.types';

/**
 * The root's stories: one system with every long-lived flow under its systemId, and the routes between them
 * (site ready → connection and bets feed; session announcements → login modal, connection and router).
 * The children are fakes that record what reaches them.
 */
type Log = Array<[string, string, unknown?]>;

const realtime = { key: 'k1', wsHost: '127.0.0.1', wsPort: 6001 };
const config = (casinoId: number, rt: Record<string, unknown> | null = realtime) => ({ casino_id: casinoId, realtime: rt ?? undefined });

function fakeSite() {
  return createMachine({
    id: 'site',
    types: {} as { context: { config: unknown }; events: { type: 'fake.ready'; config: unknown } | { type: 'fake.down' } },
    context: { config: null },
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

function fakeSession() {
  return createMachine({
    id: 'session',
    types: {} as { events: { type: 'fake.announce'; announcement: { type: string } } },
    on: { 'fake.announce': { actions: emit(({ event }) => event.announcement as never) } },
  });
}

/** A child that records its start (with input), what it receives, and its stop. */
const recorder = (name: string, log: Log) =>
  fromCallback<EventObject, unknown>(({ input, receive }) => {
    log.push([name, 'start', input]);
    receive((event) => log.push([name, event.type, event]));
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
      site: fakeSite() as unknown as AnyActorLogic as never,
      session: fakeSession() as never,
      shellUi: idle as never,
      loadingBar: idle as never,
      toastQueue: idle as never,
      loginModal: recorder('loginModal', log) as never,
      betsFeed: recorder('betsFeed', log) as never,
      connection: recorder('connection', log) as never,
    },
  });
  const navigations: string[] = [];
  const { actor: app } = createTestActor(logic, { input: INPUT });
  app.on('app.navigate', (event) => navigations.push(event.to));
  const site = app.system.get('site');
  const session = app.system.get('session');
  const events = (name: string) => log.filter(([n, kind]) => n === name && kind !== 'start' && kind !== 'stop').map(([, kind]) => kind);
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
      { key: 'k1', host: { pageHostname: 'localhost', pageProtocol: 'http:', apiBaseUrl: '/api', wsHost: '127.0.0.1', wsPort: 6001 } },
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
