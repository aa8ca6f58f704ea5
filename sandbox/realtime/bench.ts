/**
 * Fan-out benchmark of the sandbox realtime server, next to its floor measured in the same run: N subscribers on
 * one public channel (in child processes: ./bench-clients.ts) and a publisher in this process that keeps
 * `window` events in flight (pipelined, not one at a time) through the official `pusher` SDK. The floor is a
 * bare `ws` server broadcasting the same frame to the same clients, fed the same way over plain HTTP. Reports
 * deliveries per second (every event × every client, from the first publish to the last delivery) and the
 * per-delivery latency p50/p99; the ratio product/floor is the figure that holds on a busy machine.
 * Run directly: `npx tsx sandbox/realtime/bench.ts` (SANDBOX_REALTIME_PORT picks the server's port).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WebSocketServer } from 'ws';
import type { ClientCommand, ClientReport } from './bench-clients';
import { encodeFrame } from './protocol';
import { createPublisher } from './publisher';
import { startRealtimeServer } from './server';

export interface FanoutFigures {
  deliveredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Two figures per server. `paced`: events published on a schedule at the goal's rate (goal deliveries/s ÷
 * clients events/s, pipelined: the next event never waits for the previous answer), latency measured from each
 * event's scheduled time (a late publisher counts against the server), deliveries/s as achieved. `saturated`:
 * `window` events always in flight, as fast as the server takes them: the capacity (its latencies are queueing).
 */
export interface FanoutResult extends FanoutFigures {
  clients: number;
  events: number;
  /** Events in flight at once from the publisher (saturated run). */
  window: number;
  /** Child processes the clients are spread over. */
  clientProcesses: number;
  /** The paced run's publishing rate, events per second. */
  pacedEventsPerSecond: number;
  /** The product at the goal's rate (deliveredPerSecond, p50Ms, p99Ms above are these). */
  paced: FanoutFigures;
  /** The product as fast as it goes. */
  saturated: FanoutFigures;
  /** A bare `ws` server broadcasting the same frames to the same clients, both ways. */
  floor: { paced: FanoutFigures; saturated: FanoutFigures };
  /** product / floor: saturated deliveries per second (capacity), and paced p99 (floor / product, ≤ 1). */
  ratio: { capacity: number; pacedP99: number };
  goals: { deliveredPerSecond: number; p99Ms: number; clients: number };
}

export const FANOUT_GOALS = { deliveredPerSecond: 50_000, p99Ms: 20, clients: 1000 } as const;
const BENCH_APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
const CHANNEL = 'bench-fanout';
const MAX_CLIENTS = 1000;
const MAX_EVENTS = 1000;
const DEADLINE_MS = 60_000;
const WARM_UP_EVENTS = 20;
/** IPC round trips per child when reading its clock (the shortest one counts). */
const CLOCK_SAMPLES = 15;
const CLIENTS_FILE = fileURLToPath(new URL('./bench-clients.ts', import.meta.url));
const now = () => performance.timeOrigin + performance.now();

export async function benchFanout(
  opts: {
    clients?: number;
    events?: number;
    window?: number;
    eventsPerSecond?: number;
    clientProcesses?: number;
    port?: number;
  } = {},
): Promise<FanoutResult> {
  const clients = bounded(opts.clients ?? 200, MAX_CLIENTS, 'clients');
  const events = bounded(opts.events ?? 100, MAX_EVENTS, 'events');
  const window = bounded(opts.window ?? 4, 64, 'window');
  const rate = Math.max(1, Math.round(opts.eventsPerSecond ?? FANOUT_GOALS.deliveredPerSecond / clients));
  const processes = bounded(Math.min(opts.clientProcesses ?? 2, clients), 8, 'clientProcesses');
  const server = await startRealtimeServer({ port: opts.port ?? 0, apps: [BENCH_APP] });
  const floor = await startFloor();
  const pool = await ClientPool.start(clients, processes);
  try {
    const publisher = createPublisher({ ...BENCH_APP, host: '127.0.0.1', port: server.port });
    const product: Target = {
      url: `ws://127.0.0.1:${server.port}/app/${BENCH_APP.key}?protocol=7`,
      pusher: true,
      publish: (data) => publisher.trigger(CHANNEL, 'tick', data),
    };
    const bare: Target = {
      url: `ws://127.0.0.1:${floor.port}/`,
      pusher: false,
      publish: (data) =>
        fetch(`http://127.0.0.1:${floor.port}/publish`, {
          method: 'POST',
          body: encodeFrame({ event: 'tick', channel: CHANNEL, data: JSON.stringify(data) }),
        }).then((res) => res.arrayBuffer()),
    };
    // Floor, product, product, floor: a burst of load elsewhere hits both.
    const runs = { product: [] as Figures2[], floor: [] as Figures2[] };
    for (const [name, target] of [
      ['floor', bare],
      ['product', product],
      ['product', product],
      ['floor', bare],
    ] as const) {
      runs[name].push(await pool.session(target, events, window, rate));
    }
    // Of two runs each: the paced one with the lower p99, the saturated one with the higher capacity.
    const pacedOf = (list: Figures2[]) => list.map((r) => r.paced).reduce((a, b) => (b.p99Ms < a.p99Ms ? b : a));
    const saturatedOf = (list: Figures2[]) =>
      list.map((r) => r.saturated).reduce((a, b) => (b.deliveredPerSecond > a.deliveredPerSecond ? b : a));
    const paced = pacedOf(runs.product);
    const saturated = saturatedOf(runs.product);
    const floorPaced = pacedOf(runs.floor);
    const floorSaturated = saturatedOf(runs.floor);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return {
      clients,
      events,
      window,
      clientProcesses: processes,
      pacedEventsPerSecond: rate,
      ...paced,
      paced,
      saturated,
      floor: { paced: floorPaced, saturated: floorSaturated },
      ratio: {
        capacity: ratio(saturated.deliveredPerSecond, floorSaturated.deliveredPerSecond),
        pacedP99: ratio(floorPaced.p99Ms, paced.p99Ms),
      },
      goals: FANOUT_GOALS,
    };
  } finally {
    await pool.stop();
    await floor.close();
    await server.close();
  }
}

/** The floor: a bare `ws` server that sends a POSTed frame to every client, serialised once. */
async function startFloor(): Promise<{ port: number; close(): Promise<void> }> {
  const wss = new WebSocketServer({ noServer: true });
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const frame = Buffer.concat(chunks);
      for (const client of wss.clients) client.send(frame, { binary: false });
      res.end('{}');
    });
  });
  http.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws)));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (http.address() as AddressInfo).port,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

interface Target {
  url: string;
  pusher: boolean;
  publish(data: { i: number; sentAt: number }): Promise<unknown>;
}

interface Figures2 {
  paced: FanoutFigures;
  saturated: FanoutFigures;
}

/** The subscribers, spread over child processes. */
class ClientPool {
  private constructor(
    private readonly children: { child: ChildProcess; count: number; offset: number }[],
    private readonly total: number,
  ) {}

  static async start(clients: number, processes: number): Promise<ClientPool> {
    const children = Array.from({ length: processes }, (_, i) => ({
      child: fork(CLIENTS_FILE, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
      count: Math.floor(clients / processes) + (i < clients % processes ? 1 : 0),
      offset: 0,
    }));
    const pool = new ClientPool(children, clients);
    await pool.syncClocks();
    return pool;
  }

  /**
   * Each child's clock against this one (its `performance.timeOrigin` is its own): of several IPC round trips,
   * the shortest one's midpoint (as NTP does) gives the offset, taken out of every time the child reports.
   */
  private async syncClocks(): Promise<void> {
    for (const entry of this.children) {
      let best = { rtt: Infinity, offset: 0 };
      for (let i = 0; i < CLOCK_SAMPLES; i += 1) {
        const before = now();
        const [answer] = await this.ask([entry], 'clock', () => ({ type: 'clock' }));
        const after = now();
        if (answer?.type === 'clock' && after - before < best.rtt)
          best = { rtt: after - before, offset: answer.at - (before + after) / 2 };
      }
      entry.offset = best.offset;
    }
  }

  /** Connects every client to the target, measures a paced then a saturated run, and disconnects them. */
  async session(target: Target, events: number, window: number, rate: number): Promise<Figures2> {
    await this.all('ready', ({ count }) => ({
      type: 'connect',
      url: target.url,
      channel: CHANNEL,
      count,
      pusher: target.pusher,
    }));
    try {
      const flood = async (count: number) => {
        let next = 0;
        const lane = async () => {
          while (next < count) {
            const i = next;
            next += 1;
            await target.publish({ i, sentAt: now() });
          }
        };
        await Promise.all(Array.from({ length: window }, lane));
      };
      // Warm-up (JIT, buffers, the connections' first frames), not counted.
      await this.measure(Math.min(events, WARM_UP_EVENTS), () => flood(Math.min(events, WARM_UP_EVENTS)));
      const interval = 1000 / rate;
      const paced = await this.measure(events, async (startedAt) => {
        const inFlight = new Set<Promise<unknown>>();
        for (let i = 0; i < events; i += 1) {
          const due = startedAt + i * interval;
          // Never before its time (latency counts from `due`; a timer may fire up to a millisecond early).
          for (let wait = due - now(); wait > 0; wait = due - now()) {
            await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
          }
          // Pipelined: the next event goes at its time whatever the previous answer; `window` bounds memory.
          if (inFlight.size >= 64) await Promise.race(inFlight);
          const sent = target.publish({ i, sentAt: due }).finally(() => inFlight.delete(sent));
          inFlight.add(sent);
        }
        await Promise.all(inFlight);
      });
      const saturated = await this.measure(events, () => flood(events));
      return { paced, saturated };
    } finally {
      await this.all('closed', () => ({ type: 'close' }));
    }
  }

  private async measure(events: number, publish: (startedAt: number) => Promise<void>): Promise<FanoutFigures> {
    // Every child counts before the first event goes: IPC and the sockets are separate channels, so an `expect`
    // merely sent first could be read after the first events, which were then dropped and the run never ended
    // (a CI run timed out here). The children answer `expecting`; a `done` can only come after the publishing.
    await this.all('expecting', ({ count }) => ({ type: 'expect', deliveries: count * events }));
    const done = this.ask(this.children, 'done');
    const startedAt = now();
    await withDeadline(publish(startedAt), 'the publisher');
    const reports = await withDeadline(done, 'every delivery');
    // Reports come in the children's order; each child's clock offset is taken out of its times.
    const offsets = this.children.map((c) => c.offset);
    const latencies = reports
      .flatMap((r, i) => (r.type === 'done' ? r.latencies.map((l) => l - (offsets[i] ?? 0)) : []))
      .sort((a, b) => a - b);
    const lastAt = Math.max(...reports.map((r, i) => (r.type === 'done' ? r.lastAt - (offsets[i] ?? 0) : 0)));
    if (latencies.length !== this.total * events) throw new Error('benchFanout: deliveries missing');
    return {
      deliveredPerSecond: Math.round(latencies.length / ((lastAt - startedAt) / 1000)),
      p50Ms: round(percentile(latencies, 0.5)),
      p99Ms: round(percentile(latencies, 0.99)),
    };
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.disconnect();
          }),
      ),
    );
  }

  /** Sends each child its command and waits for every child's `want` report. */
  private all(
    want: ClientReport['type'],
    command: (child: { count: number }) => ClientCommand,
  ): Promise<ClientReport[]> {
    return this.ask(this.children, want, command);
  }

  private ask(
    children: ReadonlyArray<{ child: ChildProcess; count: number }>,
    want: ClientReport['type'],
    command?: (child: { count: number }) => ClientCommand,
  ): Promise<ClientReport[]> {
    return withDeadline(
      Promise.all(
        children.map(
          ({ child, count }) =>
            new Promise<ClientReport>((resolve, reject) => {
              const onMessage = (report: ClientReport) => {
                if (report.type === 'error') reject(new Error(`benchFanout client: ${report.message}`));
                else if (report.type !== want) return;
                else resolve(report);
                child.off('message', onMessage);
                child.off('exit', onExit);
              };
              const onExit = (code: number | null) =>
                reject(new Error(`benchFanout: a client process exited (${code})`));
              child.on('message', onMessage);
              child.once('exit', onExit);
              if (command) child.send(command({ count }));
            }),
        ),
      ),
      `clients: ${want}`,
    );
  }
}

async function withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`benchFanout: timed out waiting for ${what}`)), DEADLINE_MS);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function bounded(value: number, max: number, name: string): number {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`benchFanout: ${name} must be an integer in 1..${max}`);
  return value;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = process.env.SANDBOX_REALTIME_PORT ? Number(process.env.SANDBOX_REALTIME_PORT) : undefined;
  const clients = Number(process.env.BENCH_CLIENTS ?? 1000);
  benchFanout({ clients, events: 200, port }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
