import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectBetsHistory } from '../../../machines/bets-history/bets-history.connect';
import type { betsHistoryMachine } from '../../../machines/bets-history/bets-history.machine';
import { connectSession } from '../../../machines/session/session.connect';
import { BetsHistoryPage } from '../../features/profile/bets-history-page';
import { useApp, useAppChild } from '../app-context';

/** /user/edit/history-casino: the signed-in player's rounds and sports bets, from the root's `betsHistory` flow. */
export function BetsHistoryRoute() {
  const { session } = useApp();
  const vm = useSelector(session, connectSession);
  const actor = useAppChild('betsHistory');
  if (!vm.user || !actor) {
    return (
      <p role="status" className="page" data-testid="bets-waiting">
        <FormattedMessage id="profile.history.loading" />
      </p>
    );
  }
  return <Page actor={actor} />;
}

function Page({ actor }: { actor: ActorRefFrom<typeof betsHistoryMachine> }) {
  const vm = useSelector(actor, connectBetsHistory);
  return (
    <BetsHistoryPage
      vm={vm}
      onPage={(page) => actor.send({ type: 'bets.page', page })}
      onRetry={() => actor.send({ type: 'bets.retry' })}
    />
  );
}
