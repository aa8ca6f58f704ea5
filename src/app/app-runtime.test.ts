import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyActorRef, type EventObject, type InspectionEvent } from 'xstate';
import type { SubscriptionInput } from '../../machines/realtime/channel.types';
import type { PusherCommand, PusherConnectionInput } from '../../machines/realtime/connection.types';
import { contentPageMachine } from '../../machines/site/content-page.machine';
import type { ContentPage, ContentPageInput } from '../../machines/site/content-page.types';
import { siteMachine } from '../../machines/site/site.machine';
import type { Provider, SiteActorInput, SiteConfigResult } from '../../machines/site/site.types';
import { siteConfigFixture } from '../../tests/shell/site-config.fixture';
import type { PusherRealtime } from '../lib/realtime/pusher-adapter';
import { createMemoryStorage } from '../lib/storage';
import { createAppRuntime, type AppRuntime } from './app-runtime';
import { createLiveServices } from './live';
import { appRoutes } from './router';
import { loadLoginModalView } from './login-modal-view';
import type { AppServices } from './services';

/**
 * The inspector sees one tree. Every actor the app creates (the long-lived flows, the live connection,
 * channels, the route-bound content page) is a descendant of the root app actor, in its system, so one
 * inspector attached to the root sees all of them.
 */
const quietAdapter: PusherRealtime = {
  pusherConnection: fromCallback<PusherCommand, PusherConnectionInput>(() => () => undefined),
  subscription: fromCallback<EventObject, SubscriptionInput>(() => () => undefined),
  invalidPayloadCount: () => 0,
  currentClient: () => undefined,
};

let running: AppRuntime | undefined;
afterEach(() => running?.stop());

function rootOf(actor: AnyActorRef): AnyActorRef {
  let current = actor;
  while (current._parent) current = current._parent;
  return current;
}

describe('one actor tree', () => {
  it('creates every actor under the root app actor, in one system seen by one inspector', async () => {
    const storage = createMemoryStorage();
    const live = createLiveServices({ storage, apiBaseUrl: '/api', adapter: quietAdapter });
    const page: ContentPage = {
      slug: 'privacy',
      locale: 'pt',
      title: 'Privacidade',
      html: '<p>x</p>',
      updated_at: '2025-01-02T00:00:00Z',
    };
    const services = {
      storage,
      api: undefined as never,
      siteLogic: siteMachine.provide({
        actors: {
          fetchSiteConfig: fromPromise<SiteConfigResult, SiteActorInput>(async () => ({
            status: 'ok',
            config: siteConfigFixture(),
          })),
          fetchProviders: fromPromise<Provider[], SiteActorInput>(async () => []),
        },
      }),
      siteInput: { domain: 'localhost', marketingUrl: 'https://example.org/' },
      contentPageLogic: contentPageMachine.provide({
        actors: { fetchPage: fromPromise<ContentPage, ContentPageInput>(async () => page) },
      }),
      live,
    } satisfies AppServices;
    const router = createMemoryRouter(appRoutes(), { initialEntries: ['/privacy'] });
    const created: AnyActorRef[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.actor') created.push(event.actorRef as AnyActorRef);
    };
    const runtime = createAppRuntime(services, router, { inspect });
    running = runtime;
    await router.navigate('/privacy');
    // The connection starts once the site config has arrived (the root's live region).
    await vi.waitFor(() => expect(created.map((actor) => actor.id)).toContain('connection'));
    // The login modal's flow is fetched the first time it opens.
    runtime.app.send({ type: 'loginModal.open', tab: 'login' });
    await vi.waitFor(() => expect(created.map((actor) => actor.id)).toContain('loginModal'));
    // Opening it also fetched the modal's view (forms and all) beside the flow: the test ends once that is loaded,
    // or the fetch outlives the file's environment (an unhandled EnvironmentTeardownError on a loaded machine).
    await loadLoginModalView();
    // The toast queue starts with the first toast.
    runtime.app.send({ type: 'toast.show', toast: { id: 't', kind: 'info', messageId: 'toast.region_label' }, at: 0 });

    const ids = created.map((actor) => actor.id);
    for (const id of [
      'site',
      'shellUi',
      'loadingBar',
      'session',
      'ageGate',
      'loginModal',
      'betsFeed',
      'toastQueue',
      'connection',
      'contentPage',
    ]) {
      expect(ids, id).toContain(id);
    }
    for (const actor of created) {
      expect(rootOf(actor), actor.id).toBe(runtime.app);
      expect(actor.system, actor.id).toBe(runtime.app.system);
    }
  });
});
