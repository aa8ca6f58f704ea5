/**
 * `npm start`: the whole product on this machine: the sandbox platform (API,
 * QA panel, realtime server, database) and the app, in one terminal.
 *
 *   npm start                 sandbox + app dev server (hot reload, inspector attached)
 *   npm start -- --preview    sandbox + a production build of the app
 *   npm start -- --fresh      start from an empty sandbox database (re-seeded)
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, preview, build } from 'vite';
import { providerOf, readSandboxConfig } from '../sandbox/config';
import { ensureMigratedTemplate } from '../sandbox/db/test-template';

const args = new Set(process.argv.slice(2));
const config = readSandboxConfig();

const env = { ...process.env };
if (args.has('--fresh') && !config.databaseUrl) {
  rmSync(config.dataDir, { recursive: true, force: true });
  // The emptied folder starts from a migrated dump rather than initdb (about 13 s on 2 cores; the dump is made
  // once per set of migrations); the sandbox then has nothing to migrate and seeds it as any new database.
  env.SANDBOX_FRESH_TEMPLATE = await ensureMigratedTemplate();
}

const sandbox = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env,
});
let stopping = false;
sandbox.on('exit', (code) => {
  if (stopping) return;
  console.error(`The sandbox stopped (exit ${code ?? 'signal'}); stopping the app.`);
  process.exit(code ?? 1);
});

async function waitForSandbox(timeoutMs = 120_000): Promise<void> {
  const url = `http://${config.apiHost}:${config.apiPort}/api/site-config?domain=localhost`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The sandbox did not answer at ${url} within ${timeoutMs / 1000} s`);
}

function stop(signal: NodeJS.Signals): void {
  stopping = true;
  sandbox.kill(signal);
  sandbox.once('exit', () => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

await waitForSandbox();
let appUrl: string;
if (args.has('--preview')) {
  // APP_OUT_DIR: a build folder of its own, so parallel preview runs on one machine never share dist/.
  // (Built after the sandbox is up, not beside it: on 2 cores the two together took longer, 23 s against 22 s.)
  const outDir = process.env.APP_OUT_DIR ?? 'dist';
  await build({ logLevel: 'warn', build: { outDir } });
  const server = await preview({ build: { outDir } });
  appUrl = server.resolvedUrls?.local[0] ?? 'http://localhost:4173/';
} else {
  const server = await createServer({});
  await server.listen();
  appUrl = server.resolvedUrls?.local[0] ?? 'http://localhost:5173/';
}
const port = new URL(appUrl).port;
console.log(`
  App (Sorte Verde):   http://localhost:${port}/
  Second brand:        http://azul.localhost:${port}/   (Azul Bet)
  Maintenance brand:   http://pausa.localhost:${port}/
  English:             http://localhost:${port}/en
  QA control panel:    http://${config.apiHost}:${config.apiPort}/sandbox
  Game provider:       ${providerOf(config).publicUrl}   (games in the app's iframe)
  Inspector (QA):      add ?inspect to any app URL (?inspect=local: the offline inspector, no internet)
  Recorder (QA):       add ?record, then Alt+Shift+R; npm run replay -- <file> (docs/qa-tooling.md)
`);
