import type { ESLint } from 'eslint';

/** Why an import from `fromFile` to the resolved `target` crosses a boundary, or undefined. */
export function boundaryProblem(fromFile: string, target: string): string | undefined;
declare const plugin: ESLint.Plugin;
export default plugin;
