/** Types of the site machine (spec §4 Site, §2.4, §3 Site config, §8 preloader texts). */
import type { components } from '../../src/lib/api/schema';

export type SiteConfig = components['schemas']['SiteConfig'];
export type Provider = components['schemas']['Provider'];

/**
 * What one site-config call says, already read by the actor:
 * `ok` carries the configuration (which may still say `active: false`), `maintenance` is a 402,
 * `notFound` is `systemExists: false`. Network and other failures reject the actor instead.
 */
export type SiteConfigResult =
  | { status: 'ok'; config: SiteConfig }
  | { status: 'maintenance' }
  | { status: 'notFound' };

export interface SiteInput {
  /** The domain the app runs on (window.location.hostname). */
  domain: string;
  /** Where 'Clique aqui para saber mais' leads when no platform serves the domain. */
  marketingUrl: string;
}

export interface SiteContext {
  domain: string;
  marketingUrl: string;
  /** The last configuration the platform answered with (kept through maintenance and failed refreshes). */
  config: SiteConfig | null;
  providers: Provider[];
  /** Consecutive failed loads; drives the retry backoff. */
  failures: number;
}

export type SiteEvent = { type: 'site.retry' };

/** Input of the two actors: the domain to ask about. */
export interface SiteActorInput {
  domain: string;
}
