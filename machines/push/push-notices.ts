import type { PushNotice } from './push-permission.types';

/** The catalog ids of §8's push texts (src/i18n: push.notice.*), for the view and the root's toasts. */
export const PUSH_NOTICE_IDS: Record<PushNotice, string> = {
  unsupported: 'push.notice.unsupported',
  permissionFailed: 'push.notice.permission_failed',
  subscribeFailed: 'push.notice.subscribe_failed',
  subscribed: 'push.notice.subscribed',
  unsubscribed: 'push.notice.unsubscribed',
  unsubscribeFailed: 'push.notice.unsubscribe_failed',
};
