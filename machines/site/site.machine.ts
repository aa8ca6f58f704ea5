import { assign, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import type {
  Category,
  Provider,
  SiteActorInput,
  SiteConfigResult,
  SiteContext,
  SiteEvent,
  SiteInput,
} from './site.types';

/** §4 Site: the preloader fades out before the provider list is requested. */
export const SITE_FADE_OUT_MS = 400;
/** How often the configuration is asked again, so maintenance switched on or off reaches open tabs. */
export const SITE_REFRESH_MS = 30_000;
/** Backoff after a failed load: 1 s, 2 s, 4 s … capped at 30 s. */
export const SITE_RETRY_BASE_MS = 1_000;
export const SITE_RETRY_MAX_MS = 30_000;

export function retryDelayMs(failures: number): number {
  return Math.min(SITE_RETRY_MAX_MS, SITE_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

const isNotFound = (_: unknown, result: SiteConfigResult) => result.status === 'notFound';
const isMaintenance = (_: unknown, result: SiteConfigResult) =>
  result.status === 'maintenance' || (result.status === 'ok' && !result.config.active);
const hasTitle = (_: unknown, result: SiteConfigResult) =>
  result.status === 'ok' && result.config.data.ogTitle.trim() !== '';
const isNewLocale = ({ context, event }: { context: SiteContext; event: SiteEvent }) =>
  event.type === 'site.localeChanged' && event.locale !== context.locale;

/** What the two actors are asked with: the domain, and the language of the texts. */
const actorInput = ({ context }: { context: SiteContext }): SiteActorInput => ({
  domain: context.domain,
  locale: context.locale,
});

/**
 * The white-label site of the current domain (spec §4 Site, §2.4, §8 preloader).
 * States:
 * - loading: the first site-config call (preloader 'Carregando site...').
 * - error: the call failed without an answer; retried with backoff, or at once on `site.retry`.
 * - ready (parallel): `reveal` fades the preloader out, then requests the provider list;
 *   `refresh` asks for the configuration again every `refreshInterval`.
 * - maintenance: `active` false or a 402 ('Fazendo uma pausa para melhorar!'); re-checked periodically.
 * - notFound: `systemExists` false ('Plataforma não encontrada'); re-checked periodically.
 * The texts of the configuration (site title, banners) come in `context.locale`: on `site.localeChanged` the
 * configuration is asked again at once in the new language (a call in flight for the old one is dropped), while
 * the one on screen stays until the answer replaces it; a failed load only remembers it for its retry.
 */
const siteSetup = setup({
  types: {
    context: {} as SiteContext,
    events: {} as SiteEvent,
    input: {} as SiteInput,
  },
  actors: {
    fetchSiteConfig: notSupplied<SiteConfigResult, SiteActorInput>('site', 'fetchSiteConfig'),
    fetchProviders: notSupplied<Provider[], SiteActorInput>('site', 'fetchProviders'),
    fetchCategories: notSupplied<Category[], SiteActorInput>('site', 'fetchCategories'),
  },
  delays: {
    fadeOut: SITE_FADE_OUT_MS,
    refreshInterval: SITE_REFRESH_MS,
    retryBackoff: ({ context }) => retryDelayMs(context.failures),
  },
  guards: { isNotFound, isMaintenance, hasTitle, isNewLocale },
  actions: {
    keepConfig: assign({
      config: ({ context }, result: SiteConfigResult) => (result.status === 'ok' ? result.config : context.config),
    }),
    keepProviders: assign({ providers: (_, providers: Provider[]) => providers }),
    keepCategories: assign({ categories: (_, categories: Category[]) => categories }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    keepLocale: assign({
      locale: ({ context, event }) => (event.type === 'site.localeChanged' ? event.locale : context.locale),
    }),
    resetFailures: assign({ failures: 0 }),
  },
});

/**
 * Maintenance and not found: nothing of the site is shown; the config is read again every `refreshInterval` (and
 * at once on a new language) until it says otherwise: the same state again, the other one, or ready.
 */
function unavailable(self: 'maintenance' | 'notFound') {
  const to = (kind: 'maintenance' | 'notFound') => (kind === self ? 'waiting' : `#site.${kind}`);
  return siteSetup.createStateConfig({
    entry: 'resetFailures',
    initial: 'waiting',
    on: { 'site.localeChanged': { guard: 'isNewLocale', target: '.checking', actions: 'keepLocale' } },
    states: {
      waiting: { after: { refreshInterval: { target: 'checking' } } },
      checking: {
        invoke: {
          id: 'siteConfig',
          src: 'fetchSiteConfig',
          input: actorInput,
          onDone: [
            { guard: { type: 'isNotFound', params: ({ event }) => event.output }, target: to('notFound') },
            {
              guard: { type: 'isMaintenance', params: ({ event }) => event.output },
              target: to('maintenance'),
              actions: { type: 'keepConfig', params: ({ event }) => event.output },
            },
            {
              guard: { type: 'hasTitle', params: ({ event }) => event.output },
              target: '#site.ready',
              actions: { type: 'keepConfig', params: ({ event }) => event.output },
            },
            { target: 'waiting' },
          ],
          onError: { target: 'waiting' },
        },
      },
    },
  });
}

export const siteMachine = siteSetup.createMachine({
  id: 'site',
  context: ({ input }) => ({
    domain: input.domain,
    marketingUrl: input.marketingUrl,
    locale: input.locale ?? 'pt',
    config: null,
    providers: [],
    categories: [],
    failures: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      on: { 'site.localeChanged': { guard: 'isNewLocale', target: 'loading', reenter: true, actions: 'keepLocale' } },
      invoke: {
        id: 'siteConfig',
        src: 'fetchSiteConfig',
        input: actorInput,
        onDone: [
          { guard: { type: 'isNotFound', params: ({ event }) => event.output }, target: 'notFound' },
          {
            guard: { type: 'isMaintenance', params: ({ event }) => event.output },
            target: 'maintenance',
            actions: { type: 'keepConfig', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasTitle', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'keepConfig', params: ({ event }) => event.output },
          },
          { target: 'error' },
        ],
        onError: { target: 'error' },
      },
    },
    error: {
      entry: 'countFailure',
      after: { retryBackoff: { target: 'loading' } },
      on: {
        'site.retry': { target: 'loading' },
        'site.localeChanged': { guard: 'isNewLocale', actions: 'keepLocale' },
      },
    },
    ready: {
      type: 'parallel',
      entry: 'resetFailures',
      states: {
        reveal: {
          initial: 'fading',
          states: {
            fading: { after: { fadeOut: { target: 'providers' } } },
            providers: {
              invoke: {
                id: 'providers',
                src: 'fetchProviders',
                input: actorInput,
                onDone: { target: 'shown', actions: { type: 'keepProviders', params: ({ event }) => event.output } },
                onError: { target: 'shown' },
              },
            },
            shown: {},
          },
        },
        /** The lobby's category chips (GET /categories), asked after the fade like the providers. */
        categories: {
          initial: 'waiting',
          states: {
            waiting: { after: { fadeOut: { target: 'loading' } } },
            loading: {
              invoke: {
                id: 'categories',
                src: 'fetchCategories',
                input: actorInput,
                onDone: { target: 'shown', actions: { type: 'keepCategories', params: ({ event }) => event.output } },
                onError: { target: 'unavailable' },
              },
            },
            shown: {},
            /** The lobby shows no chips; searching and the providers still work. */
            unavailable: {},
          },
        },
        refresh: {
          initial: 'waiting',
          on: { 'site.localeChanged': { guard: 'isNewLocale', target: '.checking', actions: 'keepLocale' } },
          states: {
            waiting: { after: { refreshInterval: { target: 'checking' } } },
            checking: {
              invoke: {
                id: 'siteConfig',
                src: 'fetchSiteConfig',
                input: actorInput,
                onDone: [
                  { guard: { type: 'isNotFound', params: ({ event }) => event.output }, target: '#site.notFound' },
                  {
                    guard: { type: 'isMaintenance', params: ({ event }) => event.output },
                    target: '#site.maintenance',
                    actions: { type: 'keepConfig', params: ({ event }) => event.output },
                  },
                  { target: 'waiting', actions: { type: 'keepConfig', params: ({ event }) => event.output } },
                ],
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    maintenance: unavailable('maintenance'),
    notFound: unavailable('notFound'),
  },
});
