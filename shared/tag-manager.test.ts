import { describe, expect, it } from 'vitest';
import { isValidGtmId, tagManagerScriptUrl } from './tag-manager';

describe('GTM id (§5: GTM- followed by letters or digits)', () => {
  it.each(['GTM-ABC123', 'GTM-k9x', 'gtm-1'])('accepts %s', (id) => expect(isValidGtmId(id)).toBe(true));
  it.each([
    'GTM-"><script>',
    'GTM-',
    'GTM-AB C',
    'GTM-AB_1',
    'UA-123',
    ' GTM-ABC',
    'GTM-ABC\n',
    `GTM-${'A'.repeat(40)}`,
    null,
    undefined,
    42,
  ])('refuses %j', (id) => expect(isValidGtmId(id)).toBe(false));
});

describe('tag manager script URL (§2.3: only with gtmId and gtmSource)', () => {
  it('builds <source>/gtm.js?id= from an origin, a bare host or a path', () => {
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: 'https://www.googletagmanager.com' })).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1',
    );
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: 'tags.example.com/' })).toBe(
      'https://tags.example.com/gtm.js?id=GTM-ABC1',
    );
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: 'https://t.example.com/sgtm/' })).toBe(
      'https://t.example.com/sgtm/gtm.js?id=GTM-ABC1',
    );
  });

  it('keeps a .js source and replaces its query with the id', () => {
    expect(tagManagerScriptUrl({ gtmId: 'GTM-Z9', gtmSource: 'https://t.example.com/load.js?id=x#y' })).toBe(
      'https://t.example.com/load.js?id=GTM-Z9',
    );
  });

  it('is null without either setting, with a bad id, or with a source that is not http(s)', () => {
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: null })).toBeNull();
    expect(tagManagerScriptUrl({ gtmId: null, gtmSource: 'https://www.googletagmanager.com' })).toBeNull();
    expect(tagManagerScriptUrl({ gtmId: 'GTM-"><script>', gtmSource: 'https://www.googletagmanager.com' })).toBeNull();
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: '  ' })).toBeNull();
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: 'javascript:alert(1)' })).toBeNull();
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: 'data://x' })).toBeNull();
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: 'https://u:p@t.example.com' })).toBeNull();
    expect(tagManagerScriptUrl({ gtmId: 'GTM-ABC1', gtmSource: 'https://' })).toBeNull();
  });
});
