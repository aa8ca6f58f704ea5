import { expect, test } from '@playwright/test';
import { PREVIEW_ONLY } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';
import { resetSandboxClock, sandboxPanelUrl, setSandboxClock } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * A cashback claim at a simulated time (§9 Cashback): a player loses R$ 100,00 on Azul Bet (5 % cashback, released
 * on Mondays at 12:00; Sorte Verde, regulated, offers no cashback of losses); the QA panel moves the platform's clock
 * to the next Monday at 12:02 in São Paulo (the first slot unlocks at 12:01) and the page's clock with it; on /bonus
 * the slot is claimed once, the balance credited once (R$ 5,00 in 3 slots: R$ 1,66), and the slot is no longer
 * claimable. The clock is put back afterwards.
 */
const HOUR = 3_600_000;

/** The next Monday at 12:02 in São Paulo (UTC−3, no DST) at least an hour away: its panel text and instant. */
function nextMondayNoon(now: number): { text: string; at: number } {
  for (let days = 0; days <= 7; days += 1) {
    const local = new Date(now - 3 * HOUR + days * 24 * HOUR);
    const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 15, 2);
    if (local.getUTCDay() === 1 && at > now + HOUR) {
      const text = `${new Date(at - 3 * HOUR).toISOString().slice(0, 10)}T12:02`;
      return { text, at };
    }
  }
  throw new Error('no Monday within a week');
}

test.describe(`cashback at a simulated time ${PREVIEW_ONLY}`, () => {
  test('the panel clock reaches the 12:01 slot; the claim credits once and the slot is spent', async ({
    page,
    baseURL,
  }) => {
    const player = await registerPlayer(page, baseURL, 'azul.localhost');
    const azul = ShellPage.origin(baseURL, 'azul.localhost');
    const brand = { 'X-Brand-Domain': 'azul.localhost' };
    const panel = new URL(sandboxPanelUrl()).origin;
    // R$ 100,00 deposited (paid by the sandbox bank) and lost in one casino round.
    const pix = await page.request.post(`${baseURL}/api/main-gateway/qrcode-pix`, {
      headers: { ...brand, Authorization: `Bearer ${player.token}` },
      data: { amount: 10_000 },
    });
    const { data } = (await pix.json()) as { data: { id: number } };
    const paid = await page.request.post(`${panel}/sandbox/bank/deposits/${data.id}/pay`, {
      headers: { origin: panel },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    const bet = await page.request.post(`${panel}/sandbox/rewards/bets`, {
      headers: { origin: panel },
      form: { player: player.email, bet: '100,00', win: '0,00' },
      maxRedirects: 0,
    });
    expect(new URL(bet.headers().location ?? '', panel).searchParams.get('notice')).toContain('registrada');

    const monday = nextMondayNoon(Date.now());
    await setSandboxClock(page.request, monday.text);
    try {
      // A jump of days ends the session (2 hours idle): the player signs in again at the platform's new time.
      const login = await page.request.post(`${baseURL}/api/auth/login`, {
        headers: brand,
        data: { email: player.email, password: player.password },
      });
      expect(login.status()).toBe(200);
      const { token } = (await login.json()) as { token: string };
      await page.clock.setFixedTime(monday.at);
      await openAsPlayer(page, { ...player, token }, `${azul}/bonus`);

      const row = page.getByTestId('cashback-row');
      await expect(row).toHaveCount(1);
      await expect(page.getByTestId('cashback-available')).toHaveText('1 parcela disponível');
      await expect(page.getByTestId('balance')).toContainText('0,00');
      await row.getByTestId('cashback-claim').click();
      await expect(page.getByTestId('balance')).toContainText('1,66');
      await expect(row.getByTestId('cashback-claim')).toBeDisabled();
      await expect(page.getByTestId('cashback-available')).toHaveText('Nada a resgatar agora');

      // Claimed once: the platform refuses the same slot again and the balance stays.
      const again = await page.request.post(`${baseURL}/api/bonuses/cashback/claim`, {
        headers: { ...brand, Authorization: `Bearer ${token}` },
        data: { cashback_id: Number(monday.text.slice(0, 10).replaceAll('-', '')) },
      });
      expect(again.status()).toBe(422);
      const wallet = await page.request.get(`${baseURL}/api/profile/wallet`, {
        headers: { ...brand, Authorization: `Bearer ${token}` },
      });
      expect(JSON.stringify(await wallet.json())).toContain('"balance":166');
    } finally {
      await resetSandboxClock(page.request);
    }
  });
});
