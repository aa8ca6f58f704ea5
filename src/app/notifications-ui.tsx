/**
 * The notification centre's parts of the default layout: the header's bell with its dropdown or sheet, and
 * the pop-ups. Both render only while a player's centre and pop-up queue run (the root starts them after sign-in);
 * their components, view-models and texts are a chunk of their own (./notifications-view.tsx), fetched then: nothing
 * of them is in a guest's first load.
 */
import { lazy, Suspense } from 'react';
import { withMessages } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/locale';
import { useAppChild } from './app-context';

const view = withMessages('notifications', () => import('./notifications-view'));
const BellView = lazy(() => view().then((m) => ({ default: m.BellView })));
const PopupsView = lazy(() => view().then((m) => ({ default: m.PopupsView })));

/** The bell (null for a guest) and the pop-ups (null when none run). */
export function useNotificationsShell(locale: Locale) {
  const notifications = useAppChild('notifications');
  const popups = useAppChild('popups');
  return {
    bell: notifications ? (
      <Suspense fallback={null}>
        <BellView actor={notifications} locale={locale} />
      </Suspense>
    ) : null,
    popups: popups ? (
      <Suspense fallback={null}>
        <PopupsView actor={popups} />
      </Suspense>
    ) : null,
  };
}
