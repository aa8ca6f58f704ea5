import type { SnapshotFrom } from 'xstate';
import type { shellUiMachine } from './shell-ui.machine';
import type { LoginModalTab } from './shell-ui.types';

export interface ShellUiViewModel {
  drawerOpen: boolean;
}

export function connectShellUi(snapshot: SnapshotFrom<typeof shellUiMachine>): ShellUiViewModel {
  return { drawerOpen: snapshot.matches({ drawer: 'open' }) };
}

/** §2.2: /login, /register and /recover-pass open the modal on the login, register or recovery tab. */
export function loginTabOfPath(plainPath: string): LoginModalTab | undefined {
  if (plainPath === '/login') return 'login';
  if (plainPath === '/register') return 'register';
  if (plainPath === '/recover-pass') return 'recovery';
  return undefined;
}
