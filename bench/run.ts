/**
 * `npm run bench`: the figures that hold our budgets (no timed tests).
 * Writes bench/results/latest.json and prints a table per figure.
 *
 *   npm run bench                 everything
 *   npm run bench -- initial-js   only the named sections (initial-js, lighthouse, site-config, fanout)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchSiteConfig } from '../sandbox/bench';
import { benchFanout } from '../sandbox/realtime/bench';
import { measureInitialJs, startStack } from './initial-js';
import { runLighthouse } from './lighthouse';

/** Budget for the guest home page's initial JavaScript (gzip). */
export const HOME_INITIAL_JS_BUDGET_GZIP = 140 * 1024;
const ROUTES = ['/', '/en', '/casino/games', '/login'];

const wanted = new Set(process.argv.slice(2));
const want = (name: string) => wanted.size === 0 || wanted.has(name);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

if (want('initial-js') || want('lighthouse')) {
  const stack = await startStack();
  try {
    if (want('lighthouse')) {
      const lh = await runLighthouse(stack.url, 5);
      results.lighthouse = {
        url: stack.url,
        preset: 'mobile (Lighthouse default)',
        ...lh,
        goals: { score: 95, cls: 0.02 },
      };
      console.log('\nLighthouse 12, guest home page, mobile preset, median of 5');
      console.table([{ score: lh.performanceScore, 'LCP ms': lh.lcpMs, 'TBT ms': lh.tbtMs, CLS: lh.cls }]);
      console.log(
        `Goal: score ≥ 95 (${lh.performanceScore >= 95 ? 'met' : 'not met'}), CLS ≤ 0.02 (${lh.cls <= 0.02 ? 'met' : 'not met'})`,
      );
    }
    if (want('initial-js')) {
      const routes = await measureInitialJs(stack.url, ROUTES);
      const home = routes.find((r) => r.route === '/');
      const ratio = home ? home.gzipBytes / HOME_INITIAL_JS_BUDGET_GZIP : Number.NaN;
      results.initialJs = { routes, budgetGzipBytes: HOME_INITIAL_JS_BUDGET_GZIP, homeRatioToBudget: ratio };
      console.log('\nInitial JavaScript per route (first load, built app)');
      console.table(
        routes.map((r) => ({ route: r.route, files: r.files, minified: kb(r.minifiedBytes), gzip: kb(r.gzipBytes) })),
      );
      console.log(
        `Home page: ${home ? kb(home.gzipBytes) : '?'} gzip of a ${kb(HOME_INITIAL_JS_BUDGET_GZIP)} budget: ratio ${ratio.toFixed(2)}${ratio <= 1 ? ' (within budget)' : ' (OVER BUDGET)'}`,
      );
    }
  } finally {
    await stack.stop();
  }
}

if (want('site-config')) {
  const r = await benchSiteConfig();
  results.siteConfig = r;
  console.log('\nGET /api/site-config on the sandbox (autocannon, loopback)');
  console.table([{ 'requests/s': Math.round(r.requestsPerSecond), 'p99 ms': r.p99Ms }]);
}

if (want('fanout')) {
  const r = await benchFanout({ clients: 200 });
  results.fanout = r;
  console.log('\nRealtime fan-out: one public channel, loopback clients');
  console.table([
    {
      clients: r.clients,
      events: r.events,
      'delivered/s': Math.round(r.deliveredPerSecond),
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
    },
  ]);
}

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwrote bench/results/latest.json');
process.exit(0);
