/**
 * The fan-out bench's subscribers, run in a child process of sandbox/realtime/bench.ts so that they do not share
 * an event loop with the server or the publisher. Driven over IPC:
 *
 *   → { type: 'connect', url, channel, count, pusher }   opens `count` sockets (Pusher protocol: subscribes)
 *   ← { type: 'ready' }                                  every socket is open (and subscribed)
 *   → { type: 'expect', deliveries }                     start counting; `done` when that many arrived
 *   ← { type: 'expecting' }                              counting from now (events may be published)
 *   ← { type: 'done', deliveries, lastAt, latencies }    lastAt: epoch ms of the last delivery
 *   → { type: 'close' }                                  closes every socket
 *   ← { type: 'closed' }
 *   → { type: 'clock' }                                  this process's clock, read at once
 *   ← { type: 'clock', at }
 *
 * Latency: every event carries `sentAt` (epoch ms with sub-millisecond precision, `performance.timeOrigin +
 * performance.now()` of the publisher); the subscriber takes the same clock when the frame arrives. Two processes'
 * `performance.timeOrigin` can differ by a few milliseconds (a run measured p50 = -2.16 ms), so the parent reads
 * each child's clock over IPC first and takes its offset out (sandbox/realtime/bench.ts, ClientPool.syncClocks).
 */
import { performance } from 'node:perf_hooks';
import { WebSocket, type RawData } from 'ws';

export type ClientCommand =
  | { type: 'connect'; url: string; channel: string; count: number; pusher: boolean }
  | { type: 'expect'; deliveries: number }
  | { type: 'close' }
  | { type: 'clock' };

export type ClientReport =
  | { type: 'ready' }
  | { type: 'expecting' }
  | { type: 'done'; deliveries: number; lastAt: number; latencies: number[] }
  | { type: 'closed' }
  | { type: 'clock'; at: number }
  | { type: 'error'; message: string };

const SENT_AT = Buffer.from('sentAt');
const [QUOTE, BACKSLASH, COLON, DOT, ZERO, NINE] = [0x22, 0x5c, 0x3a, 0x2e, 0x30, 0x39];
const now = () => performance.timeOrigin + performance.now();

let sockets: WebSocket[] = [];
let latencies = new Float64Array(0);
let expected = 0;
let received = 0;
let lastAt = 0;

function report(message: ClientReport): void {
  process.send?.(message);
}

/** The number after `sentAt":` (or `sentAt\\":` inside the string `data`), read from the bytes. */
function sentAtOf(frame: Buffer): number | undefined {
  const mark = frame.indexOf(SENT_AT);
  if (mark < 0) return undefined;
  let start = mark + SENT_AT.length;
  while (start < frame.length && [QUOTE, BACKSLASH, COLON].includes(frame[start] ?? 0)) start += 1;
  let end = start;
  while (end < frame.length && (frame[end] === DOT || ((frame[end] ?? 0) >= ZERO && (frame[end] ?? 0) <= NINE))) {
    end += 1;
  }
  return end > start ? Number(frame.toString('latin1', start, end)) : undefined;
}

function onTick(raw: RawData): void {
  const at = now();
  // The default binaryType: one Buffer per message.
  const sentAt = sentAtOf(raw as Buffer);
  if (sentAt === undefined || received >= expected) return;
  latencies[received] = at - sentAt;
  received += 1;
  lastAt = at;
  if (received === expected) {
    report({ type: 'done', deliveries: received, lastAt, latencies: Array.from(latencies.subarray(0, received)) });
  }
}

function connect(url: string, channel: string, pusher: boolean): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    if (!pusher) {
      socket.once('open', () => {
        socket.on('message', onTick);
        resolve(socket);
      });
      return;
    }
    const handshake = (raw: RawData) => {
      const text = raw.toString();
      if (text.includes('"pusher:connection_established"')) {
        socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: '' } }));
      } else if (text.includes('"pusher_internal:subscription_succeeded"')) {
        socket.off('message', handshake);
        socket.on('message', onTick);
        resolve(socket);
      }
    };
    socket.on('message', handshake);
  });
}

async function handle(command: ClientCommand): Promise<void> {
  if (command.type === 'clock') {
    report({ type: 'clock', at: now() });
  } else if (command.type === 'connect') {
    // In slices, so a thousand handshakes do not all time out together on a busy machine.
    for (let i = 0; i < command.count; i += 100) {
      const slice = Math.min(100, command.count - i);
      await Promise.all(Array.from({ length: slice }, () => connect(command.url, command.channel, command.pusher)));
    }
    report({ type: 'ready' });
  } else if (command.type === 'expect') {
    expected = command.deliveries;
    received = 0;
    lastAt = 0;
    latencies = new Float64Array(expected);
    report({ type: 'expecting' });
  } else {
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.terminate();
          }),
      ),
    );
    sockets = [];
    report({ type: 'closed' });
  }
}

process.on('message', (command: ClientCommand) => {
  handle(command).catch((error: unknown) =>
    report({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
