import type { SnapshotFrom } from 'xstate';
import type { loadingBarMachine } from './loading-bar.machine';

export type LoadingBarPhase = 'idle' | 'waiting' | 'running' | 'finishing' | 'failed' | 'hiding';

export interface LoadingBarViewModel {
  phase: LoadingBarPhase;
  visible: boolean;
  error: boolean;
  /** Target width in percent; CSS transitions carry it there. */
  progress: number;
  /** How long the transition to `progress` takes, in ms. */
  transitionMs: number;
  heightPx: number;
}

export function connectLoadingBar(snapshot: SnapshotFrom<typeof loadingBarMachine>): LoadingBarViewModel {
  const phase = snapshot.value as LoadingBarPhase;
  const { durationMs, heightPx } = snapshot.context;
  const byPhase: Record<LoadingBarPhase, { visible: boolean; progress: number; transitionMs: number }> = {
    idle: { visible: false, progress: 0, transitionMs: 0 },
    waiting: { visible: false, progress: 0, transitionMs: 0 },
    running: { visible: true, progress: 90, transitionMs: durationMs },
    finishing: { visible: true, progress: 100, transitionMs: 200 },
    failed: { visible: true, progress: 100, transitionMs: 200 },
    hiding: { visible: false, progress: 100, transitionMs: 0 },
  };
  return { phase, error: phase === 'failed', heightPx, ...byPhase[phase] };
}
