// @ts-check
/**
 * Flows talk through the root app machine (machines/app), never through React effects. Inside a
 * `useEffect` / `useLayoutEffect` callback this rule refuses:
 * - `x.send(…)`: an effect that sends an event to an actor (typically because another actor's state changed);
 * - `x.on(…)`: an effect that subscribes to an actor's emitted events (typically to forward them elsewhere).
 * Route such wiring through the root machine (an event to the root; an invoked watcher in the root). The rare
 * effect that reports something that is not a machine's state (a React render error, the DOM) must say so in an
 * `eslint-disable-next-line local/no-effect-send -- why` comment.
 */

const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);

/** @param {import('estree').Node} callee */
function hookName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'No React effect sends events to machines or forwards their emitted events' },
    messages: {
      send: 'An effect must not send events to a machine ({{what}}): route it through the root app machine (machines/app).',
    },
  },
  create(context) {
    /** @type {import('estree').Node[]} */
    const effects = [];
    return {
      CallExpression(node) {
        const name = hookName(node.callee);
        if (name && EFFECT_HOOKS.has(name)) {
          const callback = node.arguments[0];
          if (callback && (callback.type === 'ArrowFunctionExpression' || callback.type === 'FunctionExpression'))
            effects.push(callback);
          return;
        }
        if (effects.length === 0) return;
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (method !== 'send' && method !== 'on') return;
        const inside = effects.some((effect) => {
          const [start, end] = /** @type {[number, number]} */ (effect.range);
          const [s, e] = /** @type {[number, number]} */ (node.range);
          return s >= start && e <= end;
        });
        if (inside) context.report({ node, messageId: 'send', data: { what: `.${method}()` } });
      },
      'CallExpression:exit'(node) {
        const name = hookName(node.callee);
        if (name && EFFECT_HOOKS.has(name)) effects.pop();
      },
    };
  },
};

export default rule;
