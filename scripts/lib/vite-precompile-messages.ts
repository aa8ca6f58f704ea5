import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PREFIX = '\0compiled-messages:';
/** The virtual id must not end in .json, or Vite's JSON plugin would read the module as JSON. */
const SUFFIX = '.compiled.js';
const CATALOG = /^\.\/(pt-BR|en)\.json$/;

/**
 * The app's catalogs reach react-intl already parsed into ICU ASTs, so the
 * bundle ships react-intl without its message parser (aliased to `no-parser`).
 * Only the imports made by src/i18n/i18n-provider.tsx are compiled; tests and
 * tools still read the plain JSON. A message that does not parse fails the build.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'precompile-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.endsWith('/src/i18n/i18n-provider.tsx') || !CATALOG.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

/** Aliases react-intl's parser to its parser-free build. */
export const noMessageParser = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
