/** Types of the shell's own UI machine: the side menu and the login modal placeholder (spec §2.2, §2.3). */

/** §2.3: the login modal has types login, register and recovery. */
export type LoginModalTab = 'login' | 'register' | 'recovery';

export interface ShellUiContext {
  loginTab: LoginModalTab;
  /** Whether the modal was opened by a route (/login…): closing it then leads home. */
  openedByRoute: boolean;
}

export type ShellUiEvent =
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'route.changed' }
  | { type: 'loginModal.open'; tab: LoginModalTab; byRoute?: boolean }
  | { type: 'loginModal.close' };
