import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the server answers: a status (with optional headers and JSON body), or 'drop' to cut the connection. */
export type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Replies used in order; the last one repeats. */
  reply(...replies: Reply[]): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, reply: Exclude<Reply, 'drop'>): void {
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(payload ? { 'Content-Type': 'application/json' } : {}),
    'Content-Length': String(Buffer.byteLength(payload)),
    ...reply.headers,
  });
  res.end(payload);
}

/** A real HTTP server on an ephemeral loopback port that records every request. */
export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let replies: Reply[] = [{ status: 200, body: { ok: true } }];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = replies[Math.min(requests.length, replies.length) - 1] ?? { status: 200 };
      if (reply === 'drop') req.socket.destroy();
      else send(res, reply);
    });
  });
  // Fetch keeps connections alive; close them so `close()` does not wait for idle sockets.
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(...next) {
      replies = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
