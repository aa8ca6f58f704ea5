import type { SnapshotFrom } from 'xstate';
import type { shellUiMachine } from './shell-ui.machine';
import type { LoginModalTab } from './shell-ui.types';

export interface ShellUiViewModel {
  drawerOpen: boolean;
  loginModal: { open: boolean; tab: LoginModalTab; titleId: string; closeLeadsHome: boolean };
}

const TAB_TITLE: Record<LoginModalTab, string> = {
  login: 'shell.login_modal.tab.login',
  register: 'shell.login_modal.tab.register',
  recovery: 'shell.login_modal.tab.recovery',
};

export function connectShellUi(snapshot: SnapshotFrom<typeof shellUiMachine>): ShellUiViewModel {
  const open = snapshot.matches({ loginModal: 'open' });
  return {
    drawerOpen: snapshot.matches({ drawer: 'open' }),
    loginModal: {
      open,
      tab: snapshot.context.loginTab,
      titleId: TAB_TITLE[snapshot.context.loginTab],
      closeLeadsHome: open && snapshot.context.openedByRoute,
    },
  };
}

/** §2.2: /login, /register and /recover-pass open the modal on the login, register or recovery tab. */
export function loginTabOfPath(plainPath: string): LoginModalTab | undefined {
  if (plainPath === '/login') return 'login';
  if (plainPath === '/register') return 'register';
  if (plainPath === '/recover-pass') return 'recovery';
  return undefined;
}
