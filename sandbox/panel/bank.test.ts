import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApi, PANEL_HEADERS, panelForm, type TestApi } from '../api/test-support';
import { payDeposit, refuseDeposit } from '../pix/bank';

/**
 * The QA panel's bank refuses (cancels, status 2) a pending pix deposit, in one database transaction;
 * the player's channel gets `PaymentRefused {id, txid, amount, status}`, and consult-status-transaction answers
 * status 2 with `updated_at` before `expiry` (how the app tells a refusal from an expiry).
 */
const ANA = 'ana@sorteverde.test';
const published: Array<{ channel: string; event: string; data: unknown }> = [];
const publisher = {
  async trigger(channels: string | string[], event: string, data: unknown) {
    for (const channel of [channels].flat()) published.push({ channel, event, data });
    return {};
  },
};

let api: TestApi;
let token: string;
let anaId: number;

beforeAll(async () => {
  api = await createTestApi({ publisher });
  token = await api.login(ANA);
  const [row] = await api.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [ANA]);
  anaId = row?.id ?? 0;
});
afterAll(() => api.close());
beforeEach(async () => {
  published.length = 0;
  await api.db.query('UPDATE wallets SET balance = 25000, deposit_count = 3 WHERE user_id = $1', [anaId]);
  await api.db.query('UPDATE sandbox_bank_settings SET pix_expiry_ms = NULL, autopay_ms = NULL');
});

const call = (url: string, payload: object) =>
  api.app.inject({ method: 'POST', url, headers: { host: 'localhost', ...bearer(token) }, payload });
const deposit = async (amount: number) => {
  const res = await call('/api/main-gateway/qrcode-pix', { amount });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number; txid: string; amount: number } }).data;
};
const status = async (id: number) =>
  (await call('/api/main-gateway/consult-status-transaction', { id })).json() as {
    data: { status: number; updated_at: string; expiry: string };
    wallet: { balance: number; deposit_count: number };
  };
const refuse = (id: number) =>
  api.app.inject({ method: 'POST', url: `/sandbox/bank/deposits/${id}/refuse`, ...panelForm() });
const notice = (location: unknown) => new URL(String(location), 'http://x').searchParams;

describe('QA panel bank: refusing a pending pix (status 2)', () => {
  it('offers Recusar beside Pagar for each pending pix', async () => {
    const pix = await deposit(4321);
    const page = await api.app.inject({ url: '/sandbox' });
    expect(page.body).toContain(`/sandbox/bank/deposits/${pix.id}/pay`);
    expect(page.body).toContain(`/sandbox/bank/deposits/${pix.id}/refuse`);
  });

  it('cancels the deposit, credits nothing, tells the player on their channel, and the status check says 2 before expiry', async () => {
    const pix = await deposit(5000);
    const res = await refuse(pix.id);
    expect(res.statusCode).toBe(303);
    expect(notice(res.headers.location).get('notice')).toContain('recusado');
    expect(published).toEqual([
      {
        channel: `private-universal.${anaId}`,
        event: 'PaymentRefused',
        data: { id: pix.id, txid: pix.txid, amount: 5000, status: 2 },
      },
    ]);
    const answer = await status(pix.id);
    expect(answer).toMatchObject({ data: { status: 2 }, wallet: { balance: 25000, deposit_count: 3 } });
    expect(Date.parse(answer.data.updated_at)).toBeLessThan(Date.parse(answer.data.expiry));
    // The pending list no longer shows it.
    expect((await api.app.inject({ url: '/sandbox' })).body).not.toContain(`/sandbox/bank/deposits/${pix.id}/refuse`);
  });

  it('a refused pix cannot be paid, a paid pix cannot be refused, and an expired one is neither', async () => {
    const refused = await deposit(1500);
    await refuse(refused.id);
    expect(await payDeposit(api.db, refused.id, new Date(), publisher)).toEqual({ paid: false, reason: 'not-pending' });
    const again = await refuse(refused.id);
    expect(notice(again.headers.location).get('error')).toContain('não está mais pendente');

    const paid = await deposit(2000);
    await payDeposit(api.db, paid.id, new Date(), publisher);
    const late = await refuse(paid.id);
    expect(notice(late.headers.location).get('error')).toContain('já foi pago');
    expect((await status(paid.id)).data.status).toBe(1);

    const old = await deposit(2500);
    const afterExpiry = new Date(Date.now() + 6 * 60_000);
    expect(await refuseDeposit(api.db, old.id, afterExpiry, publisher)).toEqual({ refused: false, reason: 'expired' });
    expect(await refuseDeposit(api.db, 999_999, new Date(), publisher)).toEqual({
      refused: false,
      reason: 'not-found',
    });
  });

  it('a refusal and a payment at once: exactly one wins', async () => {
    const pix = await deposit(3000);
    const [paid, refused] = await Promise.all([
      payDeposit(api.db, pix.id, new Date(), publisher),
      refuseDeposit(api.db, pix.id, new Date(), publisher),
    ]);
    expect([paid.paid, refused.refused].filter(Boolean)).toHaveLength(1);
    const answer = await status(pix.id);
    expect(answer.wallet.balance).toBe(paid.paid ? 28000 : 25000);
  });

  it('an expired pix reads as cancelled with updated_at at or after its expiry (not a refusal)', async () => {
    await api.app.inject({
      method: 'POST',
      url: '/sandbox/bank/settings',
      ...panelForm({ pix_expiry_seconds: '1', autopay_ms: '' }),
    });
    const pix = await deposit(1000);
    await new Promise((r) => setTimeout(r, 1100));
    const answer = await status(pix.id);
    expect(answer.data.status).toBe(2);
    expect(Date.parse(answer.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(answer.data.expiry));
  });

  it('refuses a write from another origin', async () => {
    const pix = await deposit(1000);
    const res = await api.app.inject({
      method: 'POST',
      url: `/sandbox/bank/deposits/${pix.id}/refuse`,
      headers: { ...PANEL_HEADERS, origin: 'http://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(403);
    expect((await status(pix.id)).data.status).toBe(0);
  });
});
