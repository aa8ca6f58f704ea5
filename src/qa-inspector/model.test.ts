import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../lib/recording/schema';
import {
  actorLabel,
  actorTree,
  applyStep,
  emptyModel,
  filterLog,
  foldSteps,
  stepFromRecorded,
  stepFromStately,
  stepPosition,
} from './model';

const definition = JSON.stringify({ id: 'pix', initial: 'choosing', states: { choosing: {}, paid: {} } });
const base = { _version: '0.7.2', id: null, rootId: 'x:0' };
const live = [
  {
    ...base,
    type: '@xstate.actor',
    sessionId: 'x:0',
    name: 'app',
    createdAt: '1000',
    definition: '{"id":"app","states":{}}',
    snapshot: { value: {} },
    systemId: undefined,
  },
  {
    ...base,
    type: '@xstate.actor',
    sessionId: 'x:1',
    name: 'session',
    parentId: 'x:0',
    systemId: 'session',
    createdAt: '1001',
    snapshot: { value: 'guest', status: 'active' },
  },
  {
    ...base,
    type: '@xstate.actor',
    sessionId: 'x:2',
    name: 'pix',
    parentId: 'x:0',
    systemId: 'pix',
    createdAt: '1002',
    definition,
    snapshot: { value: 'choosing' },
  },
  {
    ...base,
    type: '@xstate.event',
    sessionId: 'x:2',
    sourceId: undefined,
    createdAt: '1500',
    event: { type: 'pix.submit' },
  },
  {
    ...base,
    type: '@xstate.snapshot',
    sessionId: 'x:2',
    createdAt: '1501',
    event: { type: 'pix.submit' },
    snapshot: { value: 'paid', status: 'active' },
  },
  {
    ...base,
    type: '@xstate.event',
    sessionId: 'x:1',
    sourceId: 'x:2',
    createdAt: '1600',
    event: { type: 'session.balance' },
  },
  { ...base, type: '@xstate.microstep', sessionId: 'x:2' },
  { type: '@statelyai.connected' },
];

describe('the live stream as steps', () => {
  it('reads the three Stately kinds and skips anything else', () => {
    const steps = live.map(stepFromStately);
    expect(steps.map((s) => s?.kind ?? null)).toEqual([
      'actor',
      'actor',
      'actor',
      'event',
      'snapshot',
      'event',
      null,
      null,
    ]);
    expect(steps[2]).toMatchObject({
      sessionId: 'x:2',
      t: 1002,
      actor: { parentId: 'x:0', name: 'pix', systemId: 'pix', machineId: 'pix', definition },
      snapshot: { value: 'choosing' },
    });
    expect(steps[1]?.actor?.machineId).toBeNull();
    expect(steps[5]).toMatchObject({ source: 'x:2', event: { type: 'session.balance' } });
    expect(stepFromStately(null)).toBeNull();
    expect(stepFromStately({ type: '@xstate.event' })).toBeNull();
  });

  it('folds into actors (tree, systemId, machine, state) and a log', () => {
    const model = emptyModel();
    for (const m of live) {
      const step = stepFromStately(m);
      if (step) applyStep(model, step);
    }
    expect(model.count).toBe(6);
    expect(model.t0).toBe(1000);
    const pix = model.actors.get('x:2');
    expect(pix).toMatchObject({ systemId: 'pix', machineId: 'pix', value: 'paid', status: 'active', definition });
    expect(model.log).toEqual([
      { index: 3, t: 1500, type: 'pix.submit', source: null, target: 'x:2' },
      { index: 5, t: 1600, type: 'session.balance', source: 'x:2', target: 'x:1' },
    ]);
    expect(actorTree(model.actors).map((r) => [r.actor.sessionId, r.depth])).toEqual([
      ['x:0', 0],
      ['x:1', 1],
      ['x:2', 1],
    ]);
    expect(filterLog(model.log, 'x:1').map((e) => e.type)).toEqual(['session.balance']);
    expect(filterLog(model.log, 'x:2').map((e) => e.type)).toEqual(['pix.submit', 'session.balance']);
    expect(filterLog(model.log, null)).toHaveLength(2);
    expect(actorLabel(model.actors.get('x:1'), 'x:1')).toBe('session');
    expect(actorLabel(model.actors.get('x:0'), 'x:0')).toBe('app');
    expect(actorLabel(undefined, 'x:9')).toBe('x:9');
  });

  it('an actor seen before its registration (dropped from the buffer) is listed by its sessionId, as a root', () => {
    const model = emptyModel();
    applyStep(model, stepFromStately(live[4])!);
    expect(model.actors.get('x:2')).toMatchObject({ name: 'x:2', parentId: null, value: 'paid' });
    expect(actorTree(model.actors)).toHaveLength(1);
  });

  it('keeps the newest entries of a bounded log', () => {
    const model = emptyModel();
    for (let i = 0; i < 5; i += 1)
      applyStep(model, { kind: 'event', sessionId: 'a', t: i, event: { type: `e${i}` } }, 3);
    expect(model.log.map((e) => e.type)).toEqual(['e2', 'e3', 'e4']);
  });
});

describe('a recording as steps, stepped through', () => {
  const actor = { sessionId: 'x:7', id: 'pix', systemId: 'pix', parent: 'x:0', machine: 'pix' };
  const recorded: RecordedEvent[] = [
    {
      seq: 0,
      t: 0,
      kind: 'actor',
      actor,
      source: null,
      event: null,
      snapshot: { status: 'active', value: 'choosing' },
    },
    { seq: 1, t: 10, kind: 'event', actor, source: null, event: { type: 'pix.submit' }, snapshot: null },
    {
      seq: 2,
      t: 11,
      kind: 'snapshot',
      actor,
      source: null,
      event: null,
      snapshot: { status: 'active', value: 'generating' },
    },
    { seq: 3, t: 50, kind: 'snapshot', actor, source: null, event: null, snapshot: { status: 'done', value: 'paid' } },
  ];
  const steps = recorded.map(stepFromRecorded);

  it('every entry carries its actor', () => {
    expect(steps[1]).toMatchObject({
      kind: 'event',
      sessionId: 'x:7',
      actor: { parentId: 'x:0', name: 'pix', systemId: 'pix', machineId: 'pix' },
      event: { type: 'pix.submit' },
      source: null,
    });
  });

  it('the model at each position', () => {
    expect(foldSteps(steps, 0).actors.size).toBe(0);
    expect(foldSteps(steps, 1).actors.get('x:7')?.value).toBe('choosing');
    expect(foldSteps(steps, 2).log.map((e) => e.type)).toEqual(['pix.submit']);
    expect(foldSteps(steps, 3).actors.get('x:7')?.value).toBe('generating');
    expect(foldSteps(steps, 4).actors.get('x:7')).toMatchObject({ value: 'paid', status: 'done' });
    expect(foldSteps(steps, 99).count).toBe(4);
    expect(foldSteps(steps, -1).count).toBe(0);
    // Going back is folding less: the same model as getting there forwards.
    expect(foldSteps(steps, 2)).toEqual(foldSteps(steps.slice(0, 2)));
  });

  it('moves within 0…total', () => {
    expect(stepPosition(0, 4, 'prev')).toBe(0);
    expect(stepPosition(0, 4, 'next')).toBe(1);
    expect(stepPosition(4, 4, 'next')).toBe(4);
    expect(stepPosition(3, 4, 'prev')).toBe(2);
    expect(stepPosition(2, 4, 'first')).toBe(0);
    expect(stepPosition(2, 4, 'last')).toBe(4);
  });
});
