import type { SnapshotFrom } from 'xstate';
import type { buildWatchMachine } from './build-watch.machine';

/** What the new-build banner shows: nothing, the offer to reload, or why the reload waits. */
export type BuildBannerView =
  | { kind: 'none' }
  | { kind: 'offer'; messageId: 'build.offer.text'; actionId: 'build.offer.reload'; closeId: 'build.offer.close' }
  | { kind: 'held'; messageId: 'build.held.text' };

export function connectBuildBanner(snapshot: SnapshotFrom<typeof buildWatchMachine>): BuildBannerView {
  if (snapshot.matches({ reload: { watching: 'offered' } }))
    return {
      kind: 'offer',
      messageId: 'build.offer.text',
      actionId: 'build.offer.reload',
      closeId: 'build.offer.close',
    };
  if (snapshot.matches({ reload: 'held' })) return { kind: 'held', messageId: 'build.held.text' };
  return { kind: 'none' };
}
