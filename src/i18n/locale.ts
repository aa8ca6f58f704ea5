/**
 * Locales (spec §2.1, §9): Portuguese at plain paths (default), English under /en.
 * The choice is kept in a cookie for 365 days; the fallback locale is en-US.
 */
export type Locale = 'pt' | 'en';

export const LOCALES: readonly Locale[] = ['pt', 'en'];
export const DEFAULT_LOCALE: Locale = 'pt';
export const FALLBACK_INTL_LOCALE = 'en-US';
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return value === 'pt' || value === 'en';
}

/** The BCP 47 tag used by react-intl and Intl.NumberFormat. */
export function intlLocale(locale: Locale): 'pt-BR' | 'en-US' {
  return locale === 'en' ? 'en-US' : 'pt-BR';
}

export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'pt';
}

/** `/en/casino/games` → `/casino/games`; `/en` → `/`. */
export function stripLocalePrefix(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

/** The same page in another locale: `localizePath('/casino/games', 'en')` → `/en/casino/games`. */
export function localizePath(path: string, locale: Locale): string {
  const plain = stripLocalePrefix(path);
  if (locale === 'pt') return plain;
  return plain === '/' ? '/en' : `/en${plain}`;
}

export function readLocaleCookie(cookieString: string): Locale | undefined {
  for (const part of cookieString.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

/**
 * The language a page load at `pathname` shows: the address's, except that a visit to `/` honours the locale
 * cookie (the router sends it to `/en`).
 */
export function visitLocale(pathname: string, cookieString: string): Locale {
  if (pathname === '/' && readLocaleCookie(cookieString) === 'en') return 'en';
  return localeFromPath(pathname);
}

/** The cookie string to assign to `document.cookie`. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

export function writeLocaleCookie(locale: Locale, doc: { cookie: string } = document): void {
  doc.cookie = localeCookie(locale);
}
