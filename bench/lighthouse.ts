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

/**
 * Lighthouse 12 on `url` with its default mobile preset (emulated Moto G Power, simulated
 * slow 4G and 4x CPU throttling), in Debian's Chromium; the median of `runs` runs.
 */
export async function runLighthouse(url: string, runs = 5): Promise<LighthouseFigures> {
  const samples: Array<Omit<LighthouseFigures, 'runs'>> = [];
  for (let i = 0; i < runs; i += 1) {
    const chrome = await launch({
      chromePath: findChromium(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no report');
      samples.push({
        performanceScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      });
    } finally {
      chrome.kill();
    }
  }
  return {
    runs,
    performanceScore: median(samples.map((s) => s.performanceScore)),
    lcpMs: Math.round(median(samples.map((s) => s.lcpMs))),
    tbtMs: Math.round(median(samples.map((s) => s.tbtMs))),
    cls: Number(median(samples.map((s) => s.cls)).toFixed(3)),
  };
}
