/**
 * The deposit panel's coupon, sent with POST /main-gateway/qrcode-pix. Checked again there (a
 * regulated brand refuses a deposit bonus even asked directly; a deposit below the coupon's minimum is refused),
 * recorded with the deposit, and its bonus credited once when the bank pays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payDeposit } from '../pix/bank';
import { REWARD_MESSAGES } from './handlers/rewards';
import { bearer, createTestApi, markProfileChosen, type TestApi, REGISTRATION_DEFAULTS } from './test-support';
import { completeCpf } from '../../shared/cpf';

let api: TestApi;
let counter = 0;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function register(host: string) {
  counter += 1;
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    payload: {
      name: 'Teste',
      surname: 'Cupom',
      email: `cupom${counter}@exemplo.test`,
      phone: `(11) 9${String(2000_0000 + counter).slice(0, 8)}`,
      ...REGISTRATION_DEFAULTS,
      cpf: completeCpf(String(314_159_000 + counter).slice(-9)),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await markProfileChosen(api.db, `cupom${counter}@exemplo.test`);
  return (res.json() as { token: string }).token;
}

const deposit = (token: string, host: string, payload: Record<string, unknown>) =>
  api.app.inject({
    method: 'POST',
    url: '/api/main-gateway/qrcode-pix',
    headers: { host, ...bearer(token) },
    payload,
  });

describe('a deposit with a coupon', () => {
  it('on a brand that is not regulated: recorded, and its bonus credited once when paid', async () => {
    const token = await register('azul.localhost');
    const res = await deposit(token, 'azul.localhost', { amount: 10_000, coupon: 'azul50' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = (res.json() as { data: { id: number } }).data;
    const paid = await payDeposit(api.db, id, new Date());
    // 50 % of R$ 100,00 = R$ 50,00 of bonus money (apart from the R$ 100,00 of cash deposited), rollover 8×.
    expect(paid).toMatchObject({
      paid: true,
      balance: 10_000,
      bonusBalance: 5_000,
      coupon: { code: 'AZUL50', outcome: 'granted', bonus: 5_000, wageringMultiple: 8 },
    });
    expect(await payDeposit(api.db, id, new Date())).toMatchObject({ paid: false, reason: 'already-paid' });
    const bonuses = await api.app.inject({
      url: '/api/wallet/bonuses',
      headers: { host: 'azul.localhost', ...bearer(token) },
    });
    expect(JSON.stringify(bonuses.json())).toContain('deposit_coupon');
  });

  it('refuses an unknown coupon and one whose minimum deposit is not met, on the coupon field', async () => {
    const token = await register('azul.localhost');
    const unknown = await deposit(token, 'azul.localhost', { amount: 10_000, coupon: 'NAOEXISTE' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { coupon: [REWARD_MESSAGES.couponInvalid] } });
    const small = await deposit(token, 'azul.localhost', { amount: 2_000, coupon: 'AZUL50' });
    expect(small.statusCode).toBe(422);
    expect(JSON.stringify(small.json())).toContain('R$');
  });

  it('a regulated brand refuses a deposit bonus even asked directly', async () => {
    const token = await register('localhost');
    const res = await deposit(token, 'localhost', { amount: 10_000, coupon: 'BEMVINDO100' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { coupon: [REWARD_MESSAGES.couponRegulated] } });
  });
});
