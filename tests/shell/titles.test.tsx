import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { contentPageMachine } from '../../machines/site/content-page.machine';
import type { ContentPage, ContentPageInput } from '../../machines/site/content-page.types';
import { siteMachine } from '../../machines/site/site.machine';
import type { Provider, SiteActorInput, SiteConfigResult, SiteLocale } from '../../machines/site/site.types';
import { App } from '../../src/app/app';
import { appRoutes } from '../../src/app/router';
import { localizedRoutePath, ROUTES } from '../../src/app/routes';
import type { AppServices } from '../../src/app/services';
import { loadMessages } from '../../src/i18n/i18n-provider';
import { createMemoryStorage } from '../../src/lib/storage';
import { messagesFor } from './messages';
import { siteConfigFixture } from './site-config.fixture';

/** The platform's texts per locale, as GET /site-config?locale= serves them. */
const SITE_TITLE: Record<SiteLocale, string> = {
  pt: 'Sorte Verde · Cassino e Apostas',
  en: 'Sorte Verde · Casino and Betting',
};
const BANNER_TITLES: Record<SiteLocale, string[]> = {
  pt: ['Bônus de boas-vindas', 'Cashback toda semana'],
  en: ['Welcome bonus', 'Cashback every week'],
};

function configIn(locale: SiteLocale): SiteConfigResult {
  const base = siteConfigFixture();
  const banners = [...base.banners]
    .sort((a, b) => a.order - b.order)
    .map((b, i) => ({ ...b, title: BANNER_TITLES[locale][i] ?? b.title }));
  return {
    status: 'ok',
    config: siteConfigFixture({ data: { ogTitle: SITE_TITLE[locale] }, siteTitle: SITE_TITLE[locale], banners }),
  };
}

type AppRouter = ReturnType<typeof createMemoryRouter>;

/** Resolves once the router has loaded the current route (its lazy module and loaders). */
function routerIdle(router: AppRouter): Promise<void> {
  const idle = () => router.state.initialized && router.state.navigation.state === 'idle';
  return new Promise((resolve) => {
    if (idle()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (!idle()) return;
      unsubscribe();
      resolve();
    });
  });
}

function renderAt(path: string) {
  const asked: SiteLocale[] = [];
  const answers: Array<Promise<SiteConfigResult>> = [];
  const fetchSiteConfig = fromPromise<SiteConfigResult, SiteActorInput>(({ input }) => {
    asked.push(input.locale);
    const answer = Promise.resolve(configIn(input.locale));
    answers.push(answer);
    return answer;
  });
  const fetchProviders = fromPromise<Provider[], SiteActorInput>(async () => []);
  const fetchPage = fromPromise<ContentPage, ContentPageInput>(async ({ input }) => ({
    slug: input.slug,
    locale: input.locale,
    title: input.slug,
    html: '<p>…</p>',
    updated_at: '2024-01-01T00:00:00.000Z',
  }));
  const services = {
    storage: createMemoryStorage(),
    api: undefined as never,
    siteLogic: siteMachine.provide({ actors: { fetchSiteConfig, fetchProviders } }),
    siteInput: { domain: 'localhost', marketingUrl: 'https://example.org/' },
    contentPageLogic: contentPageMachine.provide({ actors: { fetchPage } }),
  } satisfies AppServices;
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<App services={services} router={router} />);
  /**
   * Lets the app take in what it asked for: the platform's answers so far (the site actor hears each one before
   * this test does, having listened first) and the route's module; act then renders and runs the effects.
   */
  const settle = () =>
    act(async () => {
      await Promise.all(answers);
      await routerIdle(router);
    });
  /** Navigates as a link would, then settles. */
  const visit = async (url: string) => {
    await act(async () => {
      await router.navigate(url);
    });
    await settle();
  };
  return { asked, settle, visit };
}

/** A concrete URL for each §2.2 route (sample parameters). */
const samplePath = (path: string) =>
  path
    .replace(':provider', 'pgsoft')
    .replace(':game', 'fortune-tiger')
    .replace(':name', 'ouro')
    .replace(':filter', 'slots')
    .replace(':slug', 'sobre-nos');

const CATALOG = { pt: messagesFor('pt-BR'), en: messagesFor('en') } as const;

/** What the tab shows on a route: the site title on home, `<page title> · <brand>` elsewhere. */
function expectedTitle(entry: (typeof ROUTES)[number], locale: SiteLocale): string {
  if (entry.path === '/') return SITE_TITLE[locale];
  return `${CATALOG[locale][entry.titleId]} · Sorte Verde`;
}

// The router loads each kind of page lazily; load them all once up front (vitest transforms a module on its first
// import), so the walks below measure the app, not the test runner's first compile.
beforeAll(async () => {
  await Promise.all([
    // English is fetched when first needed; here it is at hand from the start.
    loadMessages('en'),
    import('../../src/app/pages/home-route'),
    import('../../src/app/pages/content-route'),
    import('../../src/app/pages/placeholder-route'),
    import('../../src/app/pages/wallet-route'),
    import('../../src/app/pages/transactions-route'),
    import('../../src/app/pages/not-found-route'),
  ]);
});

afterEach(() => {
  document.cookie = 'locale=; Max-Age=0; Path=/';
  document.title = '';
});

describe('document titles (§3)', () => {
  it('every route has its own catalog title, in both languages', () => {
    for (const entry of ROUTES) {
      expect(entry.titleId, entry.name).toBe(`shell.page.${entry.name}.title`);
      expect(CATALOG.pt[entry.titleId], entry.titleId).toBeTruthy();
      expect(CATALOG.en[entry.titleId], entry.titleId).toBeTruthy();
    }
    // /login, /register and /recover-pass are no longer titled as home.
    for (const name of ['login', 'register', 'recover-pass']) {
      const entry = ROUTES.find((e) => e.name === name);
      expect(entry && CATALOG.pt[entry.titleId]).not.toBe(CATALOG.pt['shell.page.index.title']);
    }
  });

  it.each(['pt', 'en'] as const)(
    'walking every route in %s, the tab shows that route and language',
    async (locale) => {
      const { settle, visit } = renderAt(localizedRoutePath({ path: '/' }, locale));
      await settle();
      expect(document.title).toBe(SITE_TITLE[locale]);
      for (const entry of ROUTES) {
        const url = samplePath(localizedRoutePath(entry, locale));
        await visit(url);
        expect(document.title, url).toBe(expectedTitle(entry, locale));
      }
      // 44 page loads in a row: a budget for the whole walk (each step waits on the app's own signals, never on time).
    },
    60_000,
  );

  it('an unknown path is titled as the 404 page', async () => {
    const { settle } = renderAt('/en/nothing/here');
    await settle();
    expect(document.title).toBe(`${CATALOG.en['errors.not_found.title']} · Sorte Verde`);
  });

  it("the site title and the banners follow the player's language", async () => {
    const { asked, settle, visit } = renderAt('/');
    await settle();
    expect(document.title).toBe(SITE_TITLE.pt);
    for (const title of BANNER_TITLES.pt) expect(screen.getByAltText(title)).toBeInTheDocument();
    // The switch asks the platform again, in English (the visit settles on its answer).
    await visit('/en');
    expect(asked).toEqual(['pt', 'en']);
    expect(document.title).toBe(SITE_TITLE.en);
    for (const title of BANNER_TITLES.en) expect(screen.getByAltText(title)).toBeInTheDocument();
    for (const title of BANNER_TITLES.pt) expect(screen.queryByAltText(title)).toBeNull();
    // Another page in the same language asks nothing again.
    await visit('/en/casino/games');
    expect(asked).toEqual(['pt', 'en']);
  });
});
