/**
 * The lobby's filter (spec §3 Filter: searchTerm, category, provider, type, bonuses) and its place in the URL:
 * `?q=…&provider=…&category=…&type=…&bonuses=1`, so a shared link or the back button restores a search.
 * Pure functions: the screen reads and writes the URL, the catalogue machine keeps the filter.
 */

export interface GameFilter {
  /** As typed (at most `SEARCH_TERM_MAX` characters); '' searches everything. */
  searchTerm: string;
  /** A category slug (Game.category_slug), or null for all. */
  category: string | null;
  /** A provider code (Game.providercode), or null for all. */
  provider: string | null;
  /** A game type slug, or null for all. */
  type: string | null;
  /** Only games where bonuses may be used (Game.bonus_allowed). */
  bonuses: boolean;
}

/** Spec: a search of 1,000 characters is not an error; it is clipped. */
export const SEARCH_TERM_MAX = 100;

export const EMPTY_FILTER: GameFilter = Object.freeze({
  searchTerm: '',
  category: null,
  provider: null,
  type: null,
  bonuses: false,
}) as GameFilter;

/** A slug as the contract has them: letters, digits, '-' and '_', at most 64 characters. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The slug, or null when it is absent or malformed. */
export function slugOrNull(value: string | null | undefined): string | null {
  return typeof value === 'string' && SLUG.test(value) ? value : null;
}

/** Control characters removed and the length clipped; spaces are kept (the player may still be typing). */
export function cleanSearchTerm(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, SEARCH_TERM_MAX);
}

/** A filter with every field checked: malformed slugs dropped, the search term cleaned and clipped. */
export function normalizeFilter(filter: Partial<GameFilter>): GameFilter {
  return {
    searchTerm: cleanSearchTerm(typeof filter.searchTerm === 'string' ? filter.searchTerm : ''),
    category: slugOrNull(filter.category),
    provider: slugOrNull(filter.provider),
    type: slugOrNull(filter.type),
    bonuses: filter.bonuses === true,
  };
}

/** `base` with the fields of `patch` that are present (undefined fields are left alone), normalized. */
export function mergeFilter(base: GameFilter, patch: Partial<GameFilter>): GameFilter {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return normalizeFilter({ ...base, ...defined });
}

export function sameFilter(a: GameFilter, b: GameFilter): boolean {
  return (
    a.searchTerm === b.searchTerm &&
    a.category === b.category &&
    a.provider === b.provider &&
    a.type === b.type &&
    a.bonuses === b.bonuses
  );
}

/** The filter a link carries. Unknown parameters and malformed values are ignored; the first of a repeat wins. */
export function filterFromSearchParams(params: URLSearchParams): GameFilter {
  const bonuses = params.get('bonuses');
  return normalizeFilter({
    searchTerm: params.get('q') ?? '',
    category: params.get('category'),
    provider: params.get('provider'),
    type: params.get('type'),
    bonuses: bonuses === '1' || bonuses === 'true',
  });
}

/** The query of a filter: only what differs from no filter, in a stable order (q, provider, category, type, bonuses). */
export function filterToSearchParams(filter: GameFilter): URLSearchParams {
  const clean = normalizeFilter(filter);
  const params = new URLSearchParams();
  if (clean.searchTerm.trim() !== '') params.set('q', clean.searchTerm);
  if (clean.provider) params.set('provider', clean.provider);
  if (clean.category) params.set('category', clean.category);
  if (clean.type) params.set('type', clean.type);
  if (clean.bonuses) params.set('bonuses', '1');
  return params;
}
