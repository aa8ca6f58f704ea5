/**
 * The notification centre as the app's first load holds it: only how to fetch it. ./notifications.ts
 * (the machines and their real actors) is fetched when a player signs in, once a page; the mute is read each time.
 */
import type { NotificationFlows } from '../../machines/app/app.machine';
import type { ApiClient } from '../lib/api/client';
import type { KeyValueStorage } from '../lib/storage';
import type { LiveServices } from './live';
import type * as NotificationsModule from './notifications';

export function lazyNotificationFlows(
  api: ApiClient,
  live: LiveServices | undefined,
  storage: KeyValueStorage,
): () => Promise<NotificationFlows> {
  let loading: Promise<typeof NotificationsModule> | undefined;
  return async () => {
    loading ??= import('./notifications');
    // A failed fetch may be tried again.
    loading.catch(() => (loading = undefined));
    return (await loading).createNotificationFlows(api, live, storage);
  };
}
