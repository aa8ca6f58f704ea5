// @ts-check
/**
 * Import boundaries of ARCHITECTURE.md, checked on the resolved path of every
 * relative import:
 * - src/features/<a> never imports src/features/<b>;
 * - src/ui never imports src/features;
 * - the app (src/, machines/) and the sandbox (sandbox/) never import each other: what both need (the types
 *   generated from openapi/, the CPF check, money rules) lives in shared/;
 * - shared/ imports nothing outside shared/ (neither the app nor the sandbox);
 * - machines/ imports nothing of src/ (side effects are supplied with .provide());
 * - machines/kernel/ imports nothing of the other machines;
 * - the sandbox's layers point one way: its domain (db, money, audit, pix, realtime, push, provider, sportsbook)
 *   imports neither its HTTP API (sandbox/api) nor its QA panel (sandbox/panel), and the API never imports the
 *   panel (sandbox/platform.ts mounts the panel on the API's server).
 * The app ↔ sandbox ↔ shared rules hold for test files (and .fixture.ts helpers) too; the layer rules do not.
 */
import { dirname, relative, resolve } from 'node:path';

const root = process.cwd();
/** The sandbox's domain folders, below its API and its QA panel. */
const SANDBOX_DOMAIN = new Set(['db', 'money', 'audit', 'pix', 'realtime', 'push', 'provider', 'sportsbook']);
const rel = (/** @type {string} */ p) => relative(root, p).split('\\').join('/');

/** @returns {string | undefined} why the import crosses a boundary */
export function boundaryProblem(/** @type {string} */ fromFile, /** @type {string} */ target) {
  const from = rel(fromFile);
  const to = rel(target);
  const area = (/** @type {string} */ p) => /^(src|machines|sandbox|shared)\//.exec(p)?.[1];
  const fromArea = area(from);
  const toArea = area(to);
  if (fromArea === 'shared' && toArea !== 'shared') {
    return 'shared/ imports neither the app nor the sandbox: it holds pure rules and generated types only';
  }
  if ((fromArea === 'src' || fromArea === 'machines') && toArea === 'sandbox') {
    return 'the app never imports the sandbox: move what both need to shared/';
  }
  if (fromArea === 'sandbox' && (toArea === 'src' || toArea === 'machines')) {
    return `the sandbox never imports ${toArea}/: move what both need to shared/`;
  }
  if (/\.(test|fixture)\.tsx?$/.test(from)) return undefined;
  const feature = (/** @type {string} */ p) => /^src\/features\/([^/]+)\//.exec(p)?.[1];
  const fa = feature(from);
  const fb = feature(to);
  if (fa && fb && fa !== fb)
    return `features do not import each other (${fa} → ${fb}): move shared code to src/ui or src/lib`;
  if (from.startsWith('src/ui/') && fb) return 'src/ui knows nothing of features';
  if (fromArea === 'machines' && toArea === 'src') {
    return 'machines/ imports nothing of src/ (the generated API types are in shared/): supply side effects with .provide()';
  }
  if (from.startsWith('machines/kernel/') && toArea === 'machines' && !to.startsWith('machines/kernel/')) {
    return 'machines/kernel/ imports nothing of the machines that use it';
  }
  const sandboxLayer = (/** @type {string} */ p) => /^sandbox\/([^/]+)\//.exec(p)?.[1];
  const fromLayer = sandboxLayer(from);
  const toLayer = sandboxLayer(to);
  if (fromLayer && SANDBOX_DOMAIN.has(fromLayer) && (toLayer === 'api' || toLayer === 'panel')) {
    return `the sandbox's domain (sandbox/${fromLayer}) imports neither its API nor its QA panel: the layers point one way`;
  }
  if (fromLayer === 'api' && toLayer === 'panel') {
    return 'the sandbox API never imports the QA panel: sandbox/platform.ts mounts the panel beside it';
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
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
