import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { connectRefers } from '../../../machines/refers/refers.connect';
import type { ActorRefFrom } from 'xstate';
import type { refersMachine } from '../../../machines/refers/refers.machine';
import { useFlow } from '../app-context';
import { RefersPage } from '../../features/refers/refers-page';

/** /refers (auth): rendered from the root's `refers` flow. The route guard keeps guests out. */
export function RefersRoute() {
  const refers = useFlow<typeof refersMachine>('refers');
  if (!refers) {
    return (
      <p role="status" className="page" data-testid="refers-waiting">
        <FormattedMessage id="refers.page.loading" />
      </p>
    );
  }
  return <Page refers={refers} />;
}

function Page(props: { refers: ActorRefFrom<typeof refersMachine> }) {
  const view = useSelector(props.refers, connectRefers);
  return (
    <RefersPage
      view={view}
      onCopy={() => props.refers.send({ type: 'refers.copy' })}
      onShare={() => props.refers.send({ type: 'refers.share' })}
      onRetry={() => props.refers.send({ type: 'refers.retry' })}
    />
  );
}
