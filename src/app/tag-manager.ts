/**
 * The brand's tag manager and custom snippet (§2.3), a chunk of its own fetched after the first
 * paint (./tag-manager-watch.ts): never in the first load, never blocking it.
 *
 * - Tag manager: only with a valid `gtmId` (§5: GTM- then letters or digits) and an http(s) `gtmSource`
 *   (shared/tag-manager.ts, the same rule the Content-Security-Policy allows its host by). The standard loader's
 *   `gtm.start` event goes first into `window.dataLayer` (the array the deposit's first_deposit / purchase events are
 *   pushed to, kept as it is), then the script is added async. A bad id is ignored silently.
 * - Snippet (`html`): sanitised by DOMPurify against the allow-list below and appended in a container at the end of
 *   the body. No script (the policy allows no inline script, and an operator's script belongs in the tag manager),
 *   no event handler, no style (refused by the policy), no frame, form, object, SVG or MathML, no data- attribute;
 *   links to other sites open in a new tab with rel="noopener noreferrer". What is left is markup and images (a
 *   tracking pixel, a badge, a line of text), which cannot run code. docs/security-headers.md lists it.
 */
import DOMPurify from 'dompurify';
import { tagManagerScriptUrl } from '../../shared/tag-manager';

/** Tags a snippet may keep. */
export const SNIPPET_TAGS = [
  'a',
  'b',
  'br',
  'div',
  'em',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'small',
  'span',
  'strong',
  'u',
  'ul',
];
/** Attributes a snippet may keep (URLs pass DOMPurify's safe-URI check: http, https, mailto, tel, relative). */
export const SNIPPET_ATTRIBUTES = ['alt', 'class', 'height', 'href', 'loading', 'src', 'title', 'width'];

export interface IntegrationSettings {
  gtmId?: string | null;
  gtmSource?: string | null;
  html?: string | null;
}

/**
 * Event-handler attributes (`onerror=…`, `/onload=…`) taken out of the text before it is parsed at all: Chromium
 * compiles an inline handler of an element parsed even in an inert document (DOMPurify's DOMParser) and reports the
 * page's policy refusing it on the console. The policy blocks it either way and DOMPurify removes whatever is left;
 * this only keeps a careless snippet from printing errors in the player's console.
 */
export function stripEventHandlers(html: string): string {
  return html.replace(/([\s/"'])on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi, '$1');
}

/** The snippet, sanitised to the allow-list, as a fragment of `doc` (empty when nothing is left). */
export function sanitizeSnippet(html: string, win: Window = window): DocumentFragment {
  const purify = DOMPurify(win as unknown as Parameters<typeof DOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && /^https?:\/\//i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('target', '_blank');
    }
  });
  return purify.sanitize(stripEventHandlers(html), {
    ALLOWED_TAGS: SNIPPET_TAGS,
    ALLOWED_ATTR: SNIPPET_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** Adds the tag manager (when valid) and the snippet (when anything is left of it) to `doc`, once per page. */
export function installIntegrations(settings: IntegrationSettings, doc: Document = document): void {
  const win = doc.defaultView as DataLayerWindow | null;
  if (!win) return;
  const src = tagManagerScriptUrl(settings);
  if (src && !doc.querySelector('script[data-tag-manager]')) {
    const layer = (win.dataLayer ??= []);
    layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    script.dataset.tagManager = '';
    // A tag manager that cannot be reached leaves the page as it is.
    script.addEventListener('error', () => script.remove());
    doc.head.appendChild(script);
  }
  const html = settings.html?.trim();
  if (html && !doc.querySelector('[data-site-snippet]')) {
    const fragment = sanitizeSnippet(html, win);
    if (fragment.childNodes.length === 0) return;
    const container = doc.createElement('div');
    container.dataset.siteSnippet = '';
    container.appendChild(fragment);
    doc.body.appendChild(container);
  }
}
