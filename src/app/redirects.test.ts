import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_HOPS, NO_REDIRECT, resolveRedirect, type RedirectConfig } from './redirects';

const ORIGIN = 'http://localhost:4173';
const config = (redirects: Array<{ from: string; to: string }>, redirect_origins?: string[]): RedirectConfig => ({
  redirects,
  ...(redirect_origins ? { redirect_origins } : {}),
});
const SEED = config(
  [
    { from: '/promo-natal', to: '/promotions' },
    { from: '/ajuda', to: 'https://ajuda.sorteverde.example/' },
    { from: '/golpe', to: 'https://evil.example/' },
  ],
  ['https://ajuda.sorteverde.example'],
);
const one = (to: string, origins?: string[]) => config([{ from: '/x', to }], origins);

describe('resolveRedirect (§2.3 server-provided redirects)', () => {
  it('is none without rules, without a config, for a path no rule names, or on a page without an http origin', () => {
    expect(resolveRedirect('/promo-natal', 'pt', null, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/promo-natal', 'pt', undefined, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/promo-natal', 'pt', {}, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/promo-natal', 'pt', config([]), ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/promotions', 'pt', SEED, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/promo-natal-2', 'pt', SEED, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/english/promo-natal', 'en', SEED, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/promo-natal', 'pt', SEED, 'null')).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/promo-natal', 'pt', SEED, 'file:///index.html')).toEqual(NO_REDIRECT);
  });

  it('redirects a path in-app, keeping the locale: the plain path and the /en one', () => {
    expect(resolveRedirect('/promo-natal', 'pt', SEED, ORIGIN)).toEqual({ kind: 'in-app', to: '/promotions' });
    expect(resolveRedirect('/en/promo-natal', 'en', SEED, ORIGIN)).toEqual({ kind: 'in-app', to: '/en/promotions' });
    expect(resolveRedirect('/promo-natal/', 'pt', SEED, ORIGIN)).toEqual({ kind: 'in-app', to: '/promotions' });
    // A target written with /en still follows the page's locale.
    expect(resolveRedirect('/x', 'pt', one('/en/bonus'), ORIGIN)).toEqual({ kind: 'in-app', to: '/bonus' });
    expect(resolveRedirect('/en/x', 'en', one('/'), ORIGIN)).toEqual({ kind: 'in-app', to: '/en' });
  });

  it("keeps the page's query unless the target has its own, and the target's fragment", () => {
    expect(resolveRedirect('/promo-natal', 'pt', SEED, ORIGIN, '?ref=abc')).toEqual({
      kind: 'in-app',
      to: '/promotions?ref=abc',
    });
    expect(resolveRedirect('/x', 'en', one('/bonus?tab=2#top'), ORIGIN, '?ref=abc')).toEqual({
      kind: 'in-app',
      to: '/en/bonus?tab=2#top',
    });
  });

  it('matches percent-encoded paths and rules written with a trailing slash', () => {
    const rules = config([{ from: '/promoção/', to: '/promotions' }]);
    expect(resolveRedirect('/promo%C3%A7%C3%A3o', 'pt', rules, ORIGIN)).toEqual({ kind: 'in-app', to: '/promotions' });
    expect(resolveRedirect('/%E0%A4%A', 'pt', config([{ from: '/%E0%A4%A', to: '/a' }]), ORIGIN)).toEqual({
      kind: 'in-app',
      to: '/a',
    });
  });

  it('loads a listed origin in full, with its path (and never carries the query away)', () => {
    expect(resolveRedirect('/ajuda', 'pt', SEED, ORIGIN, '?ref=abc')).toEqual({
      kind: 'full',
      to: 'https://ajuda.sorteverde.example/',
    });
    expect(resolveRedirect('/en/ajuda', 'en', SEED, ORIGIN)).toEqual({
      kind: 'full',
      to: 'https://ajuda.sorteverde.example/',
    });
    const listedWithSlash = one('https://AJUDA.example:8443/faq?q=1', ['https://ajuda.example:8443/']);
    expect(resolveRedirect('/x', 'pt', listedWithSlash, ORIGIN)).toEqual({
      kind: 'full',
      to: 'https://ajuda.example:8443/faq?q=1',
    });
  });

  it("loads an absolute URL on the page's own origin in full, as written", () => {
    expect(resolveRedirect('/en/x', 'en', one(`${ORIGIN}/promotions#a`), ORIGIN)).toEqual({
      kind: 'full',
      to: `${ORIGIN}/promotions#a`,
    });
    expect(resolveRedirect('/x', 'pt', one(`${ORIGIN}/bonus`), ORIGIN, '?ref=1')).toEqual({
      kind: 'full',
      to: `${ORIGIN}/bonus?ref=1`,
    });
  });

  it('refuses foreign origins, other schemes, protocol-relative and malformed targets', () => {
    const refused = [
      'https://evil.example/',
      'http://ajuda.sorteverde.example/', // listed as https only
      'https://ajuda.sorteverde.example.evil.example/',
      'https://ajuda.sorteverde.example@evil.example/',
      `${ORIGIN.replace('http:', 'https:')}/bonus`, // another scheme is another origin
      'http://user:pw@localhost:4173/bonus',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://ajuda.sorteverde.example/',
      '//evil.example/',
      '/\\evil.example/',
      '\\\\evil.example',
      ' https://evil.example/',
      '/bonus\n',
      'https://',
      'promotions',
      '',
    ];
    for (const to of refused) {
      expect(resolveRedirect('/x', 'pt', one(to, ['https://ajuda.sorteverde.example']), ORIGIN), to).toEqual(
        NO_REDIRECT,
      );
    }
    expect(resolveRedirect('/golpe', 'pt', SEED, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/en/golpe', 'en', SEED, ORIGIN)).toEqual(NO_REDIRECT);
  });

  it('ignores malformed extra origins', () => {
    const rules = one('https://ajuda.example/', ['not a url', 'javascript:alert(1)', '']);
    expect(resolveRedirect('/x', 'pt', rules, ORIGIN)).toEqual(NO_REDIRECT);
  });

  it('follows chains to their end, in-app while every hop is, in full once one is absolute', () => {
    const chain = config(
      [
        { from: '/a', to: '/b?from=a' },
        { from: '/b', to: '/c' },
        { from: '/d', to: `${ORIGIN}/a` },
        { from: '/e', to: '/f' },
        { from: '/f', to: 'https://ajuda.example/' },
      ],
      ['https://ajuda.example'],
    );
    expect(resolveRedirect('/en/a', 'en', chain, ORIGIN)).toEqual({ kind: 'in-app', to: '/en/c?from=a' });
    expect(resolveRedirect('/d', 'pt', chain, ORIGIN)).toEqual({ kind: 'full', to: `${ORIGIN}/c?from=a` });
    expect(resolveRedirect('/e', 'pt', chain, ORIGIN)).toEqual({ kind: 'full', to: 'https://ajuda.example/' });
  });

  it('refuses a chain with a refused hop, a cycle (in-app or full), or more hops than allowed', () => {
    const refusedHop = config([
      { from: '/a', to: '/b' },
      { from: '/b', to: 'https://evil.example/' },
    ]);
    expect(resolveRedirect('/a', 'pt', refusedHop, ORIGIN)).toEqual(NO_REDIRECT);
    const cycle = config([
      { from: '/a', to: '/b' },
      { from: '/b', to: '/en/a' },
    ]);
    expect(resolveRedirect('/a', 'pt', cycle, ORIGIN)).toEqual(NO_REDIRECT);
    expect(resolveRedirect('/x', 'pt', one('/x?again=1'), ORIGIN)).toEqual(NO_REDIRECT);
    const fullCycle = config([
      { from: '/a', to: `${ORIGIN}/b` },
      { from: '/b', to: `${ORIGIN}/a` },
    ]);
    expect(resolveRedirect('/a', 'pt', fullCycle, ORIGIN)).toEqual(NO_REDIRECT);
    const hops = (n: number) => config(Array.from({ length: n }, (_, i) => ({ from: `/p${i}`, to: `/p${i + 1}` })));
    expect(resolveRedirect('/p0', 'pt', hops(MAX_REDIRECT_HOPS), ORIGIN)).toEqual({
      kind: 'in-app',
      to: `/p${MAX_REDIRECT_HOPS}`,
    });
    expect(resolveRedirect('/p0', 'pt', hops(MAX_REDIRECT_HOPS + 1), ORIGIN)).toEqual(NO_REDIRECT);
  });
});
