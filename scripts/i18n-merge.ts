/**
 * Merges message fragments (src/i18n/fragments/<area>.json, shaped
 * `{ "pt-BR": {...}, "en": {...} }`) into the two catalogs, sorted by key,
 * then removes the merged fragments. A key already in a catalog with other text
 * is reported and left as the catalog has it.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(process.cwd(), 'src', 'i18n');
const fragments = join(dir, 'fragments');
type Catalog = Record<string, string>;
const load = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Catalog;
const catalogs: Record<'pt-BR' | 'en', Catalog> = { 'pt-BR': load('pt-BR.json'), en: load('en.json') };

if (existsSync(fragments)) {
  for (const file of readdirSync(fragments).filter((f) => f.endsWith('.json'))) {
    const fragment = JSON.parse(readFileSync(join(fragments, file), 'utf8')) as Record<'pt-BR' | 'en', Catalog>;
    for (const lang of ['pt-BR', 'en'] as const) {
      for (const [key, text] of Object.entries(fragment[lang] ?? {})) {
        const existing = catalogs[lang][key];
        if (existing !== undefined && existing !== text)
          console.warn(`${file}: ${lang} ${key} differs; kept the catalog's`);
        else catalogs[lang][key] = text;
      }
    }
    rmSync(join(fragments, file));
    console.log(`merged ${file}`);
  }
}
for (const lang of ['pt-BR', 'en'] as const) {
  const sorted = Object.fromEntries(Object.entries(catalogs[lang]).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(dir, `${lang}.json`), `${JSON.stringify(sorted, null, 2)}\n`);
}
