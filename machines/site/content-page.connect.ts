import type { SnapshotFrom } from 'xstate';
import type { contentPageMachine } from './content-page.machine';

export interface ContentPageViewModel {
  status: 'loading' | 'shown' | 'missing' | 'failed';
  title: string | null;
  /** Untrusted HTML: the view sanitises it before rendering. */
  html: string | null;
  updatedAt: string | null;
  errorId: string | null;
}

export function connectContentPage(snapshot: SnapshotFrom<typeof contentPageMachine>): ContentPageViewModel {
  const { page, errorId } = snapshot.context;
  return {
    status: snapshot.value as ContentPageViewModel['status'],
    title: page?.title ?? null,
    html: page?.html ?? null,
    updatedAt: page?.updated_at ?? null,
    errorId,
  };
}
