/** Types of the site machine (spec §4 Site, §2.4, §3 Site config, §8 preloader texts). */
import type { components } from '../../shared/api/schema';

export type SiteConfig = components['schemas']['SiteConfig'];
export type Provider = components['schemas']['Provider'];
export type Category = components['schemas']['Category'];
/** The contract's languages: the site config's texts (title, banners) come in the one asked for. */
export type SiteLocale = components['schemas']['Language'];

/**
 * What one site-config call says, already read by the actor:
 * `ok` carries the configuration (which may still say `active: false`), `maintenance` is a 402,
 * `notFound` is `systemExists: false`. Network and other failures reject the actor instead.
 */
export type SiteConfigResult =
  { status: 'ok'; config: SiteConfig } | { status: 'maintenance' } | { status: 'notFound' };

export interface SiteInput {
  /** The domain the app runs on (window.location.hostname). */
  domain: string;
  /** Where 'Clique aqui para saber mais' leads when no platform serves the domain. */
  marketingUrl: string;
  /** The app's locale at start (its /en prefix); pt when absent. */
  locale?: SiteLocale;
}

export interface SiteContext {
  domain: string;
  marketingUrl: string;
  /** The language the configuration's texts are asked in. */
  locale: SiteLocale;
  /** The last configuration the platform answered with (kept through maintenance and failed refreshes). */
  config: SiteConfig | null;
  providers: Provider[];
  /** Game categories (GET /categories), asked once the preloader is gone; empty until then or when unavailable. */
  categories: Category[];
  /** Consecutive failed loads; drives the retry backoff. */
  failures: number;
}

export type SiteEvent =
  | { type: 'site.retry' }
  /** The player switched language: the texts follow (the configuration is asked again in `locale`). */
  | { type: 'site.localeChanged'; locale: SiteLocale };

/** Input of the two actors: the domain to ask about, and the language of the texts. */
export interface SiteActorInput {
  domain: string;
  locale: SiteLocale;
}
