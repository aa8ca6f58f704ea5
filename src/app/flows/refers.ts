/** /refers's flow with its real calls, a chunk of its own fetched with the page. */
import { fromPromise } from 'xstate';
import type { RefersFlows } from '../../../machines/app/app.machine';
import { refersMachine } from '../../../machines/refers/refers.machine';
import type { RefersInput, RefersLinkInput } from '../../../machines/refers/refers.types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

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
