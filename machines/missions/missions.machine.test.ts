import { fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import type { ClaimRewardInput, MissionClaimAnswer } from './mission-widget.types';
import {
  assignedMissionOf,
  missionListOf,
  missionOf,
  missionsMachine,
  ownedMissionWidgetMachine,
} from './missions.machine';
import type { AcceptMissionInput, Mission, MissionsInput } from './missions.types';

const phone = { width: 390, height: 844 };

const mission = (id: number, extra: Partial<Mission> = {}): Mission => ({
  id,
  title: `Missão ${id}`,
  description: 'Aposte R$ 50',
  goal_kind: 'bet_total',
  goal: 5_000,
  progress: 0,
  reward_kind: 'cash',
  reward: 500,
  status: 'available',
  accepted_at: null,
  completed_at: null,
  claimed_at: null,
  ...extra,
});

function start(input: Partial<MissionsInput> = {}) {
  const load = controllableCalls<unknown, unknown>();
  const accept = controllableCalls<unknown, AcceptMissionInput>();
  const claim = controllableCalls<MissionClaimAnswer, ClaimRewardInput>();
  const announced: Mission[] = [];
  const saved: string[] = [];
  let sendViewport: ((e: { type: 'missions.viewport'; width: number; height: number }) => void) | null = null;
  const logic = missionsMachine.provide({
    actors: {
      loadMissions: load.logic as never,
      acceptMission: accept.logic as never,
      missionWidget: ownedMissionWidgetMachine.provide({
        actors: { claimReward: claim.logic as never },
        actions: { savePosition: ({ context }) => saved.push(context.id) },
      }),
      viewportWatch: fromCallback(({ sendBack }) => {
        sendViewport = sendBack as typeof sendViewport;
      }) as never,
    },
    actions: { announceMission: (_, m) => announced.push(m as Mission) },
  });
  const { actor } = createTestActor(logic, { input: { player: true, viewport: phone, ...input } });
  const children = () =>
    actor.getSnapshot().children as Record<
      string,
      | { getSnapshot(): { context: { isClaimed: boolean; positionY: number; isOpen: boolean; viewport: unknown } } }
      | undefined
    >;
  const widgets = () =>
    Object.keys(children())
      .filter((id) => id.startsWith('widget-'))
      .sort();
  return {
    actor,
    load,
    accept,
    claim,
    announced,
    saved,
    children,
    widgets,
    resize: (width: number, height: number) => sendViewport?.({ type: 'missions.viewport', width, height }),
    value: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
  };
}

describe('missions: reading what the platform sends', () => {
  it('keeps well-formed missions only (list, live payload with its data wrapper)', () => {
    expect(missionOf(mission(1))).toEqual(mission(1));
    expect(missionOf({ ...mission(1), progress: 9_999 })?.progress).toBe(5_000);
    for (const bad of [
      null,
      3,
      { ...mission(1), id: 0 },
      { ...mission(1), goal_kind: 'x' },
      { ...mission(1), reward_kind: 'x' },
      { ...mission(1), goal: 0 },
      { ...mission(1), status: 'gone' },
      { ...mission(1), claimed_at: 5 },
      { ...mission(1), title: 1 },
    ]) {
      expect(missionOf(bad)).toBeNull();
    }
    expect(assignedMissionOf({ data: mission(2), message: 'Nova missão' })?.id).toBe(2);
    expect(assignedMissionOf(mission(3))?.id).toBe(3);
    expect(missionListOf({ data: [mission(1), { id: 'x' }] })).toHaveLength(1);
    expect(missionListOf([mission(1)])).toHaveLength(1);
    expect(missionListOf('nope')).toEqual([]);
  });
});

describe('missions: a player', () => {
  it('loads the list; accepted and completed missions get a widget with their saved place', async () => {
    const t = start({ saved: { '2': { positionY: 300, isOpen: false } } });
    expect(t.value()).toBe('loading');
    t.load.last.resolve({
      data: [
        mission(1),
        mission(2, { status: 'accepted' }),
        mission(3, { status: 'completed' }),
        mission(4, { status: 'claimed' }),
      ],
    });
    await flush();
    expect(t.value()).toBe('ready');
    expect(t.widgets()).toEqual(['widget-2', 'widget-3']);
    expect(t.children()['widget-2']!.getSnapshot().context).toMatchObject({ positionY: 300, isOpen: false });
    expect(t.children()['widget-3']!.getSnapshot().context.isOpen).toBe(false); // phone, nothing saved
    // The window's size reaches every widget.
    t.resize(1440, 900);
    expect(t.ctx().viewport).toEqual({ width: 1440, height: 900 });
    expect(t.children()['widget-3']!.getSnapshot().context.viewport).toEqual({ width: 1440, height: 900 });
    // A mission gone from the list loses its widget.
    t.actor.send({ type: 'missions.refresh' });
    t.load.last.resolve({ data: [mission(2, { status: 'accepted' })] });
    await flush();
    expect(t.widgets()).toEqual(['widget-2']);
  });

  it('a failed load keeps §8 and tries again on refresh', async () => {
    const t = start();
    t.load.last.reject({ status: 500, messages: [{ text: 'Fora do ar' }] });
    await flush();
    expect(t.value()).toBe('failed');
    expect(t.ctx().failure?.status).toBe(500);
    t.actor.send({ type: 'missions.refresh' });
    expect(t.value()).toBe('loading');
  });

  it('accepts one mission at a time; the answer gets a widget; a refusal keeps the server’s message', async () => {
    const t = start();
    t.load.last.resolve({ data: [mission(1), mission(2)] });
    await flush();
    t.actor.send({ type: 'missions.accept', id: 99 }); // not in the list
    expect(t.value()).toBe('ready');
    t.actor.send({ type: 'missions.accept', id: 1 });
    expect(t.value()).toBe('accepting');
    expect(t.accept.last.input).toEqual({ id: 1 });
    t.accept.last.resolve({
      data: mission(1, { status: 'accepted', accepted_at: '2026-11-27T12:00:00Z' }),
      message: 'ok',
    });
    await flush();
    expect(t.value()).toBe('ready');
    expect(t.ctx().accepting).toBeNull();
    expect(t.widgets()).toEqual(['widget-1']);
    t.actor.send({ type: 'missions.accept', id: 1 }); // already accepted
    expect(t.value()).toBe('ready');
    t.actor.send({ type: 'missions.accept', id: 2 });
    t.accept.last.reject({ status: 409, messages: [{ text: 'Você já aceitou esta missão.' }] });
    await flush();
    expect(t.ctx().acceptFailure).toEqual({ id: 2, messages: [{ text: 'Você já aceitou esta missão.' }] });
    // An answer without a mission changes nothing.
    t.actor.send({ type: 'missions.accept', id: 2 });
    t.accept.last.resolve({ message: 'ok' });
    await flush();
    expect(t.ctx().missions.find((m) => m.id === 2)?.status).toBe('available');
  });

  it('a moved balance reloads when a mission is accepted: at once when idle, after the call when busy', async () => {
    const t = start();
    t.load.last.resolve({ data: [mission(1)] });
    await flush();
    t.actor.send({ type: 'missions.balanceChanged' }); // nothing accepted
    expect(t.value()).toBe('ready');
    t.actor.send({ type: 'missions.accept', id: 1 });
    t.actor.send({ type: 'missions.balanceChanged' }); // while accepting
    t.accept.last.resolve({ data: mission(1, { status: 'accepted' }) });
    await flush();
    expect(t.value()).toBe('loading');
    expect(t.load.calls).toHaveLength(2);
    t.actor.send({ type: 'missions.balanceChanged' }); // while loading
    t.load.last.resolve({ data: [mission(1, { status: 'accepted', progress: 2_000 })] });
    await flush();
    expect(t.value()).toBe('loading');
    t.load.last.resolve({ data: [mission(1, { status: 'accepted', progress: 3_000 })] });
    await flush();
    expect(t.value()).toBe('ready');
    t.actor.send({ type: 'missions.balanceChanged' });
    expect(t.value()).toBe('loading');
  });

  it('a claim from the list goes to the widget, credited once; the claimed widget can be closed', async () => {
    const t = start();
    t.load.last.resolve({ data: [mission(1, { status: 'completed' }), mission(2)] });
    await flush();
    t.actor.send({ type: 'missions.claim', id: 2 }); // no widget: nothing
    expect(t.claim.calls).toHaveLength(0);
    t.actor.send({ type: 'missions.dismiss', id: 1 }); // not claimed yet: stays
    expect(t.widgets()).toEqual(['widget-1']);
    t.actor.send({ type: 'missions.claim', id: 1 });
    t.actor.send({ type: 'missions.claim', id: 1 });
    expect(t.claim.calls).toHaveLength(1);
    t.claim.last.resolve({ message: 'Recompensa resgatada: R$ 5,00.' });
    await flush();
    expect(t.ctx().missions[0]!.status).toBe('claimed');
    expect(t.children()['widget-1']!.getSnapshot().context.isClaimed).toBe(true);
    t.actor.send({ type: 'widget.claimed', id: '1' }); // told again: no change
    expect(t.ctx().missions[0]!.status).toBe('claimed');
    // Reloaded as claimed: the widget stays until closed.
    t.actor.send({ type: 'missions.refresh' });
    t.load.last.resolve({ data: [mission(1, { status: 'claimed' }), mission(2)] });
    await flush();
    expect(t.widgets()).toEqual(['widget-1']);
    t.actor.send({ type: 'missions.dismiss', id: 1 });
    expect(t.widgets()).toEqual([]);
    expect(t.ctx().dismissed).toEqual([1]);
  });

  it('a mission assigned live is announced, listed and shown; a malformed one is dropped', async () => {
    const t = start();
    t.load.last.resolve({ data: [mission(1)] });
    await flush();
    t.actor.send({ type: 'missions.assigned', data: { data: mission(7), message: 'Nova missão: Missão 7' } });
    expect(t.announced.map((m) => m.id)).toEqual([7]);
    expect(t.ctx().missions.map((m) => m.id)).toEqual([7, 1]);
    expect(t.widgets()).toEqual(['widget-7']);
    t.actor.send({ type: 'missions.assigned', data: { data: mission(7, { title: 'De novo' }) } });
    expect(t.ctx().missions.map((m) => m.title)).toEqual(['De novo', 'Missão 1']);
    expect(t.ctx().live).toEqual([7]);
    t.actor.send({ type: 'missions.assigned', data: { data: { id: 'x' } } });
    expect(t.announced).toHaveLength(2);
  });
});

describe('missions: a guest', () => {
  it('has no list to load: what arrived before the code and live after, each with a widget', () => {
    const t = start({ player: false, assigned: [{ data: mission(5) }, { nope: true }, { data: mission(5) }] });
    // No saved place on a narrow screen: collapsed.
    expect(t.children()['widget-5']!.getSnapshot().context.isOpen).toBe(false);
    expect(t.value()).toBe('ready');
    expect(t.load.calls).toHaveLength(0);
    expect(t.ctx().missions.map((m) => m.id)).toEqual([5]);
    expect(t.widgets()).toEqual(['widget-5']);
    expect(t.announced.map((m) => m.id)).toEqual([5]);
    t.actor.send({ type: 'missions.refresh' }); // a guest has nothing to load
    t.actor.send({ type: 'missions.accept', id: 5 }); // nor to accept
    expect(t.value()).toBe('ready');
    t.actor.send({ type: 'missions.assigned', data: { data: mission(6) } });
    expect(t.widgets()).toEqual(['widget-5', 'widget-6']);
  });
});
