/**
 * The main thread's tasks of a first load, as Lighthouse's simulated TBT sees them (issue 11):
 *
 *   npm start -- --preview                                     # or any running build
 *   npx tsx bench/tasks-after-paint.ts http://localhost:4273/  # CPU_RATE=1 MIN=10 RUNS=1
 *
 * Loads the URL in Chromium at a phone's size (unthrottled by default, as Lighthouse's simulated runs load it),
 * traces it, and prints the first contentful paint, every task over MIN ms (marked when it ran after that paint),
 * what the long ones after the paint spent their time on (script, style, layout, paint), and the blocking time
 * those tasks would make at Lighthouse's 4x CPU slowdown (each task × 4, less 50 ms). Lighthouse's simulation also
 * moves JavaScript tasks that ran before the paint without laying anything out to after its simulated paint, so
 * long tasks before the paint matter too. A figure to find where to look, not a budget.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/browser';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
}

const url = process.argv[2];
if (!url) throw new Error('usage: npx tsx bench/tasks-after-paint.ts <url>');
const min = Number(process.env.MIN ?? 10);
const tracePath = `/tmp/tasks-after-paint-${process.pid}.json`;

for (let run = 0; run < Number(process.env.RUNS ?? 1); run += 1) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE ?? 1) });
  await browser.startTracing(page, {
    path: tracePath,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'],
  });
  await page.goto(url);
  await page.waitForTimeout(Number(process.env.WAIT_MS ?? 4000));
  await browser.stopTracing();
  await browser.close();

  const events = (JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const start = events
    .filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'))
    .map((e) => e.ts)
    .sort((a, b) => a - b)[0];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (start === undefined || !fcp) throw new Error('no navigation or no first contentful paint in the trace');
  const ms = (us: number) => Math.round(us / 1000);
  const tasks = events
    .filter((e) => e.ph === 'X' && e.tid === fcp.tid && e.name === 'RunTask' && (e.dur ?? 0) > min * 1000)
    .sort((a, b) => a.ts - b.ts);
  let blocking = 0;
  console.log(`\nrun ${run + 1}: first contentful paint at ${ms(fcp.ts - start)} ms`);
  for (const task of tasks) {
    const after = task.ts > fcp.ts;
    const duration = ms(task.dur ?? 0);
    if (after) blocking += Math.max(0, duration * 4 - 50);
    let detail = '';
    if (after && duration * 4 > 50) {
      const inside = events.filter(
        (e) =>
          e.ph === 'X' &&
          e.tid === task.tid &&
          e !== task &&
          e.ts >= task.ts &&
          e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) &&
          (e.dur ?? 0) > 2000 &&
          ['FunctionCall', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'TimerFire'].includes(
            e.name,
          ),
      );
      detail = `  ${inside.map((e) => `${e.name} ${ms(e.dur ?? 0)}`).join(', ')}`;
    }
    console.log(
      `  ${String(ms(task.ts - start)).padStart(5)} ms  ${String(duration).padStart(3)} ms${after ? '  after the paint' : ''}${detail}`,
    );
  }
  console.log(`  blocking at 4x after the paint: ${blocking} ms`);
}
