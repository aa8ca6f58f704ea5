/**
 * /refers's app side, one chunk fetched with the page: its flow with the real calls (the root's loader takes
 * `createRefersFlows`) and its route element (`Route`, found by the router by this file's name, with the catalogue
 * part its route entry names).
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { RefersFlows } from '../../../machines/app/app.machine';
import { connectRefers } from '../../../machines/refers/refers.connect';
import { refersMachine, type RefersInput, type RefersLinkInput } from '../../../machines/refers/refers.machine';
import { RefersPage } from '../../features/refers/refers-page';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import { useFlow } from '../app-context';

/** The flow with GET /profile/affiliates, the clipboard and the browser's share sheet. */
export function createRefersFlows(api: ApiClient, win: Window = window): RefersFlows {
  const input: RefersInput = {
    // The link opens this site (the brand's own domain); the friend's language is theirs to choose.
    base: win.location.origin,
    canShare: typeof win.navigator.share === 'function',
  };
  return {
    refers: {
      logic: refersMachine.provide({
        actors: {
          loadAffiliates: fromPromise<unknown>(({ signal }) => unwrap(api.GET('/profile/affiliates', { signal }))),
          copyLink: fromPromise<void, RefersLinkInput>(async ({ input: { link } }) => {
            if (!win.navigator.clipboard) throw new Error('no clipboard');
            await win.navigator.clipboard.writeText(link);
          }),
          shareLink: fromPromise<void, RefersLinkInput>(async ({ input: { link } }) => {
            await win.navigator.share({ url: link });
          }),
        },
      }),
      input,
    },
  };
}

/** /refers (auth): rendered from the root's `refers` flow. The route guard keeps guests out. */
export function Route() {
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
