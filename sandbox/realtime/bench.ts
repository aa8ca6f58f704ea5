/**
 * Fan-out benchmark of the sandbox realtime server: N raw ws clients on one public channel (loopback, ephemeral
 * port), events published through the official `pusher` SDK with a send timestamp in the payload. Reports
 * deliveries per second and per-delivery latency p50/p99. Clients, server and publisher share this process, so
 * the figures are a lower bound of the server alone. Run directly: `npx tsx sandbox/realtime/bench.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { createPublisher } from './publisher';
import { startRealtimeServer } from './server';

export interface FanoutResult {
  clients: number;
  events: number;
  deliveredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const BENCH_APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
const CHANNEL = 'bench-fanout';
const MAX_CLIENTS = 1000;
const MAX_EVENTS = 1000;
const DEADLINE_MS = 60_000;

export async function benchFanout(opts: { clients?: number; events?: number } = {}): Promise<FanoutResult> {
  const clients = bounded(opts.clients ?? 200, MAX_CLIENTS, 'clients');
  const events = bounded(opts.events ?? 100, MAX_EVENTS, 'events');
  const server = await startRealtimeServer({ port: 0, apps: [BENCH_APP] });
  const sockets: WebSocket[] = [];
  try {
    const latencies: number[] = [];
    let everyDelivery = (): void => undefined;
    const allDelivered = new Promise<void>((resolve) => (everyDelivery = resolve));
    const onLatency = (ms: number) => {
      latencies.push(ms);
      if (latencies.length === clients * events) everyDelivery();
    };
    const subscriptions = Array.from({ length: clients }, () => connectSubscriber(server.port, sockets, onLatency));
    await withDeadline(Promise.all(subscriptions), 'clients to subscribe');
    const publisher = createPublisher({ ...BENCH_APP, host: '127.0.0.1', port: server.port });
    const startedAt = performance.now();
    for (let i = 0; i < events; i += 1) await publisher.trigger(CHANNEL, 'tick', { i, sentAt: performance.now() });
    await withDeadline(allDelivered, 'every delivery');
    const elapsedMs = performance.now() - startedAt;
    latencies.sort((a, b) => a - b);
    return {
      clients,
      events,
      deliveredPerSecond: Math.round(latencies.length / (elapsedMs / 1000)),
      p50Ms: round(percentile(latencies, 0.5)),
      p99Ms: round(percentile(latencies, 0.99)),
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.close();
  }
}

/** One raw ws client: subscribes once connected (resolves then) and reports the latency of every tick. */
function connectSubscriber(port: number, sockets: WebSocket[], onLatency: (ms: number) => void): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${BENCH_APP.key}?protocol=7`);
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data?: string };
      if (frame.event === 'tick') {
        onLatency(performance.now() - (JSON.parse(frame.data ?? '{}') as { sentAt: number }).sentAt);
      } else if (frame.event === 'pusher:connection_established') {
        socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL, auth: '' } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        resolve();
      }
    });
  });
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
  benchFanout().then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
