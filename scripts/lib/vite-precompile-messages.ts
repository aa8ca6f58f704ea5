import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { catalogPartOf, NOT_IN_APP } from '../../src/i18n/catalog-parts.ts';

const PREFIX = '\0compiled-messages:';
/** The virtual id must not end in .json, or Vite's JSON plugin would read the module as JSON. */
const SUFFIX = '.compiled.js';
/** `./pt-BR.json` (the core) or `./pt-BR.json?part=forms` (a part, src/i18n/catalog-parts.ts). */
const CATALOG = /^\.\/(pt-BR|en)\.json(?:\?part=([a-z]+))?$/;

/**
 * The app's catalogs reach react-intl already parsed into ICU ASTs, so the
 * bundle ships react-intl without its message parser (aliased to `no-parser`).
 * Only the imports made by src/i18n/i18n-provider.tsx are compiled; tests and
 * tools still read the plain JSON. A message that does not parse fails the build.
 *
 * Each catalogue is split as src/i18n/catalog-parts.ts says: the plain import is its core, `?part=<name>` one part;
 * what no screen says (`NOT_IN_APP`, the offline page's texts) is in neither.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'precompile-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = CATALOG.exec(source);
      if (!importer?.endsWith('/src/i18n/i18n-provider.tsx') || !match) return null;
      const resolved = await this.resolve(`./${match[1]}.json`, importer, { skipSelf: true });
      return resolved ? `${PREFIX}${match[2] ?? 'core'}:${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length, -SUFFIX.length);
      const colon = rest.indexOf(':');
      const part = rest.slice(0, colon);
      const file = rest.slice(colon + 1);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => !NOT_IN_APP.test(key) && (catalogPartOf(key) ?? 'core') === part)
          .map(([key, text]) => [key, parse(text)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

/** Aliases react-intl's parser to its parser-free build. */
export const noMessageParser = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};

/** Tests read the whole JSON for a catalogue part (`./pt-BR.json?part=forms` → `./pt-BR.json`). */
export const wholeCatalogParts = {
  find: /^(\.\/(?:pt-BR|en)\.json)\?part=[a-z]+$/,
  replacement: '$1',
};
