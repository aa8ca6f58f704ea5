import { expect, test, type Browser, type Page } from '@playwright/test';
import en from '../src/i18n/en.json' with { type: 'json' };
import pt from '../src/i18n/pt-BR.json' with { type: 'json' };
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer, type NewPlayer } from './models/players';
import { releaseResendWait, sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * /user/edit/access-data against the sandbox: the e-mail verified with the code QA reads in the
 * panel's outbox (a wrong code refused first), the password change with its 20 s resend wait (the page's clock
 * driven, no real waiting) and "sign out of all other devices" ending another browser's session.
 */
const PT = pt as Record<string, string>;
const EN = en as Record<string, string>;
/** The second device: unlike the test browser's own agent (Chrome on Windows in playwright.config.ts). */
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

async function playerId(
  page: Page,
  baseURL: string | undefined,
  player: NewPlayer,
  brandHost?: string,
): Promise<number> {
  const me = await page.request.get(`${baseURL}/api/auth/me`, {
    headers: { Authorization: `Bearer ${player.token}`, ...(brandHost ? { 'X-Brand-Domain': brandHost } : {}) },
  });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { data: { id: number } }).data.id;
}

/** The newest code still waiting in the player's outbox (QA panel → Jogadores → Mensagens) on the channel. */
async function codeFromOutbox(browser: Browser, id: number, channel: 'email' | 'sms'): Promise<string> {
  const panel = await browser.newPage();
  try {
    await panel.goto(`${sandboxPanelUrl()}/players/${id}/outbox`);
    const row = panel.locator(`#player-outbox tr[data-channel="${channel}"][data-state="waiting"]`).first();
    const code = (await row.locator('td.code').textContent())?.trim() ?? '';
    expect(code, `a waiting ${channel} code for player ${id}`).toMatch(/^\d{6}$/);
    return code;
  } finally {
    await panel.close();
  }
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

test('the e-mail is verified with the code from the panel outbox; a wrong code is refused with its message', async ({
  page,
  browser,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const id = await playerId(page, baseURL, player);
  await openAsPlayer(page, player, '/user');
  await page.getByTestId('profile-access-link').click();
  await expect(page).toHaveURL(/\/user\/edit\/access-data$/);
  const card = page.getByTestId('access-email');
  await expect(card.getByTestId('access-email-address')).toHaveText(player.email);
  await expect(card).toContainText(PT['profile.access.status.unverified']!);

  // The registration sent an e-mail code a moment ago, and the platform holds §9's 20 s before another: ended from
  // the QA panel, so this send is a fresh code (the "sent a moment ago" answer is charted in the machine's tests).
  await releaseResendWait(browser, player.email);
  await card.getByTestId('access-email-send').click();
  await expect(card.getByTestId('access-email-code-form')).toBeVisible();
  await expect(card.getByTestId('access-email-notice')).toHaveText(new RegExp(PT['profile.access.code.sent']!));
  const code = await codeFromOutbox(browser, id, 'email');

  await card.getByLabel(PT['profile.access.code.label']!).fill(otherThan(code));
  await card.getByTestId('access-email-code-submit').click();
  await expect(card.getByTestId('access-email-code-problem')).toHaveText(PT['profile.access.code.problem.wrong']!);

  await card.getByLabel(PT['profile.access.code.label']!).fill(code);
  await card.getByTestId('access-email-code-submit').click();
  await expect(card).toContainText(PT['profile.access.status.verified']!);
  await expect(card.getByTestId('access-email-notice')).toContainText(PT['profile.access.verified_now']!);
  const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${player.token}` } });
  expect(((await me.json()) as { data: { email_verified: boolean } }).data.email_verified).toBe(true);
});

test('the password change waits 20 s before another code, then keeps this session with the new password', async ({
  page,
  browser,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const id = await playerId(page, baseURL, player);
  await page.clock.install();
  await openAsPlayer(page, player, '/user/edit/access-data');
  const card = page.getByTestId('access-password');
  await card.getByTestId('access-password-start').click();
  await expect(card.getByTestId('access-password-code-form')).toBeVisible();
  // Time stands still from just after the code was sent: reading the outbox takes none of the 20 s.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
  const resend = card.getByTestId('access-password-resend');
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText('Enviar novo código em 20 segundos');
  const first = await codeFromOutbox(browser, id, 'email');

  await page.clock.runFor(19_000);
  await expect(resend).toHaveText('Enviar novo código em 1 segundo');
  await expect(resend).toBeDisabled();
  await page.clock.runFor(1_000);
  await expect(resend).toBeEnabled();
  await expect(resend).toHaveText(PT['profile.access.code.resend']!);
  // Only the page's clock moved: the platform's own 20 s wait is ended from the QA panel.
  await releaseResendWait(browser, player.email);
  await resend.click();
  await expect(resend).toHaveText('Enviar novo código em 20 segundos');
  await expect.poll(() => codeFromOutbox(browser, id, 'email')).not.toBe(first);
  const second = await codeFromOutbox(browser, id, 'email');

  // The replaced code no longer works.
  await card.getByLabel(PT['profile.access.code.label']!).fill(first);
  await card.getByTestId('access-password-code-submit').click();
  await expect(card.getByTestId('access-password-code-problem')).toHaveText(PT['profile.access.code.problem.wrong']!);
  await card.getByLabel(PT['profile.access.code.label']!).fill(second);
  await card.getByTestId('access-password-code-submit').click();
  const form = card.getByTestId('access-password-form');
  await expect(form).toBeVisible();
  await form.getByLabel(PT['profile.access.password.new']!, { exact: true }).fill('curta');
  await form.getByLabel(PT['profile.access.password.confirm']!).fill('curta');
  await card.getByTestId('access-password-save').click();
  await expect(form).toContainText(PT['profile.access.password.problem.rule']!);
  await form.getByLabel(PT['profile.access.password.new']!, { exact: true }).fill('Nova#Senha2025');
  await form.getByLabel(PT['profile.access.password.confirm']!).fill('Nova#Senha2025');
  await card.getByTestId('access-password-save').click();
  await expect(card.getByTestId('access-password-notice')).toContainText(PT['profile.access.password.changed']!);

  // This session stays; the new password signs in, the old one does not.
  const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${player.token}` } });
  expect(me.status()).toBe(200);
  const login = (password: string) =>
    page.request.post(`${baseURL}/api/auth/login`, { data: { email: player.email, password } });
  expect((await login('Nova#Senha2025')).status()).toBe(200);
  // The old one is refused as any wrong password is (422, invalid credentials).
  expect((await login(player.password)).status()).toBe(422);
});

test('"sign out of all other devices" ends the session of another browser, which signs out cleanly', async ({
  page,
  browser,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  // A second device: another browser context, signed in with its own session.
  const other = await browser.newContext({ userAgent: DESKTOP_UA, baseURL });
  const login = await other.request.post(`${baseURL}/api/auth/login`, {
    data: { email: player.email, password: player.password },
  });
  expect(login.status()).toBe(200);
  const otherToken = ((await login.json()) as { token: string }).token;
  const otherPage = await other.newPage();
  await openAsPlayer(otherPage, { ...player, token: otherToken }, '/user');
  await expect(otherPage.getByTestId('profile-name')).toBeVisible();

  await openAsPlayer(page, player, '/user/edit/access-data');
  const card = page.getByTestId('access-sessions');
  const rows = card.getByTestId('access-session');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: PT['profile.access.sessions.this']! })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Firefox no Linux' })).toHaveCount(1);

  await card.getByTestId('access-sessions-revoke-others').click();
  await expect(card.getByRole('alertdialog')).toContainText('Desconectar 1 outro dispositivo?');
  await card.getByTestId('access-sessions-confirm').click();
  await expect(card.getByTestId('access-sessions-notice')).toHaveText(/1 dispositivo foi desconectado\./);
  await expect(rows).toHaveCount(1);

  // The other tab's next call is refused: it signs out, forgets its token and asks to sign in again.
  await otherPage.getByTestId('profile-access-link').click();
  const modal = otherPage.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('form-failure')).toHaveText(PT['error_messages.401']!);
  await expect.poll(() => otherPage.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
  // This one is still signed in.
  await page.reload();
  await new ShellPage(page).waitForSite();
  await expect(card.getByTestId('access-session')).toHaveCount(1);
  await other.close();
});

test.describe('access data screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    for (const [locale, prefix, brand] of [
      ['pt', '', 'localhost'],
      ['en', '/en', 'azul.localhost'],
    ] as const) {
      test(`/user/edit/access-data ${locale} ${brand} at ${viewport.width} ${SCREENSHOTS} ${PREVIEW_ONLY}`, async ({
        page,
        browser,
        baseURL,
      }) => {
        await page.setViewportSize(viewport);
        const origin = brand === 'localhost' ? baseURL : ShellPage.origin(baseURL, brand);
        const player = await registerPlayer(page, baseURL, brand === 'localhost' ? undefined : brand);
        // The API is called on the test's own host, naming the brand (Node does not resolve *.localhost).
        const id = await playerId(page, baseURL, player, brand);
        const other = await browser.newContext({ userAgent: DESKTOP_UA });
        const signedIn = await other.request.post(`${baseURL}/api/auth/login`, {
          headers: { 'X-Brand-Domain': brand },
          data: { email: player.email, password: player.password },
        });
        expect(signedIn.status()).toBe(200);
        await openAsPlayer(page, player, `${origin}${prefix}/user/edit/access-data`);
        const T = locale === 'pt' ? PT : EN;
        await page.getByTestId('access-email-send').click();
        await expect(page.getByTestId('access-email-code-form')).toBeVisible();
        await page
          .getByTestId('access-email')
          .getByLabel(T['profile.access.code.label']!)
          .fill(otherThan(await codeFromOutbox(browser, id, 'email')));
        await page.getByTestId('access-email-code-submit').click();
        await expect(page.getByTestId('access-email-code-problem')).toBeVisible();
        await expect(page.getByTestId('access-session')).toHaveCount(2);
        // The app-wide notifications prompt would cover the page: "not now".
        const prompt = page.getByTestId('push-prompt');
        await prompt.getByRole('button', { name: T['push.prompt.later'] ?? '' }).click();
        await expect(prompt).toHaveCount(0);
        await page.screenshot({
          path: `test-results/access-data-${locale}-${viewport.width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
        await other.close();
      });
    }
  }
});
