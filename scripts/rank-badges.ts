/**
 * Writes the ranking badges (§2.3 `/assets/images/ranks/{level}.webp`): one original medal per seeded
 * ranking level (sandbox/seed-data/catalogue.ts), drawn as SVG by scripts/lib/rank-badge-art.ts and encoded to
 * WebP by Chromium's own encoder (canvas `toDataURL('image/webp')`, scripts/lib/browser.ts): no encoder to install,
 * nothing downloaded. Level 1 is the app's fallback when a level's image is missing. Stale files are removed.
 * Run: `npx tsx scripts/rank-badges.ts` (sandbox/seed-data/rank-badges.test.ts checks the files are real WebP).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './lib/browser.ts';
import { rankBadgeSvg } from './lib/rank-badge-art.ts';
import { RANKING_LEVELS } from '../sandbox/seed-data/catalogue.ts';

/** Pixels of each side: sharp at 2× the largest size the page shows (150 px). */
const SIZE = 320;
const dir = resolve(import.meta.dirname, '../public/assets/images/ranks');
mkdirSync(dir, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.setContent('<body style="margin:0"></body>');
const wanted = new Set(RANKING_LEVELS.map((l) => `${l.level}.webp`));
for (const name of readdirSync(dir)) if (!wanted.has(name)) rmSync(resolve(dir, name));
for (const { level } of RANKING_LEVELS) {
  const svg = rankBadgeSvg(level);
  const dataUrl = await page.evaluate(
    async ({ svg, size }) => {
      const img = new Image(size, size);
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(img, 0, 0, size, size);
      return canvas.toDataURL('image/webp', 0.9);
    },
    { svg, size: SIZE },
  );
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`Chromium did not encode WebP (${level})`);
  const bytes = Buffer.from(dataUrl.slice('data:image/webp;base64,'.length), 'base64');
  writeFileSync(resolve(dir, `${level}.webp`), bytes);
  console.log(`${level}.webp ${bytes.length} bytes`);
}
await browser.close();
