import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectPersonalData } from '../../../machines/personal-data/personal-data.connect';
import type { personalDataMachine } from '../../../machines/personal-data/personal-data.machine';
import { connectSession } from '../../../machines/session/session.connect';
import { PersonalDataPage } from '../../features/profile/personal-data-page';
import { useApp, useAppChild } from '../app-context';

/** /user/edit/personal-data: the signed-in player's personal data, rendered from the root's `personalData` flow. */
export function PersonalDataRoute() {
  const { session } = useApp();
  const vm = useSelector(session, connectSession);
  const actor = useAppChild('personalData');
  if (!vm.user || !actor) {
    return (
      <p role="status" className="page" data-testid="personal-waiting">
        <FormattedMessage id="profile.loading" />
      </p>
    );
  }
  return <Page actor={actor} />;
}

function Page({ actor }: { actor: ActorRefFrom<typeof personalDataMachine> }) {
  const vm = useSelector(actor, connectPersonalData);
  return (
    <PersonalDataPage
      vm={vm}
      onSave={(input) => actor.send({ type: 'personal.save', input })}
      onRetry={() => actor.send({ type: 'personal.retry' })}
      onDismiss={() => actor.send({ type: 'personal.dismiss' })}
    />
  );
}
