import { describe, expect, it } from 'vitest';
import { precompileMessages } from '../../scripts/lib/vite-precompile-messages';
import { catalogPartOf, CATALOG_PARTS, NOT_IN_APP, type CatalogPart } from './catalog-parts';
import en from './en.json';
import ptBR from './pt-BR.json';

/** What the build makes of `./<catalogue>.json` (the core) or `./<catalogue>.json?part=<part>` for the provider. */
async function compiled(source: string): Promise<Record<string, unknown>> {
  const plugin = precompileMessages() as unknown as {
    resolveId: (this: unknown, source: string, importer: string) => Promise<string | null>;
    load: (this: unknown, id: string) => string | null;
  };
  const context = {
    resolve: async (path: string) => ({ id: new URL(path, new URL('./', import.meta.url)).pathname }),
    addWatchFile: () => undefined,
  };
  const id = await plugin.resolveId.call(context, source, '/work/src/i18n/i18n-provider.tsx');
  const code = plugin.load.call(context, id ?? '') ?? '';
  return JSON.parse(code.replace(/^export default /, '').replace(/;$/, '')) as Record<string, unknown>;
}

describe('catalogue parts (the first load carries the core only)', () => {
  it('keeps in the core what the shell, home, the age gate and the header’s account area say', () => {
    for (const id of ['shell.close', 'shell.page.login.title', 'home.live_bets.title', 'session.age_gate.title']) {
      if (id in ptBR) expect(catalogPartOf(id)).toBeNull();
    }
    expect(
      Object.keys(ptBR)
        .filter((id) => id.startsWith('session.account.'))
        .map(catalogPartOf),
    ).not.toContain('forms');
    expect(catalogPartOf('session.login.submit')).toBe('forms');
    expect(catalogPartOf('wallet.deposit.title')).toBe('wallet');
    expect(catalogPartOf('shell.page.bonus.description')).toBe('pages');
    expect(catalogPartOf('shell.page.bonus.title')).toBeNull();
    expect(catalogPartOf('errors.404.title')).toBe('errors');
    // Every route's document title is core, the not-found one too.
    expect(catalogPartOf('errors.not_found.title')).toBeNull();
  });

  it.each([
    ['pt-BR', ptBR],
    ['en', en],
  ] as const)('splits %s into a core and parts that together hold every message once', async (name, messages) => {
    const core = await compiled(`./${name}.json`);
    const parts = await Promise.all(
      (Object.keys(CATALOG_PARTS) as CatalogPart[]).map((part) => compiled(`./${name}.json?part=${part}`)),
    );
    const ids = [core, ...parts].flatMap((m) => Object.keys(m));
    // Every message once, but the offline page's (the service worker's, never the app's).
    expect(ids.sort()).toEqual(
      Object.keys(messages)
        .filter((id) => !NOT_IN_APP.test(id))
        .sort(),
    );
    expect(Object.keys(messages).filter((id) => NOT_IN_APP.test(id)).length).toBeGreaterThan(0);
    expect(Object.keys(core).some((id) => catalogPartOf(id) !== null)).toBe(false);
    // Compiled to ICU ASTs (the bundle has no message parser).
    expect(core['shell.close']).toEqual([{ type: 0, value: messages['shell.close'] }]);
  });
});
