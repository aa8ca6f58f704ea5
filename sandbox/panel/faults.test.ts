import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, panelForm, type TestApi } from '../api/test-support';
import { createFaultTable } from '../api/faults';
import { parseFaultForm } from './faults';

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await api.login('ana@sorteverde.test');
});
afterAll(() => api.close());

const setFault = (fields: Record<string, string>) =>
  api.app.inject({ method: 'POST', url: '/sandbox/faults', ...panelForm(fields) });
const clearFaults = () => api.app.inject({ method: 'POST', url: '/sandbox/faults/clear', ...panelForm() });
const wallet = () => api.app.inject({ url: '/api/profile/wallet', headers: { host: 'localhost', ...bearer(token) } });
const noticeOf = (location: string | undefined) => new URL(location ?? '', 'http://x').searchParams;

describe('faults on demand (QA panel)', () => {
  it('answers the chosen operation with the chosen status the chosen number of times, then as usual', async () => {
    expect((await setFault({ operation: 'getWallet', status: '503', delay_ms: '0', times: '2' })).statusCode).toBe(303);
    for (let i = 0; i < 2; i++) {
      const res = await wallet();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['x-sandbox-fault']).toBe('true');
    }
    expect((await wallet()).statusCode).toBe(200);
  });

  it('shows active faults and how many calls they answered, until cleared', async () => {
    await setFault({ operation: 'getWallet', status: '500', delay_ms: '0', times: 'always' });
    await wallet();
    await wallet();
    const panel = await api.app.inject({ url: '/sandbox' });
    expect(panel.body).toMatch(/<tr data-operation="getWallet">[\s\S]*?<td data-testid="fault-hits">2<\/td>/);
    await clearFaults();
    expect((await wallet()).statusCode).toBe(200);
    expect((await api.app.inject({ url: '/sandbox' })).body).toContain('data-testid="faults-none"');
  });

  it('writes nothing when a write is faulted', async () => {
    const count = async () =>
      (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_transactions'))[0]?.n;
    const before = await count();
    await setFault({ operation: 'createPixDeposit', status: '500', delay_ms: '0', times: '1' });
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/main-gateway/qrcode-pix',
      headers: { host: 'localhost', ...bearer(token) },
      payload: { amount: 5000 },
    });
    expect(res.statusCode).toBe(500);
    expect(await count()).toBe(before);
  });

  it('can delay without a status: the operation then runs as usual', async () => {
    const table = createFaultTable();
    table.set({ operationId: 'getWallet', status: null, delayMs: 5, remaining: 1 });
    expect(table.take('getWallet')).toMatchObject({ status: null, delayMs: 5, hits: 1 });
    expect(table.take('getWallet')).toBeUndefined();
    await setFault({ operation: 'getWallet', status: '', delay_ms: '20', times: '1' });
    expect((await wallet()).statusCode).toBe(200);
  });

  it('refuses a bad form with a message, and writes from elsewhere', async () => {
    const ids = ['getWallet'];
    expect(parseFaultForm({ operation: 'nope', status: '500' }, ids)).toMatch(/Operação desconhecida/);
    expect(parseFaultForm({ operation: 'getWallet', status: '200' }, ids)).toMatch(/Status inválido/);
    expect(parseFaultForm({ operation: 'getWallet', status: '', delay_ms: '0' }, ids)).toMatch(/status, um atraso/);
    expect(parseFaultForm({ operation: 'getWallet', status: '500', delay_ms: '999999' }, ids)).toMatch(
      /Atraso inválido/,
    );
    expect(parseFaultForm({ operation: 'getWallet', status: '500', times: '0' }, ids)).toMatch(/Quantidade inválida/);
    const bad = await setFault({ operation: 'getWallet', status: 'abc' });
    expect(noticeOf(bad.headers.location as string).get('error')).toMatch(/Status inválido/);
    const foreign = await api.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      payload: 'operation=getWallet&status=500',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await wallet()).statusCode).toBe(200);
  });
});
