/**
 * The bell and the pop-ups bound to their actors: a chunk of its own with the components, the view-model
 * functions and their texts, fetched once a player's centre runs (./notifications-ui.tsx holds only how to fetch it).
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectNotifications, connectPopups, samePopups } from '../../machines/notifications/notifications.connect';
import type { notificationsMachine } from '../../machines/notifications/notifications.machine';
import type { popupQueueMachine } from '../../machines/notifications/popup-queue.machine';
import { NotificationBell } from '../features/notifications/notification-bell';
import { NotificationPopups } from '../features/notifications/notification-popups';
import { intlLocale, type Locale } from '../i18n/locale';
import { PushSwitchSlot } from './push-ui';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function BellView({ actor, locale }: { actor: ActorRefFrom<typeof notificationsMachine>; locale: Locale }) {
  const vm = useSelector(actor, (s) => connectNotifications(s, intlLocale(locale)), sameJson);
  return <NotificationBell vm={vm} send={(event) => actor.send(event)} footer={<PushSwitchSlot />} />;
}

export function PopupsView({ actor }: { actor: ActorRefFrom<typeof popupQueueMachine> }) {
  const vm = useSelector(actor, connectPopups, samePopups);
  if (!vm.hasPopups) return null;
  return <NotificationPopups vm={vm} send={(event) => actor.send(event)} />;
}
