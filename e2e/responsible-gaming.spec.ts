import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * Responsible gaming, against the sandbox platform: a deposit limit set on /responsible-gambling refuses
 * a deposit over it with the remaining amount, a raise waits for its cooling-off; the reality check pauses play
 * after the interval the player chose; a self-exclusion for 1 month signs the player out at once and refuses the
 * login with the dates; and the audit trail's export lists each of these changes in order.
 * Each test registers a player of its own (the seeded demo players are other specs').
 */
test.use({ timezoneId: 'America/Sao_Paulo', locale: 'pt-BR' });

async function playerId(page: Page, baseURL: string | undefined, token: string): Promise<number> {
  const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { data: { id: number } }).data.id;
}

/** The login form, filled and sent (it is open on the page). */
async function submitLogin(page: Page, player: { email: string; password: string }): Promise<void> {
  await page.locator('#login-identifier').fill(player.email);
  await page.locator('#login-password').fill(player.password);
  await page.getByTestId('login-submit').click();
}

/** /login opened as a visitor who has passed the age gate, and the player's credentials sent. */
async function signInThroughForm(page: Page, player: { email: string; password: string }): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  await page.goto('/login');
  await new ShellPage(page).waitForSite();
  await submitLogin(page, player);
}

async function auditActions(page: Page, id: number): Promise<string[]> {
  const res = await page.request.get(`${sandboxPanelUrl()}/players/${id}/audit.json`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { entries: Array<{ action: string }> } | Array<{ action: string }>;
  return (Array.isArray(body) ? body : body.entries).map((e) => e.action);
}

test('a deposit limit refuses a deposit over it with what is left; a raise waits for the cooling-off', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, '/responsible-gambling');
  const day = page.getByTestId('rg-limit-deposit-day');
  await expect(day.getByTestId('rg-limit-amount')).toHaveText('Sem limite');
  await day.getByRole('textbox').fill('50');
  await day.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('rg-notice')).toContainText('Limite salvo: vale a partir de agora.');
  await expect(day.getByTestId('rg-limit-amount')).toHaveText('R$ 50,00');

  // A deposit over the limit is refused with what is left; nothing is created.
  await page.goto('/account/wallet?tab=deposit');
  await page.getByTestId('deposit-amount').fill('60');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-failed')).toContainText(
    'Seu limite de depósito diário permite mais R$ 50,00 neste período.',
  );
  await expect(page.getByTestId('deposit-qr')).toHaveCount(0);

  // Raising waits for the cooling-off: the old limit holds, the raise shows as pending.
  await page.goto('/responsible-gambling');
  await day.getByRole('textbox').fill('500');
  await day.getByRole('button', { name: 'Salvar' }).click();
  await expect(day.getByTestId('rg-limit-pending')).toContainText('Aumento para R$ 500,00 a partir de');
  await expect(page.getByTestId('rg-notice')).toContainText('Alteração registrada');
  await expect(day.getByTestId('rg-limit-amount')).toHaveText('R$ 50,00');

  const id = await playerId(page, baseURL, player.token);
  const actions = await auditActions(page, id);
  expect(actions.filter((a) => a.startsWith('limit.'))).toEqual(['limit.set', 'limit.pending']);
});

test('the reality check pauses play after the interval the player chose, with the session so far', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await page.clock.install();
  await openAsPlayer(page, player, '/responsible-gambling');
  const reality = page.getByTestId('rg-section-reality');
  await reality.getByRole('radio', { name: '15 minutos' }).check();
  await reality.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('rg-notice')).toBeVisible();
  await expect(page.getByTestId('reality-check')).toHaveCount(0);

  await page.clock.fastForward('15:00');
  const modal = page.getByTestId('reality-check');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Hora de uma pausa' })).toBeVisible();
  await expect(page.getByTestId('reality-net')).toHaveText('R$ 0,00');
  await page.getByTestId('reality-continue').click();
  await expect(modal).toHaveCount(0);
});

test('self-exclusion for 1 month: signed out at once with the dates, refused at login, audited', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const id = await playerId(page, baseURL, player.token);
  await openAsPlayer(page, player, '/responsible-gambling');
  const section = page.getByTestId('rg-section-exclusion');
  await section.getByRole('radio', { name: '1 mês' }).check();
  await section.getByTestId('rg-exclusion-review').click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar autoexclusão' });
  await expect(confirm).toContainText('Você sai da conta agora, em todos os aparelhos.');
  await expect(confirm.getByRole('link', { name: 'gov.br/autoexclusaoapostas' })).toHaveAttribute(
    'href',
    'https://www.gov.br/autoexclusaoapostas',
  );
  await confirm.getByTestId('rg-exclusion-confirm-button').click();

  // Signed out at once, with the dates; the token is gone.
  const dialog = page.getByTestId('self-excluded');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('self-excluded-end')).not.toHaveText('');
  await expect(page.getByTestId('account')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();

  // The old token no longer works, and signing in is refused with the dates.
  const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${player.token}` } });
  expect([401, 403]).toContain(me.status());
  const login = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { email: player.email, password: player.password },
  });
  expect(login.status()).toBe(403);
  expect(await login.json()).toMatchObject({ selfExcluded: true });

  const actions = await auditActions(page, id);
  expect(actions).toContain('self_exclusion.started');
});

test('an indefinite self-exclusion: the refused sign-in says from when it may end, and asking earlier is refused with that date', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const excluded = await page.request.post(`${baseURL}/api/profile/self-exclusion`, {
    headers: { authorization: `Bearer ${player.token}` },
    data: { value: 'indefinite', date: null },
  });
  expect(excluded.status()).toBe(200);

  await signInThroughForm(page, player);

  const dialog = page.getByTestId('self-excluded');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('self-excluded-end')).toHaveText('Por tempo indeterminado');
  await expect(page.getByTestId('self-exclusion-removal')).toContainText('pode ser encerrada a partir de');
  // The waiting period is not over: the platform refuses, and the dialog says until when.
  await page.getByTestId('self-exclusion-end').click();
  await expect(page.getByTestId('self-exclusion-failure')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
});

test('an indefinite self-exclusion whose wait is over is ended by the player at the refused sign-in, and they can play again', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const id = await playerId(page, baseURL, player.token);
  // QA replays the end of the wait: an indefinite self-exclusion begun 40 days ago, set in the panel.
  await page.goto(sandboxPanelUrl());
  const since = new Date(Date.now() - 40 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  const row = page.locator(`#player-${id}`);
  await row.getByLabel('Indeterminada desde').fill(since);
  await row.getByRole('button', { name: 'Indeterminada desde' }).click();
  await expect(page.locator(`#player-${id}`)).toContainText('indeterminado');

  await signInThroughForm(page, player);
  await expect(page.getByTestId('self-excluded-end')).toHaveText('Por tempo indeterminado');
  await page.getByTestId('self-exclusion-end').click();
  await expect(page.getByRole('heading', { name: 'Autoexclusão encerrada' })).toBeVisible();
  await page.getByTestId('self-exclusion-ended-sign-in').click();
  await submitLogin(page, player);
  await expect(page.getByTestId('balance')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('auth'))).not.toBeNull();

  const actions = await auditActions(page, id);
  expect(actions.filter((a) => a.startsWith('self_exclusion.'))).toEqual([
    'self_exclusion.started',
    'self_exclusion.removed',
  ]);
});

test('a daily play-time limit warns ahead, in the player language, and the warning can be closed', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, '/responsible-gambling');
  await expect(page.getByTestId('play-time-warning')).toHaveCount(0);
  const session = page.getByTestId('rg-limit-session-day');
  await session.getByRole('textbox').fill('5');
  await session.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('rg-notice')).toContainText('Limite salvo: vale a partir de agora.');
  // Less than ten minutes are left today: the warning comes at once.
  const warning = page.getByTestId('play-time-warning');
  await expect(warning).toContainText('Seu limite diário de tempo de jogo termina em 5 minutos.');
  await expect(warning.getByRole('link', { name: 'Ver meus limites' })).toHaveAttribute(
    'href',
    '/responsible-gambling',
  );
  await warning.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(warning).toHaveCount(0);
});

test.describe('responsible gaming screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`/responsible-gambling and the self-exclusion confirmation at ${viewport.width} ${SCREENSHOTS} ${PREVIEW_ONLY}`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      const player = await registerPlayer(page, baseURL);
      await openAsPlayer(page, player, '/responsible-gambling');
      const day = page.getByTestId('rg-limit-deposit-day');
      await day.getByRole('textbox').fill('100');
      await day.getByRole('button', { name: 'Salvar' }).click();
      await expect(day.getByTestId('rg-limit-amount')).toHaveText('R$ 100,00');
      await page.screenshot({
        path: `test-results/rg-page-${viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
      });
      const section = page.getByTestId('rg-section-exclusion');
      await section.getByRole('radio', { name: '3 meses' }).check();
      await section.getByTestId('rg-exclusion-review').click();
      await expect(page.getByRole('dialog', { name: 'Confirmar autoexclusão' })).toBeVisible();
      await page.screenshot({ path: `test-results/rg-exclusion-${viewport.width}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      // The warning before the daily play-time limit, over the home page.
      const session = page.getByTestId('rg-limit-session-day');
      await session.getByRole('textbox').fill('5');
      await session.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByTestId('play-time-warning')).toBeVisible();
      await page.goto('/');
      await expect(page.getByTestId('play-time-warning')).toBeVisible();
      await page.screenshot({ path: `test-results/rg-play-time-${viewport.width}.png`, animations: 'disabled' });
    });
  }
});
