// @ts-check
/**
 * local/no-cycle: no module imports itself through others (a → b → c → a). A cycle makes the evaluation order
 * depend on which module a bundle or a test reaches first (a value read before its module ran is `undefined`),
 * and it ties layers that should point one way.
 *
 * Counted: static imports and re-exports between the repository's own files (relative paths resolved to .ts, .tsx,
 * .js or an index), type imports included: a type cycle is no evaluation hazard, but it ties the layers all the
 * same (the session's screens knowing the runtime that renders them). Not counted: `import()` (loaded later, after
 * both modules ran).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** @param {string} from @param {string} specifier @returns {string | undefined} */
export function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), base.replace(/\.js$/, '.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile() && /\.[cm]?[jt]sx?$/.test(file));
}

const IMPORT =
  /^\s*(?:import|export)\s+([^'";]*?)\s+from\s+['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/** @type {Map<string, string[]>} */
const graph = new Map();

/** The files a module's static imports reach. @param {string} file */
export function valueImportsOf(file) {
  const known = graph.get(file);
  if (known) return known;
  /** @type {string[]} */
  const targets = [];
  graph.set(file, targets);
  let source = '';
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return targets;
  }
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[2] ?? match[3];
    if (!specifier) continue;
    const target = resolveImport(file, specifier);
    if (target) targets.push(target);
  }
  return targets;
}

/** A path of imports from `start` back to `file`, or null. @param {string} start @param {string} file */
export function cycleThrough(start, file) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = /** @type {string} */ (queue.shift());
    for (const next of valueImportsOf(at)) {
      if (next === file) {
        const path = [at];
        for (let step = cameFrom.get(at); step; step = cameFrom.get(step)) path.unshift(step);
        return path;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'No import cycles between the repository’s modules' } },
  create(context) {
    const file = context.filename;
    const root = context.cwd ?? process.cwd();
    /** @param {any} node */
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveImport(file, specifier);
      if (!target) return;
      graph.delete(file); // this file as it is now
      const path = target === file ? [] : cycleThrough(target, file);
      if (!path) return;
      const names = [file, ...path, file].map((p) => relative(root, p)).join(' → ');
      context.report({ node: node.source, message: `import cycle: ${names}` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default rule;
