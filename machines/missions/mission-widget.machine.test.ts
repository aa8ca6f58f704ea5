import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import { claimMessageOf } from './claim-message';
import { missionWidgetMachine } from './mission-widget.machine';
import type {
  ClaimRewardInput,
  MissionClaimAnswer,
  MissionWidgetEmitted,
  MissionWidgetInput,
} from './mission-widget.types';

const phone = { width: 390, height: 844 };
const widget: MissionWidgetInput = { id: '7', positionY: 200, isOpen: true, viewport: phone };

function start(input: MissionWidgetInput = widget) {
  const claim = controllableCalls<MissionClaimAnswer, ClaimRewardInput>();
  const saved: Array<{ id: string; positionY: number; isOpen: boolean }> = [];
  const logic = missionWidgetMachine.provide({
    actors: { claimReward: claim.logic as never },
    actions: {
      savePosition: ({ context }) =>
        saved.push({ id: context.id, positionY: context.positionY, isOpen: context.isOpen }),
    },
  });
  const { actor } = createTestActor(logic, { input });
  const emitted: MissionWidgetEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as MissionWidgetEmitted));
  const value = () => actor.getSnapshot().value as { display: string; position: string; claim: string };
  const ctx = () => actor.getSnapshot().context;
  return { actor, claim, saved, emitted, value, ctx };
}

describe('mission widget: generated paths', () => {
  it('reaches every state and no path fails', () => {
    const result = reachability(
      missionWidgetMachine.provide({
        actors: { claimReward: pending() as never },
        actions: { savePosition: () => {} },
      }),
      {
        inputs: [widget, { ...widget, isOpen: false, isClaimed: true }],
        events: [
          { type: 'widget.toggle' },
          { type: 'drag.start', y: 300 },
          { type: 'drag.move', y: 350 },
          { type: 'drag.end' },
          { type: 'drag.cancel' },
          { type: 'move.up' },
          { type: 'widget.claim' },
          { type: 'xstate.done.actor.claimReward', output: {} } as never,
          { type: 'xstate.error.actor.claimReward', error: { status: 0 } } as never,
        ],
      },
    );
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('mission widget: display and position', () => {
  it('starts open where it was saved, or collapsed; a saved top off screen is brought back on', () => {
    expect(start().value()).toEqual({ display: 'open', position: 'resting', claim: 'idle' });
    const collapsed = start({ ...widget, isOpen: false, positionY: 5000 });
    expect(collapsed.value().display).toBe('collapsed');
    expect(collapsed.ctx().positionY).toBe(844 - 76);
    expect(start({ id: 'x', viewport: phone }).ctx()).toMatchObject({ positionY: 74, isOpen: true });
  });

  it('toggles between open and collapsed, keeps it on screen for the new height and saves', () => {
    const t = start({ ...widget, isOpen: false, positionY: 768 });
    t.actor.send({ type: 'widget.toggle' });
    expect(t.value().display).toBe('open');
    expect(t.ctx().positionY).toBe(700);
    t.actor.send({ type: 'widget.toggle' });
    expect(t.value().display).toBe('collapsed');
    expect(t.saved).toEqual([
      { id: '7', positionY: 700, isOpen: true },
      { id: '7', positionY: 700, isOpen: false },
    ]);
  });

  it('a pointer drags it vertically within [74, height − 144], saved once when dropped', () => {
    const t = start();
    t.actor.send({ type: 'drag.start', y: 500 });
    expect(t.value().position).toBe('dragging');
    t.actor.send({ type: 'drag.move', y: 560 });
    expect(t.ctx().positionY).toBe(260);
    t.actor.send({ type: 'drag.move', y: -1000 });
    expect(t.ctx().positionY).toBe(74);
    t.actor.send({ type: 'drag.move', y: 5000 });
    expect(t.ctx().positionY).toBe(700);
    t.actor.send({ type: 'drag.move', y: Number.NaN });
    expect(t.ctx().positionY).toBe(700);
    // The keyboard does nothing while a pointer drags.
    t.actor.send({ type: 'move.up' });
    expect(t.ctx().positionY).toBe(700);
    expect(t.saved).toEqual([]);
    t.actor.send({ type: 'drag.end' });
    expect(t.value().position).toBe('resting');
    expect(t.ctx().drag).toBeNull();
    expect(t.saved).toEqual([{ id: '7', positionY: 700, isOpen: true }]);
  });

  it('a cancelled drag puts it back where it started, unsaved', () => {
    const t = start();
    t.actor.send({ type: 'drag.start', y: 500 });
    t.actor.send({ type: 'drag.move', y: 600 });
    t.actor.send({ type: 'drag.cancel' });
    expect(t.value().position).toBe('resting');
    expect(t.ctx()).toMatchObject({ positionY: 200, drag: null });
    expect(t.saved).toEqual([]);
  });

  it('the arrow keys move it 10 px at a time, never off screen, saving each move', () => {
    const t = start({ ...widget, positionY: 80 });
    t.actor.send({ type: 'move.down' });
    expect(t.ctx().positionY).toBe(90);
    t.actor.send({ type: 'move.up' });
    t.actor.send({ type: 'move.up' });
    expect(t.ctx().positionY).toBe(74);
    expect(t.saved.map((s) => s.positionY)).toEqual([90, 80, 74]);
  });

  it('a smaller viewport keeps it on screen (not saved: the wish comes back when the window grows)', () => {
    const t = start({ ...widget, positionY: 600 });
    t.actor.send({ type: 'viewport.changed', width: 1440, height: 500 });
    expect(t.ctx()).toMatchObject({ positionY: 356, viewport: { width: 1440, height: 500 } });
    expect(t.saved).toEqual([]);
  });
});

describe('mission widget: claim (§4 Mission reward, §8)', () => {
  it('claims once: claimed marks the widget, is told once, and a second claim is ignored', async () => {
    const t = start();
    t.actor.send({ type: 'widget.claim' });
    expect(t.value().claim).toBe('claiming');
    // A double tap while the call is in flight sends nothing more.
    t.actor.send({ type: 'widget.claim' });
    expect(t.claim.calls.map((c) => c.input)).toEqual([{ id: '7' }]);
    t.claim.last.resolve({ message: 'ok' });
    await flush();
    expect(t.value().claim).toBe('claimed');
    expect(t.ctx().isClaimed).toBe(true);
    t.actor.send({ type: 'widget.claim' });
    expect(t.claim.calls).toHaveLength(1);
    expect(t.emitted).toEqual([{ type: 'widget.claimed', id: '7' }]);
  });

  it('a widget created claimed never claims', () => {
    const t = start({ ...widget, isClaimed: true });
    expect(t.value().claim).toBe('claimed');
    t.actor.send({ type: 'widget.claim' });
    expect(t.claim.calls).toEqual([]);
  });

  it("a refusal shows the server's message; a retry clears it and can succeed", async () => {
    const t = start();
    t.actor.send({ type: 'widget.claim' });
    t.claim.last.reject({ status: 422, messages: [{ text: 'Missão ainda não concluída.' }] });
    await flush();
    expect(t.value().claim).toBe('failed');
    expect(t.ctx().claimError).toEqual({ text: 'Missão ainda não concluída.' });
    t.actor.send({ type: 'widget.claim' });
    expect(t.value().claim).toBe('claiming');
    expect(t.ctx().claimError).toBeNull();
    t.claim.last.resolve({});
    await flush();
    expect(t.value().claim).toBe('claimed');
  });

  it('without a server message: the failure text for a status, the unknown text for a network error', async () => {
    const t = start();
    t.actor.send({ type: 'widget.claim' });
    t.claim.last.reject({ status: 500, messages: [{ id: 'error_messages.500' }] });
    await flush();
    expect(t.ctx().claimError).toEqual({ id: 'missions.claim.failed' });
    t.actor.send({ type: 'widget.claim' });
    t.claim.last.reject({ status: 0, messages: [{ id: 'error_messages.network' }] });
    await flush();
    expect(t.ctx().claimError).toEqual({ id: 'missions.claim.unknown' });
  });

  it('reads §8 for every kind of failure', () => {
    expect(claimMessageOf({ status: 409, messages: [{ text: 'Já reivindicada.' }] })).toEqual({
      text: 'Já reivindicada.',
    });
    expect(claimMessageOf({ status: 409, messages: [{ text: '  ' }] })).toEqual({ id: 'missions.claim.failed' });
    expect(claimMessageOf({ status: 404 })).toEqual({ id: 'missions.claim.failed' });
    expect(claimMessageOf({ status: 0 })).toEqual({ id: 'missions.claim.unknown' });
    expect(claimMessageOf(new TypeError('schema'))).toEqual({ id: 'missions.claim.unknown' });
    expect(claimMessageOf(undefined)).toEqual({ id: 'missions.claim.unknown' });
  });
});
