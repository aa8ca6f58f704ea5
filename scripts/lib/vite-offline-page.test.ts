import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import ptBR from '../../src/i18n/pt-BR.json';
import { OFFLINE_PAGES, OFFLINE_STYLESHEET } from '../../src/sw/caching-rules';
import { offlineFiles, offlinePageHtml, offlineTexts } from './vite-offline-page';

describe('the offline page', () => {
  const files = offlineFiles({ 'pt-BR': ptBR, en });

  it('is written in both languages from the catalogues, with its style sheet', () => {
    expect(Object.keys(files).sort()).toEqual(
      [OFFLINE_PAGES['pt-BR'], OFFLINE_PAGES.en, OFFLINE_STYLESHEET].map((p) => p.slice(1)).sort(),
    );
    const pt = files[OFFLINE_PAGES['pt-BR'].slice(1)]!;
    const english = files[OFFLINE_PAGES.en.slice(1)]!;
    expect(pt).toContain('<html lang="pt-BR">');
    expect(pt).toContain(`<h1 class="offline__title">${ptBR['offline.title']}</h1>`);
    expect(pt).toContain('href="/"');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(`<title>${en['offline.document_title']}</title>`);
    expect(english).toContain('href="/en"');
  });

  it('holds nothing the strict CSP would block: no script, no inline style or handler, only its own sheet', () => {
    for (const html of [files[OFFLINE_PAGES['pt-BR'].slice(1)]!, files[OFFLINE_PAGES.en.slice(1)]!]) {
      expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=|javascript:/i);
      expect([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
        OFFLINE_STYLESHEET,
      ]);
    }
  });

  it('escapes the texts and refuses a catalogue without them', () => {
    const texts = { ...offlineTexts(en), title: 'Off <b>"line"</b> & co' };
    expect(offlinePageHtml('en', texts)).toContain('Off &lt;b&gt;&quot;line&quot;&lt;/b&gt; &amp; co');
    const { ['offline.retry']: _retry, ...incomplete } = en;
    expect(() => offlineTexts(incomplete)).toThrow(/offline\.retry/);
  });
});
