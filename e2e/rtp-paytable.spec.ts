import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { fundedPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * RTP and paytable on a licensed operator's site: each game's RTP is shown (Portaria SPA/MF 1.231/2024 art. 4 II),
 * a regulated brand offers no game under 85%, and the house games show their paytable or payout rule before the
 * first bet and at any time, with what the stake can pay at bet time (Portaria SPA/MF 1.207/2024); the player can
 * always leave without betting.
 */
const AZUL = 'azul.localhost';

async function skipAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

const frameOf = (page: Page): FrameLocator => page.frameLocator('[data-testid=game-frame]');

const TEXT = {
  pt: {
    prefix: '',
    tileRtp: 'RTP 92,59%',
    pageRtp: 'Retorno ao jogador (RTP): 92,59%',
    slotRtp: 'Retorno ao jogador (RTP): 92,59%',
    crashRtp: 'Retorno ao jogador (RTP): 99,00%',
    title: 'Tabela de pagamentos',
    close: 'Entendi',
    slotRule: '10 linhas de pagamento.',
    slotAtOne:
      'Aposta R$ 1,00 (R$ 0,10 por linha): cada linha premiada paga de 6× a 1500× a aposta por linha, até R$ 150,00.',
    slotAtTwo:
      'Aposta R$ 2,00 (R$ 0,20 por linha): cada linha premiada paga de 6× a 1500× a aposta por linha, até R$ 300,00.',
    wildAtOne: ['100×R$ 10,00', '300×R$ 30,00', '1500×R$ 150,00'],
    crashRule: 'Antes da rodada você escolhe o saque automático, de 1.01× a 100.00×.',
    crashAt: 'Aposta R$ 1,00 × 2.00×: você recebe R$ 2,00 se o multiplicador chegar a 2.00×.',
    crashAtThree: 'Aposta R$ 1,00 × 3.00×: você recebe R$ 3,00 se o multiplicador chegar a 3.00×.',
    note: 'Nenhuma aposta é feita até você tocar em Girar ou Apostar: você pode sair do jogo sem apostar.',
    refusedTitle: 'Jogo indisponível neste site',
    refusedText:
      'O retorno ao jogador (RTP) deste jogo é 75,41%, abaixo do mínimo de 85,00% exigido pelas regras brasileiras de apostas. Nenhuma aposta foi feita.',
    lowRtp: 'Retorno ao jogador (RTP): 75,41%',
  },
  en: {
    prefix: '/en',
    tileRtp: 'RTP 92.59%',
    pageRtp: 'Return to player (RTP): 92.59%',
    slotRtp: 'Return to player (RTP): 92.59%',
    crashRtp: 'Return to player (RTP): 99.00%',
    title: 'Paytable',
    close: 'Got it',
    slotRule: '10 paylines.',
    slotAtOne: 'Bet R$1.00 (R$0.10 a line): each winning line pays 6× to 1500× the line bet, up to R$150.00.',
    slotAtTwo: 'Bet R$2.00 (R$0.20 a line): each winning line pays 6× to 1500× the line bet, up to R$300.00.',
    wildAtOne: ['100×R$10.00', '300×R$30.00', '1500×R$150.00'],
    crashRule: 'Before the round you pick the automatic cash-out, from 1.01× to 100.00×.',
    crashAt: 'Bet R$1.00 × 2.00×: you get R$2.00 if the multiplier reaches 2.00×.',
    crashAtThree: 'Bet R$1.00 × 3.00×: you get R$3.00 if the multiplier reaches 3.00×.',
    note: 'No bet is placed until you tap Spin or Bet: you can leave the game without betting.',
    refusedTitle: 'Game not available on this site',
    refusedText:
      "This game's return to player (RTP) is 75.41%, under the 85.00% minimum Brazil's betting rules require. No bet was placed.",
    lowRtp: 'Return to player (RTP): 75.41%',
  },
} as const;

for (const locale of ['pt', 'en'] as const) {
  const T = TEXT[locale];

  test.describe(`RTP and paytable (${locale})`, () => {
    test.beforeEach(async ({ page }) => skipAgeGate(page));

    test(`the lobby tile and the game page show the game RTP (${locale})`, async ({ page }) => {
      await page.goto(`${T.prefix}/casino/games?q=frutas`);
      const tile = page.locator('[data-testid=game-tile][data-game=frutas-da-sorte]');
      await expect(tile.getByTestId('game-rtp')).toHaveText(T.tileRtp);
      await page.goto(`${T.prefix}/casino/tucano/frutas-da-sorte`);
      await expect(page.getByTestId('game-page-rtp')).toHaveText(T.pageRtp);
    });

    test(`the slot shows its paytable before the first bet and from a button at any time, with the stake's multipliers (${locale})`, async ({
      page,
    }) => {
      await page.goto(`${T.prefix}/casino/tucano/frutas-da-sorte`);
      await expect(page.getByTestId('game-page')).toHaveAttribute('data-status', 'playing');
      const game = frameOf(page);
      const paytable = game.getByTestId('paytable');
      // Before any bet: the paytable is open and the spin waits for it.
      await expect(paytable).toBeVisible();
      await expect(paytable.getByRole('heading', { name: T.title })).toBeVisible();
      await expect(game.getByTestId('paytable-rtp')).toHaveText(T.slotRtp);
      await expect(game.getByTestId('paytable-rule')).toContainText(T.slotRule);
      await expect(paytable).toContainText(T.note);
      await expect(paytable.locator('tbody tr')).toHaveCount(8);
      const wild = paytable.locator('tbody tr[data-symbol=wild] td');
      await expect(wild).toHaveText([...T.wildAtOne]);
      await expect(game.getByTestId('spin')).toBeDisabled();
      await game.getByRole('button', { name: T.close }).click();
      await expect(paytable).toBeHidden();
      await expect(game.getByTestId('spin')).toBeEnabled();
      // At bet time: what the stake can pay.
      await expect(game.getByTestId('bet-multiplier')).toHaveText(T.slotAtOne);
      await game.locator('#bet-up').click();
      await expect(game.getByTestId('bet-multiplier')).toHaveText(T.slotAtTwo);
      // At any time: the button opens it again, for the current stake.
      await game.getByTestId('paytable-open').click();
      await expect(paytable).toBeVisible();
      await expect(game.getByTestId('paytable-open')).toHaveAttribute('aria-expanded', 'true');
      await expect(paytable.locator('tbody tr[data-symbol=wild] td').last()).toContainText('1500×');
      await expect(game.getByTestId('spin')).toBeDisabled();
      await page.keyboard.press('Escape');
      await expect(paytable).toBeHidden();
    });

    test(`the crash game shows its payout rule first and what the stake pays at the chosen cash-out (${locale})`, async ({
      page,
    }) => {
      await page.goto(`${T.prefix}/casino/foguete/foguete-2x`);
      const game = frameOf(page);
      await expect(game.getByTestId('paytable')).toBeVisible();
      await expect(game.getByTestId('paytable-rtp')).toHaveText(T.crashRtp);
      await expect(game.getByTestId('paytable-rule')).toContainText(T.crashRule);
      await expect(game.getByTestId('spin')).toBeDisabled();
      await game.getByTestId('paytable-close').click();
      await expect(game.getByTestId('spin')).toBeEnabled();
      await expect(game.getByTestId('bet-multiplier')).toHaveText(T.crashAt);
      await game.locator('#target').fill('3.00');
      await expect(game.getByTestId('bet-multiplier')).toHaveText(T.crashAtThree);
    });

    test(
      `a player can leave a game without betting: nothing is staked (${locale})`,
      { tag: PREVIEW_ONLY },
      async ({ page, baseURL }) => {
        const player = await fundedPlayer(page, baseURL);
        await page.goto(`${T.prefix}/casino/tucano/frutas-da-sorte`);
        await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
        await expect(frameOf(page).getByTestId('paytable')).toBeVisible();
        // The app's own navigation stays usable while the paytable is open.
        await page.getByRole('banner').getByRole('link').first().click();
        await expect(page.getByTestId('home-page')).toBeVisible();
        const me = await page.request.get(`${baseURL}/api/auth/me`, {
          headers: { Authorization: `Bearer ${player.token}` },
        });
        const { data } = (await me.json()) as { data: { totalBet: number; wallet: { balance: number } } };
        expect(data.totalBet).toBe(0);
        expect(data.wallet.balance).toBe(10_000);
      },
    );

    test(
      `a regulated brand refuses a game under 85% RTP with its message; the unregulated brand serves it (${locale})`,
      {
        tag: PREVIEW_ONLY,
      },
      async ({ page, baseURL }) => {
        await page.goto(`${T.prefix}/casino/jaguar/safari-selvagem`);
        const refused = page.getByTestId('game-rtp-refused');
        await expect(refused).toContainText(T.refusedTitle);
        await expect(refused).toContainText(T.refusedText);
        await expect(page.getByTestId('game-frame')).toHaveCount(0);
        await expect(page.getByTestId('game-page')).toHaveAttribute('data-status', 'refused');

        await page.goto(`${ShellPage.origin(baseURL, AZUL)}${T.prefix}/casino/jaguar/safari-selvagem`);
        await expect(page.getByTestId('game-page')).toHaveAttribute('data-status', 'playing');
        await expect(page.getByTestId('game-page-rtp')).toHaveText(T.lowRtp);
        await expect(frameOf(page).getByTestId('paytable-rtp')).toHaveText(T.lowRtp);
      },
    );
  });
}

test.describe(`slot paytable screenshots ${SCREENSHOTS}`, () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const locale of ['pt', 'en'] as const) {
      test(`slot paytable and crash payout rule ${locale} at ${width}x${height}`, async ({ page }) => {
        await skipAgeGate(page);
        await page.setViewportSize({ width, height });
        await page.goto(`${TEXT[locale].prefix}/casino/tucano/frutas-da-sorte`);
        const game = frameOf(page);
        await expect(game.getByTestId('paytable')).toBeVisible();
        await expect(game.locator('tbody tr')).toHaveCount(8);
        await page.screenshot({ path: `test-results/slot-paytable-${locale}-${width}.png`, animations: 'disabled' });
        await game.getByTestId('paytable-close').click();
        await page.screenshot({ path: `test-results/slot-bet-${locale}-${width}.png`, animations: 'disabled' });
        await page.goto(`${TEXT[locale].prefix}/casino/foguete/foguete-2x`);
        await expect(game.getByTestId('paytable-rule')).toBeVisible();
        await page.screenshot({ path: `test-results/crash-rule-${locale}-${width}.png`, animations: 'disabled' });
      });
    }
  }
});
