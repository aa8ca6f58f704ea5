// @ts-check
/**
 * local/file-names: file names are kebab-case (`box-page.machine.ts`, `casino-view.test.ts`: the part before the
 * first dot), and test-only helpers say so in their name (`boxes.fixture.ts`), so a reader and the bundler alike
 * know them: a file named like a fixture, a harness or test calls must end in `.fixture.ts(x)`, and only tests and
 * other fixtures import a `.fixture` module.
 */
import { basename, dirname, resolve } from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TEST_HELPER = /(?:^|[-.])(?:fixtures?|harness|test-calls?|test-helpers?)(?:[-.]|$)/;
const isTest = (/** @type {string} */ file) =>
  /\.(?:test|spec)\.[jt]sx?$/.test(file) || /\.fixture\.[jt]sx?$/.test(file);

/** Why a file's name breaks the rule, or undefined. @param {string} file */
export function fileNameProblem(file) {
  const name = basename(file);
  const stem = name.split('.')[0] ?? '';
  if (!KEBAB.test(stem)) return `file names are kebab-case: ${name}`;
  if (TEST_HELPER.test(name) && !/\.fixture\.[jt]sx?$/.test(name))
    return `a test-only helper's name ends in .fixture.ts: ${name}`;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'kebab-case file names; test helpers end in .fixture.ts' },
  },
  create(context) {
    const file = context.filename;
    /** @param {any} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      if (/\.fixture(?:\.[jt]sx?)?$/.test(resolve(dirname(file), source)) && !isTest(file))
        context.report({ node: node.source, message: 'only tests and fixtures import a .fixture module' });
    };
    return {
      Program(node) {
        const problem = fileNameProblem(file);
        if (problem) context.report({ node, message: problem });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default rule;
