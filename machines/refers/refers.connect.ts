/** What /refers renders of its flow's snapshot: a plain view model, no actor refs. */
import type { SnapshotFrom } from 'xstate';
import type { UiMessage } from '../kernel/api-error';
import type { refersMachine } from './refers.machine';
import { affiliatesViewOf, type AffiliatesView } from './refers.view';

export interface RefersView {
  loading: boolean;
  affiliates: AffiliatesView | null;
  messages: UiMessage[];
  /** The link's button: what it says. */
  link: 'idle' | 'copying' | 'copied' | 'copyFailed' | 'sharing';
  canShare: boolean;
  canRetry: boolean;
}

export function connectRefers(snapshot: SnapshotFrom<typeof refersMachine>): RefersView {
  const { base, data, failure, canShare } = snapshot.context;
  const link = (['copying', 'copied', 'copyFailed', 'sharing'] as const).find((s) => snapshot.matches({ loaded: s }));
  return {
    loading: snapshot.matches('loading') && data === null,
    affiliates: affiliatesViewOf(base, data),
    messages: failure ? failure.messages : [],
    link: link ?? 'idle',
    canShare,
    canRetry: snapshot.matches('failed'),
  };
}
