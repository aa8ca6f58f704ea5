/**
 * The first-load section of `npm run bench` (issue 11, items 1 and 2): the product (built, served with its
 * sandbox) and the reference app (bench/reference-app/, the same mandatory libraries) side by side in one run:
 *
 * - initial JavaScript (every script fetched before the network is idle, gzip) per route, and the reference's;
 * - Lighthouse 12 mobile, median of 5, on home, /login and /casino/games, interleaved with the reference.
 *
 * Every figure is printed absolute and as a ratio to the reference's, and returned for bench/results/latest.json.
 */
import { measureInitialJs, startStack } from './initial-js';
import { runLighthouseInterleaved, type LighthouseFigures } from './lighthouse';
import { measureMainThread } from './main-thread';
import { startReference } from './reference';

const ROUTES = ['/', '/en', '/casino/games', '/login'];
const LIGHTHOUSE_PAGES = { home: '/', login: '/login', games: '/casino/games' } as const;
/** Issue 11's goals: home ≥ 98 with LCP ≤ 1.6 s, TBT ≤ 50 ms, CLS ≤ 0.01; /login and /casino/games ≥ 95. */
export const LIGHTHOUSE_GOALS = {
  home: { score: 98, lcpMs: 1600, tbtMs: 50, cls: 0.01 },
  login: { score: 95 },
  games: { score: 95 },
} as const;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ratio = (value: number, reference: number) => (reference > 0 ? Number((value / reference).toFixed(2)) : null);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** The home page's main-thread JavaScript before interactive, at most this many times the reference app's. */
export const MAIN_THREAD_GOAL_RATIO = 2;

/** Issue 12: the lobby's first load (a guest opening /casino/games) is held under this (gzip). */
export const LOBBY_INITIAL_JS_BUDGET_GZIP = 160 * 1024;

export async function benchFirstLoad(options: {
  initialJs: boolean;
  lighthouse: boolean;
  mainThread?: boolean;
  budgetGzipBytes: number;
  lighthouseRuns?: number;
}): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  const stack = await startStack();
  const reference = await startReference();
  try {
    if (options.initialJs) {
      const routes = await measureInitialJs(stack.url, ROUTES);
      const [ref] = await measureInitialJs(reference.url, ['/'], reference.outDir);
      const refGzip = ref?.gzipBytes ?? 0;
      const home = routes.find((r) => r.route === '/');
      const homeRatio = home ? home.gzipBytes / options.budgetGzipBytes : Number.NaN;
      const lobby = routes.find((r) => r.route === '/casino/games');
      const lobbyRatio = lobby ? lobby.gzipBytes / LOBBY_INITIAL_JS_BUDGET_GZIP : Number.NaN;
      results.initialJs = {
        routes,
        reference: ref,
        budgetGzipBytes: options.budgetGzipBytes,
        homeRatioToBudget: homeRatio,
        homeRatioToReference: home ? ratio(home.gzipBytes, refGzip) : null,
        lobbyBudgetGzipBytes: LOBBY_INITIAL_JS_BUDGET_GZIP,
        lobbyRatioToBudget: lobbyRatio,
        lobbyRatioToReference: lobby ? ratio(lobby.gzipBytes, refGzip) : null,
      };
      console.log('\nInitial JavaScript per route (first load until the network is idle, built app, gzip -9)');
      console.table([
        ...routes.map((r) => ({
          app: 'product',
          route: r.route,
          files: r.files,
          minified: kb(r.minifiedBytes),
          gzip: kb(r.gzipBytes),
          'vs reference': ratio(r.gzipBytes, refGzip),
        })),
        ...(ref
          ? [
              {
                app: 'reference',
                route: '/',
                files: ref.files,
                minified: kb(ref.minifiedBytes),
                gzip: kb(ref.gzipBytes),
                'vs reference': 1,
              },
            ]
          : []),
      ]);
      console.log(
        `Home page: ${home ? kb(home.gzipBytes) : '?'} gzip of a ${kb(options.budgetGzipBytes)} budget: ratio ${homeRatio.toFixed(2)} (${homeRatio <= 1 ? 'within budget' : 'OVER BUDGET'})`,
      );
      console.log(
        `Lobby (/casino/games): ${lobby ? kb(lobby.gzipBytes) : '?'} gzip of a ${kb(LOBBY_INITIAL_JS_BUDGET_GZIP)} budget: ratio ${lobbyRatio.toFixed(2)} (${lobbyRatio <= 1 ? 'within budget' : 'OVER BUDGET'})`,
      );
    }
    if (options.mainThread) {
      const runs = 5;
      const figures = await measureMainThread({ home: stack.url, reference: reference.url }, runs);
      const home = figures.home ?? { scriptMs: 0, taskMs: 0 };
      const ref = figures.reference ?? { scriptMs: 0, taskMs: 0 };
      const scriptRatio = ratio(home.scriptMs, ref.scriptMs);
      results.mainThread = {
        cpuRate: 4,
        runs,
        figures,
        homeScriptRatioToReference: scriptRatio,
        homeTaskRatioToReference: ratio(home.taskMs, ref.taskMs),
        goalScriptRatio: MAIN_THREAD_GOAL_RATIO,
      };
      console.log(`\nMain thread before interactive, 4x CPU, median of ${runs}, interleaved with the reference app`);
      console.table([
        { page: 'home (/)', 'script ms': home.scriptMs, 'tasks ms': home.taskMs, 'script ÷ ref': scriptRatio },
        { page: 'reference', 'script ms': ref.scriptMs, 'tasks ms': ref.taskMs, 'script ÷ ref': 1 },
      ]);
      console.log(
        `Home page's main-thread JavaScript before interactive at 4x CPU: ${scriptRatio}× the reference's (goal ≤ ${MAIN_THREAD_GOAL_RATIO}×: ${verdict(scriptRatio !== null && scriptRatio <= MAIN_THREAD_GOAL_RATIO)}); all tasks ${ratio(home.taskMs, ref.taskMs)}×`,
      );
    }
    if (options.lighthouse) {
      const runs = options.lighthouseRuns ?? 5;
      const targets: Record<string, string> = { reference: reference.url };
      for (const [name, path] of Object.entries(LIGHTHOUSE_PAGES)) targets[name] = new URL(path, stack.url).toString();
      const figures = await runLighthouseInterleaved(targets, runs);
      const ref = figures.reference as LighthouseFigures;
      const rows = Object.entries(figures).map(([page, f]) => ({
        page,
        score: f.performanceScore,
        'score ÷ ref': ratio(f.performanceScore, ref.performanceScore),
        'LCP ms': f.lcpMs,
        'LCP ÷ ref': ratio(f.lcpMs, ref.lcpMs),
        'TBT ms': f.tbtMs,
        'TBT ÷ ref': ratio(f.tbtMs, ref.tbtMs),
        CLS: f.cls,
      }));
      const home = figures.home as LighthouseFigures;
      const goals = {
        homeScore: home.performanceScore >= LIGHTHOUSE_GOALS.home.score,
        homeLcp: home.lcpMs <= LIGHTHOUSE_GOALS.home.lcpMs,
        homeTbt: home.tbtMs <= LIGHTHOUSE_GOALS.home.tbtMs,
        homeCls: home.cls <= LIGHTHOUSE_GOALS.home.cls,
        loginScore: (figures.login?.performanceScore ?? 0) >= LIGHTHOUSE_GOALS.login.score,
        gamesScore: (figures.games?.performanceScore ?? 0) >= LIGHTHOUSE_GOALS.games.score,
      };
      results.lighthouse = {
        preset: 'mobile (Lighthouse 12 default)',
        runs,
        interleaved: true,
        urls: targets,
        figures,
        ratiosToReference: rows,
        goals: LIGHTHOUSE_GOALS,
        met: goals,
      };
      console.log(`\nLighthouse 12, mobile preset, median of ${runs}, interleaved with the reference app`);
      console.table(rows);
      console.log(
        `Goals: home score ≥ 98 ${verdict(goals.homeScore)}, LCP ≤ 1600 ms ${verdict(goals.homeLcp)}, TBT ≤ 50 ms ${verdict(goals.homeTbt)}, CLS ≤ 0.01 ${verdict(goals.homeCls)}; /login ≥ 95 ${verdict(goals.loginScore)}; /casino/games ≥ 95 ${verdict(goals.gamesScore)}`,
      );
    }
  } finally {
    await reference.stop();
    await stack.stop();
  }
  return results;
}
