import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, bearer, panelForm, type TestApi } from '../../sandbox/api/test-support';
import { hasValidCrc, parseFields } from '../../sandbox/pix/brcode';
import { payDeposit, decideWithdrawal, TX_STATUS } from '../../sandbox/pix/bank';

/**
 * The sandbox bank on PGlite: a pix is credited once however often it is paid, withdrawals never take a
 * balance below zero, cancelling releases once, and the live events go out after the commit.
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
let anaCpf: string;

beforeAll(async () => {
  api = await createTestApi({ publisher });
  token = await api.login(ANA);
  const [row] = await api.db.query<{ id: number; cpf: string }>('SELECT id, cpf FROM users WHERE email = $1', [ANA]);
  anaId = row?.id ?? 0;
  anaCpf = row?.cpf ?? '';
});
afterAll(() => api.close());
beforeEach(async () => {
  published.length = 0;
  await api.db.query('UPDATE wallets SET balance = 25000, deposit_count = 3 WHERE user_id = $1', [anaId]);
  await api.db.query('UPDATE sandbox_bank_settings SET pix_expiry_ms = NULL, autopay_ms = NULL');
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  api.app.inject({
    method,
    url,
    headers: { host: 'localhost', ...bearer(token) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const wallet = async () =>
  (
    await api.db.query<{ balance: number; deposit_count: number }>(
      'SELECT balance, deposit_count FROM wallets WHERE user_id = $1',
      [anaId],
    )
  )[0];
const deposit = async (amount = 5000) => {
  const res = await call('POST', '/api/main-gateway/qrcode-pix', { amount });
  expect(res.statusCode, res.body).toBe(201);
  return (
    res.json() as {
      data: { id: number; qrcode: string; txid: string; expiry: string; amount: number; created_at: string };
    }
  ).data;
};
const panelPost = (url: string, form: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, ...panelForm(form) });
const address = async () => {
  const res = await call('POST', '/api/address/create', { type: 'cpf', key: anaCpf });
  return (res.json() as { data: { id: number } }).data.id;
};
const withdraw = (amount: number, addressId: number) =>
  call('POST', '/api/wallet/withdraw/request', { amount, address_id: addressId });

describe('pix deposit', () => {
  it('answers a valid static BR Code with the amount and txid, expiring 5 minutes later', async () => {
    const pix = await deposit(5000);
    expect(isValidPixPayload(pix.qrcode)).toBe(true);
    expect(hasValidCrc(pix.qrcode)).toBe(true);
    const fields = parseFields(pix.qrcode);
    expect(fields.get('54')).toBe('50.00');
    expect(parseFields(fields.get('62') ?? '').get('05')).toBe(pix.txid);
    expect(fields.get('59')).toBe('Sorte Verde');
    expect(new Date(pix.expiry).getTime() - new Date(pix.created_at).getTime()).toBe(5 * 60_000);
  });

  it('refuses amounts outside the brand range with a field message', async () => {
    const res = await call('POST', '/api/main-gateway/qrcode-pix', { amount: 500 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { amount: ['O valor do depósito deve estar entre R$\u00a010,00 e R$\u00a050.000,00.'] },
    });
    const text = await call('POST', '/api/main-gateway/qrcode-pix', { amount: '50,00' });
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({
      errors: { amount: ['Informe um valor válido em reais, com no máximo duas casas decimais.'] },
    });
    const decimals = await call('POST', '/api/main-gateway/qrcode-pix', { amount: 5000.5 });
    expect(decimals.statusCode).toBe(422);
  });

  it('paying twice credits once, and publishes PaymentApproved and BalanceUpdated once', async () => {
    const pix = await deposit(5000);
    expect((await panelPost(`/sandbox/bank/deposits/${pix.id}/pay`)).statusCode).toBe(303);
    const again = await panelPost(`/sandbox/bank/deposits/${pix.id}/pay`);
    expect(new URL(again.headers.location as string, 'http://x').searchParams.get('error')).toContain('já foi pago');
    expect(await wallet()).toEqual({ balance: 30000, deposit_count: 4 });
    expect(published).toEqual([
      {
        channel: `private-universal.${anaId}`,
        event: 'PaymentApproved',
        data: { id: pix.id, txid: pix.txid, balance: 30000, bonus_balance: 0, amount: 5000 },
      },
      {
        channel: `private-universal.${anaId}`,
        event: 'BalanceUpdated',
        data: { balance: 30000, bonus_balance: 0 },
      },
    ]);
    const status = await call('POST', '/api/main-gateway/consult-status-transaction', { id: pix.id });
    expect(status.json()).toMatchObject({
      data: { status: 1, type: 'deposit', amount: 5000 },
      wallet: { balance: 30000 },
    });
  });

  it('50 approvals at once credit once', async () => {
    const pix = await deposit(1234);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => payDeposit(api.db, pix.id, new Date(), publisher)),
    );
    expect(results.filter((r) => r.paid)).toHaveLength(1);
    expect(await wallet()).toEqual({ balance: 25000 + 1234, deposit_count: 4 });
    expect(published.filter((p) => p.event === 'PaymentApproved')).toHaveLength(1);
  });

  it('50 approvals at once through the panel credit once', async () => {
    const pix = await deposit(2000);
    await Promise.all(Array.from({ length: 50 }, () => panelPost(`/sandbox/bank/deposits/${pix.id}/pay`)));
    expect(await wallet()).toEqual({ balance: 27000, deposit_count: 4 });
  });

  it('an expired code cannot be paid and reads as cancelled (2); the expiry is shortened from the panel', async () => {
    await panelPost('/sandbox/bank/settings', { pix_expiry_seconds: '1', autopay_ms: '' });
    const pix = await deposit(5000);
    expect(new Date(pix.expiry).getTime() - new Date(pix.created_at).getTime()).toBe(1000);
    const later = new Date(new Date(pix.expiry).getTime() + 1);
    expect(await payDeposit(api.db, pix.id, later)).toEqual({ paid: false, reason: 'expired' });
    expect((await wallet())?.balance).toBe(25000);
    await new Promise((r) => setTimeout(r, 1100));
    const status = await call('POST', '/api/main-gateway/consult-status-transaction', { id: pix.id });
    expect(status.json()).toMatchObject({ data: { status: 2 } });
  });

  it('auto-pay (panel setting or SANDBOX_PIX_AUTOPAY_MS) pays by itself', async () => {
    await panelPost('/sandbox/bank/settings', { pix_expiry_seconds: '300', autopay_ms: '30' });
    const pix = await deposit(1000);
    await new Promise((r) => setTimeout(r, 300));
    const status = await call('POST', '/api/main-gateway/consult-status-transaction', { id: pix.id });
    expect(status.json()).toMatchObject({ data: { status: 1 }, wallet: { balance: 26000 } });
  });
});

describe('withdrawals', () => {
  it('only to the player own CPF', async () => {
    const other = await call('POST', '/api/address/create', { type: 'cpf', key: '52998224725' });
    expect(other.statusCode).toBe(422);
    expect(JSON.stringify(other.json())).toContain('terceiros');
    expect(await address()).toBeGreaterThan(0);
  });

  it('reserves at once, and a cancel releases once', async () => {
    const id = await address();
    const res = await withdraw(2000, id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      data: { status: 0, amount: 2000, type: 'withdrawal' },
      wallet: { balance: 23000 },
    });
    const withdrawalId = (res.json() as { data: { id: number } }).data.id;
    const cancelled = await call('POST', '/api/main-gateway/user-cancel-withdrawal', { id: withdrawalId });
    expect(cancelled.json()).toMatchObject({ data: { status: 2 }, wallet: { balance: 25000 } });
    const twice = await call('POST', '/api/main-gateway/user-cancel-withdrawal', { id: withdrawalId });
    expect(twice.statusCode).toBe(409);
    expect((await wallet())?.balance).toBe(25000);
  });

  it('two (and twenty) withdrawals at once never take the balance below zero', async () => {
    const id = await address();
    await api.db.query('UPDATE wallets SET balance = 3000 WHERE user_id = $1', [anaId]);
    const pair = await Promise.all([withdraw(2000, id), withdraw(2000, id)]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([201, 402]);
    expect((await wallet())?.balance).toBe(1000);

    await api.db.query('UPDATE wallets SET balance = 10000 WHERE user_id = $1', [anaId]);
    const many = await Promise.all(Array.from({ length: 20 }, () => withdraw(3000, id)));
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(many.filter((r) => r.statusCode === 402)).toHaveLength(17);
    expect((await wallet())?.balance).toBe(1000);
  });

  it('bank decisions: processing, under review, approve keep the reserve; invalid key releases once', async () => {
    const id = await address();
    const a = (await withdraw(2000, id)).json() as { data: { id: number } };
    const b = (await withdraw(3000, id)).json() as { data: { id: number } };
    expect((await wallet())?.balance).toBe(20000);
    await panelPost(`/sandbox/bank/withdrawals/${a.data.id}/processing`);
    await panelPost(`/sandbox/bank/withdrawals/${a.data.id}/review`);
    await panelPost(`/sandbox/bank/withdrawals/${a.data.id}/approve`);
    expect((await wallet())?.balance).toBe(20000);
    const late = await call('POST', '/api/main-gateway/user-cancel-withdrawal', { id: a.data.id });
    expect(late.statusCode).toBe(409);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        decideWithdrawal(api.db, { id: b.data.id, status: TX_STATUS.invalidKey, now: new Date() }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await wallet())?.balance).toBe(23000);
    const list = await call('GET', '/api/wallet/transactions?page=1');
    const rows = (list.json() as { data: Array<{ id: number; status: number; pix_key: string | null }> }).data;
    expect(rows.find((r) => r.id === a.data.id)?.status).toBe(1);
    expect(rows.find((r) => r.id === b.data.id)?.status).toBe(3);
    expect(rows.find((r) => r.id === b.data.id)?.pix_key).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
  });

  it('refuses amounts outside the withdrawal range', async () => {
    const res = await withdraw(1999, await address());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { amount: ['O valor do saque deve estar entre R$\u00a020,00 e R$\u00a010.000,00.'] },
    });
  });
});

describe('QA panel bank section', () => {
  it('lists pending pix with Pay and withdrawals with the five decisions', async () => {
    const pix = await deposit(4321);
    const w = (await withdraw(2500, await address())).json() as { data: { id: number } };
    const page = await api.app.inject({ url: '/sandbox' });
    expect(page.body).toContain(`id="pix-${pix.id}"`);
    expect(page.body).toContain(`/sandbox/bank/deposits/${pix.id}/pay`);
    for (const action of ['approve', 'cancel', 'invalid-key', 'processing', 'review']) {
      expect(page.body).toContain(`/sandbox/bank/withdrawals/${w.data.id}/${action}`);
    }
  });
});
