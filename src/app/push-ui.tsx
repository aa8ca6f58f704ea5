import { lazy, Suspense } from 'react';
import { withMessages } from '../i18n/i18n-provider';
import { useAppChild } from './app-context';

/** The offer's component and its texts, fetched once a player's push flow runs (not in the first load). */
const PushPrompt = lazy(
  withMessages('push', () => import('../features/push/push-prompt').then((m) => ({ default: m.PushPrompt }))),
);

const PushSwitch = lazy(
  withMessages('push', () => import('../features/push/push-switch').then((m) => ({ default: m.PushSwitch }))),
);

/** The notification centre's "browser notifications" switch, while the player's push flow runs. */
export function PushSwitchSlot() {
  const push = useAppChild('push');
  if (!push) return null;
  return (
    <Suspense fallback={null}>
      <PushSwitch actorRef={push} />
    </Suspense>
  );
}

/** The web push offer of the signed-in player's push flow (systemId `push`), when it runs. */
export function PushPromptSlot() {
  const push = useAppChild('push');
  if (!push) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt actorRef={push} />
    </Suspense>
  );
}
