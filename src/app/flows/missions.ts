/**
 * The missions flow with its real calls, a chunk of its own: fetched for a signed-in player, or for a
 * guest once a mission arrives on their channel. The widgets' places are kept in local storage (§3: "widget
 * positions are also stored locally") under `missionWidgets`, read back through `restorePositions` (garbage or
 * out-of-screen values fall back to the defaults).
 */
import { fromCallback, fromPromise } from 'xstate';
import type { MissionsFlow } from '../../../machines/app/app.machine';
import type { ClaimRewardInput, MissionClaimAnswer } from '../../../machines/missions/mission-widget.types';
import { missionsMachine, ownedMissionWidgetMachine } from '../../../machines/missions/missions.machine';
import type { AcceptMissionInput, Mission } from '../../../machines/missions/missions.types';
import { restorePositions, type SavedWidget, type Viewport } from '../../../machines/missions/widget-layout';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import type { KeyValueStorage } from '../../lib/storage';

export const WIDGETS_KEY = 'missionWidgets';

const viewportNow = (): Viewport =>
  typeof window === 'undefined'
    ? { width: 1440, height: 900 }
    : { width: window.innerWidth, height: window.innerHeight };

function readSaved(storage: KeyValueStorage, viewport: Viewport): Record<string, SavedWidget> {
  try {
    return restorePositions(storage.get(WIDGETS_KEY), viewport);
  } catch {
    return {};
  }
}

function writeSaved(storage: KeyValueStorage, id: string, saved: SavedWidget) {
  try {
    // What is there is read the same way (anything bad dropped), the widget's place replaced.
    const all = restorePositions(storage.get(WIDGETS_KEY), { width: 1e6, height: 1e6 });
    all[id] = saved;
    storage.set(WIDGETS_KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: the place is not kept, the widget still moves.
  }
}

/** The window's size, as the widgets need it (resize and orientation changes). */
const viewportWatch = fromCallback(({ sendBack }) => {
  if (typeof window === 'undefined') return () => undefined;
  const report = () => sendBack({ type: 'missions.viewport', width: window.innerWidth, height: window.innerHeight });
  window.addEventListener('resize', report);
  return () => window.removeEventListener('resize', report);
});

export function createMissionsFlow(api: ApiClient, storage: KeyValueStorage): MissionsFlow {
  const viewport = viewportNow();
  const widget = ownedMissionWidgetMachine.provide({
    actors: {
      claimReward: fromPromise<MissionClaimAnswer, ClaimRewardInput>(async ({ input }) => {
        const body = await unwrap(api.POST('/missions/{id}/claim', { params: { path: { id: Number(input.id) } } }));
        return { message: body.message };
      }),
    },
    actions: {
      savePosition: ({ context }) =>
        writeSaved(storage, context.id, { positionY: context.positionY, isOpen: context.isOpen }),
    },
  });
  const logic = missionsMachine.provide({
    actors: {
      loadMissions: fromPromise(({ signal }) => unwrap(api.GET('/missions', { signal }))),
      acceptMission: fromPromise<unknown, AcceptMissionInput>(({ input }) =>
        unwrap(api.POST('/missions/{id}/accept', { params: { path: { id: input.id } } })),
      ),
      missionWidget: widget,
      viewportWatch,
    },
    actions: {
      announceMission: ({ system }, params) => {
        const mission = params as Mission;
        // The root shows it (and starts the toast queue for the first toast).
        system.get('app')?.send({
          type: 'toast.show',
          toast: {
            id: `mission-${mission.id}`,
            kind: 'info',
            messageId: 'toast.mission_assigned',
            values: { title: mission.title },
          },
          at: Date.now(),
        });
      },
    },
  });
  return { logic, input: { viewport, saved: readSaved(storage, viewport) } };
}
