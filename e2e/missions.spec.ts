import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PREVIEW_ONLY } from './models/modes';
import { fundedPlayer, registerPlayer, type NewPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * Missions against the sandbox platform: a mission assigned in the QA panel reaches the player's
 * channel live (toast and widget), is accepted, progressed by a bet the sandbox records, and claimed once; the
 * widgets are dragged by pointer and keyboard, collapsed, never overlap, and come back where they were after a reload.
 */

/** Posts a QA panel form as the panel's own page does (writes are taken from its origin only). */
async function panelPost(request: APIRequestContext, path: string, form: Record<string, string>) {
  const origin = new URL(sandboxPanelUrl()).origin;
  const res = await request.post(`${origin}/sandbox/${path}`, { headers: { origin }, form, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  const notice = new URL(res.headers().location ?? '', origin).searchParams;
  return notice.toString();
}

/**
 * Sorte Verde's assigned-only mission ("Missão especial": bet R$ 20,00, earn 300 loyalty points: a regulated brand
 * pays points, never cash, Portaria SPA/MF 1.231/2024 art. 43), by the panel's list.
 */
async function specialMissionId(request: APIRequestContext): Promise<string> {
  const panel = await request.get(sandboxPanelUrl());
  const id = /<option value="(\d+)">\s*Sorte Verde · Missão especial/.exec(await panel.text())?.[1];
  expect(id, 'the panel lists Sorte Verde’s special mission').toBeTruthy();
  return id!;
}

async function walletOf(page: Page, baseURL: string | undefined, player: NewPlayer) {
  const res = await page.request.get(`${baseURL}/api/profile/wallet`, {
    headers: { Authorization: `Bearer ${player.token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { balance: number; bonus_balance: number; points_balance: number } }).data;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

test.describe(`missions ${PREVIEW_ONLY}`, () => {
  test('assigned in the panel appears live, is accepted, progressed by a recorded bet and claimed once', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await fundedPlayer(page, baseURL);
    const missionId = await specialMissionId(page.request);
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    // The player's flow runs (its list loaded): nothing accepted, no widget.
    await expect(page.getByTestId('mission-widget')).toHaveCount(0);

    // Live: MissionAssigned on the player's channel once the session joined it (1 s after the page is theirs).
    await expect(async () => {
      await panelPost(page.request, 'rewards/missions/assign', { mission: missionId, to: player.email });
      await expect(page.getByTestId('mission-widget')).toHaveCount(1, { timeout: 1_500 });
    }).toPass({ timeout: 10_000 });
    const widget = page.getByTestId('mission-widget');
    await expect(widget.getByRole('heading', { name: 'Missão especial' })).toBeVisible();
    await expect(page.getByText('Nova missão: Missão especial').first()).toBeVisible();

    await widget.getByTestId('mission-widget-accept').click();
    await expect(widget).toHaveAttribute('data-status', 'accepted');

    // A bet of R$ 20,00 recorded by the sandbox: BalanceUpdated → the list is read again → completed.
    await panelPost(page.request, 'rewards/bets', { player: player.email, bet: '20,00', win: '0,00' });
    await expect(widget).toHaveAttribute('data-status', 'completed');

    const claims: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes(`/missions/${missionId}/claim`)) claims.push(r.url());
    });
    const before = await walletOf(page, baseURL, player);
    await page.goto('/rewards');
    const card = page.locator(`[data-testid="mission-card"][data-mission="${missionId}"]`);
    await expect(card).toHaveAttribute('data-status', 'completed');
    await expect(card).toContainText('300 pontos de fidelidade');
    await expect(card).not.toContainText('R$ 3,00');
    await card.getByTestId('mission-claim').click();
    await expect(card).toHaveAttribute('data-status', 'claimed');
    await expect(page.getByTestId('mission-widget')).toHaveAttribute('data-status', 'claimed');
    expect(claims).toHaveLength(1);
    // Loyalty points, in their own balance: not a centavo of cash or bonus.
    const after = await walletOf(page, baseURL, player);
    expect(after.points_balance - before.points_balance).toBe(300);
    expect(after.balance).toBe(before.balance);
    expect(after.bonus_balance).toBe(0);
    await page.getByTestId('mission-widget-dismiss').click();
    await expect(page.getByTestId('mission-widget')).toHaveCount(0);
  });

  test('widgets dragged by pointer and keyboard, collapsed, never overlapping, restored after a reload', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerPlayer(page, baseURL);
    const auth = { Authorization: `Bearer ${player.token}` };
    const list = (await (await page.request.get(`${baseURL}/api/missions`, { headers: auth })).json()) as {
      data: Array<{ id: number }>;
    };
    for (const m of list.data.slice(0, 2)) {
      expect((await page.request.post(`${baseURL}/api/missions/${m.id}/accept`, { headers: auth })).status()).toBe(200);
    }
    await page.addInitScript((t) => window.localStorage.setItem('auth', t), player.token);
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    const widgets = page.getByTestId('mission-widget');
    await expect(widgets).toHaveCount(2);
    const first = widgets.nth(0);
    const second = widgets.nth(1);
    const handle = first.getByTestId('mission-widget-handle');
    const boxes = async () => Promise.all([first.boundingBox(), second.boundingBox()]);
    const apart = async () => {
      const [a, b] = await boxes();
      expect(a && b && (a.y + a.height + 10 <= b.y || b.y + b.height + 10 <= a.y)).toBe(true);
    };
    await apart();

    // Pointer: the first goes below the second.
    const start = (await handle.boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await expect(first).toHaveAttribute('data-dragging', 'true');
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 400, { steps: 5 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', String(74 + 400));
    await apart();

    // Keyboard: three steps up (10 px each).
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(handle).toHaveAttribute('aria-valuenow', String(74 + 400 - 30));

    // Collapsed: 90 px at this width.
    await second.getByTestId('mission-widget-toggle').click();
    await expect(second.getByTestId('mission-widget-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await second.boundingBox())?.height).toBe(90);
    await apart();
    const [a, b] = await boxes();

    await page.reload();
    await new ShellPage(page).waitForSite();
    await expect(widgets).toHaveCount(2);
    await expect(first.getByTestId('mission-widget-handle')).toHaveAttribute('aria-valuenow', String(74 + 370));
    await expect(second.getByTestId('mission-widget-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await first.boundingBox())?.y).toBe(a!.y);
    await expect.poll(async () => (await second.boundingBox())?.y).toBe(b!.y);
  });
});
