/**
 * Web push as the app's first load holds it: only how to fetch the flow (./push.ts and the machine come
 * in a chunk of their own when a player signs in), and the watch that turns its §8 texts into toasts.
 */
import { fromCallback, type AnyActorRef, type EventObject } from 'xstate';
import type { PushFlows } from '../../machines/app/app.machine';
import type { PushPermissionEmitted } from '../../machines/push/push-permission.types';
import type { ApiClient } from '../lib/api/client';
import type { KeyValueStorage } from '../lib/storage';
import type * as PushModuleNs from './push';

type PushModule = typeof PushModuleNs;

export function lazyPushFlows(api: ApiClient, storage: KeyValueStorage): () => Promise<PushFlows> {
  let loading: Promise<PushModule> | undefined;
  return () => {
    loading ??= import('./push');
    // A failed fetch may be tried again (the next sign-in).
    loading.catch(() => (loading = undefined));
    return loading.then((m) => m.createPushFlows(api, storage));
  };
}

/** The push flow's `push.notice`, handed to the root with the toasts' clock (performance.now, as the toast region's). */
export const pushWatch = fromCallback<EventObject>(({ system, sendBack }) => {
  const push: AnyActorRef | undefined = system.get('push');
  if (!push) return undefined;
  const subscription = push.on('push.notice', (event: PushPermissionEmitted) =>
    sendBack({ ...event, at: performance.now() }),
  );
  return () => subscription.unsubscribe();
});
