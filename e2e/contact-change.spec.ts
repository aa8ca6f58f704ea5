import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import en from '../src/i18n/en.json' with { type: 'json' };
import pt from '../src/i18n/pt-BR.json' with { type: 'json' };
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer, type NewPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * Changing the e-mail on /user/edit/access-data against the sandbox: the current password first
 * (a wrong one refused), the code QA reads in the panel's outbox for the NEW address (a wrong code refused first),
 * the card showing the new address verified, the old address told, then signing out and in with the new e-mail. The screenshots scan the open forms with
 * axe (serious or critical findings fail).
 */
const PT = pt as Record<string, string>;
const EN = en as Record<string, string>;

async function playerId(page: Page, baseURL: string | undefined, player: NewPlayer, brandHost?: string) {
  const me = await page.request.get(`${baseURL}/api/auth/me`, {
    headers: { Authorization: `Bearer ${player.token}`, ...(brandHost ? { 'X-Brand-Domain': brandHost } : {}) },
  });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { data: { id: number } }).data.id;
}

/** The newest message of the player's outbox (QA panel → Jogadores → Mensagens) sent to `recipient`. */
async function outboxRow(browser: Browser, id: number, recipient: string) {
  const panel = await browser.newPage();
  try {
    await panel.goto(`${sandboxPanelUrl()}/players/${id}/outbox`);
    const row = panel.locator('#player-outbox tr', { hasText: recipient }).first();
    return {
      state: await row.getAttribute('data-state'),
      code: (await row.locator('td.code').textContent())?.trim() ?? '',
      text: (await row.textContent()) ?? '',
    };
  } finally {
    await panel.close();
  }
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const newEmail = (player: NewPlayer) => player.email.replace(/^p/, 'n');

test('the e-mail is changed with the password and the code sent to the new address, then signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const id = await playerId(page, baseURL, player);
  const next = newEmail(player);
  await openAsPlayer(page, player, '/user/edit/access-data');
  const card = page.getByTestId('access-email');
  await expect(card.getByTestId('access-email-address')).toHaveText(player.email);

  await card.getByTestId('access-email-change').click();
  const form = card.getByTestId('access-email-change-form');
  // The form's own rule first (§5 e-mail), then the platform's refusal of a wrong password.
  await form.getByLabel(PT['profile.access.change.email_new']!).fill('nada@');
  await form.getByLabel(PT['profile.access.change.password']!).fill('Errada#2024');
  await form.getByTestId('access-email-change-send').click();
  await expect(form.getByTestId('access-email-change-value-error')).toHaveText(
    PT['profile.access.change.validation.email']!,
  );
  await form.getByLabel(PT['profile.access.change.email_new']!).fill(next);
  await form.getByTestId('access-email-change-send').click();
  await expect(form.getByTestId('access-email-change-password-error')).toHaveText(
    PT['profile.access.change.problem.wrongPassword']!,
  );
  await expect(form.getByLabel(PT['profile.access.change.password']!)).toHaveValue('');
  await form.getByLabel(PT['profile.access.change.password']!).fill(player.password);
  await form.getByTestId('access-email-change-send').click();

  const codeForm = card.getByTestId('access-email-change-code-form');
  await expect(codeForm).toBeVisible();
  await expect(codeForm).toContainText(next);
  const sent = await outboxRow(browser, id, next);
  expect(sent.state).toBe('waiting');
  expect(sent.code).toMatch(/^\d{6}$/);

  await codeForm.getByLabel(PT['profile.access.code.label']!).fill(otherThan(sent.code));
  await codeForm.getByTestId('access-email-change-code-submit').click();
  await expect(codeForm.getByTestId('access-email-change-code-problem')).toHaveText(
    PT['profile.access.code.problem.wrong']!,
  );
  await codeForm.getByLabel(PT['profile.access.code.label']!).fill(sent.code);
  await codeForm.getByTestId('access-email-change-code-submit').click();

  await expect(card.getByTestId('access-email-address')).toHaveText(next);
  await expect(card).toContainText(PT['profile.access.status.verified']!);
  await expect(card.getByTestId('access-email-change-notice')).toContainText(PT['profile.access.change.done_email']!);
  // The password card sends its codes to the new address now.
  await expect(page.getByTestId('access-password')).toContainText(next);
  // The old address was told, without the new one in full.
  const told = await outboxRow(browser, id, player.email);
  expect(told.text).toContain('foi alterado');
  expect(told.text).not.toContain(next);

  // Sign out, then in with the new e-mail.
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('sign-in').click();
  const modal = page.getByTestId('login-modal');
  await modal.getByLabel('E-mail', { exact: true }).fill(next);
  await modal.getByLabel('Senha', { exact: true }).fill(player.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account')).toBeVisible();
  const old = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { email: player.email, password: player.password },
  });
  expect(old.status()).toBe(422);
});

test.describe('contact change screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    for (const [locale, prefix, brand] of [
      ['pt', '', 'localhost'],
      ['en', '/en', 'azul.localhost'],
    ] as const) {
      test(`e-mail and phone change ${locale} ${brand} at ${viewport.width} ${SCREENSHOTS} ${PREVIEW_ONLY}`, async ({
        page,
        baseURL,
      }) => {
        await page.setViewportSize(viewport);
        const origin = brand === 'localhost' ? baseURL : ShellPage.origin(baseURL, brand);
        const T = locale === 'pt' ? PT : EN;
        const player = await registerPlayer(page, baseURL, brand === 'localhost' ? undefined : brand);
        await openAsPlayer(page, player, `${origin}${prefix}/user/edit/access-data`);
        const prompt = page.getByTestId('push-prompt');
        await prompt.getByRole('button', { name: T['push.prompt.later'] ?? '' }).click();
        await expect(prompt).toHaveCount(0);
        // The e-mail change at its code step; the phone change with a landline refused.
        await page.getByTestId('access-email-change').click();
        const form = page.getByTestId('access-email-change-form');
        await form.getByLabel(T['profile.access.change.email_new']!).fill(newEmail(player));
        await form.getByLabel(T['profile.access.change.password']!).fill(player.password);
        await form.getByTestId('access-email-change-send').click();
        await expect(page.getByTestId('access-email-change-code-form')).toBeVisible();
        await page.getByTestId('access-phone-change').click();
        const phone = page.getByTestId('access-phone-change-form');
        await phone.getByLabel(T['profile.access.change.phone_new']!).fill('1131234567');
        await phone.getByLabel(T['profile.access.change.password']!).fill(player.password);
        await phone.getByTestId('access-phone-change-send').click();
        await expect(phone.getByTestId('access-phone-change-value-error')).toHaveText(
          T['profile.access.change.validation.phone']!,
        );
        // Both forms open, one with its refusal: no serious or critical axe finding on the page's content.
        const axe = await new AxeBuilder({ page })
          .setLegacyMode(true)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .include('[data-testid="access-data-page"]')
          .analyze();
        const found = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          found.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => [n.target.join(' '), n.failureSummary]) })),
        ).toEqual([]);
        await page.screenshot({
          path: `test-results/contact-change-${locale}-${viewport.width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  }
});
