import { expect, test, type Browser, type Page } from '@playwright/test';
import { signTestGoogleIdToken } from '../sandbox/api/google';
import { SandboxPanel, ShellPage } from './models/shell-page';
import { releaseResendWait } from './models/sandbox';

/**
 * The two flows session.spec.ts does not drive: password recovery (recover-password → verify-code →
 * reset-password, the code read where a QA engineer reads it: the panel's outbox) and Google sign-in (the app's
 * real GoogleButton and session actors; only the third-party GIS script is a stand-in, served by page.route,
 * that hands the app's registered callback an id token the sandbox signed).
 */

const PT = {
  recoveryTitle: 'Recuperar senha',
  email: 'E-mail',
  sendCode: 'Enviar código',
  code: 'Código de 6 dígitos',
  verify: 'Verificar código',
  /** The wait as it counts down from 20 s (the page's own clock runs on: a second or more may have passed). */
  resendWait: /^Reenviar código \(aguarde (20|1[0-9]) s\)$/,
  resend: 'Reenviar código',
  newPassword: 'Nova senha',
  confirmation: 'Confirme a senha',
  save: 'Salvar nova senha',
  done: 'Senha redefinida. Entre com a nova senha.',
  mismatch: 'As senhas não coincidem',
  invalidCode: 'Código inválido ou expirado.',
  password: 'Senha',
  googleRefused: 'Não foi possível validar o login com o Google.',
  or: 'ou',
} as const;

const SEEDED_PASSWORD = 'Senha@123';
const SORTE_VERDE_GOOGLE_CLIENT_ID = 'sandbox-sorteverde.apps.googleusercontent.com';
const GIS_SRC = 'https://accounts.google.com/gsi/client';

const modal = (page: Page) => page.getByTestId('login-modal');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function open(page: Page, baseURL: string | undefined, host: string, path: string) {
  await page.goto(`${ShellPage.origin(baseURL, host)}${path}`);
  await new ShellPage(page).waitForSite();
}

/** The newest code the sandbox "sent" to this e-mail, as the QA panel's outbox shows it (Mensagens enviadas). */
async function codeFromOutbox(browser: Browser, email: string): Promise<string> {
  const panel = await browser.newPage();
  try {
    await panel.goto(SandboxPanel.url);
    const row = panel.locator('#outbox tbody tr', { hasText: `email: ${email}` }).first();
    await expect(row).toContainText('pendente');
    const text = (await row.textContent()) ?? '';
    const code = /Seu código é (\d{6})/.exec(text)?.[1];
    expect(code, `a 6-digit code in the outbox row for ${email}`).toBeTruthy();
    return code!;
  } finally {
    await panel.close();
  }
}

/** Puts a player's password back with the panel's own form (Jogadores → Redefinir). */
async function resetPasswordInPanel(browser: Browser, email: string, password: string) {
  const panel = await browser.newPage();
  try {
    await panel.goto(SandboxPanel.url);
    const row = panel.locator('#players tbody tr', { hasText: email });
    await row.getByLabel('Nova senha').fill(password);
    await row.getByRole('button', { name: 'Redefinir' }).click();
    await panel.waitForLoadState('load');
  } finally {
    await panel.close();
  }
}

async function askForCode(page: Page, email: string) {
  const m = modal(page);
  await m.getByLabel(PT.email, { exact: true }).fill(email);
  await m.getByRole('button', { name: PT.sendCode }).click();
  await expect(m.getByTestId('recovery-code-form')).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  const m = modal(page);
  await m.getByLabel(PT.email, { exact: true }).fill(email);
  await m.getByLabel(PT.password, { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

test.describe('password recovery, pt', () => {
  const email = 'bruno@sorteverde.test';
  const newPassword = `Nova@${unique()}`;

  test.beforeEach(async ({ browser }) => {
    // Each test asks for codes as if the last one were long ago: the platform's 20 s wait from the test before is
    // ended from the QA panel (within it, a guest's request sends nothing and answers the same).
    await releaseResendWait(browser, email);
  });

  test.afterEach(async ({ browser }) => {
    // Other specs may sign bruno in with the demo password.
    await resetPasswordInPanel(browser, email, SEEDED_PASSWORD);
  });

  test('code from the outbox, resend wait, wrong code, mismatch, new password, sign in with it', async ({
    page,
    browser,
    baseURL,
  }) => {
    await open(page, baseURL, 'localhost', '/recover-pass');
    const m = modal(page);
    await expect(m.getByRole('heading', { name: PT.recoveryTitle })).toBeVisible();
    await askForCode(page, email);
    await expect(m).toContainText(`Digite o código que enviamos para ${email}.`);

    // The resend button waits 20 s after a code was sent.
    const resend = page.getByTestId('recovery-resend');
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(PT.resendWait);

    const code = await codeFromOutbox(browser, email);

    // A wrong code: a clear message on the code field, and the player stays on this step.
    const wrong = code === '000000' ? '111111' : '000000';
    await m.getByLabel(PT.code, { exact: true }).fill(wrong);
    await m.getByRole('button', { name: PT.verify }).click();
    await expect(page.getByTestId('recovery-code-error')).toHaveText(PT.invalidCode);
    await expect(m.getByLabel(PT.code, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(m.getByTestId('recovery-code-form')).toBeVisible();

    await m.getByLabel(PT.code, { exact: true }).fill(code);
    await m.getByRole('button', { name: PT.verify }).click();
    await expect(m.getByTestId('recovery-password-form')).toBeVisible();

    // Mismatched passwords, checked as the player types.
    await m.getByLabel(PT.newPassword, { exact: true }).fill(newPassword);
    await m.getByLabel(PT.confirmation, { exact: true }).fill(`${newPassword}x`);
    await expect(page.getByTestId('recovery-confirmation-error')).toHaveText(PT.mismatch);
    await m.getByRole('button', { name: PT.save }).click();
    await expect(m.getByTestId('recovery-password-form')).toBeVisible();

    await m.getByLabel(PT.confirmation, { exact: true }).fill(newPassword);
    await expect(page.getByTestId('recovery-confirmation-error')).toHaveCount(0);
    await m.getByRole('button', { name: PT.save }).click();
    await expect(m.getByTestId('recovery-done')).toContainText(PT.done);

    // The old password no longer works; the new one does.
    await m.getByTestId('recovery-done').getByRole('button').click();
    await expect(page.getByTestId('login-tab-login')).toHaveAttribute('aria-pressed', 'true');
    await signIn(page, email, SEEDED_PASSWORD);
    await expect(page.getByTestId('form-failure').or(page.getByTestId('login-identifier-error'))).toBeVisible();
    await expect(page.getByTestId('account')).toHaveCount(0);

    await m.getByLabel(PT.password, { exact: true }).fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('account')).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
    await expect(page.getByTestId('sign-in')).toHaveCount(0);
  });

  test('the resend button comes back after 20 s, and the code it sends replaces the first one', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.clock.install();
    await open(page, baseURL, 'localhost', '/recover-pass');
    await askForCode(page, email);
    // Stop the page's time just after the code step began (its 20 s wait started then), so reading the outbox
    // in another page takes none of the wait.
    const sentAt = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(sentAt + 500);
    const first = await codeFromOutbox(browser, email);
    const resend = page.getByTestId('recovery-resend');
    await expect(resend).toBeDisabled();

    // The wait counts down a second at a time: every timer on the way fires (runFor, not a jump). 19 s after the
    // code step began (it began at most 500 ms before the pause), one second is left.
    await page.clock.runFor(18_500);
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText('Reenviar código (aguarde 1 s)');
    await page.clock.runFor(1_500);
    await expect(resend).toBeEnabled();
    await expect(resend).toHaveText(PT.resend);
    // Only the page's clock moved: the platform's own 20 s wait is ended from the QA panel.
    await releaseResendWait(browser, email);
    await resend.click();
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(PT.resendWait);

    await expect.poll(() => codeFromOutbox(browser, email)).not.toBe(first);
    const second = await codeFromOutbox(browser, email);
    const m = modal(page);
    await m.getByLabel(PT.code, { exact: true }).fill(first);
    await m.getByRole('button', { name: PT.verify }).click();
    await expect(page.getByTestId('recovery-code-error')).toHaveText(PT.invalidCode);
    await m.getByLabel(PT.code, { exact: true }).fill(second);
    await m.getByRole('button', { name: PT.verify }).click();
    await expect(m.getByTestId('recovery-password-form')).toBeVisible();
  });

  test('a code that stopped being valid before the new password is saved is reported on that step', async ({
    page,
    browser,
    baseURL,
  }) => {
    await open(page, baseURL, 'localhost', '/recover-pass');
    await askForCode(page, email);
    const code = await codeFromOutbox(browser, email);
    const m = modal(page);
    await m.getByLabel(PT.code, { exact: true }).fill(code);
    await m.getByRole('button', { name: PT.verify }).click();
    await expect(m.getByTestId('recovery-password-form')).toBeVisible();

    // Meanwhile a new code is asked for (another tab, another device, once the platform's 20 s wait is over): the
    // checked one is replaced.
    await releaseResendWait(browser, email);
    const again = await page.request.post(`${ShellPage.origin(baseURL, 'localhost')}/api/auth/recover-password`, {
      data: { email },
    });
    expect(again.status()).toBe(200);

    await m.getByLabel(PT.newPassword, { exact: true }).fill(newPassword);
    await m.getByLabel(PT.confirmation, { exact: true }).fill(newPassword);
    await m.getByRole('button', { name: PT.save }).click();
    // The player is told why, back on the code step (where a new code can be asked for), not told it worked.
    await expect(m.getByRole('alert').filter({ hasText: PT.invalidCode })).toBeVisible();
    await expect(m.getByTestId('recovery-done')).toHaveCount(0);
    await expect(m.getByTestId('recovery-code-form')).toBeVisible();
    await expect(page.getByTestId('recovery-code-error')).toHaveText(PT.invalidCode);

    // The newer code works, and the reset goes through.
    const newer = await codeFromOutbox(browser, email);
    expect(newer).not.toBe(code);
    await m.getByLabel(PT.code, { exact: true }).fill(newer);
    await m.getByRole('button', { name: PT.verify }).click();
    await m.getByLabel(PT.newPassword, { exact: true }).fill(newPassword);
    await m.getByLabel(PT.confirmation, { exact: true }).fill(newPassword);
    await m.getByRole('button', { name: PT.save }).click();
    await expect(m.getByTestId('recovery-done')).toContainText(PT.done);
  });
});

/**
 * A stand-in for the Google Identity Services client (https://accounts.google.com/gsi/client), which cannot load
 * offline: the same `google.accounts.id` surface the app uses (initialize with client_id and callback,
 * renderButton). Its button hands the callback the app registered a `{ credential }` like Google's.
 */
function gisStandIn(idToken: string): string {
  return `(() => {
  const seen = { clientIds: [], callback: null };
  window.__gisStandIn = seen;
  window.google = { accounts: { id: {
    initialize(options) { seen.clientIds.push(options.client_id); seen.callback = options.callback; },
    renderButton(parent) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Fazer login com o Google';
      button.setAttribute('data-testid', 'gis-stand-in');
      button.addEventListener('click', () => seen.callback({ credential: ${JSON.stringify(idToken)}, select_by: 'btn' }));
      parent.replaceChildren(button);
    },
    prompt() {}, cancel() {}, disableAutoSelect() {},
  } } };
})();`;
}

async function serveGis(page: Page, idToken: string): Promise<{ requests: () => number }> {
  let count = 0;
  await page.route(`${GIS_SRC}**`, (route) => {
    count += 1;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: gisStandIn(idToken) });
  });
  return { requests: () => count };
}

test.describe('Google sign-in', () => {
  test('a Google credential handed to the brand button signs a new player in (Sorte Verde)', async ({
    page,
    baseURL,
  }) => {
    const id = unique();
    const googleEmail = `g${id}@gmail.test`;
    const token = signTestGoogleIdToken({ sub: `google-${id}`, email: googleEmail, name: 'Gabriela Google' });
    const gis = await serveGis(page, token);

    await open(page, baseURL, 'localhost', '/login');
    const button = page.getByTestId('google-button');
    await expect(button).toHaveAttribute('data-ready', 'true');
    // The "ou" divider comes with the drawn button.
    await expect(page.getByTestId('google-sign-in')).toHaveAttribute('data-state', 'ready');
    await expect(modal(page).getByText(PT.or, { exact: true })).toBeVisible();
    expect(gis.requests()).toBeGreaterThan(0);
    // The app initialised GIS with the brand's client id from site-config.
    expect(
      await page.evaluate(
        () => (window as unknown as { __gisStandIn: { clientIds: string[] } }).__gisStandIn.clientIds,
      ),
    ).toContain(SORTE_VERDE_GOOGLE_CLIENT_ID);

    await button.getByTestId('gis-stand-in').click();
    await expect(page.getByTestId('account')).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
    await expect(page.getByTestId('balance')).toContainText('0,00');

    // The session is the Google player's, on the server too.
    const stored = await page.evaluate(() => window.localStorage.getItem('auth'));
    expect(stored).toBeTruthy();
    const me = await page.request.get(`${ShellPage.origin(baseURL, 'localhost')}/api/auth/me`, {
      headers: { Authorization: `Bearer ${stored}` },
    });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(googleEmail);

    await page.reload();
    await new ShellPage(page).waitForSite();
    await expect(page.getByTestId('account')).toBeVisible();
  });

  test('a credential the platform cannot validate is refused with its message', async ({ page, baseURL }) => {
    const good = signTestGoogleIdToken({
      sub: `google-${unique()}`,
      email: `g${unique()}@gmail.test`,
      name: 'Gil Google',
    });
    const [header, payload] = good.split('.');
    await serveGis(page, `${header}.${payload}.${Buffer.from('not the sandbox signature').toString('base64url')}`);

    await open(page, baseURL, 'localhost', '/login');
    await page.getByTestId('gis-stand-in').click();
    await expect(page.getByTestId('form-failure')).toHaveText(PT.googleRefused);
    await expect(page.getByTestId('account')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    // The player can still sign in another way.
    await expect(page.getByTestId('login-submit')).toBeEnabled();
  });

  test('the seeded self-excluded player signing in with Google is refused with the dates', async ({
    page,
    baseURL,
  }) => {
    await serveGis(
      page,
      signTestGoogleIdToken({ sub: `google-carla-${unique()}`, email: 'carla@sorteverde.test', name: 'Carla Souza' }),
    );
    await open(page, baseURL, 'localhost', '/login');
    await page.getByTestId('gis-stand-in').click();
    await expect(page.getByTestId('self-excluded')).toBeVisible();
    await expect(page.getByTestId('self-excluded-start')).toHaveText(/\d{4}/);
    await expect(page.getByTestId('account')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
  });

  test('Google unreachable (offline): neither the "ou" divider nor an empty Google button shows', async ({
    page,
    baseURL,
  }) => {
    let requests = 0;
    await page.route(`${GIS_SRC}**`, (route) => {
      requests += 1;
      return route.abort('internetdisconnected');
    });
    await open(page, baseURL, 'localhost', '/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    const google = page.getByTestId('google-sign-in');
    // The product's signal that the script failed.
    await expect(google).toHaveAttribute('data-state', 'failed');
    expect(requests).toBeGreaterThan(0);
    await expect(google).toBeHidden();
    await expect(modal(page).getByText(PT.or, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('google-button')).toBeHidden();
    // Signing in with the password still works.
    await modal(page).getByLabel(PT.email, { exact: true }).fill('ana@sorteverde.test');
    await modal(page).getByLabel(PT.password, { exact: true }).fill(SEEDED_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('account')).toBeVisible();
  });

  test('a brand without Google sign-in shows no Google button and loads no GIS script (Azul Bet)', async ({
    page,
    baseURL,
  }) => {
    const gis = await serveGis(page, 'unused');
    await open(page, baseURL, 'azul.localhost', '/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('google-button')).toHaveCount(0);
    expect(gis.requests()).toBe(0);
  });
});
