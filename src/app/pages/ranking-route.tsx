import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { connectRank } from '../../../machines/bonus/rank.connect';
import { connectSession } from '../../../machines/session/session.connect';
import type { DynamicChildren } from '../app-context';
import { useApp, useAppChild } from '../app-context';
import { RankingPage } from '../../features/ranking/ranking-page';
import { celebrate } from './boxes-browser';

/** /ranking: rendered from the root's `rank` flow (the levels; a player's standing and level-up moment). */
export function RankingRoute() {
  const { app, session } = useApp();
  const vm = useSelector(session, connectSession);
  const rank = useAppChild('rank');
  if (!rank) {
    return (
      <p role="status" className="page" data-testid="ranking-waiting">
        <FormattedMessage id="ranking.page.loading" />
      </p>
    );
  }
  return (
    <Page
      rank={rank}
      signedIn={vm.user !== null}
      onSignIn={() => app.send({ type: 'loginModal.open', tab: 'login' })}
    />
  );
}

function Page(props: Pick<DynamicChildren, 'rank'> & { signedIn: boolean; onSignIn: () => void }) {
  const view = useSelector(props.rank, connectRank);
  return (
    <RankingPage
      view={view}
      // The flow of the page just left may still be shown for a moment after signing in or out: a guest's view
      // only while no one is signed in.
      guest={!view.player || !props.signedIn}
      onSignIn={props.onSignIn}
      onRetry={() => props.rank.send({ type: 'rank.retry' })}
      onDismiss={() => props.rank.send({ type: 'rank.dismiss' })}
      onCelebrate={celebrate}
    />
  );
}
