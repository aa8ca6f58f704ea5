import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { pending, rejects, resolves } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { siteConfigFixture } from '../../tests/shell/site-config.fixture';
import { connectSite } from './site.connect';
import { retryDelayMs, SITE_FADE_OUT_MS, SITE_REFRESH_MS, siteMachine } from './site.machine';
import type { Category, Provider, SiteActorInput, SiteConfigResult, SiteInput } from './site.types';

const input: SiteInput = { domain: 'localhost', marketingUrl: 'https://example.org/' };
const ok: SiteConfigResult = { status: 'ok', config: siteConfigFixture() };
const inactive: SiteConfigResult = { status: 'ok', config: siteConfigFixture({ active: false }) };
const untitled: SiteConfigResult = { status: 'ok', config: siteConfigFixture({ data: { ogTitle: '  ' } }) };
const maintenance: SiteConfigResult = { status: 'maintenance' };
const notFound: SiteConfigResult = { status: 'notFound' };
const providers: Provider[] = [{ id: 1, code: 'pgsoft', name: 'PG Soft', image: '/p.svg', games_count: 12 }];
const networkError = new Error('network');

/** Answers the site-config calls in order (an Error rejects), and records the domains and locales asked for. */
function scripted(answers: Array<SiteConfigResult | Error>) {
  const asked: string[] = [];
  const locales: string[] = [];
  const logic = fromPromise<SiteConfigResult, SiteActorInput>(async ({ input: actorInput }) => {
    asked.push(actorInput.domain);
    locales.push(actorInput.locale);
    const next = answers.shift();
    if (next === undefined) return new Promise<SiteConfigResult>(() => {});
    if (next instanceof Error) throw next;
    return next;
  });
  return { logic, asked, locales };
}

type ConfigLogic = ReturnType<typeof fromPromise<SiteConfigResult, SiteActorInput>>;
type ProvidersLogic = ReturnType<typeof fromPromise<Provider[], SiteActorInput>>;
/** The toolkit's fakes take any input; the machine's actors take the domain. */
const asProviders = (logic: unknown) => logic as ProvidersLogic;
const asConfig = (logic: unknown) => logic as ConfigLogic;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const categories: Category[] = [
  { id: 1, slug: 'slots', name: 'Slots', names: { pt: 'Slots', en: 'Slots' }, icon: '/c.svg', order: 1 },
];

function start(
  answers: Array<SiteConfigResult | Error>,
  providerLogic: unknown = resolves(providers),
  categoryLogic: unknown = resolves(categories),
) {
  const config = scripted(answers);
  const machine = siteMachine.provide({
    actors: {
      fetchSiteConfig: config.logic,
      fetchProviders: asProviders(providerLogic),
      fetchCategories: categoryLogic as never,
    },
  });
  const { actor, clock } = createTestActor(machine, { input });
  return { actor, clock, asked: config.asked, locales: config.locales };
}

describe('site machine: generated paths', () => {
  const machine = siteMachine.provide({
    actors: {
      fetchSiteConfig: asConfig(pending()),
      fetchProviders: asProviders(pending()),
      fetchCategories: pending() as never,
    },
  });
  const done = (output: unknown) => ({ type: 'xstate.done.actor.siteConfig', output }) as never;

  it('reaches every state (each region of ready, the refresh of maintenance and not found; timers included), and no path fails', () => {
    const result = reachability(machine, {
      input,
      events: [
        done(ok),
        done(inactive),
        done(maintenance),
        done(notFound),
        done(untitled),
        { type: 'xstate.error.actor.siteConfig', error: networkError } as never,
        { type: 'xstate.done.actor.providers', output: providers } as never,
        { type: 'xstate.error.actor.providers', error: networkError } as never,
        { type: 'xstate.done.actor.categories', output: categories } as never,
        { type: 'xstate.error.actor.categories', error: networkError } as never,
        { type: 'site.retry' },
        { type: 'site.localeChanged', locale: 'en' },
      ],
    });
    expect(result.leaves.sort()).toEqual(
      [
        'loading',
        'error',
        'ready.reveal.fading',
        'ready.reveal.providers',
        'ready.reveal.shown',
        'ready.categories.waiting',
        'ready.categories.loading',
        'ready.categories.shown',
        'ready.categories.unavailable',
        'ready.refresh.waiting',
        'ready.refresh.checking',
        'maintenance.waiting',
        'maintenance.checking',
        'notFound.waiting',
        'notFound.checking',
      ].sort(),
    );
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('site machine: stories', () => {
  it('loads the brand of the domain, fades the preloader out, then requests the providers', async () => {
    const { actor, clock, asked } = start([ok]);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(connectSite(actor.getSnapshot()).preloader).toMatchObject({
      visible: true,
      spinner: true,
      titleId: 'shell.preloader.loading',
    });
    await flush();
    expect(asked).toEqual(['localhost']);
    expect(actor.getSnapshot().matches({ ready: { reveal: 'fading' } })).toBe(true);
    const fading = connectSite(actor.getSnapshot());
    expect(fading.preloader).toMatchObject({ visible: true, fading: true, dataState: 'fading' });
    expect(fading.brand?.title).toBe('Sorte Verde · Cassino e Apostas');
    expect(fading.providers.loading).toBe(true);
    clock.increment(SITE_FADE_OUT_MS);
    expect(actor.getSnapshot().matches({ ready: { reveal: 'providers' } })).toBe(true);
    await flush();
    const shown = connectSite(actor.getSnapshot());
    expect(shown.preloader.visible).toBe(false);
    expect(shown.preloader.dataState).toBe('hidden');
    expect(shown.providers).toEqual({ loading: false, list: providers });
  });

  it('asks for the categories after the fade; the lobby shows them, or no chips when they fail', async () => {
    const shown = start([ok]);
    await flush();
    expect(connectSite(shown.actor.getSnapshot()).categories).toEqual([]);
    shown.clock.increment(SITE_FADE_OUT_MS);
    await flush();
    expect(shown.actor.getSnapshot().matches({ ready: { categories: 'shown' } })).toBe(true);
    expect(connectSite(shown.actor.getSnapshot()).categories).toEqual(categories);

    const failed = start([ok], resolves(providers), rejects(networkError));
    await flush();
    failed.clock.increment(SITE_FADE_OUT_MS);
    await flush();
    expect(failed.actor.getSnapshot().matches({ ready: { categories: 'unavailable' } })).toBe(true);
    expect(connectSite(failed.actor.getSnapshot()).categories).toEqual([]);
  });

  it('shows the site without providers when the provider list fails', async () => {
    const { actor, clock } = start([ok], rejects(networkError));
    await flush();
    clock.increment(SITE_FADE_OUT_MS);
    await flush();
    expect(actor.getSnapshot().matches({ ready: { reveal: 'shown' } })).toBe(true);
    expect(connectSite(actor.getSnapshot()).providers).toEqual({ loading: false, list: [] });
  });

  it('a 402 is maintenance, and the site comes back once it is switched off', async () => {
    const { actor, clock } = start([maintenance, maintenance, ok]);
    await flush();
    expect(actor.getSnapshot().matches({ maintenance: 'waiting' })).toBe(true);
    const vm = connectSite(actor.getSnapshot());
    expect(vm.preloader).toMatchObject({
      visible: true,
      spinner: false,
      titleId: 'shell.preloader.maintenance',
      hintId: 'shell.preloader.maintenance_hint',
    });
    expect(vm.brand).toBeNull();
    clock.increment(SITE_REFRESH_MS);
    expect(actor.getSnapshot().matches({ maintenance: 'checking' })).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ maintenance: 'waiting' })).toBe(true);
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('active false is maintenance as well; the config is kept', async () => {
    const { actor, clock } = start([inactive, inactive, networkError, untitled]);
    await flush();
    expect(actor.getSnapshot().matches('maintenance')).toBe(true);
    expect(actor.getSnapshot().context.config?.active).toBe(false);
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches({ maintenance: 'waiting' })).toBe(true);
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches({ maintenance: 'waiting' })).toBe(true);
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches({ maintenance: 'waiting' })).toBe(true);
  });

  it('maintenance turns into not found when the domain loses its platform', async () => {
    const { actor, clock } = start([maintenance, notFound]);
    await flush();
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
  });

  it('an unknown domain shows "Plataforma não encontrada" with its link, and is asked again', async () => {
    const { actor, clock, asked } = start([notFound, notFound, networkError, untitled, maintenance]);
    await flush();
    const vm = connectSite(actor.getSnapshot());
    expect(vm.status).toBe('notFound');
    expect(vm.preloader).toMatchObject({
      titleId: 'shell.preloader.not_found',
      link: { href: 'https://example.org/', labelId: 'shell.preloader.not_found_link' },
      spinner: false,
    });
    for (let i = 0; i < 3; i += 1) {
      clock.increment(SITE_REFRESH_MS);
      await flush();
      expect(actor.getSnapshot().matches({ notFound: 'waiting' })).toBe(true);
    }
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches('maintenance')).toBe(true);
    expect(asked).toHaveLength(5);
  });

  it('a domain that gets a platform shows it', async () => {
    const { actor, clock } = start([notFound, ok]);
    await flush();
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('retries a failed load with a growing backoff, and at once on site.retry', async () => {
    const { actor, clock } = start([networkError, networkError, networkError, ok]);
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.failures).toBe(1);
    expect(connectSite(actor.getSnapshot()).preloader).toMatchObject({
      kind: 'error',
      spinner: true,
      retryLabelId: 'shell.preloader.retry',
    });
    clock.increment(999);
    expect(actor.getSnapshot().value).toBe('error');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(actor.getSnapshot().context.failures).toBe(2);
    clock.increment(1999);
    expect(actor.getSnapshot().value).toBe('error');
    actor.send({ type: 'site.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(actor.getSnapshot().context.failures).toBe(3);
    clock.increment(4000);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.failures).toBe(0);
  });

  it('a configuration without a title is not shown', async () => {
    const { actor } = start([untitled]);
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
  });

  it('maintenance switched on while the tab is open reaches it within a minute, and back', async () => {
    const { actor, clock } = start([ok, ok, networkError, maintenance, ok]);
    await flush();
    clock.increment(SITE_FADE_OUT_MS);
    await flush();
    clock.increment(SITE_REFRESH_MS - SITE_FADE_OUT_MS);
    expect(actor.getSnapshot().matches({ ready: { refresh: 'checking' } })).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ ready: { refresh: 'waiting', reveal: 'shown' } })).toBe(true);
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches({ ready: { refresh: 'waiting' } })).toBe(true);
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches('maintenance')).toBe(true);
    expect(connectSite(actor.getSnapshot()).brand).toBeNull();
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(actor.getSnapshot().matches({ ready: { reveal: 'fading' } })).toBe(true);
  });

  it('a refresh can find the site inactive or gone', async () => {
    const inactiveRun = start([ok, inactive]);
    await flush();
    inactiveRun.clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(inactiveRun.actor.getSnapshot().matches('maintenance')).toBe(true);

    const goneRun = start([ok, notFound]);
    await flush();
    goneRun.clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(goneRun.actor.getSnapshot().matches('notFound')).toBe(true);
  });

  it('a refresh that changes the colours reaches the brand view-model', async () => {
    const recoloured = siteConfigFixture({ colors: { ...siteConfigFixture().colors, primary: '#1E6FFF' } });
    const { actor, clock } = start([ok, { status: 'ok', config: recoloured }]);
    await flush();
    expect(connectSite(actor.getSnapshot()).brand?.cssVariables['--color-primary']).toBe('#1FA95B');
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(connectSite(actor.getSnapshot()).brand?.cssVariables['--color-primary']).toBe('#1E6FFF');
  });

  it('fails loudly when the actors are not supplied', async () => {
    const { actor } = createTestActor(siteMachine, { input });
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    actor.stop();
  });
});

describe("site machine: texts in the player's language", () => {
  const english: SiteConfigResult = {
    status: 'ok',
    config: siteConfigFixture({
      data: { ogTitle: 'Sorte Verde · Casino and Betting' },
      siteTitle: 'Sorte Verde · Casino and Betting',
      banners: siteConfigFixture().banners.map((b) => ({ ...b, title: `${b.title} (en)` })),
    }),
  };
  const titleOf = (actor: ReturnType<typeof start>['actor']) => connectSite(actor.getSnapshot()).brand?.title;

  it('asks in the locale the app starts in (pt when none is given)', async () => {
    const config = scripted([ok]);
    const machine = siteMachine.provide({
      actors: { fetchSiteConfig: config.logic, fetchProviders: asProviders(resolves(providers)) },
    });
    createTestActor(machine, { input: { ...input, locale: 'en' } });
    await flush();
    expect(config.locales).toEqual(['en']);
    const { locales } = start([ok]);
    await flush();
    expect(locales).toEqual(['pt']);
  });

  it('a switch of language asks again at once and keeps the shown texts until the answer replaces them', async () => {
    const { actor, clock, locales } = start([ok, english, ok]);
    await flush();
    clock.increment(SITE_FADE_OUT_MS);
    await flush();
    expect(titleOf(actor)).toBe('Sorte Verde · Cassino e Apostas');
    // The same language (the app says it on every render of a locale) asks nothing.
    actor.send({ type: 'site.localeChanged', locale: 'pt' });
    expect(actor.getSnapshot().matches({ ready: { refresh: 'waiting' } })).toBe(true);
    expect(locales).toEqual(['pt']);

    actor.send({ type: 'site.localeChanged', locale: 'en' });
    expect(actor.getSnapshot().matches({ ready: { refresh: 'checking', reveal: 'shown' } })).toBe(true);
    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(titleOf(actor)).toBe('Sorte Verde · Cassino e Apostas');
    expect(connectSite(actor.getSnapshot()).preloader.visible).toBe(false);
    await flush();
    expect(locales).toEqual(['pt', 'en']);
    expect(actor.getSnapshot().matches({ ready: { refresh: 'waiting', reveal: 'shown' } })).toBe(true);
    expect(titleOf(actor)).toBe('Sorte Verde · Casino and Betting');
    expect(connectSite(actor.getSnapshot()).brand?.banners.map((b) => b.title)).toEqual([
      'Bônus de boas-vindas (en)',
      'Cashback toda semana (en)',
    ]);
    // The periodic refresh keeps asking in the new language.
    clock.increment(SITE_REFRESH_MS);
    await flush();
    expect(locales).toEqual(['pt', 'en', 'en']);
  });

  it('a switch while a call is in flight drops it: the answer is in the last language asked', async () => {
    // The two dropped calls would answer maintenance and not found, were they heard.
    const { actor, clock, locales } = start([ok, inactive, notFound, english]);
    await flush();
    clock.increment(SITE_FADE_OUT_MS);
    await flush();
    actor.send({ type: 'site.localeChanged', locale: 'en' });
    actor.send({ type: 'site.localeChanged', locale: 'pt' });
    actor.send({ type: 'site.localeChanged', locale: 'en' });
    await flush();
    // Three calls were made; only the last one's answer (the English one) is kept.
    expect(actor.getSnapshot().matches({ ready: { refresh: 'waiting' } })).toBe(true);
    expect(locales).toEqual(['pt', 'en', 'pt', 'en']);
    expect(titleOf(actor)).toBe('Sorte Verde · Casino and Betting');
  });

  it('a switch during the first load asks again in the new language', async () => {
    const { actor, locales } = start([ok, english]);
    actor.send({ type: 'site.localeChanged', locale: 'en' });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(locales).toEqual(['pt', 'en']);
    expect(titleOf(actor)).toBe('Sorte Verde · Casino and Betting');
  });

  it('after a failed load the switch waits for the retry, which asks in the new language', async () => {
    const { actor, locales } = start([networkError, english]);
    await flush();
    actor.send({ type: 'site.localeChanged', locale: 'en' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(locales).toEqual(['pt']);
    actor.send({ type: 'site.retry' });
    await flush();
    expect(locales).toEqual(['pt', 'en']);
    expect(titleOf(actor)).toBe('Sorte Verde · Casino and Betting');
  });

  it('in maintenance or without a platform, a switch checks again at once in the new language', async () => {
    const paused = start([maintenance, english]);
    await flush();
    paused.actor.send({ type: 'site.localeChanged', locale: 'en' });
    expect(paused.actor.getSnapshot().matches({ maintenance: 'checking' })).toBe(true);
    await flush();
    expect(paused.locales).toEqual(['pt', 'en']);
    expect(titleOf(paused.actor)).toBe('Sorte Verde · Casino and Betting');

    const gone = start([notFound, notFound]);
    await flush();
    gone.actor.send({ type: 'site.localeChanged', locale: 'en' });
    expect(gone.actor.getSnapshot().matches({ notFound: 'checking' })).toBe(true);
    await flush();
    expect(gone.locales).toEqual(['pt', 'en']);
    expect(gone.actor.getSnapshot().matches({ notFound: 'waiting' })).toBe(true);
  });
});

describe('retry delay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
