/**
 * The mission widgets of the default layout: rendered only while the root's missions flow runs (a
 * signed-in player, or a guest once a mission arrived on their channel). Their components and texts are a chunk of
 * their own, fetched then: nothing of them is in a guest's first load otherwise.
 */
import { lazy, Suspense } from 'react';
import { withMessages } from '../i18n/i18n-provider';
import { useApp, useAppChild } from './app-context';

const view = withMessages('rewards', () => import('../features/missions/mission-widgets'));
const MissionWidgetsView = lazy(() => view().then((m) => ({ default: m.MissionWidgets })));

/** The widgets (null while no missions flow runs). */
export function MissionWidgetsRegion() {
  const { app } = useApp();
  const missions = useAppChild('missions');
  if (!missions) return null;
  return (
    <Suspense fallback={null}>
      <MissionWidgetsView missions={missions} onSignIn={() => app.send({ type: 'loginModal.open', tab: 'login' })} />
    </Suspense>
  );
}
