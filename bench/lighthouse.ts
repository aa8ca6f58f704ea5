import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/browser';

export interface LighthouseFigures {
  runs: number;
  performanceScore: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

type Sample = Omit<LighthouseFigures, 'runs'>;

/** One Lighthouse 12 run (default mobile preset) in a fresh Chromium. */
async function runOnce(url: string): Promise<Sample> {
  const chrome = await launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    return {
      performanceScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}

function summarise(samples: Sample[]): LighthouseFigures {
  return {
    runs: samples.length,
    performanceScore: median(samples.map((s) => s.performanceScore)),
    lcpMs: Math.round(median(samples.map((s) => s.lcpMs))),
    tbtMs: Math.round(median(samples.map((s) => s.tbtMs))),
    cls: Number(median(samples.map((s) => s.cls)).toFixed(3)),
  };
}

/**
 * Lighthouse 12 on `url` with its default mobile preset (emulated Moto G Power, simulated
 * slow 4G and 4x CPU throttling), in Debian's Chromium; the median of `runs` runs.
 */
export async function runLighthouse(url: string, runs = 5): Promise<LighthouseFigures> {
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i += 1) samples.push(await runOnce(url));
  return summarise(samples);
}

/**
 * Lighthouse on several pages interleaved (round i runs every page once, in order), so a machine that gets busy
 * weighs on every page alike; the median of `runs` runs per page, keyed like `targets`.
 */
export async function runLighthouseInterleaved(
  targets: Record<string, string>,
  runs = 5,
): Promise<Record<string, LighthouseFigures>> {
  const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const [name, url] of Object.entries(targets)) samples[name]?.push(await runOnce(url));
  }
  return Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarise(list)]));
}
