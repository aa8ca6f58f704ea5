import type { Rule } from 'eslint';

/** local/no-effect-send: no React effect sends events to machines or forwards their emitted events. */
declare const rule: Rule.RuleModule;
export default rule;
