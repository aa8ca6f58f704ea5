import DOMPurify from 'dompurify';

/**
 * Operator-authored HTML made safe to render: no scripts, event handlers, frames, forms or styles; links to
 * other sites open safely. Uses the page's window (DOMPurify needs a DOM).
 */
export function sanitizeContentHtml(html: string): string {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')?.match(/^https?:\/\//i)) {
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('target', '_blank');
    }
  });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
