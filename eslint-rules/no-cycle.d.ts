import type { Rule } from 'eslint';

/** local/no-cycle: no module imports itself through others (static imports). */
declare const rule: Rule.RuleModule;
export default rule;
export function cycleThrough(start: string, file: string): string[] | null;
export function valueImportsOf(file: string): string[];
export function resolveImport(from: string, specifier: string): string | undefined;
