import { fromPromise } from 'xstate';
import { contentPageMachine } from '../../machines/site/content-page.machine';
import { siteMachine } from '../../machines/site/site.machine';
import type { ContentPage, ContentPageInput } from '../../machines/site/content-page.types';
import type { Category, Provider, SiteActorInput, SiteConfigResult, SiteInput } from '../../machines/site/site.types';
import { localeFromPath } from '../i18n/locale';
import type { components } from '../../shared/api/schema';
import { createApiClient, type ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';
import { watchFirstInteraction, watchPageIdle, wantLive } from '../lib/realtime/live-demand';
import { createLocalStorage, storageKeys, type KeyValueStorage } from '../lib/storage';
import { lazyCasinoFlows, type LazyCasinoFlows } from './casino-flows';
import { takePrefetchedSiteConfig } from './site-config-prefetch';
import { createLiveServices, type LiveServices } from './live';
import { createSessionServices, type SessionServices } from './session';
import { lazyWalletServices, type LazyWalletServices } from './wallet-flows';

type SiteConfigResponse = components['schemas']['SiteConfigResponse'];

/** Where 'Clique aqui para saber mais' leads when no platform serves the domain (override per build). */
export const MARKETING_SITE_URL: string =
  (import.meta.env as { VITE_MARKETING_URL?: string }).VITE_MARKETING_URL ?? 'https://www.example.com/';

export interface AppServices {
  storage: KeyValueStorage;
  api: ApiClient;
  siteLogic: typeof siteMachine;
  siteInput: SiteInput;
  contentPageLogic: typeof contentPageMachine;
  /** Live updates (pusher-js adapter, connection, channels, bets feed); absent: the app runs without them. */
  live?: LiveServices;
  /** Session, sign-in forms and login modal actors; absent (tests): built from `storage` and `api` by the app. */
  session?: SessionServices;
  /** Pix and withdrawal flows (fetched when first needed); absent (tests): built from `api` by the app. */
  wallet?: LazyWalletServices;
  /** The casino's flows (fetched on demand) and the home rows' call; absent (tests): built from `api`. */
  casino?: LazyCasinoFlows;
  /**
   * The self-exclusion detection point: every signed-in call of any flow answered 403 `selfExcluded`, with the
   * period (the root routes it to the session as `session.selfExclusionFound`). Returns the unsubscribe.
   */
  onSelfExcluded?: ApiClient['onSelfExcluded'];
  /**
   * The expired-session detection point: every call that carried the token and was answered 401 (the root routes it
   * to the session as `session.expired`). Returns the unsubscribe.
   */
  onUnauthorized?: ApiClient['onUnauthorized'];
}

/** The real actors of the shell's machines: calls to the platform through the typed client. */
export function createAppServices(
  options: { storage?: KeyValueStorage; api?: ApiClient; domain?: string } = {},
): AppServices {
  const storage = options.storage ?? createLocalStorage();
  const api = options.api ?? createApiClient({ baseUrl: '/api', storage });
  const domain = options.domain ?? window.location.hostname;

  const live = createLiveServices({ storage, apiBaseUrl: '/api' });
  // Live updates when the page first wants them: a signed-in player at once, a guest on a live widget in view,
  // their first interaction, or once the page is idle (src/lib/realtime/live-demand.ts).
  if (storage.get(storageKeys.auth)?.trim()) wantLive();
  else {
    watchFirstInteraction(window);
    watchPageIdle(window);
  }

  const fetchSiteConfig = fromPromise<SiteConfigResult, SiteActorInput>(async ({ input, signal }) => {
    // The answer of the call index.html started early, when it is for this domain and language (once a page).
    const early = await takePrefetchedSiteConfig(input.domain, input.locale);
    if (early?.status === 402) return { status: 'maintenance' };
    if (early?.status === 200) {
      const data = (await early.json()) as SiteConfigResponse;
      return data.systemExists ? { status: 'ok', config: data } : { status: 'notFound' };
    }
    // §7: no cache; `t` busts any cache on the way.
    const result = await api.GET('/site-config', {
      // The texts (site title, banners) in the app's locale; asked again when the player switches language.
      params: { query: { domain: input.domain, locale: input.locale, t: String(Date.now()) } },
      cache: 'no-store',
      signal,
    });
    if (result.response.status === 402) return { status: 'maintenance' };
    const data = await unwrap(result);
    if (!data.systemExists) return { status: 'notFound' };
    return { status: 'ok', config: data };
  });

  const fetchProviders = fromPromise<Provider[], SiteActorInput>(async ({ signal }) => {
    const body = await unwrap(api.GET('/games/providers', { signal }));
    return body.data;
  });

  const fetchCategories = fromPromise<Category[], SiteActorInput>(async ({ signal }) => {
    const body = await unwrap(api.GET('/categories', { signal }));
    return body.data;
  });

  const fetchPage = fromPromise<ContentPage, ContentPageInput>(async ({ input, signal }) => {
    const body = await unwrap(
      api.GET('/pages/{slug}', { params: { path: { slug: input.slug }, query: { locale: input.locale } }, signal }),
    );
    return body.data;
  });

  return {
    storage,
    api,
    siteLogic: siteMachine.provide({ actors: { fetchSiteConfig, fetchProviders, fetchCategories } }),
    siteInput: { domain, marketingUrl: MARKETING_SITE_URL, locale: localeFromPath(window.location.pathname) },
    contentPageLogic: contentPageMachine.provide({ actors: { fetchPage } }),
    live,
    session: createSessionServices({ storage, api, live }),
    wallet: lazyWalletServices(api, live),
    casino: lazyCasinoFlows(api),
    onSelfExcluded: (listener) => api.onSelfExcluded(listener),
    onUnauthorized: (listener) => api.onUnauthorized(listener),
  };
}
