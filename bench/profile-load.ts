/**
 * Where a page's first load spends the main thread (issue 11: total blocking time), by task and by source:
 *
 *   npm start -- --preview            # or any running build whose source maps are in APP_OUT_DIR
 *   npx tsx bench/profile-load.ts http://localhost:4273/ dist    # URL, build folder (source maps); TASKS=5 WAIT_MS=6000 CPU_RATE=4 ORDER=time
 *
 * Loads the URL in Chromium at a phone's size with Lighthouse's mobile CPU slowdown (4x), samples the JS profiler
 * every 0.2 ms, and prints the longest stretches of JavaScript that share one entry frame (roughly one task each:
 * the entry module's evaluation, a scheduler task of React, a timer), each with the app's functions by inclusive
 * time and every function by self time, mapped to its source through the build's source maps (`file:line#name`: the
 * nearest function declared at or above the sampled line, a guess to check at that line). A figure to find where to
 * look, not a budget: under CPU throttling the browser's own work shows as "(program)" and is left out.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/browser';

const [url, dist = 'dist'] = process.argv.slice(2);
if (!url) throw new Error('usage: npx tsx bench/profile-load.ts <url> [build folder]');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const cdp = await page.context().newCDPSession(page);
// CPU_RATE=1: as Lighthouse's simulated runs load the page (unthrottled; its TBT multiplies those tasks by 4).
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE ?? 4) });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT_MS ?? 6000));
const { profile } = await cdp.send('Profiler.stop');
await browser.close();

const nodes = new Map<number, ProfileNode>(profile.nodes.map((n: ProfileNode) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes as ProfileNode[]) for (const c of n.children ?? []) parent.set(c, n.id);

const maps = new Map<string, SourceMapConsumer | null>();
const sources = new Map<string, string[] | null>();
const names = new Map<string, string>();

/** `file#function` of a frame: the original source through the build's source map, the enclosing function's name. */
function nameOf(frame: ProfileNode['callFrame']): string {
  const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
  const known = names.get(key);
  if (known !== undefined) return known;
  let name = frame.functionName;
  const asset = /assets\/([^/?]+\.js)$/.exec(frame.url)?.[1];
  if (asset) {
    if (!maps.has(asset)) {
      try {
        maps.set(asset, new SourceMapConsumer(JSON.parse(readFileSync(`${dist}/assets/${asset}.map`, 'utf8'))));
      } catch {
        maps.set(asset, null);
      }
    }
    const map = maps.get(asset);
    const position = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (position?.source) {
      const file = position.source.replace(/^(\.\.\/)+/, '');
      if (!sources.has(file)) {
        try {
          sources.set(file, readFileSync(file, 'utf8').split('\n'));
        } catch {
          sources.set(file, null);
        }
      }
      const lines = sources.get(file);
      let fn = '';
      let fnLine = position.line ?? 0;
      for (let i = (position.line ?? 1) - 1; lines && i >= 0 && i > (position.line ?? 1) - 400; i -= 1) {
        const found =
          /^\s*(?:export\s+)?(?:async\s+)?function\s*\*?\s*(\w+)|^\s*(?:export\s+)?(?:const|let)\s+(\w+)\s*=.*=>/.exec(
            lines[i] ?? '',
          );
        if (found) {
          fn = found[1] ?? found[2] ?? '';
          fnLine = i + 1;
          break;
        }
      }
      const shortFile = file.replace(/.*node_modules\/((?:@[^/]+\/)?[^/]+).*/, 'nm:$1');
      name = `${shortFile}:${fnLine}#${fn}`;
    } else name = asset;
  }
  names.set(key, name);
  return name;
}

const NOT_JS = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
interface Stretch {
  start: number;
  ms: number;
  entry: string;
  samples: Array<{ id: number; ms: number }>;
}
const stretches: Stretch[] = [];
let time = profile.startTime;
let current: Stretch | null = null;
profile.samples.forEach((id: number, i: number) => {
  time += profile.timeDeltas[i] ?? 0;
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  if (NOT_JS.has(nodes.get(id)?.callFrame.functionName ?? '')) {
    current = null;
    return;
  }
  let top = id;
  while (parent.has(top) && nodes.get(parent.get(top)!)?.callFrame.functionName !== '(root)') top = parent.get(top)!;
  const entry = nameOf(nodes.get(top)!.callFrame);
  if (!current || current.entry !== entry) {
    current = { start: (time - profile.startTime) / 1000, ms: 0, entry, samples: [] };
    stretches.push(current);
  }
  current.ms += ms;
  current.samples.push({ id, ms });
});

const top = (totals: Map<string, number>, count: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(' | ');

const longest = stretches.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.TASKS ?? 5));
// ORDER=time: the longest stretches in the order they ran (which came after the first paint).
if (process.env.ORDER === 'time') longest.sort((a, b) => a.start - b.start);
for (const stretch of longest) {
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  for (const { id, ms } of stretch.samples) {
    const leaf = nameOf(nodes.get(id)!.callFrame);
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(nodes.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
  const app = new Map([...inclusive].filter(([name]) => /^(src|machines|shared)\//.test(name)));
  console.log(`\n@${stretch.start.toFixed(0)} ms: ${stretch.ms.toFixed(0)} ms of JavaScript from ${stretch.entry}`);
  console.log(`  app, inclusive: ${top(app, 15) || '-'}`);
  console.log(`  self:           ${top(self, 12)}`);
}
