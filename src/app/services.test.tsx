import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { siteConfigFixture } from '../../tests/shell/site-config.fixture';
import { createApiClient } from '../lib/api/client';
import { createMemoryStorage } from '../lib/storage';
import { createAppServices } from './services';

/** A platform that answers providers and categories, and the site config with this brand name, counting calls. */
function platform(siteName: string) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.pathname);
    if (url.pathname === '/api/site-config') return Response.json(siteConfigFixture({ siteName }));
    return Response.json({ data: [] });
  };
  const storage = createMemoryStorage();
  return { asked, storage, api: createApiClient({ baseUrl: 'http://localhost/api', storage, fetch }) };
}

const early = (response: Promise<Response | null>, locale = 'pt') => {
  (window as unknown as Record<string, unknown>).__siteConfigPrefetch = { domain: 'localhost', locale, response };
};

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__siteConfigPrefetch;
});

describe('the site config (the early call of public/boot/site-config.js)', () => {
  it('takes the early answer for its first fetch, without asking the platform again', async () => {
    early(Promise.resolve(Response.json(siteConfigFixture({ siteName: 'Early' }))));
    const { asked, storage, api } = platform('Late');
    const services = createAppServices({ storage, api, domain: 'localhost' });
    const site = createActor(services.siteLogic, { input: services.siteInput }).start();
    const ready = await waitFor(site, (s) => s.matches('ready'));
    expect(ready.context.config?.siteName).toBe('Early');
    expect(asked).not.toContain('/api/site-config');
    site.stop();
  });

  it('a 402 early answer is maintenance', async () => {
    early(Promise.resolve(Response.json({ message: 'x', maintenanceMode: true, systemExists: true }, { status: 402 })));
    const { storage, api } = platform('Late');
    const services = createAppServices({ storage, api, domain: 'localhost' });
    const site = createActor(services.siteLogic, { input: services.siteInput }).start();
    await waitFor(site, (s) => s.matches('maintenance'));
    site.stop();
  });

  it.each([
    ['a failed early call', () => early(Promise.resolve(null))],
    ['an early 500', () => early(Promise.resolve(Response.json({ errors: {} }, { status: 500 })))],
    ['an early call for another language', () => early(Promise.resolve(Response.json(siteConfigFixture())), 'en')],
  ])('%s: the site asks the platform itself', async (_, start) => {
    start();
    const { asked, storage, api } = platform('Late');
    const services = createAppServices({ storage, api, domain: 'localhost' });
    const site = createActor(services.siteLogic, { input: services.siteInput }).start();
    const ready = await waitFor(site, (s) => s.matches('ready'));
    expect(ready.context.config?.siteName).toBe('Late');
    expect(asked).toContain('/api/site-config');
    site.stop();
  });
});
