import { describe, expect, it } from 'vitest';
import { fileNameProblem } from '../eslint-rules/file-names.js';

describe('eslint local/file-names', () => {
  it('takes kebab-case names with their kinds after the first dot', () => {
    for (const name of ['machines/boxes/box-page.machine.ts', 'src/app/casino-view.test.ts', 'a/b/boxes.fixture.ts'])
      expect(fileNameProblem(name), name).toBeUndefined();
  });

  it('refuses other cases, and a test helper not named .fixture', () => {
    expect(fileNameProblem('src/app/AppRuntime.ts')).toMatch(/kebab-case/);
    expect(fileNameProblem('src/app/app_runtime.ts')).toMatch(/kebab-case/);
    for (const name of ['machines/boxes/fixtures.ts', 'machines/games/test-calls.ts', 'src/forms.harness.tsx'])
      expect(fileNameProblem(name), name).toMatch(/\.fixture\.ts/);
  });
});
