import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY } from './models/modes';
import { fundedPlayer } from './models/players';

/**
 * Sportsbook odds (Portaria SPA/MF 1.231/2024 arts. 26–27): the price on the slip is the price the bet is placed at;
 * when the price moved, the bet is refused with the new price offered, nothing is staked, and only a price the
 * player accepts is bet on. The page is made to hold a stale card (its fixtures answer, 0.12 over the real price),
 * so the sportsbook's own check refuses the slip.
 */
const TEXT = {
  pt: {
    prefix: '',
    offered: 'A odd mudou. A aposta só é feita na odd que você aceitar.',
    accept: 'Aceitar novas odds',
    placed: 'Aposta registrada!',
  },
  en: {
    prefix: '/en',
    offered: 'The price changed. The bet is only placed at a price you accept.',
    accept: 'Accept the new odds',
    placed: 'Bet placed!',
  },
} as const;

const STALE_BY = 12; // hundredths

async function staleCard(page: Page) {
  await page.route('**/sportsbook/api/fixtures', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { fixtures: { odds: Record<string, number> | null }[] };
    for (const f of body.fixtures) {
      if (f.odds) for (const pick of Object.keys(f.odds)) f.odds[pick] = (f.odds[pick] ?? 0) + STALE_BY;
    }
    await route.fulfill({ response, json: body });
  });
}

for (const locale of ['pt', 'en'] as const) {
  const T = TEXT[locale];
  test(
    `a moved price is refused with the new price offered; the bet is placed only at the price accepted (${locale})`,
    {
      tag: PREVIEW_ONLY,
    },
    async ({ page, baseURL }) => {
      await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
      await page.setViewportSize({ width: 1440, height: 900 });
      const player = await fundedPlayer(page, baseURL);
      await staleCard(page);
      await page.goto(`${T.prefix}/sports`);
      await expect(page.getByTestId('sports-page')).toHaveAttribute('data-mode', 'real');
      const book = page.frameLocator('[data-testid=sports-frame]');
      const odd = book.locator('.sb-odd:not([disabled])').first();
      await expect(odd).toBeVisible();
      await odd.click();
      const pick = book.locator('[data-sb=slip-pick]');
      await expect(pick).toHaveCount(1);
      const stale = Math.round(Number(await pick.locator('[data-sb=pick-odds]').textContent()) * 100);
      const real = stale - STALE_BY;
      await book.locator('#sb-stake').fill('5');
      await book.locator('[data-sb=place]').click();

      // Refused: the new price is offered beside the old one, nothing is staked, no bet until it is accepted.
      await expect(book.locator('.sb-offer')).toContainText(T.offered);
      await expect(pick).toHaveAttribute('data-offered', 'true');
      await expect(pick.locator('[data-sb=pick-offered]')).toHaveText((real / 100).toFixed(2));
      await expect(book.locator('[data-sb=place]')).toBeDisabled();
      const me = async () =>
        (
          (await (
            await page.request.get(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${player.token}` } })
          ).json()) as { data: { wallet: { balance: number } } }
        ).data.wallet.balance;
      expect(await me()).toBe(10_000);

      await book.getByRole('button', { name: T.accept }).click();
      await expect(pick).toHaveAttribute('data-offered', 'false');
      await expect(pick.locator('[data-sb=pick-odds]')).toHaveText((real / 100).toFixed(2));
      await book.locator('[data-sb=place]').click();
      await expect(book.getByText(T.placed)).toBeVisible();
      // The bet is at the accepted price, and R$ 5,00 was staked.
      await expect(book.locator('.sb-bet').first().locator('.sb-bet-head strong')).toContainText(
        `@ ${(real / 100).toFixed(2)}`,
      );
      await expect.poll(me).toBe(9_500);
    },
  );
}
