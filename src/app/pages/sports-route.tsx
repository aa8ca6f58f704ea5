import { useSelector } from '@xstate/react';
import { SportsPage } from '../../features/casino/sports-page';
import { useApp, useAppChild } from '../app-context';
import type { SnapshotFrom } from 'xstate';
import type { sportsLaunchMachine } from '../../../machines/games/sports-launch.machine';
import type { SportsView } from '../../features/casino/sports-page';

const sameSportsView = (a: ReturnType<typeof sportsViewOf>, b: ReturnType<typeof sportsViewOf>) =>
  a.status === b.status && a.url === b.url && a.mode === b.mode;

/** /sports: the root's `sports` flow (POST games/launch/sport) shown in the sportsbook frame. */
export function SportsRoute() {
  const actor = useAppChild('sports');
  const { app } = useApp();
  const view = useSelector(
    actor ?? undefined,
    (s) => (s ? sportsViewOf(s) : null),
    (a, b) => (a === null || b === null ? a === b : sameSportsView(a, b)),
  );
  return (
    <SportsPage
      view={view ?? { status: 'loading', url: null, mode: null }}
      onRetry={() => actor?.send({ type: 'sports.retry' })}
      onSignIn={() => app.send({ type: 'loginModal.open', tab: 'login' })}
    />
  );
}

export function sportsViewOf(snapshot: SnapshotFrom<typeof sportsLaunchMachine>): SportsView {
  const { context } = snapshot;
  const status: SportsView['status'] = snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('signInRequired')
      ? 'signInRequired'
      : snapshot.matches('failed')
        ? 'failed'
        : 'loading';
  return {
    status,
    url: status === 'ready' ? context.url : null,
    mode: status === 'ready' ? (context.signedIn ? 'real' : 'view') : null,
  };
}
