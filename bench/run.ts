/**
 * `npm run bench`: the figures that hold our budgets (no timed tests).
 * Writes bench/results/latest.json and prints a table per figure.
 *
 *   npm run bench                 everything
 *   npm run bench -- initial-js   only the named sections (initial-js, main-thread, lighthouse, site-config, games, fanout, burst)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { benchGames, benchSiteConfig } from '../sandbox/bench';
import { benchFanout } from '../sandbox/realtime/bench';
import { benchBurst, printBurst } from './burst';
import { benchFirstLoad } from './first-load';

/** Budget for the guest home page's initial JavaScript (gzip). */
export const HOME_INITIAL_JS_BUDGET_GZIP = 130 * 1024;

const wanted = new Set(process.argv.slice(2));
const want = (name: string) => wanted.size === 0 || wanted.has(name);
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
/** Ports from the environment (npm start's variables); unset, the sandbox sections take free ports. */
const envPort = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
/** The 1/5/15-minute load averages with the core count: how busy the machine was around each figure. */
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const machine = { cpus: cpus().length, loadavgBefore: load(), loadavgAfter: [] as number[] };
results.machine = machine;
/** Every figure measured against a reference in the same run, product / reference (see bench/README.md). */
const ratios: Record<string, number> = {};
results.ratios = ratios;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

const LATEST = 'bench/results/latest.json';
/** When each section was last measured (a partial run keeps the other sections' figures and dates). */
const sections: Record<string, string> = {};
results.sections = sections;
for (const name of ['initial-js', 'main-thread', 'lighthouse', 'site-config', 'games', 'fanout', 'burst']) {
  if (want(name)) sections[name] = results.date as string;
}

/** The previous latest.json, or null when there is none or it is not JSON. */
function readLatest(): Record<string, unknown> | null {
  if (!existsSync(LATEST)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(LATEST, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A partial run (`npm run bench -- games`) merges into the previous file: its sections and ratios replace
 * theirs, the others stay as they were, with the date they were measured (`sections`).
 */
function mergeResults(
  previous: Record<string, unknown> | null,
  current: Record<string, unknown>,
): Record<string, unknown> {
  if (!previous) return current;
  const record = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return {
    ...previous,
    ...current,
    ratios: { ...record(previous.ratios), ...record(current.ratios) },
    sections: { ...record(previous.sections), ...record(current.sections) },
  };
}

if (want('initial-js') || want('main-thread') || want('lighthouse')) {
  Object.assign(
    results,
    await benchFirstLoad({
      initialJs: want('initial-js'),
      mainThread: want('main-thread'),
      lighthouse: want('lighthouse'),
      budgetGzipBytes: HOME_INITIAL_JS_BUDGET_GZIP,
    }),
  );
  const mainThread = results.mainThread as { homeScriptRatioToReference: number | null } | undefined;
  if (mainThread?.homeScriptRatioToReference != null)
    ratios.homeMainThreadScriptToReference = mainThread.homeScriptRatioToReference;
}

if (want('site-config')) {
  const before = load();
  const r = await benchSiteConfig({ port: envPort('SANDBOX_API_PORT') });
  results.siteConfig = { ...r, loadavgBefore: before, loadavgAfter: load() };
  ratios.siteConfigRequestsPerSecond = r.ratio;
  ratios.siteConfigBrotliRequestsPerSecond = r.ratioBrotli;
  console.log(
    `\nGET /api/site-config (autocannon in a worker, ${r.connections} connections, median of ${r.rounds} × ${r.secondsPerRound} s, interleaved)`,
  );
  console.table(
    [
      ['sandbox, plain', r.product],
      ['reference: minimal Fastify, same body, plain', r.reference],
      ['sandbox, br (a browser)', r.productBrotli],
      ['reference, same br bytes', r.referenceBrotli],
    ].map(([server, f]) => ({ server, 'requests/s': f.requestsPerSecond, 'p50 ms': f.p50Ms, 'p99 ms': f.p99Ms })),
  );
  console.log(
    `Body ${r.bodyBytes} B (${r.brotliBytes} B brotli). Ratio to the reference (median of paired rounds) ${r.ratio}, br ${r.ratioBrotli} (goal ≥ ${r.goals.ratio}: ${verdict(r.ratio >= r.goals.ratio)}); ` +
      `≥ ${r.goals.requestsPerSecond} req/s: ${verdict(r.product.requestsPerSecond >= r.goals.requestsPerSecond)}; ` +
      `p99 ≤ ${r.goals.p99Ms} ms: ${verdict(r.product.p99Ms <= r.goals.p99Ms)}. Load average before ${before.join(' ')}, after ${load().join(' ')}.`,
  );
}

if (want('games')) {
  const before = load();
  const r = await benchGames({ port: envPort('SANDBOX_API_PORT') });
  results.games = { ...r, loadavgBefore: before, loadavgAfter: load() };
  ratios.gamesPageP99 = r.ratiosP99.guestPage;
  ratios.gamesPagePlayerP99 = r.ratiosP99.playerPage;
  ratios.homeGamesP99 = r.ratiosP99.guestHome;
  ratios.homeGamesPlayerP99 = r.ratiosP99.playerHome;
  console.log(
    `\nGET /api/casinos/games, ${r.games} games (autocannon in a worker, a mix of ${r.mix.length} pages, searches and filters, median of ${r.rounds} × ${r.secondsPerRound} s)` +
      `, and GET ${r.homeGames.path} (${r.homeGames.rows} rows, ${r.homeGames.bodyBytes} B)`,
  );
  const floorRatio = {
    guest1: r.ratiosP99.guestPage,
    player1: r.ratiosP99.playerPage,
  } as Record<string, number>;
  console.table([
    ...r.runs.map((run) => ({
      call: 'casinos/games',
      caller: run.caller,
      connections: run.connections,
      'requests/s': run.requestsPerSecond,
      'p50 ms': run.p50Ms,
      'p99 ms': run.p99Ms,
      'floor p99 ÷ p99': floorRatio[`${run.caller}${run.connections}`] ?? '',
    })),
    ...(['guest', 'player'] as const).map((caller) => ({
      call: 'featured/home-games',
      caller,
      connections: 1,
      'requests/s': r.homeGames[caller].requestsPerSecond,
      'p50 ms': r.homeGames[caller].p50Ms,
      'p99 ms': r.homeGames[caller].p99Ms,
      'floor p99 ÷ p99': caller === 'guest' ? r.ratiosP99.guestHome : r.ratiosP99.playerHome,
    })),
    {
      call: 'floor: GET /api/categories',
      caller: 'guest',
      connections: 1,
      'requests/s': r.floor.requestsPerSecond,
      'p50 ms': r.floor.p50Ms,
      'p99 ms': r.floor.p99Ms,
      'floor p99 ÷ p99': 1,
    },
  ]);
  console.log(
    `A page's p99 (one connection, worse of guest and player) ${r.pageP99Ms} ms: ≤ ${r.goals.p99Ms} ms ${verdict(r.pageP99Ms <= r.goals.p99Ms)}. ` +
      `Floor GET /api/categories p99 ${r.floor.p99Ms} ms (a round of it before every one-connection round); ` +
      `floor ÷ page p99: guest ${r.ratiosP99.guestPage}, player ${r.ratiosP99.playerPage}. ` +
      `Load average before ${before.join(' ')}, after ${load().join(' ')}.`,
  );
}

if (want('fanout')) {
  const before = load();
  const r = await benchFanout({ clients: 1000, events: 200, port: envPort('SANDBOX_REALTIME_PORT') });
  results.fanout = { ...r, loadavgBefore: before, loadavgAfter: load() };
  ratios.fanoutCapacity = r.ratio.capacity;
  ratios.fanoutPacedP99 = r.ratio.pacedP99;
  console.log(
    `\nRealtime fan-out: ${r.clients} clients (in ${r.clientProcesses} child processes) on one public channel, ${r.events} events`,
  );
  console.table(
    [
      ['sandbox, paced', r.paced, `${r.pacedEventsPerSecond} events/s`],
      ['bare ws floor, paced', r.floor.paced, `${r.pacedEventsPerSecond} events/s`],
      ['sandbox, saturated', r.saturated, `${r.window} in flight`],
      ['bare ws floor, saturated', r.floor.saturated, `${r.window} in flight`],
    ].map(([server, f, publisher]) => ({
      server,
      publisher,
      'delivered/s': f.deliveredPerSecond,
      'p50 ms': f.p50Ms,
      'p99 ms': f.p99Ms,
    })),
  );
  console.log(
    `Capacity ratio to the floor ${r.ratio.capacity}; paced p99 floor/sandbox ${r.ratio.pacedP99}. ` +
      `Goal at ${r.goals.clients} clients, paced: ≥ ${r.goals.deliveredPerSecond} delivered/s ${verdict(r.paced.deliveredPerSecond >= r.goals.deliveredPerSecond)}, ` +
      `p99 ≤ ${r.goals.p99Ms} ms ${verdict(r.paced.p99Ms <= r.goals.p99Ms)}. Load average before ${before.join(' ')}, after ${load().join(' ')}.`,
  );
}

if (want('burst')) {
  const before = load();
  const r = await benchBurst();
  results.burst = { ...r, loadavgBefore: before, loadavgAfter: load() };
  ratios.burstHeapToReference = r.ratios.heapToReference;
  if (r.ratios.longTasksOver50ToReference !== null)
    ratios.burstLongTasksToReference = r.ratios.longTasksOver50ToReference;
  printBurst(r);
  console.log(`Load average before ${before.join(' ')}, after ${load().join(' ')}.`);
}

machine.loadavgAfter = load();
mkdirSync('bench/results', { recursive: true });
writeFileSync(LATEST, `${JSON.stringify(mergeResults(wanted.size === 0 ? null : readLatest(), results), null, 2)}\n`);
console.log(`\nwrote ${LATEST}${wanted.size === 0 ? '' : ` (merged: ${[...wanted].join(', ')})`}`);
process.exit(0);
