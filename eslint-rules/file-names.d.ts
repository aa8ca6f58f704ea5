import type { Rule } from 'eslint';

/** local/file-names: kebab-case file names; test-only helpers end in .fixture.ts and are imported by tests only. */
declare const rule: Rule.RuleModule;
export default rule;
export function fileNameProblem(file: string): string | undefined;
