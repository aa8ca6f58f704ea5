import { describe, expect, it } from 'vitest';
import { buildCsp, inlineStyleHashes, originOf, securityHeaders, socketSources } from './csp';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ') ?? [];

const base = { pageHostname: 'localhost', secure: false, styleHashes: ['sha256-abc='] };

describe('the built app’s Content-Security-Policy', () => {
  it('allows no inline script, no eval and no third party for a brand without them', () => {
    const csp = buildCsp({ ...base, brand: {} });
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/jivosite|google|cloudflare/);
  });

  it("frames the game providers' origins and nothing else; a malformed origin is dropped", () => {
    const csp = buildCsp({ ...base, brand: {}, gameOrigins: ['http://127.0.0.1:8788', 'javascript:alert(1)'] });
    expect(directive(csp, 'frame-src')).toEqual(['http://127.0.0.1:8788']);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });

  it('allows the tag manager, chat, Google and captcha hosts only when the brand configures them', () => {
    const csp = buildCsp({
      ...base,
      brand: {
        gtmId: 'GTM-ABC123',
        gtmSource: 'https://tags.example.com/gtm.js',
        jivoChat: 'chat1',
        casAllowGoogleAuth: true,
        googleClientId: 'x.apps.googleusercontent.com',
        turnstileSiteKey: '0xAAA',
      },
    });
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining([
        'https://tags.example.com',
        'https://code.jivosite.com',
        'https://accounts.google.com/gsi/client',
        'https://challenges.cloudflare.com',
      ]),
    );
    expect(directive(csp, 'frame-src')).not.toContain("'none'");
    // A tag-manager id without its source (or the reverse) allows nothing; Google needs both switches.
    const partial = buildCsp({
      ...base,
      brand: { gtmId: 'GTM-ABC123', googleClientId: 'x', casAllowGoogleAuth: false },
    });
    expect(directive(partial, 'script-src')).toEqual(["'self'"]);
  });

  it('keeps the tag manager out for an id that fails §5 (GTM- then letters or digits) or a source not http(s)', () => {
    for (const brand of [
      { gtmId: 'GTM-"><script>', gtmSource: 'https://tags.example.com' },
      { gtmId: 'UA-1', gtmSource: 'https://tags.example.com' },
      { gtmId: 'GTM-ABC123', gtmSource: 'ftp://tags.example.com' },
    ]) {
      const csp = buildCsp({ ...base, brand });
      expect(directive(csp, 'script-src')).toEqual(["'self'"]);
      expect(csp).not.toContain('tags.example.com');
    }
  });

  it('allows the live connection’s socket: the brand’s host and port, else the page’s host (6001 locally)', () => {
    expect(socketSources({ ...base, brand: { realtime: { wsHost: '127.0.0.1', wsPort: 6800 } } })).toEqual([
      'ws://127.0.0.1:6800',
      'wss://127.0.0.1:6800',
    ]);
    expect(socketSources({ ...base, pageHostname: 'azul.localhost', brand: null })).toEqual([
      'ws://azul.localhost:6001',
      'wss://azul.localhost:6001',
    ]);
    expect(socketSources({ pageHostname: 'bet.example.com', secure: true, brand: {} })).toEqual([
      'wss://bet.example.com',
    ]);
  });

  it('reads sources and inline style hashes', () => {
    expect(originOf('www.googletagmanager.com')).toBe('https://www.googletagmanager.com');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('')).toBeNull();
    expect(inlineStyleHashes('<style>a{}</style><p></p><style media="x">b{}</style>')).toHaveLength(2);
    expect(inlineStyleHashes('<p></p>')).toEqual([]);
  });

  it('comes with nosniff, a referrer policy and no framing', () => {
    expect(securityHeaders('x')).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
  });
});
