import { useMatches } from 'react-router-dom';
import type { Locale } from '../i18n/locale';
import type { RouteEntry } from './routes';

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
