import { assign, setup } from 'xstate';
import type { ShellUiContext, ShellUiEvent } from './shell-ui.types';

/**
 * The shell's own UI: the side menu (drawer) and a placeholder for the login modal, which the session issue
 * replaces with its own machine; /login, /register and /recover-pass send `loginModal.open` here.
 * Regions: drawer (closed, open) and loginModal (closed, open).
 */
export const shellUiMachine = setup({
  types: {
    context: {} as ShellUiContext,
    events: {} as ShellUiEvent,
  },
  actions: {
    keepTab: assign({
      loginTab: (_, params: { tab: ShellUiContext['loginTab']; byRoute: boolean }) => params.tab,
      openedByRoute: (_, params: { tab: ShellUiContext['loginTab']; byRoute: boolean }) => params.byRoute,
    }),
  },
}).createMachine({
  id: 'shellUi',
  type: 'parallel',
  context: { loginTab: 'login', openedByRoute: false },
  states: {
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'drawer.open': { target: 'open' } } },
        open: {
          on: {
            'drawer.close': { target: 'closed' },
            'route.changed': { target: 'closed' },
            'loginModal.open': { target: 'closed' },
          },
        },
      },
    },
    loginModal: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'loginModal.open': {
              target: 'open',
              actions: {
                type: 'keepTab',
                params: ({ event }) => ({ tab: event.tab, byRoute: event.byRoute ?? false }),
              },
            },
          },
        },
        open: {
          on: {
            'loginModal.open': {
              target: 'open',
              actions: {
                type: 'keepTab',
                params: ({ event }) => ({ tab: event.tab, byRoute: event.byRoute ?? false }),
              },
            },
            'loginModal.close': { target: 'closed' },
          },
        },
      },
    },
  },
});
