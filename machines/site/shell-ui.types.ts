/** Types of the shell's own UI machine: the side menu (spec §2.2). */

/** §2.3: the login modal has types login, register and recovery (its machine lives in machines/login-modal). */
export type { LoginModalTab } from '../login-modal/login-modal.types';

/** No data of its own yet. */
export type ShellUiContext = Record<string, never>;

export type ShellUiEvent = { type: 'drawer.open' } | { type: 'drawer.close' } | { type: 'route.changed' };
