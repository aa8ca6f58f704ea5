/**
 * The main thread's JavaScript before a first load is interactive, at Lighthouse's mobile CPU slowdown (4x): the
 * product's home page and the reference app (bench/reference-app/, the same mandatory libraries), interleaved in one
 * run, median of `runs`. "Before interactive": from the navigation until the network is idle and the page has been
 * quiet for a second after (a first screen a player can tap); Chromium's own counters (`Performance.getMetrics`:
 * ScriptDuration, the time spent running JavaScript; TaskDuration, every main-thread task) at that moment.
 *
 *   npm run bench -- main-thread
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/browser';

export interface MainThreadFigures {
  /** JavaScript run on the main thread before the page is interactive, ms (median). */
  scriptMs: number;
  /** Every main-thread task (script, style, layout, paint) before then, ms (median). */
  taskMs: number;
}

async function once(browser: Browser, url: string, cpuRate: number): Promise<MainThreadFigures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Quiet for a second: the tasks the load scheduled (React's commit, idle callbacks due now) have run.
    await page.waitForTimeout(1000);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { scriptMs: value('ScriptDuration'), taskMs: value('TaskDuration') };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Each target measured `runs` times, the targets interleaved run by run (a busy machine slows them alike). */
export async function measureMainThread(
  targets: Record<string, string>,
  runs = 5,
  cpuRate = 4,
): Promise<Record<string, MainThreadFigures>> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const samples: Record<string, MainThreadFigures[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  try {
    for (const [name, url] of Object.entries(targets)) await once(browser, url, cpuRate).then(() => name); // warm-up
    for (let run = 0; run < runs; run += 1)
      for (const [name, url] of Object.entries(targets)) samples[name]?.push(await once(browser, url, cpuRate));
  } finally {
    await browser.close();
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [
      name,
      {
        scriptMs: Math.round(median(list.map((s) => s.scriptMs))),
        taskMs: Math.round(median(list.map((s) => s.taskMs))),
      },
    ]),
  );
}
