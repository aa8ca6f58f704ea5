import type { SnapshotFrom } from 'xstate';
import type { installPromptMachine } from './install-prompt.machine';

export type InstallPhase = 'noPrompt' | 'modal' | 'held' | 'prompting' | 'accepted' | 'installed';

/** What the install pages and the install modal render. */
export interface InstallPromptViewModel {
  phase: InstallPhase;
  /** §2.3: the app runs installed (standalone display mode or appinstalled). */
  installed: boolean;
  /** A deferred prompt is held: the install button opens the browser's own dialog. */
  canPrompt: boolean;
  /** The install modal (manual steps) is shown: only when no prompt is held and the player asked. */
  modalOpen: boolean;
  /** The browser's dialog is up, or the install it accepted is under way. */
  busy: boolean;
}

export function connectInstallPrompt(snapshot: SnapshotFrom<typeof installPromptMachine>): InstallPromptViewModel {
  const value = snapshot.value;
  const phase: InstallPhase = typeof value === 'string' ? 'installed' : (value.browsing as InstallPhase);
  return {
    phase,
    installed: phase === 'installed',
    canPrompt: phase === 'held',
    modalOpen: phase === 'modal',
    busy: phase === 'prompting' || phase === 'accepted',
  };
}
