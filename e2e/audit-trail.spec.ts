import { expect, test, type Page } from '@playwright/test';
import { openAsPlayer, registerPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';
import { parseCsvRecords } from '../tests/toolkit/csv';

/**
 * As a compliance reviewer reads it: one player's limits, documents, payments and self-exclusion,
 * each changed through the app or the platform, then the QA panel's CSV export of their audit trail lists every
 * change in the order it happened, with who made it, and no secret (no token, password, CPF or file).
 */
test.use({ timezoneId: 'America/Sao_Paulo', locale: 'pt-BR' });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A form of the QA panel, sent as its own page would (the panel takes writes from its own origin only). */
async function panelPost(page: Page, path: string, form: Record<string, string> = {}): Promise<void> {
  const panel = sandboxPanelUrl();
  const res = await page.request.post(`${panel}${path}`, {
    headers: { origin: new URL(panel).origin },
    form,
    maxRedirects: 0,
  });
  expect(res.status(), path).toBe(303);
  expect(res.headers().location ?? '', path).not.toContain('error=');
}

test('the audit export lists a player’s limits, documents, payments and self-exclusion in order, by who, without secrets', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  const bearer = { authorization: `Bearer ${player.token}` };
  const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: bearer });
  const id = ((await me.json()) as { data: { id: number } }).data.id;

  // Limits, through the page: a daily deposit limit (at once), then a raise (waits for the cooling-off).
  await openAsPlayer(page, player, '/responsible-gambling');
  const day = page.getByTestId('rg-limit-deposit-day');
  await day.getByRole('textbox').fill('200');
  await day.getByRole('button', { name: 'Salvar' }).click();
  await expect(day.getByTestId('rg-limit-amount')).toHaveText('R$ 200,00');
  await day.getByRole('textbox').fill('500');
  await day.getByRole('button', { name: 'Salvar' }).click();
  await expect(day.getByTestId('rg-limit-pending')).toBeVisible();

  // A pix deposit within the limit, paid by the sandbox bank.
  const pix = await page.request.post(`${baseURL}/api/main-gateway/qrcode-pix`, {
    headers: bearer,
    data: { amount: 5_000 },
  });
  expect(pix.status()).toBe(201);
  const deposit = ((await pix.json()) as { data: { id: number } }).data.id;
  await panelPost(page, `/bank/deposits/${deposit}/pay`);

  // A document: sent, rejected from the panel with a reason, sent again.
  const upload = async () => {
    const res = await page.request.post(`${baseURL}/api/documents/upload`, {
      headers: bearer,
      multipart: { type: 'id_front', document: { name: 'frente.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  await panelPost(page, `/documents/${await upload()}/reject`, { reason: 'Foto cortada.' });
  await panelPost(page, `/documents/${await upload()}/approve`);

  // Self-exclusion for a month, through the page.
  await page.goto('/responsible-gambling');
  const exclusion = page.getByTestId('rg-section-exclusion');
  await exclusion.getByRole('radio', { name: '1 mês' }).check();
  await exclusion.getByTestId('rg-exclusion-review').click();
  await page.getByTestId('rg-exclusion-confirm-button').click();
  await expect(page.getByTestId('self-excluded')).toBeVisible();

  const res = await page.request.get(`${sandboxPanelUrl()}/players/${id}/audit.csv`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');
  const text = await res.text();
  const rows = parseCsvRecords(text);
  expect(rows.map((r) => `${r.actor}:${r.action}`)).toEqual([
    'player:limit.set',
    'player:limit.pending',
    'player:pix_deposit.created',
    'panel:pix_deposit.paid',
    'player:document.uploaded',
    'panel:document.rejected',
    'player:document.uploaded',
    'panel:document.approved',
    'player:self_exclusion.started',
  ]);
  // In order of time, each with its before and after.
  const times = rows.map((r) => Date.parse(r.at ?? ''));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(JSON.parse(rows[5]?.after ?? '{}')).toMatchObject({ status: 'rejected', reason: 'Foto cortada.' });
  // Nothing secret in the export.
  for (const secret of [player.token, player.password, player.cpf, PNG.toString('base64').slice(0, 24)]) {
    expect(text).not.toContain(secret);
  }
});
