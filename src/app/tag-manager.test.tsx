import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { installIntegrations, sanitizeSnippet, stripEventHandlers } from './tag-manager';
import { afterFirstPaint, hasIntegrations, tagManagerLogic } from './tag-manager-watch';

const html = (fragment: DocumentFragment) => {
  const div = document.createElement('div');
  div.appendChild(fragment);
  return div.innerHTML;
};

afterEach(() => {
  document.head.querySelectorAll('script[data-tag-manager]').forEach((s) => s.remove());
  document.body.querySelectorAll('[data-site-snippet]').forEach((s) => s.remove());
  delete (window as Window & { dataLayer?: unknown[] }).dataLayer;
});

describe('custom snippet: sanitised to the documented allow-list', () => {
  it('keeps markup, images and links (links to other sites open safely)', () => {
    expect(
      html(
        sanitizeSnippet(
          '<p class="x">Olá <strong>mundo</strong></p><img src="https://px.example.com/p.gif" alt="" width="1" height="1"><a href="https://ajuda.example.com">Ajuda</a>',
        ),
      ),
    ).toBe(
      '<p class="x">Olá <strong>mundo</strong></p><img src="https://px.example.com/p.gif" alt="" width="1" height="1"><a href="https://ajuda.example.com" rel="noopener noreferrer" target="_blank">Ajuda</a>',
    );
  });

  it('drops scripts, event handlers, styles, frames, forms, SVG, data- attributes and javascript: URLs', () => {
    const out = html(
      sanitizeSnippet(
        [
          '<script>alert(1)</script>',
          '<img src="x" onerror="alert(1)">',
          '<div style="color:red" data-x="1" onclick="alert(1)">texto</div>',
          '<iframe src="https://evil.example"></iframe>',
          '<form action="https://evil.example"><input name="a"></form>',
          '<svg><script>alert(1)</script></svg>',
          '<a href="javascript:alert(1)">x</a>',
          '<style>body{display:none}</style>',
        ].join(''),
      ),
    );
    expect(out).toBe('<img src="x"><div>texto</div><a>x</a>');
    expect(out).not.toMatch(/script|onerror|onclick|style|iframe|form|svg|javascript|data-x/i);
  });
});

describe('event handlers are taken out before parsing (no CSP report on the console)', () => {
  it.each([
    ['<img src="x" onerror="alert(1)">', '<img src="x" >'],
    ["<img src=x onerror='alert(1)'>", '<img src=x >'],
    ['<img/onerror=alert(1) src=x>', '<img/ src=x>'],
    ['<p ONCLICK = "a" class="c">t</p>', '<p  class="c">t</p>'],
    ['<p class="button">online</p>', '<p class="button">online</p>'],
  ])('%s', (input, output) => expect(stripEventHandlers(input)).toBe(output));
});

describe('installIntegrations (§2.3, §5)', () => {
  it('a valid id and source: gtm.start goes into the existing dataLayer, then one async script', () => {
    const layer = [{ event: 'purchase' }];
    (window as Window & { dataLayer?: unknown[] }).dataLayer = layer;
    installIntegrations({ gtmId: 'GTM-ABC1', gtmSource: 'https://tags.example.com' });
    installIntegrations({ gtmId: 'GTM-ABC1', gtmSource: 'https://tags.example.com' });
    const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[data-tag-manager]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://tags.example.com/gtm.js?id=GTM-ABC1');
    expect(scripts[0]?.async).toBe(true);
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toBe(layer);
    expect(layer).toEqual([{ event: 'purchase' }, { 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });

  it('a bad id, or a missing source: nothing is added, nothing thrown', () => {
    installIntegrations({ gtmId: 'GTM-"><script>', gtmSource: 'https://tags.example.com' });
    installIntegrations({ gtmId: 'GTM-ABC1', gtmSource: null });
    expect(document.querySelectorAll('script[data-tag-manager]')).toHaveLength(0);
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toBeUndefined();
  });

  it('the snippet is appended once, in its container; a snippet with nothing allowed adds nothing', () => {
    installIntegrations({ html: '<p>Selo</p>' });
    installIntegrations({ html: '<p>Selo</p>' });
    expect(document.querySelectorAll('[data-site-snippet]')).toHaveLength(1);
    expect(document.querySelector('[data-site-snippet]')?.innerHTML).toBe('<p>Selo</p>');
    document.querySelector('[data-site-snippet]')?.remove();
    installIntegrations({ html: '<script>alert(1)</script>' });
    expect(document.querySelector('[data-site-snippet]')).toBeNull();
  });
});

describe('tagManager actor: after the first paint, only with something to add', () => {
  it('hasIntegrations', () => {
    expect(hasIntegrations({ gtmId: 'GTM-A1', gtmSource: 'https://t.example.com' })).toBe(true);
    expect(hasIntegrations({ html: ' <p>x</p> ' })).toBe(true);
    expect(hasIntegrations({ gtmId: 'GTM-"><script>', gtmSource: 'https://t.example.com', html: '  ' })).toBe(false);
  });

  it('waits for load and idle; a cancel before that runs nothing', () => {
    vi.useFakeTimers();
    try {
      const win = window;
      const run = vi.fn();
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
      const cancel = afterFirstPaint(win, run);
      win.dispatchEvent(new Event('load'));
      expect(run).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(run).toHaveBeenCalledTimes(1);
      const other = vi.fn();
      const stop = afterFirstPaint(win, other);
      stop();
      win.dispatchEvent(new Event('load'));
      vi.runAllTimers();
      expect(other).not.toHaveBeenCalled();
      cancel();
    } finally {
      Reflect.deleteProperty(document, 'readyState');
      vi.useRealTimers();
    }
  });

  it('loads once the site is ready with a valid tag manager; never for a bad id', () => {
    const site = (config: object) =>
      createMachine({ id: 'site', initial: 'ready', context: { config }, states: { ready: {} } });
    const root = (config: object, load: () => Promise<void>) =>
      createMachine({
        invoke: [
          { id: 'site', systemId: 'site', src: site(config) },
          { id: 'tagManager', src: tagManagerLogic(window, load) },
        ],
      });
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve());
      const good = createActor(root({ gtmId: 'GTM-A1', gtmSource: 'https://t.example.com', html: null }, load));
      good.start();
      expect(load).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(load).toHaveBeenCalledTimes(1);
      good.stop();
      const never = vi.fn(() => Promise.resolve());
      const bad = createActor(root({ gtmId: 'GTM-"><script>', gtmSource: 'https://t.example.com', html: null }, never));
      bad.start();
      vi.runAllTimers();
      expect(never).not.toHaveBeenCalled();
      bad.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
