import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { rankProgress, type RankProgress } from '../../../machines/bonus/rank-progress';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { connectSession } from '../../../machines/session/session.connect';
import { useMissions } from '../../features/missions/mission-widgets';
import { RewardsGuest, RewardsPage } from '../../features/missions/rewards-page';
import type { DynamicChildren } from '../app-context';
import { useApp, useAppChild } from '../app-context';

/**
 * The player's level (§4 Rank progress) from the session: the levels it loaded and the profile's level; the total
 * bet is the VIP points' (whole reais bet: `vip.points` × 100 centavos).
 */
function levelOf(snapshot: SnapshotFrom<typeof sessionMachine>): RankProgress | null {
  const { user, ranking } = snapshot.context;
  if (!user) return null;
  return rankProgress(ranking, user.level, (user.vip?.points ?? 0) * 100);
}

const sameLevel = (a: RankProgress | null, b: RankProgress | null) => JSON.stringify(a) === JSON.stringify(b);

/** /rewards: the missions flow (systemId `missions`), the player's level and the cashback summary. */
export function RewardsRoute() {
  const { app, session, site } = useApp();
  const vm = useSelector(session, connectSession);
  const level = useSelector(session, levelOf, sameLevel);
  const missions = useAppChild('missions');
  // A regulated brand offers no cashback of losses (its site config says `cashback: false`): no summary, no perk.
  const hasCashback = useSelector(site, (s) => s.context.config?.cashback === true);
  const cashbackChild = useAppChild('cashback');
  const cashback = hasCashback ? cashbackChild : null;
  if (!vm.user)
    return <RewardsGuest cashback={hasCashback} onSignIn={() => app.send({ type: 'loginModal.open', tab: 'login' })} />;
  if (!missions) return <RewardsPage missions={null} widgets={[]} level={level} cashback={cashback} />;
  return <WithMissions missions={missions} cashback={cashback} level={level} />;
}

function WithMissions(props: {
  missions: DynamicChildren['missions'];
  cashback: DynamicChildren['cashback'] | null;
  level: RankProgress | null;
}) {
  const { vm, views } = useMissions(props.missions);
  return (
    <RewardsPage
      missions={vm}
      widgets={views}
      level={props.level}
      cashback={props.cashback}
      onAccept={(id) => props.missions.send({ type: 'missions.accept', id })}
      onClaim={(id) => props.missions.send({ type: 'missions.claim', id })}
    />
  );
}
