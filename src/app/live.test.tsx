import { act, render, screen, waitFor, within } from '@testing-library/react';

// Bounded waits, generous for a loaded CI machine (waitFor's default is 1 s).
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { BetEvent } from '../../machines/bets-feed/bets-feed.types';
import type { SubscriptionInput, SubscriptionReport } from '../../machines/realtime/channel.types';
import type { PusherCommand, PusherConnectionInput, PusherReport } from '../../machines/realtime/connection.types';
import { contentPageMachine } from '../../machines/site/content-page.machine';
import type { ContentPage, ContentPageInput } from '../../machines/site/content-page.types';
import { siteMachine } from '../../machines/site/site.machine';
import type { Provider, SiteActorInput, SiteConfigResult } from '../../machines/site/site.types';
import { siteConfigFixture } from '../../tests/shell/site-config.fixture';
import type { PusherRealtime } from '../lib/realtime/pusher-adapter';
import { createMemoryStorage } from '../lib/storage';
import { App, appRuntimeOf } from './app';
import { createLiveServices, sameLiveSettings } from './live';
import { appRoutes } from './router';
import type { AppServices } from './services';

/** A pusher-js adapter the test drives: what the app asked for, and a way to report back. */
function fakeAdapter() {
  const connections: Array<{ input: PusherConnectionInput; report: (e: PusherReport) => void; stopped: boolean }> = [];
  const subscriptions: Array<{ input: SubscriptionInput; report: (e: SubscriptionReport) => void; stopped: boolean }> =
    [];
  const adapter = {
    pusherConnection: fromCallback<PusherCommand, PusherConnectionInput>(({ input, sendBack }) => {
      const entry = { input, report: sendBack as (e: PusherReport) => void, stopped: false };
      connections.push(entry);
      return () => {
        entry.stopped = true;
      };
    }),
    subscription: fromCallback<EventObject, SubscriptionInput>(({ input, sendBack }) => {
      const entry = { input, report: sendBack as (e: SubscriptionReport) => void, stopped: false };
      subscriptions.push(entry);
      return () => {
        entry.stopped = true;
      };
    }),
    invalidPayloadCount: () => 0,
    currentClient: () => undefined,
  } satisfies PusherRealtime;
  const live = (list: typeof connections | typeof subscriptions) => list.filter((e) => !e.stopped);
  return {
    adapter,
    liveConnections: () => live(connections) as typeof connections,
    liveSubscriptions: () => live(subscriptions) as typeof subscriptions,
  };
}

function setup(config = siteConfigFixture()) {
  const storage = createMemoryStorage();
  const fake = fakeAdapter();
  // The rows counted are the ones the test reports (no fictitious bets drawn in between).
  const live = createLiveServices({ storage, apiBaseUrl: '/api', adapter: fake.adapter, fictitiousBets: false });
  const services = {
    storage,
    api: undefined as never,
    siteLogic: siteMachine.provide({
      actors: {
        fetchSiteConfig: fromPromise<SiteConfigResult, SiteActorInput>(async () => ({ status: 'ok', config })),
        fetchProviders: fromPromise<Provider[], SiteActorInput>(async () => []),
      },
    }),
    siteInput: { domain: 'localhost', marketingUrl: 'https://example.org/' },
    contentPageLogic: contentPageMachine.provide({
      actors: { fetchPage: fromPromise<ContentPage, ContentPageInput>(() => new Promise(() => {})) },
    }),
    live,
  } satisfies AppServices;
  const router = createMemoryRouter(appRoutes(), { initialEntries: ['/'] });
  const view = render(<App services={services} router={router} />);
  const runtime = appRuntimeOf(services);
  if (!runtime) throw new Error('the app runtime did not start');
  return { ...fake, live, router, view, runtime };
}

const DATE = '2025-03-01T15:04:00.000Z';
const betEvent = (type: 'bet' | 'win', transaction: string, amount: number): BetEvent => ({
  type,
  transaction,
  game: 'Fortune Tiger',
  user: 'Ana***',
  amount,
  date: DATE,
});

describe('app wiring of live updates', () => {
  it('connects with the site config realtime settings once the site is ready, and shows the indicator when live updates stop', async () => {
    const { liveConnections, runtime } = setup();
    await screen.findByTestId('home-page', {}, { timeout: 5000 });
    await waitFor(() => expect(liveConnections()).toHaveLength(1), { timeout: 5000 });
    const [connection] = liveConnections();
    expect(connection?.input).toEqual({
      key: 'casino-local-key',
      credentialsVersion: 0,
      host: { pageHostname: 'localhost', pageProtocol: 'http:', wsHost: '127.0.0.1', wsPort: 6001, apiBaseUrl: '/api' },
    });
    const indicator = screen.getByTestId('connection-indicator');
    act(() => connection?.report({ type: 'pusher.connected', socketId: '1.1' }));
    expect(indicator).toHaveAttribute('data-visible', 'false');
    act(() => connection?.report({ type: 'pusher.connecting' }));
    expect(indicator).toHaveAttribute('data-visible', 'true');
    expect(indicator).toHaveTextContent('Reconectando');

    // The session announces a token change; the root renews the connection's credentials (new client version).
    act(() => runtime.app.send({ type: 'connection.credentialsChanged' }));
    await waitFor(() => expect(liveConnections().map((c) => c.input.credentialsVersion)).toEqual([1]), {
      timeout: 5000,
    });
  });

  it('feeds the home page list from the brand public channel: a bet and its win make one row', async () => {
    const { liveSubscriptions } = setup(siteConfigFixture({ casino_id: 3 }));
    await screen.findByTestId('home-page', {}, { timeout: 5000 });
    // Other machines (the session's guest channel) may subscribe too; the feed has exactly one public subscription.
    const publicSubscriptions = () =>
      liveSubscriptions().filter((s) => s.input.channel.startsWith('universal-public.'));
    await waitFor(
      () =>
        expect(publicSubscriptions().map((s) => s.input)).toEqual([
          { channel: 'universal-public.3', events: ['BetPlaced'] },
        ]),
      { timeout: 5000 },
    );
    // Below the banner: rendered in the home page's second pass (src/ui/second-pass.ts).
    const list = await screen.findByTestId('live-bets');
    expect(within(list).getByRole('heading', { name: 'Apostas ao vivo' })).toBeInTheDocument();
    expect(list).toHaveTextContent('Aguardando as próximas apostas…');
    const [channel] = publicSubscriptions();
    act(() => {
      channel?.report({ type: 'channel.subscribed' });
      channel?.report({ type: 'channel.received', message: { name: 'BetPlaced', data: betEvent('bet', 'tx-1', 500) } });
    });
    expect(screen.queryAllByTestId('live-bet')).toHaveLength(0);
    act(() => {
      channel?.report({
        type: 'channel.received',
        message: { name: 'BetPlaced', data: betEvent('win', 'tx-1', 1250) },
      });
      channel?.report({
        type: 'channel.received',
        message: { name: 'BetPlaced', data: betEvent('win', 'tx-1', 1250) },
      });
    });
    const rows = await screen.findAllByTestId('live-bet');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('data-transaction', 'tx-1');
    expect(rows[0]).toHaveTextContent('Fortune Tiger');
    expect(rows[0]).toHaveTextContent('Ana***');
    expect(rows[0]).toHaveTextContent('R$ 5,00');
    expect(rows[0]).toHaveTextContent('R$ 12,50');
    expect(rows[0]).toHaveTextContent('2,50×');
    expect(within(list).getByRole('columnheader', { name: 'Aposta' })).toBeInTheDocument();
  });

  it('stops the connection and the channel when the app goes away', async () => {
    const { liveConnections, liveSubscriptions, view, runtime } = setup();
    await screen.findByTestId('home-page', {}, { timeout: 5000 });
    await waitFor(() => expect(liveSubscriptions().some((s) => s.input.channel === 'universal-public.1')).toBe(true), {
      timeout: 5000,
    });
    view.unmount();
    // The whole system stops with the root once nothing holds it (the microtask after React's cleanup).
    await waitFor(() => expect(runtime.app.getSnapshot().status).toBe('stopped'));
    expect(liveConnections()).toHaveLength(0);
    expect(liveSubscriptions()).toHaveLength(0);
  });
});

describe('sameLiveSettings', () => {
  it('compares settings by value', () => {
    const a = { casinoId: 1, key: 'k', wsHost: undefined, wsPort: 6001 };
    expect(sameLiveSettings(a, { ...a })).toBe(true);
    expect(sameLiveSettings(a, { ...a, wsPort: 6002 })).toBe(false);
    expect(sameLiveSettings(null, null)).toBe(true);
    expect(sameLiveSettings(a, null)).toBe(false);
  });
});
