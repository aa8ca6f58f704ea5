import { assign, createActor, fromPromise, sendParent, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createRecorder } from './recorder';
import { actorPaths, formatReplayReport, formatStateValue, replayRecording, sameJson } from './replay';
import type { Recording } from './schema';

/**
 * A deposit-like flow recorded live (real actors, a promise child, a delay, a child machine talking to its parent)
 * and replayed as a pure fold against the same or a changed machine.
 */
const child = setup({ types: { events: {} as { type: 'child.go' } } }).createMachine({
  id: 'ticker',
  initial: 'idle',
  states: {
    idle: { on: { 'child.go': { target: 'done', actions: sendParent({ type: 'flow.childDone' }) } } },
    done: {},
  },
});

function flowMachine(options: { minimum?: number; delay?: number } = {}) {
  return setup({
    types: {
      context: {} as { amount: number; receipt: string | null },
      events: {} as { type: 'flow.amount'; text: string } | { type: 'flow.submit' } | { type: 'flow.childDone' },
      input: {} as { minimum: number },
    },
    actors: {
      charge: fromPromise(async ({ input }: { input: { amount: number } }) => ({ receipt: `r-${input.amount}` })),
      ticker: child,
    },
    guards: { enough: ({ context }) => context.amount >= (options.minimum ?? 10) },
    delays: { wait: options.delay ?? 5 },
  }).createMachine({
    id: 'flow',
    context: { amount: 0, receipt: null },
    initial: 'choosing',
    states: {
      choosing: {
        on: {
          'flow.amount': { actions: assign({ amount: ({ event }) => Number(event.text) }) },
          'flow.submit': { guard: 'enough', target: 'charging' },
        },
      },
      charging: {
        invoke: {
          src: 'charge',
          input: ({ context }) => ({ amount: context.amount }),
          onDone: { target: 'waiting', actions: assign({ receipt: ({ event }) => event.output.receipt }) },
        },
      },
      waiting: { after: { wait: 'ticking' } },
      ticking: { invoke: { id: 'ticker', src: 'ticker' }, on: { 'flow.childDone': 'paid' } },
      paid: { type: 'final' },
    },
  });
}

async function record(machine: AnyStateMachine): Promise<Recording> {
  let clock = 0;
  const recorder = createRecorder({ now: () => clock, start: 0, startedAt: new Date('2026-11-27T12:00:00Z') });
  const actor = createActor(machine, {
    input: { minimum: 10 },
    inspect: (event) => {
      clock += 1;
      recorder.record(event);
    },
  });
  actor.start();
  actor.send({ type: 'flow.amount', text: '5' });
  actor.send({ type: 'flow.submit' }); // refused: too little
  actor.send({ type: 'flow.amount', text: '50' });
  actor.send({ type: 'flow.submit' });
  await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('ticking') && resolve()));
  actor.getSnapshot().children.ticker?.send({ type: 'child.go' });
  expect(actor.getSnapshot().status).toBe('done');
  return recorder.toRecording({ name: 'flow', build: 'b1', brand: { domain: 'localhost', name: null }, locale: 'pt' });
}

const machines = (...list: AnyStateMachine[]) => new Map(list.map((m) => [m.id, m]));

describe('replayRecording', () => {
  it('replays every machine actor of a live run with no divergence, naming actors by their path', async () => {
    const recording = await record(flowMachine());
    const report = replayRecording(recording, machines(flowMachine(), child), { trace: true });
    expect(report.ok, formatReplayReport(report)).toBe(true);
    expect(report.actors.map((a) => [a.path, a.outcome])).toEqual([
      ['flow', 'same'],
      ['flow/ticker', 'same'],
    ]);
    // The promise is stood in by its recorded output; its done event, the delay and the child's event are steps.
    expect(report.standIns).toBe(1);
    const flow = report.actors[0];
    expect(flow?.trace?.map((s) => [s.event, s.replayed?.value])).toEqual([
      ['xstate.init', 'choosing'],
      ['flow.amount', 'choosing'],
      ['flow.submit', 'choosing'],
      ['flow.amount', 'choosing'],
      ['flow.submit', 'charging'],
      ['xstate.done.actor.0.flow.charging', 'waiting'],
      ['xstate.after.wait.flow.waiting', 'ticking'],
      ['flow.childDone', 'paid'],
    ]);
    expect(flow?.trace?.at(-1)?.replayed?.status).toBe('done');
  });

  it('reports where a changed machine diverges: the actor, the step, the event and both states', async () => {
    const recording = await record(flowMachine());
    // The minimum rose: the R$ 50 submit is refused now.
    const report = replayRecording(recording, machines(flowMachine({ minimum: 100 }), child));
    expect(report.ok).toBe(false);
    const flow = report.actors.find((a) => a.path === 'flow');
    expect(flow).toMatchObject({
      outcome: 'diverged',
      divergence: {
        step: 4,
        event: 'flow.submit',
        reason: 'state',
        recorded: { value: 'charging', status: 'active' },
        replayed: { value: 'choosing', status: 'active' },
      },
    });
    expect(report.actors.find((a) => a.path === 'flow/ticker')?.outcome).toBe('same');
    const text = formatReplayReport(report);
    expect(text).toMatch(
      /FAIL\s+flow\s+diverged at step 4 \(entry \d+, \d+ ms\) after "flow\.submit": recorded charging, replayed choosing/,
    );
    expect(text).toContain('1 of 2 actors diverged.');
  });

  it('reports a machine that throws, one that is not in the build, and actors whose start was dropped', async () => {
    const recording = await record(flowMachine());
    const throwing = setup({}).createMachine({
      id: 'flow',
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'flow.amount': {
              actions: assign(() => {
                throw new Error('boom');
              }),
            },
          },
        },
      },
    });
    const report = replayRecording(recording, machines(throwing));
    expect(report.actors.find((a) => a.path === 'flow')?.divergence).toMatchObject({
      step: 1,
      event: 'flow.amount',
      reason: 'error',
    });
    expect(report.actors.find((a) => a.path === 'flow/ticker')?.outcome).toBe('missing-machine');
    expect(formatReplayReport(report)).toContain('machine "ticker" is not in this build');

    // The ring buffer dropped the flow's first entries: it cannot be replayed, and says so.
    const cut = { ...recording, dropped: 3, events: recording.events.slice(3) };
    const partial = replayRecording(cut, machines(flowMachine(), child));
    expect(partial.actors.find((a) => a.path === 'flow')?.outcome).toBe('incomplete');
    expect(formatReplayReport(partial)).toContain('its start is not in the recording');
  });

  it('says which machines changed since the recording (their definition), beside any divergence', async () => {
    const recording = await record(flowMachine());
    expect(Object.keys(recording.machines ?? {}).sort()).toEqual(['flow', 'ticker']);
    // Same definition, another guard body: not "changed", yet it diverges.
    expect(replayRecording(recording, machines(flowMachine({ minimum: 100 }), child)).changedMachines).toEqual([]);
    // A state added to the child: changed, and still replays the same.
    const changedChild = setup({ types: { events: {} as { type: 'child.go' } } }).createMachine({
      id: 'ticker',
      initial: 'idle',
      states: {
        idle: { on: { 'child.go': { target: 'done', actions: sendParent({ type: 'flow.childDone' }) } } },
        done: {},
        extra: {},
      },
    });
    const report = replayRecording(recording, machines(flowMachine(), changedChild));
    expect(report.changedMachines).toEqual(['ticker']);
    expect(report.ok).toBe(true);
    expect(report.actors.find((a) => a.path === 'flow/ticker')).toMatchObject({ changed: true, outcome: 'same' });
    expect(report.actors.find((a) => a.path === 'flow')).toMatchObject({ changed: false });
    const text = formatReplayReport(report);
    expect(text).toContain('Changed since the recording (definition): ticker');
    expect(text).toMatch(/ok\s+flow\/ticker\s+\[changed\] 3 steps/);
  });

  it('replays only the actors asked for', async () => {
    const recording = await record(flowMachine());
    const report = replayRecording(recording, machines(flowMachine(), child), { only: ['ticker'] });
    expect(report.actors.map((a) => a.path)).toEqual(['flow/ticker']);
  });
});

describe('helpers', () => {
  it('names actors by their ids from the root, never by session id', () => {
    const actor = (sessionId: string, id: string, parent: string | null, machine: string | null) => ({
      seq: 0,
      t: 0,
      kind: 'actor' as const,
      actor: { sessionId, id, systemId: null, parent, machine },
      source: null,
      event: null,
      snapshot: null,
    });
    const paths = actorPaths([
      actor('x:7', 'x:7', null, 'app'),
      actor('x:8', 'session', 'x:7', 'session'),
      actor('x:9', 'userChannel', 'x:8', 'realtimeChannel'),
      actor('x:10', 'orphan', 'x:99', null),
    ]);
    expect(Object.fromEntries(paths)).toEqual({
      'x:7': 'app',
      'x:8': 'app/session',
      'x:9': 'app/session/userChannel',
      'x:10': '?x:99/orphan',
    });
  });

  it('compares state values deeply and prints them on one line', () => {
    expect(sameJson({ a: { b: 'c' }, d: 'e' }, { d: 'e', a: { b: 'c' } })).toBe(true);
    expect(sameJson({ a: 'b' }, { a: 'c' })).toBe(false);
    expect(sameJson('a', { a: {} })).toBe(false);
    expect(formatStateValue('paid')).toBe('paid');
    expect(formatStateValue({ awaitingPayment: 'waiting' })).toBe('awaitingPayment.waiting');
    expect(formatStateValue({ live: { connected: {} } })).toBe('live.connected');
    expect(formatStateValue({ a: 'x', b: { c: 'y' } })).toBe('{a: x, b: c.y}');
  });
});
