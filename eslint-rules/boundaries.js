// @ts-check
/**
 * Import boundaries of ARCHITECTURE.md, checked on the resolved path of every
 * relative import:
 * - src/features/<a> never imports src/features/<b>;
 * - src/ui never imports src/features;
 * - src/ never imports sandbox/, and sandbox/ never imports src/;
 * - machines/ imports nothing of src/ but the generated API types.
 */
import { dirname, relative, resolve } from 'node:path';

const root = process.cwd();
const rel = (/** @type {string} */ p) => relative(root, p).split('\\').join('/');

/** @returns {string | undefined} why the import crosses a boundary */
export function boundaryProblem(/** @type {string} */ fromFile, /** @type {string} */ target) {
  const from = rel(fromFile);
  const to = rel(target);
  if (from.endsWith('.test.ts') || from.endsWith('.test.tsx')) return undefined;
  const feature = (/** @type {string} */ p) => /^src\/features\/([^/]+)\//.exec(p)?.[1];
  const fa = feature(from);
  const fb = feature(to);
  if (fa && fb && fa !== fb) return `features do not import each other (${fa} → ${fb}): move shared code to src/ui or src/lib`;
  if (from.startsWith('src/ui/') && fb) return 'src/ui knows nothing of features';
  if (from.startsWith('src/') && to.startsWith('sandbox/')) return 'the app never imports the sandbox';
  if (from.startsWith('sandbox/') && to.startsWith('src/')) return 'the sandbox never imports src/';
  if (from.startsWith('machines/') && to.startsWith('src/') && !to.startsWith('src/lib/api/schema')) {
    return 'machines/ imports nothing of src/ but the generated API types: supply side effects with .provide()';
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Import boundaries between app layers and features' } },
  create(context) {
    /** @param {any} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const problem = boundaryProblem(context.filename, resolve(dirname(context.filename), source));
      if (problem) context.report({ node: node.source, message: problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries: rule } };
