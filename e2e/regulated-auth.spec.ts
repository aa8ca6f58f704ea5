import { expect, test, type Page } from '@playwright/test';
import { TOTP, Secret } from 'otpauth';
import en from '../src/i18n/en.json' with { type: 'json' };
import pt from '../src/i18n/pt-BR.json' with { type: 'json' };
import { openAsPlayer, registerPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * A regulated brand (Sorte Verde) as a player meets Portaria SPA/MF 2.579/2025 (the gender and the deposit, loss
 * and time limits, asked at sign-in of a player who never chose them; no stake or deposit until then) and Portaria
 * SPA/MF 722/2024 (a TOTP second factor enrolled from the access-data page, then asked at sign-in), in both
 * languages, with screenshots at 390 and 1440 px (test-results/).
 */
const CATALOG = { pt: pt as Record<string, string>, en: en as Record<string, string> };
const PREFIX = { pt: '', en: '/en' };
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** The authenticator: the code of the secret at `offsetMs` from now (SHA-1, 6 digits, 30 s). */
const codeOf = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetMs,
  });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/regulated-auth/${name}.png` });

for (const locale of ['pt', 'en'] as const) {
  const t = CATALOG[locale];
  const prefix = PREFIX[locale];

  test(`${locale}: a player without the regulated profile is asked at sign-in, cannot deposit until done, then can`, async ({
    page,
    baseURL,
  }) => {
    const player = await registerPlayer(page, baseURL, undefined, undefined, true);
    const refused = await page.request.post(`${baseURL}/api/main-gateway/qrcode-pix`, {
      headers: { Authorization: `Bearer ${player.token}` },
      data: { amount: 5_000 },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'profile_incomplete' });

    await page.setViewportSize(SIZES[0]!);
    await openAsPlayer(page, player, `${prefix}/`);
    const dialog = page.getByTestId('regulated-profile');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t['rg.profile.title'] })).toBeVisible();
    // Nothing is chosen for the player: every field starts empty, the suggestions are buttons.
    await expect(page.getByTestId('profile-deposit-amount')).toHaveValue('');
    await expect(page.getByTestId('profile-session-minutes')).toHaveValue('');
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    await shot(page, `profile-${locale}-390`);
    await page.setViewportSize(SIZES[1]!);
    await shot(page, `profile-${locale}-1440`);

    await page.getByTestId('profile-submit').click();
    await expect(dialog.getByText(t['rg.profile.missing']!).first()).toBeVisible();
    await page.getByTestId('profile-gender-female').check();
    await page.getByTestId('profile-deposit-suggest').click();
    await expect(page.getByTestId('profile-deposit-amount')).toHaveValue('500,00');
    await page.getByTestId('profile-loss-amount').fill('150');
    await page.getByTestId('profile-loss-amount').blur();
    await page.getByTestId('profile-loss-period').selectOption('day');
    await page.getByTestId('profile-session-suggest').click();
    await page.getByTestId('profile-submit').click();
    await expect(dialog).toHaveCount(0);

    const rg = await page.request.get(`${baseURL}/api/profile/responsible-gaming`, {
      headers: { Authorization: `Bearer ${player.token}` },
    });
    const limits = ((await rg.json()) as { data: { limits: Array<{ kind: string; period: string; amount: number }> } })
      .data.limits;
    expect(limits.find((l) => l.kind === 'deposit' && l.period === 'week')?.amount).toBe(50_000);
    expect(limits.find((l) => l.kind === 'loss' && l.period === 'day')?.amount).toBe(15_000);
    expect(limits.find((l) => l.kind === 'session')?.amount).toBe(120);
    const paid = await page.request.post(`${baseURL}/api/main-gateway/qrcode-pix`, {
      headers: { Authorization: `Bearer ${player.token}` },
      data: { amount: 5_000 },
    });
    expect(paid.status()).toBe(201);
  });

  test(`${locale}: the second factor is enrolled from access data (QR, recovery codes once) and asked at sign-in`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const player = await registerPlayer(page, baseURL);
    await page.setViewportSize(SIZES[0]!);
    await openAsPlayer(page, player, `${prefix}/user/edit/access-data`);
    const card = page.getByTestId('access-2fa');
    await expect(card.getByRole('heading', { name: t['profile.access.second_factor.title'] })).toBeVisible();
    await expect(page.getByTestId('access-2fa-state')).toHaveText(t['profile.access.second_factor.disabled']!);
    await page.getByTestId('access-2fa-start').click();
    await expect(card.locator('svg')).toBeVisible();
    const secret = (await page.getByTestId('access-2fa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.scrollIntoViewIfNeeded();
    await shot(page, `enrol-${locale}-390`);
    await page.setViewportSize(SIZES[1]!);
    await shot(page, `enrol-${locale}-1440`);

    await page.getByTestId('access-2fa-code').fill('000000');
    await page.getByTestId('access-2fa-confirm').click();
    await expect(page.getByTestId('access-2fa-error')).toHaveText(t['error_codes.second_factor_invalid']!);
    await page.getByTestId('access-2fa-code').fill(codeOf(secret));
    await page.getByTestId('access-2fa-confirm').click();
    const codes = page.getByTestId('access-2fa-codes');
    await expect(codes.locator('li')).toHaveCount(10);
    await page.getByTestId('access-2fa-codes-saved').click();
    await expect(codes).toHaveCount(0);
    await expect(page.getByTestId('access-2fa-state')).toHaveText(t['profile.access.second_factor.enabled']!);

    // A new sign-in: the password alone gives no session on this regulated brand.
    const context = await page.context().browser()!.newContext({ viewport: SIZES[0]! });
    const fresh = await context.newPage();
    await fresh.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
    await fresh.goto(`${ShellPage.origin(baseURL, 'localhost')}${prefix}/login`);
    await new ShellPage(fresh).waitForSite();
    const modal = fresh.getByTestId('login-modal');
    await modal.getByLabel('E-mail', { exact: true }).fill(player.email);
    await modal.getByLabel(locale === 'pt' ? 'Senha' : 'Password', { exact: true }).fill(player.password);
    await fresh.getByTestId('login-submit').click();
    const challenge = fresh.getByTestId('second-factor-challenge');
    await expect(challenge).toBeVisible();
    await expect(challenge).toContainText(t['session.second_factor.totp_intro']!);
    expect(await fresh.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    await fresh.screenshot({ path: `test-results/regulated-auth/challenge-${locale}-390.png` });
    await fresh.setViewportSize(SIZES[1]!);
    await fresh.screenshot({ path: `test-results/regulated-auth/challenge-${locale}-1440.png` });
    await fresh.getByTestId('second-factor-code').fill('123');
    await fresh.getByTestId('second-factor-submit').click();
    await expect(challenge).toContainText(t['session.second_factor.code_format']!);
    // The enrolment used this 30 s step's code: the next step's (accepted within one step of drift) signs in.
    await fresh.getByTestId('second-factor-code').fill(codeOf(secret, 30_000));
    await fresh.getByTestId('second-factor-submit').click();
    await expect(fresh.getByTestId('account')).toBeVisible();
    await expect(fresh.getByTestId('login-modal')).toHaveCount(0);
    await context.close();
  });
}
