/**
 * Loopback load on GET /api/site-config: the sandbox API on an ephemeral 127.0.0.1 port with an in-memory
 * database, autocannon for ~5 s. Figures only (requests per second, p99 latency). Load generator and
 * server share this process, so the figures are a lower bound. Run directly: `npx tsx sandbox/bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildApi } from './api/app';
import { readSandboxConfig } from './config';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { seed } from './seed';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

export async function benchSiteConfig(): Promise<{ requestsPerSecond: number; p99Ms: number }> {
  const db = await openPglite();
  const app = buildApi({ db, config: readSandboxConfig({}) });
  try {
    await migrate(db);
    await seed(db);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const result = await autocannon({
      url: `${address}/api/site-config?domain=localhost&t=1`,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`site-config bench: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
  } finally {
    await app.close();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { requestsPerSecond, p99Ms } = await benchSiteConfig();
  console.log(`GET /api/site-config: ${requestsPerSecond} requests/s, p99 ${p99Ms} ms`);
}
