/**
 * What a built entry chunk is made of (issue 11: where the home page's first load goes), through its source map:
 *
 *   npx vite build --outDir dist-parts && npx tsx bench/first-load-parts.ts dist-parts   # [build folder] [rows]
 *
 * Finds the build's entry chunk (the manifest's `index.html` entry), gives every character of it to the source it
 * came from, and prints each npm package and each of the app's files with its minified bytes and its bytes gzipped
 * alone (-9), largest first, then the libraries' and the app's totals. Gzipped alone, a part is a little larger
 * than its share of the whole chunk's gzip (the chunk compresses across parts), so the totals are an upper bound.
 * `(no source)` is code the map names no file for: the precompiled catalogue and the bundler's preload list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const dir = process.argv[2] ?? 'dist';
const rows = Number(process.argv[3] ?? 40);
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean }
>;
const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.file.endsWith('.js'));
if (!entry) throw new Error(`no entry chunk in ${dir}/.vite/manifest.json`);
const code = readFileSync(join(dir, entry.file), 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dir, `${entry.file}.map`), 'utf8')) as RawSourceMap);

const lines = code.split('\n');
const bySource = new Map<string, string[]>();
const give = (source: string, text: string) => {
  if (!text) return;
  const parts = bySource.get(source) ?? [];
  parts.push(text);
  bySource.set(source, parts);
};
// Each mapping runs from its column to the next mapping's on the same line; text before a line's first mapping
// (and lines with none) has no source.
const byLine = new Map<number, Array<{ column: number; source: string }>>();
map.eachMapping((m) => {
  const list = byLine.get(m.generatedLine) ?? [];
  list.push({ column: m.generatedColumn, source: m.source ?? '(no source)' });
  byLine.set(m.generatedLine, list);
});
lines.forEach((line, index) => {
  const list = (byLine.get(index + 1) ?? []).sort((a, b) => a.column - b.column);
  give('(no source)', line.slice(0, list[0]?.column ?? line.length));
  list.forEach((m, i) => give(m.source, line.slice(m.column, list[i + 1]?.column ?? line.length)));
});

const groupOf = (source: string) => {
  const npm = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (npm) return `npm:${npm[1]}`;
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(src|machines|shared)\//, '$1/');
};
const groups = new Map<string, string>();
for (const [source, parts] of bySource)
  groups.set(groupOf(source), (groups.get(groupOf(source)) ?? '') + parts.join(''));
const table = [...groups]
  .map(([part, text]) => ({ part, minified: text.length, gzip: gzipSync(text, { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (pick: (part: string) => boolean) =>
  kb(table.filter((r) => pick(r.part)).reduce((n, r) => n + r.gzip, 0));

console.log(`${entry.file}: ${kb(code.length)} minified, ${kb(gzipSync(code, { level: 9 }).length)} gzip as one file`);
console.table(table.slice(0, rows).map((r) => ({ part: r.part, minified: kb(r.minified), 'gzip alone': kb(r.gzip) })));
console.log(
  `libraries ${total((p) => p.startsWith('npm:'))}, the app ${total((p) => !p.startsWith('npm:') && p !== '(no source)')}, ` +
    `no source ${total((p) => p === '(no source)')} (each part gzipped alone)`,
);
