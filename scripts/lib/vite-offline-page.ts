import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { OFFLINE_PAGES, OFFLINE_STYLESHEET, type OfflineLanguage } from '../../src/sw/offline-pages.ts';

/**
 * The service worker's offline page, one per language, written into the build from the
 * catalogues' `offline.*` messages (src/i18n/pt-BR.json, en.json): /offline/pt-BR.html, /offline/en.html and
 * their style sheet /offline/offline.css. The worker precaches them with the rest of the build and answers one when
 * a navigation fails offline and it has nothing else for the path (src/sw/caching-rules.ts).
 *
 * Self-contained and CSP-proof: no script at all (the retry is a link to the same address), the style in a
 * same-origin sheet (the app's policy allows `'self'` style sheets, not inline styles), no brand asset (the
 * brand's look comes from the platform, unreachable offline): the neutral dark colours of the boot screen.
 */

export interface OfflineTexts {
  documentTitle: string;
  title: string;
  body: string;
  retry: string;
  home: string;
}

const KEYS: Record<keyof OfflineTexts, string> = {
  documentTitle: 'offline.document_title',
  title: 'offline.title',
  body: 'offline.body',
  retry: 'offline.retry',
  home: 'offline.home',
};

/** The page's texts from a catalogue; a missing one fails the build. */
export function offlineTexts(catalogue: Record<string, string>): OfflineTexts {
  const entries = Object.entries(KEYS).map(([field, key]) => {
    const text = catalogue[key];
    if (typeof text !== 'string' || text.trim() === '') throw new Error(`offline page: message ${key} is missing`);
    return [field, text];
  });
  return Object.fromEntries(entries) as OfflineTexts;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The offline page of a language (plain HTML: no script, no inline style). */
export function offlinePageHtml(language: OfflineLanguage, texts: OfflineTexts): string {
  const t = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, escapeHtml(v)])) as unknown as OfflineTexts;
  const home = language === 'en' ? '/en' : '/';
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="dark" />
    <meta name="theme-color" content="#0f141b" />
    <title>${t.documentTitle}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${OFFLINE_STYLESHEET}" />
  </head>
  <body>
    <main class="offline" data-testid="offline-page">
      <svg class="offline__mark" width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M2 8.8a15 15 0 0 1 20 0 M5 12.6a10 10 0 0 1 14 0 M8.5 16.1a5 5 0 0 1 7 0 M12 20h.01 M3 3l18 18" /></svg>
      <h1 class="offline__title">${t.title}</h1>
      <p class="offline__body">${t.body}</p>
      <p class="offline__actions">
        <a class="offline__button" href="">${t.retry}</a>
        <a class="offline__link" href="${home}">${t.home}</a>
      </p>
    </main>
  </body>
</html>
`;
}

export const OFFLINE_CSS = `html,body{margin:0;min-height:100%;background:#0f141b;color:#f5f7fa;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.offline{box-sizing:border-box;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center;max-width:32rem;margin:0 auto}
.offline__mark{color:#ffffffb3}
.offline__title{margin:0;font-size:1.5rem;line-height:1.3}
.offline__body{margin:0;color:#c5ccd6;line-height:1.5}
.offline__actions{display:flex;flex-wrap:wrap;gap:12px;justify-content:center;margin:12px 0 0}
.offline__button,.offline__link{display:inline-block;min-height:44px;box-sizing:border-box;padding:12px 20px;border-radius:8px;color:#f5f7fa;text-decoration:none;font-weight:600}
.offline__button{background:#2563eb}
.offline__link{border:1px solid #ffffff4d}
.offline__button:focus-visible,.offline__link:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
`;

/** The files the build gets: path in the output folder → content. */
export function offlineFiles(catalogues: Record<OfflineLanguage, Record<string, string>>): Record<string, string> {
  const files: Record<string, string> = { [OFFLINE_STYLESHEET.slice(1)]: OFFLINE_CSS };
  for (const language of Object.keys(OFFLINE_PAGES) as OfflineLanguage[]) {
    files[OFFLINE_PAGES[language].slice(1)] = offlinePageHtml(language, offlineTexts(catalogues[language]));
  }
  return files;
}

/** Writes the offline pages into the build (`vite build` only; the dev server's worker answers nothing). */
export function offlinePage(): Plugin {
  let root = process.cwd();
  return {
    name: 'offline-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const read = (name: string) => {
        const file = resolve(root, 'src/i18n', name);
        this.addWatchFile(file);
        return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      };
      const files = offlineFiles({ 'pt-BR': read('pt-BR.json'), en: read('en.json') });
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
