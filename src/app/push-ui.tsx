import { lazy, Suspense, type ComponentType } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { pushPermissionMachine } from '../../machines/push/push-permission.machine';
import { withMessages } from '../i18n/i18n-provider';
import { useAppChild } from './app-context';

type PushView = ComponentType<{ actorRef: ActorRefFrom<typeof pushPermissionMachine> }>;

/** The offer's component and its texts, fetched once a player's push flow runs (not in the first load). */
const PushPrompt = lazy(
  withMessages('push', () => import('../features/push/push-prompt').then((m) => ({ default: m.PushPrompt }))),
);

const PushSwitch = lazy(
  withMessages('push', () => import('../features/push/push-switch').then((m) => ({ default: m.PushSwitch }))),
);

/** A view of the signed-in player's push flow (systemId `push`), while it runs. */
function PushSlot({ view: View }: { view: PushView }) {
  const push = useAppChild('push');
  if (!push) return null;
  return (
    <Suspense fallback={null}>
      <View actorRef={push} />
    </Suspense>
  );
}

/** The notification centre's "browser notifications" switch. */
export const PushSwitchSlot = () => <PushSlot view={PushSwitch} />;

/** The web push offer. */
export const PushPromptSlot = () => <PushSlot view={PushPrompt} />;
