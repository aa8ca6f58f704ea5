import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from '../eslint-rules/no-effect-send.js';

/**
 * No React effect forwards one machine's output to another. The rule fails when such an effect is
 * added (the shapes main had before the root app machine), and lets through what is not machine wiring.
 */
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });

tester.run('local/no-effect-send', rule, {
  valid: [
    // A player's event sent from a handler.
    { code: 'function C() { const onClick = () => session.send({ type: "session.logout" }); return onClick; }' },
    // An effect on the DOM, not on a machine.
    { code: 'function C() { useEffect(() => { document.title = title; }, [title]); }' },
    // A router subscription outside effects (the runtime's bridge).
    {
      code: 'const stop = router.subscribe((state) => app.send({ type: "app.routeChanged", route: routeOf(state) }));',
    },
  ],
  invalid: [
    // wallet-route.tsx: the session's balance pushed into the withdrawal machine.
    {
      code: 'function W() { useEffect(() => withdrawal.send({ type: "withdrawal.balanceChanged", balance }), [withdrawal, balance]); }',
      errors: [{ messageId: 'send' }],
    },
    // app.tsx: the session's announcements forwarded to the login modal.
    {
      code: 'function A() { useEffect(() => { const s = session.on("session.signedIn", (e) => loginModal.send(e)); return () => s.unsubscribe(); }, []); }',
      errors: [{ messageId: 'send' }, { messageId: 'send' }],
    },
    // app.tsx: the site's state starting the bets feed.
    {
      code: 'function L() { React.useLayoutEffect(function () { if (settings) betsFeed.send({ type: "betsFeed.start" }); }, [settings]); }',
      errors: [{ messageId: 'send' }],
    },
  ],
});
