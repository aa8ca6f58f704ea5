import { expect, test, type Page } from '@playwright/test';
import { openAsPlayer, registerPlayer, newCpf } from './models/players';
import { sandboxApiOrigin } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * Licensed in Brazil: the operator's identity in the footer of every page and on the compliance page (Lei
 * 14.790/2023 art. 15, with the Consumidor.gov.br and central self-exclusion links), on the regulated brand (Sorte
 * Verde) and the unregulated one (Azul Bet, what it has); and the national list checks (IN SPA/MF 31/2025, IN SPA/MF
 * 22/2025): a CPF SIGAP answers "Impedido" is refused at sign-up, and an existing player found "Impedido" sees why,
 * until when they may withdraw, and the links, on every page. In Portuguese and English, at 390 and 1440 px.
 */
test.use({ timezoneId: 'America/Sao_Paulo' });

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

const COMPLIANCE = '/em-conformidade-com-a-regulamentacao';

const TEXTS = {
  pt: {
    authorisation:
      'Portaria SPA/MF nº 2.090, de 31 de dezembro de 2024, da Secretaria de Prêmios e Apostas do Ministério da Fazenda',
    notAuthorised: 'Sem autorização da Secretaria de Prêmios e Apostas para operar no Brasil',
    sac: 'SAC',
    ouvidoria: 'Ouvidoria',
    selfExclusion: 'Autoexclusão centralizada (gov.br)',
    complianceTitle: 'Identificação do operador',
    impededTitle: 'Sua conta está impedida de apostar',
    impededReason:
      'A consulta ao SIGAP, o sistema do governo federal, indicou que o seu CPF está na autoexclusão centralizada (gov.br).',
    withdraw: 'Sacar agora',
  },
  en: {
    authorisation:
      'Portaria SPA/MF nº 2.090 of December 31, 2024, by the Secretariat of Prizes and Betting of the Ministry of Finance',
    notAuthorised: 'Not authorised by the Secretariat of Prizes and Betting to operate in Brazil',
    sac: 'Customer service (SAC)',
    ouvidoria: 'Ombudsman (ouvidoria)',
    selfExclusion: 'Central self-exclusion (gov.br)',
    complianceTitle: 'Operator identification',
    impededTitle: 'Your account may not place bets',
    impededReason:
      "A check in SIGAP, the federal government's system, found your CPF on the central self-exclusion platform (gov.br).",
    withdraw: 'Withdraw now',
  },
} as const;

type Lang = keyof typeof TEXTS;
const prefixOf = (lang: Lang) => (lang === 'pt' ? '' : '/en');

async function answerAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

/** The QA panel's own form post (a panel write needs its own Origin). */
async function panel(page: Page, path: string, form: Record<string, string>) {
  const origin = sandboxApiOrigin();
  const res = await page.request.post(`${origin}${path}`, { form, headers: { origin }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location ?? '').not.toContain('error=');
}

/** Resolves once the realtime server confirmed the subscription of that channel to the page. */
function subscribed(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) resolve();
      });
    });
  });
}

async function shoot(page: Page, name: string, locator: ReturnType<Page['getByTestId']>) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await locator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/${name}-${size.width}.png` });
  }
}

for (const lang of ['pt', 'en'] as const) {
  const t = TEXTS[lang];
  const prefix = prefixOf(lang);

  test.describe(`operator identity (Lei 14.790/2023 art. 15) · ${lang}`, () => {
    test(`the regulated brand's footer names the operator, its CNPJ, authorisation, address, SAC and ouvidoria, with the links · ${lang}`, async ({
      page,
    }) => {
      await answerAgeGate(page);
      await page.goto(`${prefix}/`);
      await new ShellPage(page).waitForSite();
      const footer = page.getByTestId('operator-footer');
      await expect(footer).toBeVisible();
      await expect(page.getByTestId('operator-footer-company')).toContainText('Sorte Verde Entretenimento Ltda.');
      await expect(page.getByTestId('operator-footer-cnpj')).toContainText('12.345.678/0001-95');
      await expect(page.getByTestId('operator-footer-authorisation')).toContainText(t.authorisation);
      await expect(page.getByTestId('operator-footer-address')).toContainText('Av. Paulista, 1000');
      await expect(page.getByTestId('operator-footer-sac')).toContainText(t.sac);
      await expect(page.getByTestId('operator-footer-sac')).toContainText('0800 123 4567');
      await expect(page.getByTestId('operator-footer-ouvidoria')).toContainText(t.ouvidoria);
      await expect(page.getByTestId('operator-footer-ouvidoria')).toContainText('ouvidoria@sorteverde.example');
      await expect(page.getByTestId('operator-footer-consumidor')).toHaveAttribute(
        'href',
        'https://www.consumidor.gov.br/',
      );
      await expect(page.getByTestId('operator-footer-self-exclusion')).toHaveAttribute(
        'href',
        'https://www.gov.br/autoexclusaoapostas',
      );
      await expect(page.getByTestId('operator-footer-self-exclusion')).toHaveText(t.selfExclusion);
      await shoot(page, `footer-regulated-${lang}`, footer);
      // On every page: the casino lobby too.
      await page.goto(`${prefix}/casino`);
      await expect(page.getByTestId('operator-footer-cnpj')).toContainText('12.345.678/0001-95');
    });

    test(`the unregulated brand's footer shows what it has and says it has no authorisation · ${lang}`, async ({
      page,
      baseURL,
    }) => {
      await answerAgeGate(page);
      const azul = new URL(baseURL ?? 'http://localhost:5173');
      azul.hostname = 'azul.localhost';
      await page.goto(`${azul.origin}${prefix}/`);
      await new ShellPage(page).waitForSite();
      const footer = page.getByTestId('operator-footer');
      await expect(page.getByTestId('operator-footer-company')).toContainText('Azul Bet Gaming N.V.');
      await expect(page.getByTestId('operator-footer-authorisation')).toContainText(t.notAuthorised);
      await expect(page.getByTestId('operator-footer-cnpj')).toHaveCount(0);
      await expect(page.getByTestId('operator-footer-ouvidoria')).toHaveCount(0);
      await expect(page.getByTestId('operator-footer-sac')).toContainText('suporte@azulbet.example');
      await expect(page.getByTestId('operator-footer-consumidor')).toBeVisible();
      await shoot(page, `footer-unregulated-${lang}`, footer);
    });

    test(`the compliance page lists the operator with its authorisation · ${lang}`, async ({ page }) => {
      await answerAgeGate(page);
      await page.goto(`${prefix}${COMPLIANCE}`);
      const block = page.getByTestId('compliance-operator');
      await expect(block.getByRole('heading', { name: t.complianceTitle })).toBeVisible();
      await expect(page.getByTestId('operator-page-authorisation')).toContainText(t.authorisation);
      await expect(page.getByTestId('operator-page-cnpj')).toContainText('12.345.678/0001-95');
      await expect(page.getByTestId('operator-page-self-exclusion')).toHaveAttribute(
        'href',
        'https://www.gov.br/autoexclusaoapostas',
      );
    });
  });

  test.describe(`national list checks (IN SPA/MF 31/2025, IN SPA/MF 22/2025) · ${lang}`, () => {
    test(`a player SIGAP finds "Impedido" sees why, until when to withdraw, and the links, on every page · ${lang}`, async ({
      page,
      baseURL,
    }) => {
      const player = await registerPlayer(page, baseURL);
      await panel(page, '/sandbox/sigap', { cpf: player.cpf, status: 'impedido_autoexclusao', check_now: '1' });
      await openAsPlayer(page, player, `${prefix}/`);
      const banner = page.getByTestId('sigap-impediment');
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('heading', { name: t.impededTitle })).toBeVisible();
      await expect(banner).toContainText(t.impededReason);
      await expect(banner.getByRole('link', { name: t.selfExclusion })).toHaveAttribute(
        'href',
        'https://www.gov.br/autoexclusaoapostas',
      );
      await expect(banner.getByRole('link', { name: 'Consumidor.gov.br' })).toHaveAttribute(
        'href',
        'https://www.consumidor.gov.br/',
      );
      await expect(page.getByTestId('sigap-withdraw')).toHaveText(t.withdraw);
      await shoot(page, `sigap-impedido-${lang}`, banner);
      // Another page: still there; "Sacar agora" leads to the withdrawal tab.
      await page.getByTestId('sigap-withdraw').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/account/wallet\\?tab=withdraw`));
      await expect(page.getByTestId('sigap-impediment')).toBeVisible();
    });
  });
}

test('an "Impedido" answer while the player is on the site shows the banner at once, without a reload', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${player.token}` } });
  const { data } = (await me.json()) as { data: { id: number } };
  const joined = subscribed(page, `private-universal.${data.id}`);
  await openAsPlayer(page, player, '/');
  await joined;
  await expect(page.getByTestId('sigap-impediment')).toHaveCount(0);
  await panel(page, '/sandbox/sigap', { cpf: player.cpf, status: 'impedido_beneficiario', check_now: '1' });
  await expect(page.getByTestId('sigap-impediment')).toContainText(
    'A consulta ao SIGAP, o sistema do governo federal, indicou que o seu CPF pertence a um beneficiário do Bolsa Família ou do BPC, que não pode apostar.',
    { timeout: 5_000 },
  );
});

test('a sign-up with a CPF SIGAP answers "Impedido – Beneficiário" is refused with its code, and no account is opened', async ({
  page,
  baseURL,
}) => {
  const cpf = newCpf();
  await panel(page, '/sandbox/sigap', { cpf, status: 'impedido_beneficiario' });
  const res = await page.request.post(`${baseURL}/api/auth/register`, {
    data: {
      name: 'Teste',
      surname: 'Impedido',
      email: `i${Date.now()}@exemplo.test`,
      phone: `11 9${String(Date.now()).slice(-8)}`,
      cpf,
      password: 'Segura#2024',
      password_confirmation: 'Segura#2024',
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: 'sandbox-captcha-ok',
    },
  });
  expect(res.status(), await res.text()).toBe(403);
  expect(await res.json()).toMatchObject({ code: 'SIGAP_IMPEDIDO', reason: 'impedido_beneficiario' });
});
