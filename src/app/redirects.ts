/**
 * §2.3 server-provided redirects: the site config's `redirects` (a plain path → a path or an absolute URL) and
 * `redirect_origins`. Pure: the root route applies the decision (in-app: replace; full: a page load).
 */
import type { SnapshotFrom } from 'xstate';
import type { siteMachine } from '../../machines/site/site.machine';
import type { SiteConfig } from '../../machines/site/site.types';
import { localizePath, stripLocalePrefix, type Locale } from '../i18n/locale';

export type RedirectDecision = { kind: 'none' } | { kind: 'in-app'; to: string } | { kind: 'full'; to: string };
export type RedirectConfig = Pick<SiteConfig, 'redirects' | 'redirect_origins'>;

export const NO_REDIRECT: RedirectDecision = { kind: 'none' };
/** Longest chain of redirects followed (`/a` → `/b` → `/c`); a longer one, or a cycle, is ignored. */
export const MAX_REDIRECT_HOPS = 5;

/** Whitespace, control characters and `\` (which browsers read as `/`, making `/\host` protocol-relative). */
function hasUnsafeCharacter(value: string): boolean {
  return [...value].some((c) => c <= ' ' || (c >= '\u007f' && c <= '\u009f') || c === '\\');
}

type Target =
  /** On the page's own origin: `absolute` when written as a full URL (a page load), a path otherwise. */
  | { kind: 'own'; absolute: boolean; path: string; query: string; hash: string }
  /** An allowed other origin: always a page load, and the end of a chain. */
  | { kind: 'other'; href: string };

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** `/en/promo-natal/` → `/promo-natal`: no locale prefix, no trailing slash, percent-decoded. */
function plainPath(pathname: string): string {
  const plain = decode(stripLocalePrefix(pathname));
  return plain.length > 1 ? plain.replace(/\/+$/, '') || '/' : plain;
}

function httpOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A rule's `to`, or undefined when it is refused (a foreign origin, another scheme, `//host`, unsafe characters). */
function parseTarget(to: string, ownOrigin: string, allowed: ReadonlySet<string>): Target | undefined {
  if (!to || hasUnsafeCharacter(to)) return undefined;
  const isPath = to.startsWith('/') && !to.startsWith('//');
  if (!isPath && !/^https?:\/\//i.test(to)) return undefined;
  let url: URL;
  try {
    url = new URL(to, ownOrigin);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  if (url.origin === ownOrigin)
    return { kind: 'own', absolute: !isPath, path: url.pathname, query: url.search, hash: url.hash };
  return allowed.has(url.origin) ? { kind: 'other', href: url.href } : undefined;
}

/**
 * Where the app goes for `pathname` (with or without `/en`): `none`, an in-app path that keeps `locale` (and the
 * query, unless the target has its own), or a full page load to an absolute URL on the page's own origin or one
 * of `redirect_origins`. Chains are followed; a cycle, a chain longer than MAX_REDIRECT_HOPS or any refused
 * target means no redirect.
 */
export function resolveRedirect(
  pathname: string,
  locale: Locale,
  config: RedirectConfig | null | undefined,
  currentOrigin: string,
  search = '',
): RedirectDecision {
  const rules = config?.redirects ?? [];
  const ownOrigin = httpOrigin(currentOrigin);
  if (rules.length === 0 || !ownOrigin) return NO_REDIRECT;
  const allowed = new Set((config?.redirect_origins ?? []).flatMap((o) => httpOrigin(o) ?? []));
  const ruleFor = (path: string) => rules.find((r) => plainPath(r.from) === path);

  let decision = NO_REDIRECT;
  let path = plainPath(pathname);
  let query = search;
  const seen = new Set<string>();
  for (let rule = ruleFor(path); rule; rule = ruleFor(path)) {
    if (seen.has(path) || seen.size >= MAX_REDIRECT_HOPS) return NO_REDIRECT;
    seen.add(path);
    const target = parseTarget(rule.to, ownOrigin, allowed);
    if (!target) return NO_REDIRECT;
    if (target.kind === 'other') return { kind: 'full', to: target.href };
    const full = target.absolute || decision.kind === 'full';
    const next = target.absolute ? target.path : localizePath(target.path, locale);
    query = target.query || query;
    decision = { kind: full ? 'full' : 'in-app', to: `${full ? ownOrigin : ''}${next}${query}${target.hash}` };
    path = plainPath(target.path);
  }
  return decision;
}

/** The site's redirect settings once it is ready (the root route's selector); null before. */
export function redirectConfigOf(snapshot: SnapshotFrom<typeof siteMachine>): RedirectConfig | null {
  return snapshot.matches('ready') ? snapshot.context.config : null;
}
