import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { pixMachine } from '../../machines/pix/pix.machine';
import { machineRegistry } from '../../machines/registry';
import {
  activeStates,
  chartOfMachine,
  definitionId,
  eventLabel,
  fromElk,
  machineOfDefinition,
  stateValueText,
  toElkGraph,
  type ElkGraphNode,
} from './chart';

const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened' } },
    opened: {
      initial: 'idle',
      on: { close: 'closed' },
      after: { 5000: '.warning' },
      states: {
        idle: {},
        warning: { id: 'doorWarning', always: { target: '#door.closed', guard: 'forced' } },
      },
    },
    both: {
      type: 'parallel',
      states: {
        a: { initial: 'a1', states: { a1: {}, a2: {} } },
        b: { initial: 'b1', states: { b1: { type: 'final' } } },
      },
    },
  },
});

describe('chart of a machine', () => {
  it('has the state tree with ids, types and initial states', () => {
    const { root, machineId } = chartOfMachine(door);
    expect(machineId).toBe('door');
    expect(root.children.map((c) => [c.id, c.type, c.initial])).toEqual([
      ['door.closed', 'atomic', true],
      ['door.opened', 'compound', false],
      ['door.both', 'parallel', false],
    ]);
    const opened = root.children[1];
    expect(opened?.children.map((c) => c.id)).toEqual(['door.opened.idle', 'doorWarning']);
    expect(root.children[2]?.children[1]?.children[0]?.type).toBe('final');
  });

  it('has one edge per source, target and event, with XState’s generated names shortened', () => {
    const { edges } = chartOfMachine(door);
    expect(edges.map((e) => [e.source, e.target, e.label])).toEqual([
      ['door.closed', 'door.opened', 'open'],
      ['door.opened', 'door.closed', 'close'],
      ['door.opened', 'doorWarning', 'after 5000'],
      ['doorWarning', 'door.closed', 'always'],
    ]);
  });

  it('shortens event names', () => {
    expect(eventLabel('xstate.done.actor.createPix')).toBe('done: createPix');
    expect(eventLabel('xstate.error.actor.checkStatus')).toBe('error: checkStatus');
    expect(eventLabel('xstate.after.pixExpiry.pix.awaitingPayment')).toBe('after pixExpiry');
    expect(eventLabel('xstate.done.state.pix.expired')).toBe('done');
    expect(eventLabel('realtime.paymentApproved')).toBe('realtime.paymentApproved');
  });

  it('reads a definition as the inspection stream sends it (config JSON without functions)', () => {
    const definition = JSON.stringify(pixMachine.config);
    expect(definitionId(definition)).toBe('pix');
    const machine = machineOfDefinition(definition);
    expect(machine?.id).toBe('pix');
    const fromStream = chartOfMachine(machine!);
    const fromBuild = chartOfMachine(pixMachine);
    expect(fromStream.root).toEqual(fromBuild.root);
    expect(fromStream.edges).toEqual(fromBuild.edges);
    expect(fromStream.edges).toContainEqual(
      expect.objectContaining({ source: 'pix.awaitingPayment', target: 'pix.paid', label: 'realtime.paymentApproved' }),
    );
  });

  it('refuses what is not a machine’s definition', () => {
    expect(machineOfDefinition('{"id":"checkStatus"}')).toBeNull();
    expect(definitionId('{"id":"checkStatus"}')).toBeNull();
    expect(machineOfDefinition('not json')).toBeNull();
    expect(machineOfDefinition('[1]')).toBeNull();
    expect(definitionId(undefined)).toBeNull();
  });
});

describe('active states of a state value', () => {
  const { root } = chartOfMachine(door);
  it('a leaf at the top', () => {
    const s = activeStates(root, 'closed');
    expect([...s.active]).toEqual(['door', 'door.closed']);
    expect([...s.leaves]).toEqual(['door.closed']);
  });
  it('a nested leaf: every active parent and the leaf (explicit ids too)', () => {
    const s = activeStates(root, { opened: 'warning' });
    expect([...s.active]).toEqual(['door', 'door.opened', 'doorWarning']);
    expect([...s.leaves]).toEqual(['doorWarning']);
  });
  it('parallel regions each', () => {
    const s = activeStates(root, { both: { a: 'a2', b: 'b1' } });
    expect([...s.active]).toEqual([
      'door',
      'door.both',
      'door.both.a',
      'door.both.a.a2',
      'door.both.b',
      'door.both.b.b1',
    ]);
    expect([...s.leaves]).toEqual(['door.both.a.a2', 'door.both.b.b1']);
  });
  it('skips what the chart does not have and reads nothing from junk', () => {
    expect([...activeStates(root, { gone: 'x' }).active]).toEqual(['door']);
    expect([...activeStates(root, 42).leaves]).toEqual([]);
    expect([...activeStates(root, undefined).active]).toEqual(['door']);
  });
  it('as one line', () => {
    expect(stateValueText('closed')).toBe('closed');
    expect(stateValueText({ opened: 'idle' })).toBe('opened.idle');
    expect(stateValueText({ both: { a: 'a1', b: 'b1' } })).toBe('both.a.a1, both.b.b1');
    expect(stateValueText(undefined)).toBe('');
  });
});

describe('ELK graph', () => {
  it('nests compound states as compound nodes, sizes leaves, routes every edge from the top with its label', () => {
    const graph = toElkGraph(chartOfMachine(door));
    expect(graph.layoutOptions).toMatchObject({
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    });
    const machine = graph.children?.[0];
    expect(machine?.id).toBe('door');
    const opened = machine?.children?.find((c) => c.id === 'door.opened');
    expect(opened?.children?.map((c) => c.id)).toEqual(['door.opened.idle', 'doorWarning']);
    expect(opened?.width).toBeUndefined();
    const closed = machine?.children?.find((c) => c.id === 'door.closed');
    expect(closed?.width).toBeGreaterThan(0);
    expect(closed?.height).toBeGreaterThan(0);
    expect(graph.edges?.map((e) => [e.sources[0], e.targets[0], e.labels?.[0]?.text])).toContainEqual([
      'door.opened',
      'doorWarning',
      'after 5000',
    ]);
  });

  it('every machine of the build lays out; the flows read from their initial state on the left', async () => {
    const elk = new ELK();
    const notFirst: string[] = [];
    for (const { name, machine } of machineRegistry) {
      const chart = chartOfMachine(machine);
      const laid = fromElk(chart, (await elk.layout(toElkGraph(chart) as never)) as unknown as ElkGraphNode);
      expect(laid.width, name).toBeGreaterThan(0);
      expect(laid.nodes.length, name).toBeGreaterThan(0);
      const top = laid.nodes.filter((n) => n.depth === 1);
      const initial = top.find((n) => n.initial);
      if (initial && Math.min(...top.map((n) => n.x)) < initial.x) notFirst.push(name);
    }
    // (A level whose other states have no way in may start beside it: game-catalogue, coupon today.)
    for (const name of ['pix', 'session', 'withdrawal', 'login-modal']) expect(notFirst).not.toContain(name);
  }, 60_000);

  it('a definition with its keys sorted (as the stream sends it) still reads from its initial state', async () => {
    const sortKeys = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sortKeys)
        : typeof v === 'object' && v !== null
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
            )
          : v;
    const sorted = machineOfDefinition(JSON.stringify(sortKeys(JSON.parse(JSON.stringify(pixMachine.config)))));
    const chart = chartOfMachine(sorted!);
    expect(chart.root.children[0]?.key).toBe('awaitingPayment');
    const laid = fromElk(chart, (await new ELK().layout(toElkGraph(chart) as never)) as unknown as ElkGraphNode);
    const top = laid.nodes.filter((n) => n.depth === 1).sort((a, b) => a.x - b.x);
    expect(top.slice(0, 2).map((n) => n.key)).toEqual(['choosing', 'generating']);
  });

  it('ELK lays it out: every state inside its parent, every edge with a path', async () => {
    const chart = chartOfMachine(pixMachine);
    const laid = fromElk(chart, (await new ELK().layout(toElkGraph(chart) as never)) as unknown as ElkGraphNode);
    expect(laid.width).toBeGreaterThan(0);
    const byId = new Map(laid.nodes.map((n) => [n.id, n]));
    const inside = (child: string, parent: string) => {
      const c = byId.get(child)!;
      const p = byId.get(parent)!;
      return c.x >= p.x && c.y >= p.y && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height;
    };
    expect(inside('pix.awaitingPayment.waiting', 'pix.awaitingPayment')).toBe(true);
    expect(inside('pix.paid', 'pix')).toBe(true);
    expect(laid.nodes[0]?.id).toBe('pix');
    for (const e of laid.edges) expect(e.points.length, e.id).toBeGreaterThanOrEqual(2);
    expect(laid.edges.every((e) => e.labelBox !== null)).toBe(true);
  });
});
