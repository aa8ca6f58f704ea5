import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { connectPix } from '../../machines/pix/pix.connect';
import { connectWithdrawal } from '../../machines/withdrawal/withdrawal.connect';
import type { ApiClient } from '../lib/api/client';
import { createWalletServices, refusedBeforeExpiry } from './wallet';

/**
 * The wallet's actors parse every answer with zod/mini; a malformed one rejects, and the machine
 * shows §8's fallback (`error_messages.unexpected`).
 */
type Answer = unknown;
function fakeApi(answers: Record<string, Answer>): ApiClient {
  const reply = async (path: string) => {
    if (!(path in answers)) return { error: { message: 'not found' }, response: new Response(null, { status: 404 }) };
    return { data: answers[path], response: new Response(null, { status: 200 }) };
  };
  return { GET: (path: string) => reply(path), POST: (path: string) => reply(path) } as unknown as ApiClient;
}

const now = Date.parse('2026-01-01T12:00:00.000Z');
const pix = {
  id: 11,
  txid: 'SV11',
  amount: 5000,
  qrcode: '000201'.padEnd(40, '0'),
  expiry: '2026-01-01T12:05:00.000Z',
  status: 0,
  created_at: '2026-01-01T12:00:00.000Z',
};
const pixInput = { minDeposit: 1000, maxDeposit: 100_000, userId: 7, depositCount: 0 };

async function generate(answers: Record<string, Answer>) {
  const services = createWalletServices(fakeApi(answers), undefined, () => now);
  const actor = createActor(services.pixLogic, { input: pixInput }).start();
  actor.send({ type: 'pix.amountChanged', text: '50' });
  actor.send({ type: 'pix.submit' });
  return actor;
}

describe('wallet actors (zod/mini)', () => {
  it('a well-formed code is shown with the time left to its expiry', async () => {
    const actor = await generate({ '/main-gateway/qrcode-pix': { data: pix } });
    const snapshot = await waitFor(actor, (s) => !s.matches('generating'));
    expect(connectPix(snapshot)).toMatchObject({
      step: 'awaitingPayment',
      countdown: '5:00',
      code: { txid: 'SV11', amount: 5000 },
    });
    actor.stop();
  });

  it('a malformed code answer shows the §8 fallback', async () => {
    const actor = await generate({ '/main-gateway/qrcode-pix': { data: { ...pix, amount: '50,00' } } });
    const snapshot = await waitFor(actor, (s) => s.matches('failed'));
    expect(connectPix(snapshot).errors).toEqual([{ id: 'error_messages.unexpected' }]);
  });

  it('a malformed withdrawal setup shows the §8 fallback', async () => {
    const services = createWalletServices(
      fakeApi({
        '/wallet/withdraw/methods': { data: [{ id: 1 }] },
        '/wallet/withdraw/method': { data: { method: { id: 1 }, addresses: 'none' } },
      }),
      undefined,
    );
    const actor = createActor(services.withdrawalLogic, {
      input: { minWithdrawal: 2000, maxWithdrawal: 100_000, balance: 25_000 },
    }).start();
    const snapshot = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(connectWithdrawal(snapshot).errors).toEqual([{ id: 'error_messages.unexpected' }]);
  });

  it('a malformed history page rejects', async () => {
    const services = createWalletServices(
      fakeApi({ '/wallet/transactions': { data: [{ id: 1 }], current_page: 1, last_page: 1 } }),
      undefined,
    );
    await expect(services.transactions(1)).rejects.toThrow();
  });

  it('status 2 is a refusal when it happened before the code expired, an expiry otherwise', () => {
    const expiry = '2026-01-01T12:05:00.000Z';
    expect(refusedBeforeExpiry({ status: 2, updated_at: '2026-01-01T12:01:00.000Z', expiry })).toBe(true);
    expect(refusedBeforeExpiry({ status: 2, updated_at: expiry, expiry })).toBe(false);
    expect(refusedBeforeExpiry({ status: 2, updated_at: '2026-01-01T12:06:00.000Z', expiry })).toBe(false);
    expect(refusedBeforeExpiry({ status: 0, updated_at: '2026-01-01T12:01:00.000Z', expiry })).toBe(false);
    expect(refusedBeforeExpiry({ status: 2, updated_at: '2026-01-01T12:01:00.000Z', expiry: null })).toBe(false);
  });
});
