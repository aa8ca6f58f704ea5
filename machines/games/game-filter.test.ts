import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER,
  SEARCH_TERM_MAX,
  filterFromSearchParams,
  filterToSearchParams,
  mergeFilter,
  type GameFilter,
} from './game-filter';

const slug = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}$/);
const filters: fc.Arbitrary<GameFilter> = fc.record({
  searchTerm: fc
    .string({ maxLength: SEARCH_TERM_MAX })
    // eslint-disable-next-line no-control-regex
    .filter((s) => s.trim() !== '' && !/[\u0000-\u001f\u007f]/.test(s)),
  category: fc.option(slug, { nil: null }),
  provider: fc.option(slug, { nil: null }),
  type: fc.option(slug, { nil: null }),
  bonuses: fc.boolean(),
});

describe('the filter in the URL', () => {
  it('writes only what is set, in a stable order', () => {
    expect(filterToSearchParams(EMPTY_FILTER).toString()).toBe('');
    expect(
      filterToSearchParams({
        searchTerm: 'fortúna da sorte',
        category: 'slots',
        provider: 'pgsoft',
        type: 'live',
        bonuses: true,
      }).toString(),
    ).toBe('q=fort%C3%BAna+da+sorte&provider=pgsoft&category=slots&type=live&bonuses=1');
  });

  it('reads a shared link', () => {
    expect(
      filterFromSearchParams(new URLSearchParams('?q=cassino&provider=pgsoft&category=crash&bonuses=true')),
    ).toEqual({ searchTerm: 'cassino', category: 'crash', provider: 'pgsoft', type: null, bonuses: true });
  });

  it('round-trips every filter', () => {
    fc.assert(
      fc.property(filters, (filter) => {
        const url = `/casino/games?${filterToSearchParams(filter).toString()}`;
        expect(filterFromSearchParams(new URL(url, 'https://x.test').searchParams)).toEqual(filter);
      }),
    );
  });

  it('ignores unknown parameters and malformed values, and takes the first of a repeat', () => {
    const params = new URLSearchParams(
      'utm_source=x&provider=%3Cscript%3E&category=../../etc&type=' +
        'a'.repeat(65) +
        '&bonuses=yes&q=one&q=two&page=-3',
    );
    expect(filterFromSearchParams(params)).toEqual({ ...EMPTY_FILTER, searchTerm: 'one' });
    expect(filterFromSearchParams(new URLSearchParams('q=a%00b%0Ac'))).toEqual({ ...EMPTY_FILTER, searchTerm: 'abc' });
  });

  it('clips a search term to 100 characters, both ways', () => {
    const long = 'x'.repeat(1000);
    expect(filterFromSearchParams(new URLSearchParams({ q: long })).searchTerm).toHaveLength(SEARCH_TERM_MAX);
    expect(filterToSearchParams({ ...EMPTY_FILTER, searchTerm: long }).get('q')).toHaveLength(SEARCH_TERM_MAX);
  });

  it('a whitespace-only search is no search', () => {
    expect(filterToSearchParams({ ...EMPTY_FILTER, searchTerm: '   ' }).toString()).toBe('');
  });

  it('merges a partial change, leaving out what the change does not name', () => {
    const base: GameFilter = { ...EMPTY_FILTER, searchTerm: 'x', provider: 'pgsoft' };
    expect(mergeFilter(base, { provider: null, category: 'slots', searchTerm: undefined })).toEqual({
      ...EMPTY_FILTER,
      searchTerm: 'x',
      category: 'slots',
    });
  });
});
