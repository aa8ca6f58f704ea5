import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { fundedPlayer, openAsPlayer, registerPlayer, signInDemo, type NewPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * The account area against the real sandbox: personal data (the CPF only masked, an address saved, a
 * verified player's data read-only and refused), the game history paged over rounds really played, a privacy
 * toggle hiding a field from another player (POST /profile/show), and the sub-navigation reaching each /user page.
 * Every player that changes something is the test's own; the seeded ones are only looked at.
 */

// The age gate is answered in every tab, on every brand's host.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function idOf(page: Page, baseURL: string | undefined, player: NewPlayer): Promise<number> {
  const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: bearer(player.token) });
  return ((await me.json()) as { data: { id: number } }).data.id;
}

/** `count` real rounds of R$ 1,00 through the sandbox provider's seamless wallet (what the game page plays). */
async function playRounds(page: Page, baseURL: string | undefined, player: NewPlayer, count: number) {
  const game = await page.request.post(`${baseURL}/api/games/get`, {
    data: { gamecode: 'frutas-da-sorte', provider_code: 'tucano' },
  });
  expect(game.status(), await game.text()).toBe(200);
  const { data } = (await game.json()) as { data: { game_id: number } };
  const launch = await page.request.post(`${baseURL}/api/games/url`, {
    headers: { ...bearer(player.token), origin: new URL(baseURL ?? '').origin },
    data: { game_id: data.game_id },
  });
  expect(launch.status(), await launch.text()).toBe(200);
  const url = new URL(((await launch.json()) as { data: { url: string } }).data.url);
  const opened = await page.request.get(url.toString(), { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  const sid = new URL(opened.headers().location ?? '', url.origin).searchParams.get('sid');
  for (let n = 0; n < count; n += 1) {
    const round = await page.request.post(`${url.origin}/api/round`, {
      data: { sid, bet: 100, client_seed: `e2e-${n}` },
    });
    expect(round.status(), await round.text()).toBe(200);
  }
}

test('personal data: the CPF only masked, a bad CEP refused in the player’s language, an address saved', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await openAsPlayer(page, player, '/user/edit/personal-data');
  await expect(page.getByTestId('personal-cpf')).toHaveText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
  await expect(page.getByTestId('personal-first_name')).toHaveValue('Teste');
  await expect(page.getByTestId('personal-birth_date')).toHaveValue('15/01/1990');

  await page.getByTestId('personal-postal_code').fill('123');
  await page.getByTestId('personal-street').fill('Avenida Paulista');
  await page.getByTestId('personal-save').click();
  await expect(page.getByTestId('personal-postal_code-problem')).toHaveText('Informe um CEP válido, com 8 dígitos.');
  await expect(page.getByTestId('personal-number-problem')).toHaveText('Este é um campo obrigatório.');

  await page.getByTestId('personal-postal_code').fill('01310100');
  await page.getByTestId('personal-number').fill('1000');
  await page.getByTestId('personal-district').fill('Bela Vista');
  await page.getByTestId('personal-city').fill('São Paulo');
  await page.getByTestId('personal-state').selectOption('SP');
  await page.getByTestId('personal-save').click();
  await expect(page.getByTestId('personal-notice')).toHaveText(/Dados pessoais salvos\./);
  await expect(page.getByTestId('personal-postal_code')).toHaveValue('01310-100');

  await page.reload();
  await expect(page.getByTestId('personal-city')).toHaveValue('São Paulo');
  await expect(page.getByTestId('personal-state')).toHaveValue('SP');
  // The full CPF is nowhere: not on the page, not in an address the app asked for.
  const cpf = player.cpf ?? '';
  const whole = [cpf, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`];
  const text = await page.locator('body').innerText();
  for (const form of whole) expect(text).not.toContain(form);
  expect(urls.filter((u) => whole.some((form) => decodeURIComponent(u).includes(form)))).toEqual([]);
  await expect(page.getByTestId('personal-cpf')).toHaveText(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);

  // In English, the same refusal in English.
  await page.goto('/en/user/edit/personal-data');
  await page.getByTestId('personal-postal_code').fill('9');
  await page.getByTestId('personal-save').click();
  await expect(page.getByTestId('personal-postal_code-problem')).toHaveText('Enter a valid CEP, 8 digits.');
});

test(`personal data: a verified player (Diego, Azul Bet) sees it read-only and the platform refuses a change ${PREVIEW_ONLY}`, async ({
  page,
  baseURL,
}) => {
  const token = await signInDemo(page, baseURL, 'azul.localhost', 'diego@azulbet.test');
  await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/user/edit/personal-data`);
  await expect(page.getByTestId('personal-verified')).toBeVisible();
  await expect(page.getByTestId('personal-cpf')).toHaveText('***.982.247-**');
  await expect(page.getByTestId('personal-city-value')).toHaveText('Rio de Janeiro');
  await expect(page.getByTestId('personal-form')).toHaveCount(0);
  // Azul Bet does not ask for document verification: no such entry in the sub-navigation.
  await expect(page.getByTestId('user-nav-personal')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('user-nav-verification')).toHaveCount(0);
  const refused = await page.request.post(`${baseURL}/api/auth/update`, {
    headers: { ...bearer(token), 'x-brand-domain': 'azul.localhost' },
    data: { first_name: 'Outro' },
  });
  expect(refused.status()).toBe(409);
});

test('game history: empty for a new player, then 16 rounds played page by page in R$', async ({ page, baseURL }) => {
  const player = await fundedPlayer(page, baseURL);
  await page.goto('/user/edit/history-casino');
  await new ShellPage(page).waitForSite();
  await expect(page.getByTestId('bets-empty')).toBeVisible();

  await playRounds(page, baseURL, player, 16);
  await page.reload();
  await expect(page.getByTestId('bets-total')).toHaveText('16 apostas');
  await expect(page.getByTestId('bet-row')).toHaveCount(15);
  await expect(page.getByTestId('bets-page')).toHaveText('Página 1 de 2');
  await expect(page.getByTestId('bet-stake').first()).toHaveText('R$ 1,00');
  await expect(page.getByTestId('bet-row').first()).toHaveAttribute('data-kind', 'casino');
  await expect(page.getByTestId('bets-previous')).toBeDisabled();
  await page.getByTestId('bets-next').click();
  await expect(page.getByTestId('bets-page')).toHaveText('Página 2 de 2');
  await expect(page.getByTestId('bet-row')).toHaveCount(1);
  await expect(page.getByTestId('bets-next')).toBeDisabled();
  await page.getByTestId('bets-previous').click();
  await expect(page.getByTestId('bet-row')).toHaveCount(15);
});

test('privacy: a toggle on /user hides that field from another player (POST /profile/show)', async ({
  page,
  baseURL,
}) => {
  const shown = await registerPlayer(page, baseURL);
  const viewer = await registerPlayer(page, baseURL);
  const shownId = await idOf(page, baseURL, shown);
  const look = async () => {
    const res = await page.request.post(`${baseURL}/api/profile/show`, {
      headers: bearer(viewer.token),
      data: { user_id: shownId },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  expect(await look()).toMatchObject({ username: 'Teste', statistics: { bets: 0 } });

  await openAsPlayer(page, shown, '/user');
  await page.getByTestId('profile-toggle-hide_username').check();
  await expect(page.getByTestId('profile-notice')).toBeVisible();
  const hidden = await look();
  expect(hidden.username).toBeNull();
  expect(hidden.statistics).not.toBeNull();

  await page.getByTestId('profile-notice').getByRole('button').click();
  await page.getByTestId('profile-toggle-hide_metrics').check();
  await expect(page.getByTestId('profile-notice')).toBeVisible();
  expect(await look()).toMatchObject({ username: null, statistics: null, activity: null, played_games: null });
  // Nothing private is ever in the answer.
  expect(JSON.stringify(await look())).not.toMatch(/@exemplo\.test|\+55|1990-01-15/);
});

test('the sub-navigation reaches every /user page', async ({ page, baseURL }) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, '/user');
  const nav = page.getByTestId('user-nav');
  await expect(nav.getByTestId('user-nav-account')).toHaveAttribute('aria-current', 'page');
  const stops: Array<[string, RegExp, string]> = [
    ['access', /\/user\/edit\/access-data$/, 'Dados de acesso'],
    ['personal', /\/user\/edit\/personal-data$/, 'Dados pessoais'],
    ['history', /\/user\/edit\/history-casino$/, 'Histórico de jogos'],
    ['transactions', /\/user\/edit\/transaction$/, 'Transações'],
    // Sorte Verde asks for document verification (its `kyc` feature).
    ['verification', /\/user\/edit\/verification$/, 'Verificar conta'],
    ['account', /\/user$/, 'Editar perfil'],
    ['responsible', /\/responsible-gambling$/, 'Jogo responsável'],
  ];
  for (const [key, url, heading] of stops) {
    await nav.getByTestId(`user-nav-${key}`).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    if (key !== 'responsible') await expect(nav.getByTestId(`user-nav-${key}`)).toHaveAttribute('aria-current', 'page');
  }
});

test.describe('account area screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`/user pages at ${viewport.width} ${SCREENSHOTS} ${PREVIEW_ONLY}`, async ({ page, baseURL }) => {
      await page.setViewportSize(viewport);
      const shot = (name: string) =>
        page.screenshot({
          path: `test-results/user-${name}-${viewport.width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      const player = await registerPlayer(page, baseURL);
      await openAsPlayer(page, player, '/user/edit/personal-data');
      await page.getByTestId('personal-postal_code').fill('123');
      await page.getByTestId('personal-save').click();
      await expect(page.getByTestId('personal-postal_code-problem')).toBeVisible();
      await shot('personal-data');
      await page.goto('/en/user/edit/history-casino');
      await expect(page.getByTestId('bets-empty')).toBeVisible();
      await shot('history-empty-en');

      // Ana (seeded, only looked at): her rounds and deposits.
      const ana = await page.context().newPage();
      await signInDemo(ana, baseURL, 'localhost', 'ana@sorteverde.test');
      await ana.setViewportSize(viewport);
      await ana.goto('/user/edit/history-casino');
      await expect(ana.getByTestId('bet-row').first()).toBeVisible();
      await ana.screenshot({
        path: `test-results/user-history-${viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await ana.goto('/user/edit/transaction');
      await expect(ana.getByTestId('transaction-row').first()).toBeVisible();
      await ana.screenshot({
        path: `test-results/user-transaction-${viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
      });

      const diego = await page.context().newPage();
      await signInDemo(diego, baseURL, 'azul.localhost', 'diego@azulbet.test');
      await diego.setViewportSize(viewport);
      await diego.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/user/edit/personal-data`);
      await expect(diego.getByTestId('personal-verified')).toBeVisible();
      await diego.screenshot({
        path: `test-results/user-personal-verified-azul-${viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
});
