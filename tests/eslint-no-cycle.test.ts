import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import noCycle from '../eslint-rules/no-cycle.js';

/** A folder of these modules. */
function project(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'no-cycle-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** What ESLint with only local/no-cycle on says of one file of the folder. */
async function lint(files: Record<string, string>, file: string) {
  const dir = project(files);
  const tseslint = await import('typescript-eslint');
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { 'no-cycle': noCycle } } },
        rules: { 'local/no-cycle': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintFiles([join(dir, file)]);
  return (result?.messages ?? []).map((m) => m.message);
}

describe('eslint local/no-cycle', () => {
  it('fails on a module that imports itself through others, naming the path', async () => {
    const messages = await lint(
      {
        'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'b.ts': "import { c } from './c';\nexport const b = () => c;\n",
        'c.ts': "import { a } from './a';\nexport const c = () => a;\n",
      },
      'a.ts',
    );
    expect(messages).toEqual(['import cycle: a.ts → b.ts → c.ts → a.ts']);
  });

  it('counts type imports and re-exports, not import()', async () => {
    expect(
      await lint(
        {
          'a.ts': "import type { B } from './b';\nexport type A = B;\n",
          'b.ts': "export * from './a';\nexport type B = number;\n",
        },
        'a.ts',
      ),
    ).toHaveLength(1);
    expect(
      await lint(
        {
          'a.ts': "export const a = () => import('./b');\n",
          'b.ts': "import { a } from './a';\nexport const b = a;\n",
        },
        'a.ts',
      ),
    ).toEqual([]);
  });

  it('passes on imports that point one way', async () => {
    expect(
      await lint(
        {
          'a.ts': "import { b } from './b';\nexport const a = b;\n",
          'b.ts': "import { c } from './c';\nexport const b = c;\n",
          'c.ts': 'export const c = 1;\n',
        },
        'a.ts',
      ),
    ).toEqual([]);
  });
});
