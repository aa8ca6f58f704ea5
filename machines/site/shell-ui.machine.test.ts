import { describe, expect, it } from 'vitest';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectShellUi, loginTabOfPath } from './shell-ui.connect';
import { shellUiMachine } from './shell-ui.machine';

describe('shell ui: generated paths', () => {
  it('reaches every state of the drawer region and no path fails', () => {
    const result = reachability(shellUiMachine, {
      events: [{ type: 'drawer.open' }, { type: 'drawer.close' }, { type: 'route.changed' }],
    });
    expect(result.leaves).toEqual(['drawer.closed', 'drawer.open']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('shell ui: stories', () => {
  it('the side menu opens and closes from its button', () => {
    const { actor } = createTestActor(shellUiMachine);
    actor.send({ type: 'drawer.open' });
    expect(connectShellUi(actor.getSnapshot()).drawerOpen).toBe(true);
    actor.send({ type: 'drawer.close' });
    expect(connectShellUi(actor.getSnapshot()).drawerOpen).toBe(false);
  });

  it('the side menu closes when the route changes', () => {
    const { actor } = createTestActor(shellUiMachine);
    actor.send({ type: 'drawer.open' });
    expect(connectShellUi(actor.getSnapshot()).drawerOpen).toBe(true);
    actor.send({ type: 'route.changed' });
    expect(connectShellUi(actor.getSnapshot()).drawerOpen).toBe(false);
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
