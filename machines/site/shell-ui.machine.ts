import { setup } from 'xstate';
import type { ShellUiContext, ShellUiEvent } from './shell-ui.types';

/**
 * The shell's own UI: the side menu (drawer). The login modal is its own machine (machines/login-modal).
 * Region: drawer (closed, open).
 */
export const shellUiMachine = setup({
  types: {
    context: {} as ShellUiContext,
    events: {} as ShellUiEvent,
  },
}).createMachine({
  id: 'shellUi',
  type: 'parallel',
  context: {},
  states: {
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'drawer.open': { target: 'open' } } },
        open: {
          on: {
            'drawer.close': { target: 'closed' },
            'route.changed': { target: 'closed' },
          },
        },
      },
    },
  },
});
