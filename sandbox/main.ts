import { buildApi, DEFAULT_AUTH_RATE_LIMIT } from './api/app';
import { readSandboxConfig } from './config';
import { migrate } from './db/migrate';
import { describeDb, openDb } from './db/open';
import { startRealtimeServer } from './realtime/server';
import { isSeeded, seed } from './seed';

/**
 * `npm run sandbox`: the local platform. Opens the database (PGlite folder or DATABASE_URL), migrates,
 * seeds an empty database, then serves the API + QA panel and the Pusher-protocol realtime server.
 */
const config = readSandboxConfig();
const db = await openDb(config);
const applied = await migrate(db);
if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`);
if (!(await isSeeded(db))) {
  await seed(db);
  console.log('Demo data seeded (see sandbox/README.md for the accounts).');
}

const rateLimitMax = Number(process.env.SANDBOX_AUTH_RATE_LIMIT ?? DEFAULT_AUTH_RATE_LIMIT.max);
const api = buildApi({
  db,
  config,
  log: process.env.SANDBOX_LOG === '1',
  authRateLimit: { max: rateLimitMax, timeWindowMs: DEFAULT_AUTH_RATE_LIMIT.timeWindowMs },
});
await api.listen({ host: config.apiHost, port: config.apiPort });
const realtime = await startRealtimeServer({ host: config.realtimeHost, port: config.realtimePort, apps: [config.pusher] });

const apiUrl = `http://${config.apiHost}:${config.apiPort}`;
console.log(`Sandbox database: ${describeDb(config)}`);
console.log(`Sandbox API:      ${apiUrl}/api  (brands: localhost, azul.localhost, pausa.localhost)`);
console.log(`QA panel:         ${apiUrl}/sandbox`);
console.log(`Realtime:         ws://${config.realtimeHost}:${realtime.port} (app key ${config.pusher.key})`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the sandbox…`);
  const results = await Promise.allSettled([api.close(), realtime.close()]);
  await db.close();
  for (const r of results) if (r.status === 'rejected') console.error(r.reason);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
