import type { SnapshotFrom } from 'xstate';
import type { pushPermissionMachine } from './push-permission.machine';
import { PUSH_NOTICE_IDS } from './push-notices';

export { PUSH_NOTICE_IDS };

export interface PushPermissionView {
  /** The offer (modal) is on screen: only in default.prompting, and while the answer it asked for is pending. */
  promptOpen: boolean;
  /** The browser's prompt or the subscription is under way (the modal's button waits). */
  busy: boolean;
  /** The account menu's "enable notifications" makes sense (not yet subscribed, and the browser can). */
  canEnable: boolean;
  /** §4: default, granted or denied (unsupported: the browser cannot). */
  permission: 'default' | 'granted' | 'denied' | 'unsupported' | 'checking';
  /** A §8 text to show, as a catalog id. */
  noticeId: string | null;
  /** For tests and styling: `data-state` of the modal. */
  dataState: string;
  /**
   * The "browser notifications" switch (the notification centre): on (subscribed: `push.disable` turns it off), off
   * (`push.enable` turns it on), busy (asking, subscribing, unsubscribing), or unavailable (not supported, denied in
   * the browser, not checked yet).
   */
  switchState: 'on' | 'off' | 'busy' | 'unavailable';
}

export function connectPushPermission(snapshot: SnapshotFrom<typeof pushPermissionMachine>): PushPermissionView {
  const prompting = snapshot.matches({ default: 'prompting' });
  const asking = snapshot.matches('requesting') || (snapshot.matches('subscribing') && snapshot.context.asked);
  const permission = snapshot.matches('unsupported')
    ? 'unsupported'
    : snapshot.matches('denied')
      ? 'denied'
      : snapshot.matches('granted') ||
          snapshot.matches('subscribing') ||
          snapshot.matches('unsubscribing') ||
          snapshot.matches('off')
        ? 'granted'
        : snapshot.matches('default') || snapshot.matches('requesting')
          ? 'default'
          : 'checking';
  return {
    promptOpen: prompting || asking,
    busy: asking,
    canEnable: snapshot.matches('default') || snapshot.matches({ granted: 'failed' }) || snapshot.matches('off'),
    permission,
    switchState: snapshot.matches({ granted: 'subscribed' })
      ? 'on'
      : snapshot.matches('requesting') || snapshot.matches('subscribing') || snapshot.matches('unsubscribing')
        ? 'busy'
        : snapshot.matches('off') || snapshot.matches('default') || snapshot.matches({ granted: 'failed' })
          ? 'off'
          : 'unavailable',
    noticeId: snapshot.context.notice ? PUSH_NOTICE_IDS[snapshot.context.notice] : null,
    dataState: prompting ? 'prompting' : asking ? 'busy' : 'closed',
  };
}
