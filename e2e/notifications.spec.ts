import { expect, test, type Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../tests/xss-payloads';
import { RealtimeSandbox } from './models/live-page';
import { SCREENSHOTS } from './models/modes';
import { registerPlayer, type NewPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * The notification centre and its pop-up queue: marks (one, all per list), live arrival, the
 * queue's order for 6 notifications sent from the QA panel (3, then the rest in order, on the page's clock), a pinned
 * one that stays, and the XSS corpus as titles and bodies executing nothing. Each test has a player of its own.
 */
const run = Date.now().toString(36);

async function signedIn(page: Page, player: NewPlayer): Promise<void> {
  await page.addInitScript((token) => {
    const ran: unknown[] = [];
    Object.defineProperty(window, '__xssRan', { value: ran });
    (window as unknown as { __xss: (n: unknown) => void }).__xss = (n) => ran.push(n);
    window.localStorage.setItem('ageVerified', 'true');
    window.localStorage.setItem('auth', token);
  }, player.token);
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
}

async function send(
  sandbox: RealtimeSandbox,
  fields: { title: string; message?: string; player?: string; brand?: number; pinned?: boolean },
): Promise<void> {
  const result = await sandbox.post('/notifications', {
    brand: String(fields.brand ?? 1),
    audience: fields.player ? 'player' : 'brand',
    player: fields.player ?? '',
    title: fields.title,
    message: fields.message ?? `Texto de ${fields.title}`,
    ...(fields.pinned ? { pinned: 'on', pinned_minutes: '30' } : {}),
  });
  expect(result.error, JSON.stringify(result)).toBeNull();
}

async function unreadFromApi(page: Page, baseURL: string | undefined, token: string): Promise<number> {
  const res = await page.request.get(`${baseURL}/api/notifications`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as {
    user_notifications: { unread_count: number };
    global_notifications: { unread_count: number };
  };
  return body.user_notifications.unread_count + body.global_notifications.unread_count;
}

const popupTitles = (page: Page) => page.getByTestId('notification-popup').locator('.notif-popup__title');

/** Runs the page's clock a second at a time until `check` passes (the installed clock only moves when run). */
async function runUntil(page: Page, check: () => Promise<void>, timeout = 20_000): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(1000);
    await check();
  }).toPass({ timeout });
}

/**
 * The page's clock is installed and paused (it moves only when run): the centre joins the player's channel 1 s after it starts,
 * then a first notification arrives as a pop-up, which is closed and the 5 s gap run out.
 */
async function warmUp(
  page: Page,
  sandbox: RealtimeSandbox,
  player: NewPlayer,
  baseURL: string | undefined,
  brand: { id: number; host: string } = { id: 1, host: 'localhost' },
) {
  await expect(page.getByTestId('notifications-bell')).toBeVisible({ timeout: 15_000 });
  // From here the page's time moves only when the test runs it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
  await page.clock.runFor(2000);
  const me = await page.request.get(`${baseURL}/api/auth/me`, {
    headers: { authorization: `Bearer ${player.token}`, 'X-Brand-Domain': brand.host },
  });
  const { data } = (await me.json()) as { data: { id: number } };
  await expect
    .poll(() => sandbox.subscriptionCount(`private-universal.${data.id}`), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await send(sandbox, { brand: brand.id, title: `aquecimento ${run}`, player: player.email });
  await runUntil(page, () => expect(popupTitles(page)).toHaveText([`aquecimento ${run}`], { timeout: 500 }));
  await page.getByTestId('notification-popup-close').click();
  await page.clock.runFor(6000);
}

test('notification centre: the bell counts both lists; mark one, mark all of each list', async ({ page, baseURL }) => {
  const sandbox = new RealtimeSandbox(page.request);
  const player = await registerPlayer(page, baseURL);
  for (const n of [1, 2, 3]) await send(sandbox, { title: `Aviso ${n} ${run}`, player: player.email });
  const unread = await unreadFromApi(page, baseURL, player.token);
  expect(unread).toBeGreaterThanOrEqual(3);
  await signedIn(page, player);
  const firstPageCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/api\/notifications\?/.test(r.url())) firstPageCalls.push(r.url());
  });
  await page.goto('/');

  const bell = page.getByTestId('notifications-bell');
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(unread));
  await bell.click();
  const centre = page.getByTestId('notifications-centre');
  await expect(centre.getByTestId('notification-row')).toHaveCount(3);
  // The session's load at sign-in (§4 Session) is the centre's first page: asked for once.
  expect(firstPageCalls).toHaveLength(1);
  await expect(centre.getByTestId('notification-row').first()).toContainText(`Aviso 3 ${run}`);

  await centre.getByTestId('notification-mark-read').first().click();
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(unread - 1));
  await expect(centre.getByTestId('notification-row').first()).toHaveAttribute('data-read', 'true');

  await centre.getByTestId('notifications-mark-all').click();
  await expect(centre.getByTestId('notification-mark-read')).toHaveCount(0);
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(unread - 3));

  await centre.getByTestId('notifications-tab-global').click();
  await expect(centre.getByTestId('notifications-list-global')).toBeVisible();
  await centre.getByTestId('notifications-mark-all').click();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await expect.poll(() => unreadFromApi(page, baseURL, player.token)).toBe(0);

  // The server kept it: a reload shows nothing unread.
  await page.reload();
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
});

test('live: a notification sent while the player is on the site arrives in the open centre and on the bell', async ({
  page,
  baseURL,
}) => {
  const sandbox = new RealtimeSandbox(page.request);
  const player = await registerPlayer(page, baseURL);
  await page.clock.install();
  await signedIn(page, player);
  await page.goto('/');
  await warmUp(page, sandbox, player, baseURL);
  const before = Number((await page.getByTestId('notifications-badge').textContent()) ?? '0');

  await page.getByTestId('notifications-bell').click();
  await send(sandbox, { title: `Ao vivo ${run}`, message: 'Linha 1\nLinha 2', player: player.email });
  const centre = page.getByTestId('notifications-centre');
  await expect(centre.getByTestId('notification-row').first()).toContainText(`Ao vivo ${run}`);
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(before + 1));
  // Once: the list has it one time.
  await expect(centre.getByTestId('notification-row').filter({ hasText: `Ao vivo ${run}` })).toHaveCount(1);
});

test('pop-up queue: 6 sent from the panel show 3 at a time, then the rest in order; 20 s each, 5 s after a close', async ({
  page,
  baseURL,
}) => {
  const sandbox = new RealtimeSandbox(page.request);
  const player = await registerPlayer(page, baseURL);
  await page.clock.install();
  await signedIn(page, player);
  await page.goto('/');
  await warmUp(page, sandbox, player, baseURL);
  const before = Number((await page.getByTestId('notifications-badge').textContent()) ?? '0');

  // The page's clock stands still while they arrive (it moves only when run): the queue only fills.
  const titles = [1, 2, 3, 4, 5, 6].map((n) => `Fila ${n} ${run}`);
  for (const title of titles) await send(sandbox, { title, player: player.email });
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(before + 6));
  await expect(page.getByTestId('notification-popup')).toHaveCount(0);

  // One opens per re-check (1 s): 3, oldest first, and no more.
  await page.clock.runFor(1000);
  await expect(popupTitles(page)).toHaveText(titles.slice(0, 1));
  await page.clock.runFor(2000);
  await expect(popupTitles(page)).toHaveText(titles.slice(0, 3));
  await page.clock.runFor(10_000);
  await expect(popupTitles(page)).toHaveText(titles.slice(0, 3));
  // Each leaves 20 s after it was shown (t = 21, 22, 23); the next opens 5 s after the last close (t = 28).
  await page.clock.runFor(8000);
  await expect(popupTitles(page)).toHaveText(titles.slice(1, 3));
  await page.clock.runFor(2000);
  await expect(page.getByTestId('notification-popup')).toHaveCount(0);
  await page.clock.runFor(4000);
  await expect(page.getByTestId('notification-popup')).toHaveCount(0);
  await page.clock.runFor(1000);
  await expect(popupTitles(page)).toHaveText(titles.slice(3, 4));
  await page.clock.runFor(2000);
  await expect(popupTitles(page)).toHaveText(titles.slice(3, 6));
});

test('pop-up queue: a pinned notification stays until the player closes it', async ({ page, baseURL }) => {
  const sandbox = new RealtimeSandbox(page.request);
  const player = await registerPlayer(page, baseURL);
  await page.clock.install();
  await signedIn(page, player);
  await page.goto('/');
  await warmUp(page, sandbox, player, baseURL);

  const before = Number((await page.getByTestId('notifications-badge').textContent()) ?? '0');
  await send(sandbox, { title: `Fixada ${run}`, player: player.email, pinned: true });
  await send(sandbox, { title: `Comum ${run}`, player: player.email });
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(before + 2));
  await page.clock.runFor(2000);
  await expect(popupTitles(page)).toHaveText([`Fixada ${run}`, `Comum ${run}`]);
  await expect(page.getByTestId('notification-popup').first()).toHaveAttribute('data-pinned', 'true');
  await page.clock.runFor(60_000);
  await expect(popupTitles(page)).toHaveText([`Fixada ${run}`]);
  await page.clock.runFor(5 * 60_000);
  await expect(popupTitles(page)).toHaveText([`Fixada ${run}`]);
  await page.getByTestId('notification-popup-close').click();
  await expect(page.getByTestId('notification-popup')).toHaveCount(0);
});

test(`XSS: ${XSS_PAYLOADS.length} payloads as titles and bodies execute nothing, in the centre and as pop-ups`, async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sandbox = new RealtimeSandbox(page.request);
  const player = await registerPlayer(page, baseURL);
  await page.clock.install();
  await signedIn(page, player);
  await page.goto('/');
  await warmUp(page, sandbox, player, baseURL);
  // Live: some arrive while the page is open (pop-ups), the rest are in the lists.
  for (const payload of XSS_PAYLOADS) {
    await send(sandbox, { title: payload.slice(0, 120), message: payload, player: player.email });
  }
  const expected = await unreadFromApi(page, baseURL, player.token);
  await expect(page.getByTestId('notifications-badge')).toHaveText(expected > 99 ? '99+' : String(expected), {
    timeout: 30_000,
  });
  await page.clock.runFor(3000);
  await expect(page.getByTestId('notification-popup')).toHaveCount(3);
  await page.getByTestId('notifications-bell').click();
  const centre = page.getByTestId('notifications-centre');
  while (await centre.getByTestId('notifications-load-more').isVisible()) {
    const rows = await centre.getByTestId('notification-row').count();
    await centre.getByTestId('notifications-load-more').click();
    await expect(centre.getByTestId('notification-row')).not.toHaveCount(rows);
  }
  await expect(centre.getByTestId('notification-row')).toHaveCount(XSS_PAYLOADS.length + 1);
  await expect(centre.getByTestId('notification-row').last()).toContainText(`aquecimento ${run}`);
  await page.clock.runFor(1000);
  expect(await page.evaluate(() => (window as unknown as { __xssRan: unknown[] }).__xssRan)).toEqual([]);
  const injected = await page.evaluate(
    () =>
      document.querySelectorAll(
        '.notif-centre script, .notif-centre iframe, .notif-centre object, .notif-centre embed, .notif-centre img, .notif-centre form, .notif-centre a, .notif-popups script, .notif-popups img, .notif-popups iframe, .notif-popups svg:not([aria-hidden])',
      ).length,
  );
  expect(injected).toBe(0);
});

/**
 * Screenshots for review: the bell with the centre open, and the pop-ups, on a phone and a desktop,
 * both brands, both languages, in test-results/shots-notif/.
 */
test.describe('notification screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    for (const host of ['localhost', 'azul.localhost']) {
      for (const lang of ['pt', 'en'] as const) {
        test(`${SCREENSHOTS} ${host} ${lang} ${viewport.width}`, async ({ page, baseURL }) => {
          const sandbox = new RealtimeSandbox(page.request);
          const player = await registerPlayer(page, baseURL, host === 'localhost' ? undefined : host);
          const brand = host === 'localhost' ? 1 : 2;
          await send(sandbox, {
            brand,
            title: lang === 'pt' ? 'Bônus liberado' : 'Bonus unlocked',
            message:
              lang === 'pt'
                ? 'Você ganhou 20 giros grátis em Frutas da Sorte.'
                : 'You got 20 free spins on Frutas da Sorte.',
            player: player.email,
          });
          await send(sandbox, {
            brand,
            title: lang === 'pt' ? 'Depósito aprovado' : 'Deposit approved',
            message: lang === 'pt' ? 'Seu depósito de R$ 100,00 foi aprovado.' : 'Your R$ 100.00 deposit was approved.',
            player: player.email,
          });
          await page.setViewportSize(viewport);
          await page.clock.install();
          await signedIn(page, player);
          const origin = ShellPage.origin(baseURL, host);
          await page.goto(`${origin}${lang === 'en' ? '/en' : '/'}`);
          await warmUp(page, sandbox, player, baseURL, { id: brand, host });
          await page.getByTestId('notifications-bell').click();
          await expect(page.getByTestId('notification-row').first()).toBeVisible();
          // The browser notifications switch at the centre's foot: its chunk comes when the centre opens, and React
          // shows what a Suspense boundary waited for on a timer (the page's clock is paused here).
          await page.clock.runFor(1000);
          await expect(page.getByTestId('push-switch')).toBeVisible();
          await page.screenshot({ path: `test-results/shots-notif/centre-${host}-${lang}-${viewport.width}.png` });
          await page.keyboard.press('Escape');
          await send(sandbox, {
            brand,
            title: lang === 'pt' ? 'Missão concluída' : 'Mission complete',
            message: lang === 'pt' ? 'Resgate sua recompensa agora.' : 'Claim your reward now.',
            player: player.email,
            pinned: true,
          });
          await send(sandbox, {
            brand,
            title: lang === 'pt' ? 'Torneio começa às 20h' : 'Tournament starts at 8 pm',
            message: lang === 'pt' ? 'Garanta sua vaga.' : 'Save your seat.',
            player: player.email,
          });
          await runUntil(page, () => expect(page.getByTestId('notification-popup')).toHaveCount(2, { timeout: 500 }));
          await page.screenshot({ path: `test-results/shots-notif/popups-${host}-${lang}-${viewport.width}.png` });
        });
      }
    }
  }
});
