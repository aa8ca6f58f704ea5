import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * Issue 15, responsible gaming, against the sandbox platform: a deposit limit set on /responsible-gambling refuses
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

  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  await page.goto('/login');
  await new ShellPage(page).waitForSite();
  await page.locator('#login-identifier').fill(player.email);
  await page.locator('#login-password').fill(player.password);
  await page.getByTestId('login-submit').click();

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
    });
  }
});
