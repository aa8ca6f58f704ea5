import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useMatches } from 'react-router-dom';
import type { BrandViewModel } from '../../machines/site/site.connect';
import type { Locale } from '../i18n/locale';
import type { RouteEntry } from './routes';
import { documentTitle } from './white-label';

/** What every page route carries in its `handle` (readable with useMatches). */
export interface RouteHandle {
  entry: RouteEntry;
  locale: Locale;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'entry' in value && 'locale' in value;
}

/** The §2.2 entry of the deepest matched page route, if any (the 404 route has none). */
export function useCurrentEntry(): { entry: RouteEntry | undefined; params: Record<string, string | undefined> } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match && isRouteHandle(match.handle)) return { entry: match.handle.entry, params: match.params };
  }
  return { entry: undefined, params: {} };
}

/**
 * §3 The document title of the current route, in the page's language: the site title (`data.ogTitle`, which the
 * platform serves in the locale) on home, `<page title> · <brand>` on every other route, and the 404 title on an
 * unmatched path or a route of a switched-off feature (`notFound`). Nothing until the brand is known.
 */
export function useDocumentTitle(brand: Pick<BrandViewModel, 'title' | 'siteName'> | null, notFound = false): void {
  const intl = useIntl();
  const { entry } = useCurrentEntry();
  const pageTitleId = notFound || !entry ? 'errors.not_found.title' : entry.path === '/' ? undefined : entry.titleId;
  const pageTitle = pageTitleId ? intl.formatMessage({ id: pageTitleId }) : undefined;
  const title = brand ? documentTitle(brand, pageTitle) : undefined;
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
