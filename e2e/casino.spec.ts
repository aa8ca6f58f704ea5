import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY } from './models/modes';
import { DEMO_PASSWORD } from '../sandbox/seed-data/players';
import { fundedPlayer } from './models/players';

/**
 * The lobby, the game page with real bets through the seamless wallet, and the sportsbook, against the
 * sandbox platform and its game provider (their own origin, in the app's iframe).
 */
const ANA = 'ana@sorteverde.test';

async function skipAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

async function signIn(page: Page, baseURL: string | undefined, email = ANA): Promise<void> {
  const res = await page.request.post(`${baseURL}/api/auth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem('auth', t), token);
}

const tiles = (page: Page) => page.getByTestId('game-tile');
const titles = (page: Page) => page.getByTestId('game-tile').locator('.game-tile__title').allTextContents();
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** "R$ 1.234,56" → 123456 (centavos), whatever the spaces. */
const centavos = (text: string) => Number(text.replace(/\D/g, ''));

test.describe('casino lobby', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('search ignores accents and case, lives in the address, and the back button restores it', async ({ page }) => {
    await page.goto('/casino/games');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    await expect(tiles(page)).toHaveCount(24);
    await page.getByTestId('lobby-search').fill('fortuna');
    await expect(page).toHaveURL(/[?&]q=fortuna/);
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-pending', 'false');
    // The found games are drawn (the attributes can settle a frame before the tiles).
    await expect(tiles(page).first()).toBeVisible();
    const found = await titles(page);
    expect(found.length).toBeGreaterThan(0);
    for (const title of found) expect(fold(title)).toContain('fortuna');
    // Accented, upper case: the same games.
    await page.getByTestId('lobby-search').fill('FORTÚNA');
    await expect(page).toHaveURL(/[?&]q=FORT%C3%9ANA/);
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-pending', 'false');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    expect(await titles(page)).toEqual(found);
    await page.getByTestId('lobby-search').fill('cassino');
    await expect(page).toHaveURL(/[?&]q=cassino/);
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-pending', 'false');
    for (const title of await titles(page)) expect(fold(title)).toContain('cassino');
    await page.goBack();
    await expect(page).toHaveURL(/[?&]q=FORT%C3%9ANA/);
    await expect(page.getByTestId('lobby-search')).toHaveValue('FORTÚNA');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    expect(await titles(page)).toEqual(found);
  });

  test(
    'a search with nothing found says so; a 1,000-character search is refused kindly, nothing crashes',
    { tag: PREVIEW_ONLY },
    async ({ page }) => {
      await page.goto('/casino/games?q=zzzzqqqq');
      await expect(page.getByTestId('lobby-empty')).toContainText('Nenhum jogo encontrado');
      await page.goto(`/casino/games?q=${'a'.repeat(1000)}`);
      // The address's search is clipped to the 100 characters the contract takes.
      await expect(page.getByTestId('lobby-search')).toHaveValue('a'.repeat(100));
      await expect(page.getByTestId('lobby')).not.toHaveAttribute('data-status', 'loading');
      await page.goto('/casino/nao-existe/jogo-nenhum');
      await expect(page.getByTestId('game-not-found')).toBeVisible();
    },
  );

  test('filter by provider, then load more pages of 24', { tag: PREVIEW_ONLY }, async ({ page }) => {
    await page.goto('/casino/games');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('lobby-provider').selectOption('aurora');
    await expect(page).toHaveURL(/[?&]provider=aurora/);
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-pending', 'false');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    const providers = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-provider')));
    expect(new Set(providers)).toEqual(new Set(['aurora']));
    await expect(tiles(page)).toHaveCount(24);
    // "24 de N jogos": the provider's whole list, a page of 24 at a time.
    const total = Number(/de (\d+)/.exec((await page.getByTestId('lobby-count').textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(24);
    await page.getByTestId('lobby-load-more').click();
    const shown = Math.min(48, total);
    await expect(tiles(page)).toHaveCount(shown);
    await expect(page.getByTestId('lobby-count')).toContainText(`${shown} de ${total}`);
    const all = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-game')));
    expect(new Set(all).size).toBe(shown);
    await expect(page.getByTestId('lobby-load-more')).toHaveCount(total > 48 ? 1 : 0);
  });

  test(
    'a guest tapping a heart is asked to sign in; Ana likes and unlikes, and her favorite is under /casino/favorites',
    { tag: PREVIEW_ONLY },
    async ({ page, baseURL }) => {
      await page.goto('/casino/games?provider=jaguar');
      await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
      await tiles(page).first().getByTestId('game-like').click();
      await expect(page.getByRole('dialog')).toBeVisible();

      await signIn(page, baseURL);
      await page.goto('/casino/games?provider=jaguar');
      await expect(page.getByTestId('account')).toBeVisible();
      await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
      const tile = tiles(page).first();
      const gamecode = await tile.getAttribute('data-game');
      const like = tile.getByTestId('game-like');
      const before = Number(await tile.getByTestId('game-likes').textContent());
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(tile.getByTestId('game-likes')).toHaveText(String(before + 1));
      await expect(like).toHaveAttribute('aria-busy', 'false');
      // The server has it: a reload shows it.
      await page.reload();
      const again = page.locator(`[data-testid=game-tile][data-game="${gamecode}"]`).first();
      await expect(again.getByTestId('game-like')).toHaveAttribute('aria-pressed', 'true');
      await again.getByTestId('game-like').click();
      await expect(again.getByTestId('game-like')).toHaveAttribute('aria-pressed', 'false');
      await expect(again.getByTestId('game-likes')).toHaveText(String(before));
      await expect(again.getByTestId('game-like')).toHaveAttribute('aria-busy', 'false');

      // Favorites persist on the platform: a repeated run (--repeat-each) finds this game one already; it is
      // taken out first, so the tap under test always makes it a favorite.
      const favorite = again.getByTestId('game-favorite');
      if ((await favorite.getAttribute('aria-pressed')) === 'true') {
        await favorite.click();
        await expect(favorite).toHaveAttribute('aria-pressed', 'false');
        await expect(favorite).not.toHaveAttribute('aria-busy', 'true');
      }
      await favorite.click();
      await expect(favorite).toHaveAttribute('aria-pressed', 'true');
      await expect(favorite).not.toHaveAttribute('aria-busy', 'true');
      await page.goto('/casino/favorites');
      await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
      await expect(page.locator(`[data-testid=game-tile][data-game="${gamecode}"]`)).toBeVisible();
    },
  );
});

test.describe('game page', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('a guest plays in demo mode, in a sandboxed frame on the provider origin', async ({ page }) => {
    await page.goto('/casino/tucano/frutas-da-sorte');
    const game = page.getByTestId('game-page');
    await expect(game).toHaveAttribute('data-status', 'playing');
    await expect(game).toHaveAttribute('data-mode', 'demo');
    await expect(page.getByTestId('game-demo-note')).toBeVisible();
    const frame = page.getByTestId('game-frame');
    const src = await frame.getAttribute('src');
    expect(new URL(src ?? '').origin).not.toBe(new URL(page.url()).origin);
    expect(src).not.toContain('token=');
    // The paytable comes first (Portaria SPA/MF 1.207/2024); closed, the spin is offered.
    const inFrame = page.frameLocator('[data-testid=game-frame]');
    await inFrame.getByTestId('paytable-close').click();
    await expect(inFrame.getByTestId('spin')).toBeEnabled();
  });

  test('Ana opens a game in real mode, her balance in the header and in the game', async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto('/casino/tucano/frutas-da-sorte');
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
    await expect(page.getByTestId('game-mode-real')).toHaveAttribute('aria-pressed', 'true');
    const frame = page.frameLocator('[data-testid=game-frame]');
    await expect(frame.getByTestId('game-balance')).toHaveText(/\d/);
    expect(centavos((await frame.getByTestId('game-balance').textContent()) ?? '')).toBe(
      centavos((await page.getByTestId('balance').textContent()) ?? ''),
    );
    // She may choose play money instead.
    await page.getByTestId('game-mode-demo').click();
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'demo');
  });

  test(
    'a player plays five real rounds: the header balance and the home page live bets follow each round; a reload keeps playing',
    { tag: PREVIEW_ONLY },
    async ({ page, baseURL }) => {
      await fundedPlayer(page, baseURL);
      await page.goto('/casino/tucano/frutas-da-sorte');
      await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
      const frame = page.frameLocator('[data-testid=game-frame]');
      const spin = frame.getByTestId('spin');
      const header = page.getByTestId('balance');
      await frame.getByTestId('paytable-close').click();
      await expect(spin).toBeEnabled();
      await expect(frame.getByTestId('game-balance')).toHaveText(/\d/);
      expect(centavos((await header.textContent()) ?? '')).toBe(
        centavos((await frame.getByTestId('game-balance').textContent()) ?? ''),
      );

      const playRound = async () => {
        const nonce = await frame.locator('#nonce').textContent();
        await spin.click();
        await expect(frame.locator('#nonce')).not.toHaveText(nonce ?? '');
        await expect(spin).toBeEnabled();
        const inGame = centavos((await frame.getByTestId('game-balance').textContent()) ?? '');
        await expect.poll(async () => centavos((await header.textContent()) ?? '')).toBe(inGame);
        return inGame;
      };
      const start = centavos((await header.textContent()) ?? '');
      expect(start).toBe(10_000);
      const balances: number[] = [];
      for (let round = 0; round < 5; round++) balances.push(await playRound());
      // At least one bet moved money (a bet is at least R$ 1,00, a win lands on another number).
      expect(balances.some((b) => b !== start)).toBe(true);

      // Home, reached inside the app: the live bets show the five rounds (§4 Bets feed keeps the last five).
      await page.getByRole('banner').getByRole('link').first().click();
      await expect(page.getByTestId('home-page')).toBeVisible();
      await page.getByTestId('live-bets').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('live-bet').filter({ hasText: 'Frutas da Sorte' })).toHaveCount(5);

      // Back to the game, then a reload mid-game: it launches again (a fresh single-use session) and keeps playing.
      await page.goBack();
      await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
      // A new game session shows its paytable first again.
      await frame.getByTestId('paytable-close').click();
      await expect(spin).toBeEnabled();
      balances.push(await playRound());
      await page.reload();
      await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
      await frame.getByTestId('paytable-close').click();
      await expect(spin).toBeEnabled();
      balances.push(await playRound());
      expect(balances).toHaveLength(7);
    },
  );
});

test.describe('sportsbook', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test(
    'a guest sees the odds in view mode; a player gets the real sportsbook',
    { tag: PREVIEW_ONLY },
    async ({ page, baseURL }) => {
      await page.goto('/sports');
      await expect(page.getByTestId('sports-page')).toHaveAttribute('data-status', 'ready');
      await expect(page.getByTestId('sports-page')).toHaveAttribute('data-mode', 'view');
      await expect(page.getByTestId('sports-view-note')).toBeVisible();
      await signIn(page, baseURL);
      await page.reload();
      await expect(page.getByTestId('sports-page')).toHaveAttribute('data-mode', 'real');
      await expect(page.getByTestId('sports-frame')).toBeVisible();
    },
  );
});
