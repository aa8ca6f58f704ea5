import { describe, expect, it } from 'vitest';
import {
  intlLocale,
  localeCookie,
  localeFromPath,
  localizePath,
  readLocaleCookie,
  stripLocalePrefix,
  visitLocale,
  writeLocaleCookie,
} from './locale';

describe('locale helpers', () => {
  it('reads the locale from the path: plain is Portuguese, /en is English', () => {
    expect(localeFromPath('/')).toBe('pt');
    expect(localeFromPath('/casino/games')).toBe('pt');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/casino/games')).toBe('en');
    expect(localeFromPath('/english')).toBe('pt');
  });

  it('moves a path between locales and keeps the page', () => {
    expect(localizePath('/casino/games', 'en')).toBe('/en/casino/games');
    expect(localizePath('/en/casino/games', 'pt')).toBe('/casino/games');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/en', 'pt')).toBe('/');
    expect(localizePath('/en/user', 'en')).toBe('/en/user');
    expect(stripLocalePrefix('/en/terms')).toBe('/terms');
  });

  it('maps to Intl tags', () => {
    expect(intlLocale('pt')).toBe('pt-BR');
    expect(intlLocale('en')).toBe('en-US');
  });

  it('keeps the choice in a cookie for 365 days', () => {
    expect(localeCookie('en')).toContain('Max-Age=31536000');
    const doc = { cookie: '' };
    writeLocaleCookie('en', doc);
    expect(readLocaleCookie(`a=1; ${doc.cookie.split(';')[0]}; b=2`)).toBe('en');
    expect(readLocaleCookie('locale=fr')).toBeUndefined();
    expect(readLocaleCookie('')).toBeUndefined();
  });

  it('a visit shows the address’s language, and `/` the cookie’s (the router sends it to /en)', () => {
    expect(visitLocale('/', 'locale=en')).toBe('en');
    expect(visitLocale('/', 'a=1; locale=en')).toBe('en');
    expect(visitLocale('/', 'locale=pt')).toBe('pt');
    expect(visitLocale('/', '')).toBe('pt');
    expect(visitLocale('/casino/games', 'locale=en')).toBe('pt');
    expect(visitLocale('/en', 'locale=pt')).toBe('en');
    expect(visitLocale('/en/casino', '')).toBe('en');
  });
});
