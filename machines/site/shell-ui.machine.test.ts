import { describe, expect, it } from 'vitest';
import { transitionPaths } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectShellUi, loginTabOfPath } from './shell-ui.connect';
import { shellUiMachine } from './shell-ui.machine';

describe('shell ui: generated paths', () => {
  const paths = transitionPaths(shellUiMachine, {
    events: [
      { type: 'drawer.open' },
      { type: 'drawer.close' },
      { type: 'route.changed' },
      { type: 'loginModal.open', tab: 'register', byRoute: true },
      { type: 'loginModal.close' },
    ],
  });
  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    expect(path.run().value).toEqual(path.expected);
  });
});

describe('shell ui: stories', () => {
  it('the side menu closes when the route changes', () => {
    const { actor } = createTestActor(shellUiMachine);
    actor.send({ type: 'drawer.open' });
    expect(connectShellUi(actor.getSnapshot()).drawerOpen).toBe(true);
    actor.send({ type: 'route.changed' });
    expect(connectShellUi(actor.getSnapshot()).drawerOpen).toBe(false);
  });

  it('/recover-pass opens the modal on the recovery tab; a button switches tabs; closing leads home only for routes', () => {
    const { actor } = createTestActor(shellUiMachine);
    actor.send({ type: 'drawer.open' });
    actor.send({ type: 'loginModal.open', tab: loginTabOfPath('/recover-pass') ?? 'login', byRoute: true });
    expect(connectShellUi(actor.getSnapshot())).toEqual({
      drawerOpen: false,
      loginModal: { open: true, tab: 'recovery', titleId: 'shell.login_modal.tab.recovery', closeLeadsHome: true },
    });
    actor.send({ type: 'loginModal.open', tab: 'login' });
    expect(connectShellUi(actor.getSnapshot()).loginModal).toMatchObject({ tab: 'login', closeLeadsHome: false });
    actor.send({ type: 'loginModal.close' });
    expect(connectShellUi(actor.getSnapshot()).loginModal.open).toBe(false);
  });

  it('maps the three paths to their tabs', () => {
    expect(['/login', '/register', '/recover-pass', '/'].map(loginTabOfPath)).toEqual([
      'login',
      'register',
      'recovery',
      undefined,
    ]);
  });
});
