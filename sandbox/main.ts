import { buildPlatform } from './platform';
import { DEFAULT_AUTH_RATE_LIMIT } from './api/app';
import { WALLET_PREFIX } from './api/provider-wallet';
import { providerOf, readSandboxConfig } from './config';
import { migrate } from './db/migrate';
import { describeDb, openDb } from './db/open';
import { createRealtimeControl } from './realtime/control';
import { buildProviderServer } from './provider/server';
import { registerSportsbook } from './sportsbook/plugin';
import { createPublisher } from './realtime/publisher';
import { startRealtimeServer } from './realtime/server';
import { isSeeded, seed } from './seed';
import { createPushSender } from './push/sender';
import { loadOrCreateVapidKeys, VAPID_FILE } from './push/vapid';

/**
 * `npm run sandbox`: the local platform. Opens the database (PGlite folder or DATABASE_URL), migrates,
 * seeds an empty database, then serves the API + QA panel and the Pusher-protocol realtime server.
 */
const config = readSandboxConfig();
// `npm start -- --fresh` empties the data folder and names a migrated dump to start it from (no initdb).
const db = await openDb(config, process.env.SANDBOX_FRESH_TEMPLATE);
const applied = await migrate(db);
if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`);
if (!(await isSeeded(db))) {
  await seed(db);
  console.log('Demo data seeded (see sandbox/README.md for the accounts).');
}

// The realtime server first: the API publishes to it through the official `pusher` SDK, and the QA panel
// can stop it and start it again on the same port.
const startRealtime = (port: number) => startRealtimeServer({ host: config.realtimeHost, port, apps: [config.pusher] });
const realtimeControl = createRealtimeControl(await startRealtime(config.realtimePort), startRealtime);
const publishHost = ['0.0.0.0', '::', ''].includes(config.realtimeHost) ? '127.0.0.1' : config.realtimeHost;
const publisher = createPublisher({ ...config.pusher, host: publishHost, port: realtimeControl.port });

// Web push: the VAPID key pair, generated at the first start and kept in the data folder (sandbox/push/vapid.ts).
const vapid = loadOrCreateVapidKeys(config.dataDir);
if (vapid.created) console.log(`Web push: new VAPID key pair in ${config.dataDir}/${VAPID_FILE}`);

const rateLimitMax = Number(process.env.SANDBOX_AUTH_RATE_LIMIT ?? DEFAULT_AUTH_RATE_LIMIT.max);
const api = buildPlatform({
  db,
  config,
  publisher,
  realtimeControl,
  log: process.env.SANDBOX_LOG === '1',
  authRateLimit: { max: rateLimitMax, timeWindowMs: DEFAULT_AUTH_RATE_LIMIT.timeWindowMs },
  push: createPushSender(vapid.keys),
  // IN SPA/MF 22/2025 and 31/2025: the 15-day checks and the refunds after the 2 days, every minute.
  sigapSchedule: true,
});
await api.listen({ host: config.apiHost, port: config.apiPort });

const apiUrl = `http://${config.apiHost}:${config.apiPort}`;
// The game provider, on its own origin: games in the app's iframe; money only through the wallet over HTTP.
const provider = providerOf(config);
const walletHost = ['0.0.0.0', '::', ''].includes(config.apiHost) ? '127.0.0.1' : config.apiHost;
const games = buildProviderServer({
  db,
  secret: provider.secret,
  walletUrl: `http://${walletHost}:${config.apiPort}${WALLET_PREFIX}`,
  log: process.env.SANDBOX_LOG === '1',
  // The demo sportsbook (sandbox/sportsbook/) on the same provider origin, with the same wallet client.
  extraRoutes: (app, { wallet }) =>
    registerSportsbook(app, { db, now: () => new Date(), secret: provider.secret, wallet }),
});
await games.listen({ host: provider.host, port: provider.port });
console.log(`Sandbox database: ${describeDb(config)}`);
console.log(`Sandbox API:      ${apiUrl}/api  (brands: localhost, azul.localhost, pausa.localhost)`);
console.log(`QA panel:         ${apiUrl}/sandbox`);
console.log(`Realtime:         ws://${config.realtimeHost}:${realtimeControl.port} (app key ${config.pusher.key})`);
console.log(`Game provider:    ${provider.publicUrl}  (wallet ${apiUrl}${WALLET_PREFIX})`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the sandbox…`);
  const results = await Promise.allSettled([api.close(), games.close(), realtimeControl.stop()]);
  await db.close();
  for (const r of results) if (r.status === 'rejected') console.error(r.reason);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
