import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import ptBR from '../src/i18n/pt-BR.json';

const catalogs: Record<string, Record<string, string>> = { 'pt-BR': ptBR, en };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.(test|spec)\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Message ids are referenced in code in these forms only:
 * `messageId: 'x'`, `...MessageId: 'x'`, `id="x"` / `id: 'x'` inside FormattedMessage or formatMessage.
 */
const patterns = [
  /\b[a-zA-Z]*[mM]essageId\s*[:=]\s*['"`]([^'"`$]+)['"`]/g,
  /<FormattedMessage[^>]*\bid=["']([^"']+)["']/g,
  /formatMessage\(\s*\{\s*id:\s*['"]([^'"]+)['"]/g,
];

export function messageIdsUsedIn(source: string): string[] {
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1] as string));
}

describe('message catalogs', () => {
  it('pt-BR and en have exactly the same keys', () => {
    const pt = Object.keys(ptBR).sort();
    const eng = Object.keys(en).sort();
    expect(
      pt.filter((k) => !eng.includes(k)),
      'in pt-BR only',
    ).toEqual([]);
    expect(
      eng.filter((k) => !pt.includes(k)),
      'in en only',
    ).toEqual([]);
  });

  it('has no empty message', () => {
    for (const [lang, catalog] of Object.entries(catalogs)) {
      for (const [key, text] of Object.entries(catalog)) expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('holds every message id the code uses', () => {
    const missing: string[] = [];
    for (const file of [...sourceFiles('src'), ...sourceFiles('machines')]) {
      for (const id of messageIdsUsedIn(readFileSync(file, 'utf8'))) {
        if (!(id in ptBR)) missing.push(`${file}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds ids in every form the code uses (the scanner itself can fail)', () => {
    expect(
      messageIdsUsedIn(
        `a = { messageId: 'a.b' }; <FormattedMessage id="c.d" />; intl.formatMessage({ id: 'e.f' }); titleMessageId: "g.h"`,
      ),
    ).toEqual(['a.b', 'g.h', 'c.d', 'e.f']);
  });
});
