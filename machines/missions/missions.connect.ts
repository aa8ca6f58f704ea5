/** What the mission widgets and /rewards render of the missions flow and its widgets (plain view models). */
import type { SnapshotFrom } from 'xstate';
import type { UiMessage } from '../kernel/api-error';
import type { missionWidgetMachine } from './mission-widget.machine';
import type { missionsMachine } from './missions.machine';
import type { Mission } from './missions.types';
import { layoutWidgets, widgetHeight, type Viewport, WIDGET_MIN_TOP, maxTop } from './widget-layout';

export interface MissionView extends Mission {
  /** 0–100, rounded. */
  percent: number;
}

export interface MissionsView {
  player: boolean;
  loading: boolean;
  missions: MissionView[];
  messages: UiMessage[];
  accepting: number | null;
  acceptFailure: { id: number; messages: UiMessage[] } | null;
  /** Missions with a widget, in the order spawned. */
  widgets: number[];
  viewport: Viewport;
}

export const percentOf = (m: Pick<Mission, 'progress' | 'goal'>) =>
  Math.max(0, Math.min(100, Math.round((m.progress / Math.max(1, m.goal)) * 100)));

export function connectMissions(snapshot: SnapshotFrom<typeof missionsMachine>): MissionsView {
  const c = snapshot.context;
  return {
    player: c.player,
    loading: snapshot.matches('loading') && c.missions.length === 0,
    missions: c.missions.map((m) => ({ ...m, percent: percentOf(m) })),
    messages: c.failure ? c.failure.messages : [],
    accepting: c.accepting,
    acceptFailure: c.acceptFailure,
    widgets: c.widgets,
    viewport: c.viewport,
  };
}

export type ClaimState = 'idle' | 'claiming' | 'claimed' | 'failed';

export interface WidgetView {
  id: string;
  positionY: number;
  isOpen: boolean;
  dragging: boolean;
  claim: ClaimState;
  claimError: UiMessage | null;
  height: number;
  /** The keyboard's range (aria-valuemin/max of the handle). */
  minTop: number;
  maxTop: number;
}

export function connectWidget(snapshot: SnapshotFrom<typeof missionWidgetMachine>): WidgetView {
  const c = snapshot.context;
  const value = snapshot.value as { claim: string; position: string };
  const claim: ClaimState =
    value.claim === 'claiming'
      ? 'claiming'
      : value.claim === 'claimed'
        ? 'claimed'
        : value.claim === 'failed'
          ? 'failed'
          : 'idle';
  const height = widgetHeight(c.isOpen, c.viewport.width);
  return {
    id: c.id,
    positionY: c.positionY,
    isOpen: c.isOpen,
    dragging: value.position === 'dragging',
    claim,
    claimError: c.claimError,
    height,
    minTop: WIDGET_MIN_TOP,
    maxTop: maxTop(height, c.viewport),
  };
}

/** Where each widget is drawn: the stacking rule over every widget's wish (never overlapping). */
export function placeWidgets(widgets: readonly WidgetView[], viewport: Viewport): Map<string, number> {
  const places = layoutWidgets(
    widgets.map((w) => ({ id: w.id, positionY: w.positionY, isOpen: w.isOpen })),
    viewport,
  );
  return new Map(places.map((p) => [p.id, p.top]));
}
