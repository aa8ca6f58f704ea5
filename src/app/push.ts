/**
 * The push permission flow's real actors: the only place the app touches Notification,
 * the service worker's PushManager, matchMedia and the stored choice. Fetched (with the flow) when a player signs in
 * (./push-flows.ts), never in the first load.
 */
import { fromPromise } from 'xstate';
import type { PushFlows } from '../../machines/app/app.machine';
import { pushPermissionMachine } from '../../machines/push/push-permission.machine';
import type {
  PermissionAnswer,
  PushEnvironment,
  PushPermission,
  StoredPushChoice,
} from '../../machines/push/push-permission.types';
import type { ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';
import type { KeyValueStorage } from '../lib/storage';
import { ensureServiceWorker } from '../sw/register';

/** Spec §3 Local storage keys: the push permission state is stored locally. */
export const PUSH_STORAGE_KEY = 'pushPermission';

const PERMISSIONS: readonly PushPermission[] = ['default', 'granted', 'denied'];
const time = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

/** The stored choice, or null when none or unreadable (a stranger's value is ignored, never trusted). */
export function readStoredChoice(storage: KeyValueStorage): StoredPushChoice | null {
  try {
    const raw = JSON.parse(storage.get(PUSH_STORAGE_KEY) ?? 'null') as Partial<StoredPushChoice> | null;
    if (!raw || !PERMISSIONS.includes(raw.permission as PushPermission)) return null;
    return {
      permission: raw.permission as PushPermission,
      deniedAt: time(raw.deniedAt),
      dismissedAt: time(raw.dismissedAt),
      optedOut: raw.optedOut === true,
    };
  } catch {
    return null;
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window
  );
}

function isMobile(): boolean {
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  if (typeof hint === 'boolean') return hint;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** base64url → bytes (the VAPID key for applicationServerKey). */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * The browser's subscription made with the brand's VAPID key (one made with another key — the platform rotated
 * it — is dropped first), stored by the platform (POST /notifications/push-subscription).
 */
async function subscribe(api: ApiClient, signal: AbortSignal): Promise<void> {
  const { data } = await unwrap(api.GET('/notifications/push-key', { signal }));
  const key = bytesOf(data.public_key);
  const registration = await ensureServiceWorker();
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await unwrap(
    api.POST('/notifications/push-subscription', {
      body: {
        endpoint: json.endpoint ?? subscription.endpoint,
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
      signal,
    }),
  );
}

/**
 * Turns push off on this browser. The push service forgets the subscription first: from then on nothing can reach
 * this browser, whatever the platform still holds (its next send is answered 410 and it drops the row), so only
 * that step can fail the turn-off. Then the platform is told (DELETE; a 404 means it had already ended with a
 * session, and a failed call changes nothing for the player).
 */
async function unsubscribe(api: ApiClient, signal: AbortSignal): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const endpoint = subscription.endpoint;
  if (!(await subscription.unsubscribe())) throw new Error('the push service kept the subscription');
  await api.DELETE('/notifications/push-subscription', { body: { endpoint }, signal }).catch(() => undefined);
}

export function createPushFlows(api: ApiClient, storage: KeyValueStorage): PushFlows {
  const push = pushPermissionMachine.provide({
    actors: {
      checkEnvironment: fromPromise<PushEnvironment>(async () => {
        const supported = pushSupported();
        return {
          supported,
          permission: supported ? (Notification.permission as PushPermission) : 'default',
          mobile: isMobile(),
          standalone: isStandalone(),
          now: Date.now(),
        };
      }),
      requestPermission: fromPromise<PermissionAnswer>(async () => {
        const permission = (await Notification.requestPermission()) as PushPermission;
        return { permission, at: Date.now() };
      }),
      subscribe: fromPromise<void>(({ signal }) => subscribe(api, signal)),
      unsubscribe: fromPromise<void>(({ signal }) => unsubscribe(api, signal)),
    },
    actions: {
      store: ({ context }) => storage.set(PUSH_STORAGE_KEY, JSON.stringify(context.stored)),
    },
  });
  return { push, input: { stored: readStoredChoice(storage) } };
}
