import { assign, enqueueActions, sendParent, setup } from 'xstate';
import { failureOf, messagesOf } from '../kernel/api-error';
import { notSupplied, notSuppliedAction, notSuppliedCallback } from '../kernel/not-supplied';
import { missionWidgetMachine } from './mission-widget.machine';
import type { MissionWidgetInput } from './mission-widget.types';
import { WIDGET_NARROW_BELOW } from './widget-layout';
import type { AcceptMissionInput, Mission, MissionsContext, MissionsEvent, MissionsInput } from './missions.types';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const STATUSES = new Set(['available', 'accepted', 'completed', 'claimed']);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isDate = (v: unknown) => v === null || typeof v === 'string';

/** A mission as the contract says, else null (what a live event or a list row carries is checked, never trusted). */
export function missionOf(value: unknown): Mission | null {
  if (!isRecord(value)) return null;
  const m = value;
  if (!isInt(m.id) || m.id < 1 || typeof m.title !== 'string' || typeof m.description !== 'string') return null;
  if (m.goal_kind !== 'bet_total' && m.goal_kind !== 'rounds') return null;
  if (m.reward_kind !== 'cash' && m.reward_kind !== 'free_spins' && m.reward_kind !== 'points') return null;
  if (!isInt(m.goal) || m.goal < 1 || !isInt(m.progress) || m.progress < 0 || !isInt(m.reward) || m.reward < 0)
    return null;
  if (typeof m.status !== 'string' || !STATUSES.has(m.status)) return null;
  if (!isDate(m.accepted_at) || !isDate(m.completed_at) || !isDate(m.claimed_at)) return null;
  return {
    id: m.id,
    title: m.title.slice(0, 200),
    description: m.description.slice(0, 1000),
    goal_kind: m.goal_kind,
    goal: m.goal,
    progress: Math.min(m.goal, m.progress),
    reward_kind: m.reward_kind,
    reward: m.reward,
    status: m.status as Mission['status'],
    accepted_at: m.accepted_at as string | null,
    completed_at: m.completed_at as string | null,
    claimed_at: m.claimed_at as string | null,
  };
}

/** MissionAssigned's payload: `{ data: Mission, message }` (§3: mission replies carry a data wrapper). */
export const assignedMissionOf = (payload: unknown): Mission | null =>
  missionOf(isRecord(payload) && 'data' in payload ? payload.data : payload);

/** GET /missions' answer (`{ data: Mission[] }`): the well-formed ones. */
export function missionListOf(answer: unknown): Mission[] {
  const rows = isRecord(answer) && Array.isArray(answer.data) ? answer.data : Array.isArray(answer) ? answer : [];
  return rows.flatMap((row) => {
    const mission = missionOf(row);
    return mission ? [mission] : [];
  });
}

export const widgetIdOf = (id: number | string) => `widget-${id}`;

/** Which missions have a widget: accepted or completed ones, those that arrived live, and a claimed one still shown. */
function wantsWidget(context: MissionsContext, mission: Mission): boolean {
  if (context.dismissed.includes(mission.id)) return false;
  if (context.widgets.includes(mission.id)) return true;
  if (mission.status === 'claimed') return false;
  return mission.status === 'accepted' || mission.status === 'completed' || context.live.includes(mission.id);
}

function upsert(missions: Mission[], mission: Mission): Mission[] {
  const at = missions.findIndex((m) => m.id === mission.id);
  if (at < 0) return [mission, ...missions];
  return missions.map((m, i) => (i === at ? mission : m));
}

/**
 * A widget that tells the missions flow when its reward was claimed (its `tellClaimed` also reaches the parent).
 * The app provides its `claimReward` and `savePosition` on top of this (provide merges).
 */
export const ownedMissionWidgetMachine = missionWidgetMachine.provide({
  actions: {
    tellClaimed: sendParent(({ context }: { context: { id: string } }) => ({
      type: 'widget.claimed' as const,
      id: context.id,
    })) as never,
  },
});

/**
 * The player's (or guest's) missions (spec §7 Missions, §3 Mission widget, §4 Mission reward), one flow under the
 * root's systemId `missions`, with a widget actor per mission on screen (ids `widget-{missionId}`).
 *
 * - List: a player's missions are loaded (GET /missions, `loadMissions`); a guest has none but those that arrive on
 *   their channel. `missions.refresh` loads again; a moved balance (`missions.balanceChanged`: a bet) loads again
 *   when a mission is accepted (the platform progressed it), at once when idle, else once the call is over.
 * - Live: `missions.assigned` (MissionAssigned on the player's or guest's channel) adds or updates the mission,
 *   announces it (`announceMission`: a toast) and gives it a widget; a malformed payload is dropped.
 * - Accept (a player): one at a time (`acceptMission`), the answered mission replaces the row and gets its widget;
 *   a refusal keeps the server's message for that mission.
 * - Widgets: one per accepted or completed mission (and per live one), spawned with its saved place; the list's
 *   claim goes to the mission's widget (`widget.claim`), so a reward is claimed from one place only; the widget's
 *   `widget.claimed` marks the mission claimed; a claimed widget can be closed (`missions.dismiss`). A mission gone
 *   from the list loses its widget. `missions.viewport` reaches every widget.
 */
export const missionsMachine = setup({
  types: {
    context: {} as MissionsContext,
    events: {} as MissionsEvent,
    input: {} as MissionsInput,
  },
  actors: {
    loadMissions: notSupplied<unknown>('missions', 'loadMissions'),
    acceptMission: notSupplied<unknown, AcceptMissionInput>('missions', 'acceptMission'),
    missionWidget: ownedMissionWidgetMachine,
    /** Reports the window's size (`missions.viewport`); the app supplies it. */
    viewportWatch: notSuppliedCallback('missions', 'viewportWatch'),
  },
  guards: {
    isPlayer: ({ context }) => context.player,
    stale: ({ context }) => context.stale,
    validAssigned: ({ event }) => event.type === 'missions.assigned' && assignedMissionOf(event.data) !== null,
    canAccept: ({ context, event }) =>
      context.player &&
      event.type === 'missions.accept' &&
      context.missions.some((m) => m.id === event.id && m.status === 'available'),
    hasAccepted: ({ context }) => context.player && context.missions.some((m) => m.status === 'accepted'),
    claimedWidget: ({ context, event }) =>
      event.type === 'missions.dismiss' && context.missions.some((m) => m.id === event.id && m.status === 'claimed'),
  },
  actions: {
    /** Shows that a mission arrived (the app supplies it: a toast with the mission's title). */
    announceMission: notSuppliedAction('missions', 'announceMission'),
    keepList: assign((_, answer: unknown) => ({ missions: missionListOf(answer), failure: null })),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    keepAssigned: assign(({ context }, value: unknown) => {
      const mission = value as Mission;
      return {
        missions: upsert(context.missions, mission),
        live: context.live.includes(mission.id) ? context.live : [...context.live, mission.id],
        dismissed: context.dismissed.filter((id) => id !== mission.id),
      };
    }),
    keepAccepted: assign(({ context }, answer: unknown) => {
      const mission = missionOf(isRecord(answer) ? answer.data : null);
      return {
        missions: mission ? upsert(context.missions, mission) : context.missions,
        acceptFailure: null,
        accepting: null,
      };
    }),
    keepAcceptFailure: assign(({ context }, error: unknown) => ({
      acceptFailure: { id: context.accepting ?? 0, messages: messagesOf(error) },
      accepting: null,
    })),
    markStale: assign({ stale: true }),
    /** What arrived before the flow's code (its input) is announced as it starts, in order. */
    announceArrived: enqueueActions(({ context, enqueue }) => {
      for (const id of context.live) {
        const mission = context.missions.find((m) => m.id === id);
        if (mission) enqueue({ type: 'announceMission', params: mission });
      }
    }),
    /** The widgets the list wants are spawned (with their saved place); a mission gone loses its widget. */
    syncWidgets: enqueueActions(({ context, enqueue }) => {
      const listed = new Set(context.missions.map((m) => m.id));
      const kept = context.widgets.filter((id) => listed.has(id));
      for (const id of context.widgets) if (!listed.has(id)) enqueue.stopChild(widgetIdOf(id));
      for (const mission of context.missions) {
        if (!wantsWidget(context, mission) || kept.includes(mission.id)) continue;
        const saved = context.saved[String(mission.id)];
        // With no saved place: open, but collapsed on a narrow screen (it would hide the page's top).
        const input: MissionWidgetInput = {
          id: String(mission.id),
          isClaimed: mission.status === 'claimed',
          viewport: context.viewport,
          isOpen: saved ? saved.isOpen : context.viewport.width >= WIDGET_NARROW_BELOW,
          ...(saved ? { positionY: saved.positionY } : {}),
        };
        enqueue.spawnChild('missionWidget', { id: widgetIdOf(mission.id), input });
        kept.push(mission.id);
      }
      enqueue.assign({ widgets: kept });
    }),
    forwardClaim: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'missions.claim' || !context.widgets.includes(event.id)) return;
      enqueue.sendTo(widgetIdOf(event.id), { type: 'widget.claim' as const });
    }),
    markClaimed: assign(({ context, event }) => {
      if (event.type !== 'widget.claimed') return {};
      return {
        missions: context.missions.map((m) =>
          String(m.id) === event.id && m.status !== 'claimed' ? { ...m, status: 'claimed' as const } : m,
        ),
      };
    }),
    dismiss: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'missions.dismiss') return;
      enqueue.assign({
        dismissed: [...context.dismissed, event.id],
        widgets: context.widgets.filter((id) => id !== event.id),
      });
      if (context.widgets.includes(event.id)) enqueue.stopChild(widgetIdOf(event.id));
    }),
    resize: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'missions.viewport') return;
      enqueue.assign({ viewport: { width: event.width, height: event.height } });
      for (const id of context.widgets) {
        enqueue.sendTo(widgetIdOf(id), { type: 'viewport.changed' as const, width: event.width, height: event.height });
      }
    }),
  },
}).createMachine({
  id: 'missions',
  context: ({ input }) => {
    const missions: Mission[] = [];
    const live: number[] = [];
    for (const payload of input.assigned ?? []) {
      const mission = assignedMissionOf(payload);
      if (!mission) continue;
      missions.splice(0, missions.length, ...upsert(missions, mission));
      if (!live.includes(mission.id)) live.push(mission.id);
    }
    return {
      player: input.player,
      missions,
      live,
      dismissed: [],
      widgets: [],
      viewport: input.viewport,
      saved: input.saved ?? {},
      failure: null,
      accepting: null,
      acceptFailure: null,
      stale: false,
    };
  },
  invoke: { id: 'viewportWatch', src: 'viewportWatch' },
  entry: ['syncWidgets', 'announceArrived'],
  on: {
    'missions.assigned': {
      guard: 'validAssigned',
      actions: [
        {
          type: 'keepAssigned',
          params: ({ event }: { event: MissionsEvent }) => assignedMissionOf((event as { data: unknown }).data),
        },
        'syncWidgets',
        {
          type: 'announceMission',
          params: ({ event }: { event: MissionsEvent }) => assignedMissionOf((event as { data: unknown }).data),
        },
      ],
    },
    'missions.claim': { actions: 'forwardClaim' },
    'widget.claimed': { actions: 'markClaimed' },
    'missions.dismiss': { guard: 'claimedWidget', actions: 'dismiss' },
    'missions.viewport': { actions: 'resize' },
  },
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'isPlayer', target: 'loading' }, { target: 'ready' }] },
    loading: {
      entry: assign({ stale: false }),
      invoke: {
        id: 'loadMissions',
        src: 'loadMissions',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepList', params: ({ event }: { event: { output: unknown } }) => event.output },
            'syncWidgets',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
      on: { 'missions.balanceChanged': { actions: 'markStale' } },
    },
    failed: {
      on: { 'missions.refresh': { target: 'loading' } },
    },
    ready: {
      always: { guard: 'stale', target: 'loading' },
      on: {
        'missions.refresh': { guard: 'isPlayer', target: 'loading' },
        'missions.balanceChanged': { guard: 'hasAccepted', target: 'loading' },
        'missions.accept': {
          guard: 'canAccept',
          target: 'accepting',
          actions: assign({
            accepting: ({ event }) => event.id,
            acceptFailure: null,
          }),
        },
      },
    },
    accepting: {
      invoke: {
        id: 'acceptMission',
        src: 'acceptMission',
        input: ({ context }) => ({ id: context.accepting ?? 0 }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepAccepted', params: ({ event }: { event: { output: unknown } }) => event.output },
            'syncWidgets',
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'keepAcceptFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
      on: { 'missions.balanceChanged': { actions: 'markStale' } },
    },
  },
});
