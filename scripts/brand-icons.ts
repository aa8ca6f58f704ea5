/**
 * Writes the seed brands' home-screen icons (the web app manifest per brand) to public/brand-icons/<slug>/:
 * icon-192.png and icon-512.png (the brand's favicon badge from its site config, purpose "any") and
 * maskable-512.png (full bleed in the brand's background colour, the badge inside the 80 % safe zone), plus a
 * neutral `default/` set for a domain without a brand. Rendered by Chromium (scripts/lib/browser.ts) from the
 * same SVG the site config serves, so a brand's icon is its favicon. Run: `npx tsx scripts/brand-icons.ts`.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './lib/browser.ts';
import { SEED_BRANDS } from '../sandbox/seed-data/brands.ts';
import { badge } from '../sandbox/seed-data/svg.ts';

interface IconSource {
  slug: string;
  favicon: string;
  background: string;
}

const sources: IconSource[] = [
  ...SEED_BRANDS.map((b) => ({
    slug: b.settings.slugTitle,
    favicon: b.settings.images.favicon,
    background: b.settings.colors.background,
  })),
  { slug: 'default', favicon: badge('★', '#3d8bfd', '#ffffff'), background: '#0f141b' },
];

const browser = await chromium.launch({ executablePath: findChromium() });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const source of sources) {
  const dir = resolve('public/brand-icons', source.slug);
  mkdirSync(dir, { recursive: true });
  for (const size of [192, 512]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:transparent"><img src="${source.favicon}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: resolve(dir, `icon-${size}.png`), omitBackground: true });
  }
  const inner = Math.round(512 * 0.7);
  await page.setViewportSize({ width: 512, height: 512 });
  await page.setContent(
    `<body style="margin:0;width:512px;height:512px;display:grid;place-items:center;background:${source.background}"><img src="${source.favicon}" width="${inner}" height="${inner}"></body>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: resolve(dir, 'maskable-512.png') });
  console.log(`wrote ${dir}`);
}
await browser.close();
