import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:5401';
const pages = (process.env.PAGES ?? '/,/casino/games,/casino/aurora/frutas-da-sorte,/sports').split(',');
const sizes = [[390, 844], [1440, 900]];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h] of sizes) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'pt-BR' });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', m.text()); });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  for (const p of pages) {
    await page.addInitScript(() => localStorage.setItem('ageVerified','true')); await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const name = `/tmp/shots/${(process.env.TAG ?? '')}${p.replace(/\//g, '_') || '_home'}-${w}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
