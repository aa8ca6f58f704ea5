import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { fundedPlayer, openAsPlayer, registerPlayer, type NewPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';

/**
 * Document verification against the sandbox: a player sends an ID front, the QA panel rejects it
 * with a reason the player reads, the player sends it again and the panel approves it; bad files are refused with
 * the texts; on a brand with `kyc` on (Sorte Verde) a withdrawal waits for the account to be verified.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name = 'frente.png') => ({ name, mimeType: 'image/png', buffer: PNG });

/** The QA panel's Documents page, on a page of its own (its writes come from its own origin, as a reviewer's). */
async function review(panel: Page, email: string, decision: 'approve' | 'reject', reason = ''): Promise<void> {
  await panel.goto(`${sandboxPanelUrl()}/documents`);
  const row = panel.locator('tr', { hasText: email });
  await expect(row).toHaveCount(1);
  // The preview is served to the panel as the image it is.
  await expect(row.getByRole('img')).toBeVisible();
  if (decision === 'reject') {
    await row.getByPlaceholder('Motivo da recusa').fill(reason);
    await row.getByRole('button', { name: 'Recusar' }).click();
    await expect(panel.getByRole('status')).toContainText('recusado');
  } else {
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await expect(panel.getByRole('status')).toContainText('aprovado');
  }
}

test('an ID front: sent (pending), rejected from the panel with a reason, sent again and approved', async ({
  page,
  context,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, '/user/edit/verification');
  const card = page.getByTestId('document-id_front');
  await expect(page.getByTestId('verification-summary')).toContainText('Conta não verificada');
  await expect(page.getByTestId('document-id_front-status')).toHaveText('Não enviado');

  await page.getByTestId('document-id_front-input').setInputFiles(png());
  await expect(card.getByRole('img', { name: 'Prévia do arquivo escolhido' })).toBeVisible();
  await expect(page.getByTestId('document-id_front-status')).toHaveText('Pronto para enviar');
  await page.getByTestId('document-id_front-upload').click();
  await expect(page.getByTestId('document-id_front-status')).toHaveText('Em análise');
  await expect(page.getByTestId('document-id_front-notice')).toContainText('Documento enviado.');

  const panel = await context.newPage();
  await review(panel, player.email, 'reject', 'Foto ilegível: envie uma foto nítida.');
  // The page also reads the status again when the review's notification arrives (machine-tested), but a decision
  // published before the player's channel is joined is not replayed; the player's button is the sure way. It is
  // pressed from the keyboard: the review's notification pop-up may lie over it for its 5 s.
  await page.getByTestId('verification-refresh').press('Enter');
  await expect(page.getByTestId('document-id_front-status')).toHaveText('Recusado');
  await expect(page.getByTestId('document-id_front-reason')).toHaveText(
    'Motivo da recusa: Foto ilegível: envie uma foto nítida.',
  );

  await page.getByTestId('document-id_front-input').setInputFiles(png('nova.png'));
  await page.getByTestId('document-id_front-upload').click();
  await expect(page.getByTestId('document-id_front-status')).toHaveText('Em análise');

  await review(panel, player.email, 'approve');
  await page.getByTestId('verification-refresh').press('Enter');
  await expect(page.getByTestId('document-id_front-status')).toHaveText('Aprovado');
  await expect(page.getByTestId('verification-summary')).toContainText('1 de 4 documentos aprovados');
});

test('bad files are refused with the texts: by the page (type), and by the platform (bytes)', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, '/user/edit/verification');
  // An SVG never leaves the page.
  await page.getByTestId('document-id_back-input').setInputFiles({
    name: 'verso.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByTestId('document-id_back-problem')).toHaveText(
    'Tipo de arquivo não suportado. Envie uma foto JPG, PNG ou WEBP.',
  );
  await expect(page.getByTestId('document-id_back-status')).toHaveText('Não enviado');
  // An executable renamed .png passes the page's check; the platform reads its bytes and refuses it.
  await page.getByTestId('document-id_back-input').setInputFiles({
    name: 'verso.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]),
  });
  await page.getByTestId('document-id_back-upload').click();
  await expect(page.getByTestId('document-id_back-notice')).toContainText(
    'Tipo de arquivo não suportado. Envie uma foto JPG, PNG ou WEBP.',
  );
  await expect(page.getByTestId('document-id_back-status')).toHaveText('Pronto para enviar');
});

test('on a kyc brand a withdrawal waits for the account to be verified', async ({ page, baseURL }) => {
  const player = await fundedPlayer(page, baseURL);
  await openAsPlayer(page, player, '/account/wallet?tab=withdraw');
  await expect(page.getByTestId('withdraw-form')).toBeVisible();
  await page.getByTestId('withdraw-key').fill(player.cpf);
  await page.getByTestId('withdraw-add-key').click();
  await expect(page.getByRole('radio')).toBeChecked();
  await page.getByTestId('withdraw-amount').fill('20');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-confirm-yes').click();
  await expect(page.getByTestId('withdraw-form').getByRole('alert')).toContainText(
    'Para sacar, sua conta precisa estar verificada: envie seus documentos e aguarde a aprovação.',
  );
  await expect(page.getByTestId('wallet-balance')).toContainText('R$ 100,00');
  // The way there, in the player's language.
  await page.getByTestId('withdraw-verify-link').click();
  await expect(page).toHaveURL(/\/user\/edit\/verification$/);
  await expect(page.getByRole('heading', { name: 'Verificar conta', level: 1 })).toBeVisible();
});

/** A player with one document of each state but approved: pending, rejected with a reason, approved, empty. */
async function playerWithDocuments(page: Page, baseURL: string | undefined): Promise<NewPlayer> {
  const player = await registerPlayer(page, baseURL);
  const panel = sandboxPanelUrl();
  const send = async (type: string) => {
    const res = await page.request.post(`${baseURL}/api/documents/upload`, {
      headers: { authorization: `Bearer ${player.token}` },
      multipart: { type, document: png() },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const decide = async (id: number, decision: 'approve' | 'reject', reason = '') => {
    const res = await page.request.post(`${panel}/documents/${id}/${decision}`, {
      headers: { origin: new URL(panel).origin },
      form: { reason },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
  };
  await send('id_front');
  await decide(await send('id_back'), 'reject', 'O verso está cortado. Envie a foto inteira.');
  await decide(await send('selfie'), 'approve');
  return player;
}

test('the page, with a document in each state, has no serious or critical axe violation', async ({ page, baseURL }) => {
  const player = await playerWithDocuments(page, baseURL);
  await openAsPlayer(page, player, '/user/edit/verification');
  await expect(page.getByTestId('document-id_back-reason')).toBeVisible();
  await page.getByTestId('document-proof_of_address-input').setInputFiles(png('conta.png'));
  await expect(page.getByTestId('document-proof_of_address-preview')).toBeVisible();
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
});

/** A utility bill as a PNG (drawn by the browser), for a preview that looks like one. */
async function billImage(context: BrowserContext): Promise<Buffer> {
  const drawing = await context.newPage();
  await drawing.setViewportSize({ width: 480, height: 300 });
  await drawing.setContent(
    `<body style="margin:0;font-family:sans-serif;background:#f4f1ea;color:#222">
      <div style="padding:20px"><b style="font-size:22px">Companhia de Luz</b><br>Conta de energia · 10/2026
      <hr><p>Titular: Teste Guarda<br>Rua das Flores, 123 · São Paulo SP</p><p style="font-size:26px">R$ 184,32</p></div>
    </body>`,
  );
  const shot = await drawing.screenshot();
  await drawing.close();
  return shot;
}

test.describe('verification screenshots', () => {
  for (const [width, height, prefix] of [
    [390, 844, ''],
    [1440, 900, ''],
    [390, 844, '/en'],
  ] as const) {
    test(`/user/edit/verification at ${width} ${prefix || 'pt'} ${SCREENSHOTS} ${PREVIEW_ONLY}`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height });
      const player = await playerWithDocuments(page, baseURL);
      await openAsPlayer(page, player, `${prefix}/user/edit/verification`);
      await expect(page.getByTestId('document-id_back-reason')).toBeVisible();
      // The browser-notifications offer of a new player, answered first so it does not cover the cards.
      await page
        .getByTestId('push-prompt')
        .getByRole('button', { name: /Agora não|Not now/ })
        .click();
      await page.getByTestId('document-proof_of_address-input').setInputFiles({
        name: 'conta.png',
        mimeType: 'image/png',
        buffer: await billImage(page.context()),
      });
      await expect(page.getByTestId('document-proof_of_address-preview').getByRole('img')).toBeVisible();
      expect(
        await page
          .getByTestId('document-proof_of_address-preview')
          .getByRole('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await page.screenshot({
        path: `test-results/verification-${width}${prefix ? '-en' : ''}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
});
