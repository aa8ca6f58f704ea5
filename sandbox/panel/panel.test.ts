import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, PANEL_HEADERS, panelForm, type TestApi } from '../api/test-support';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const post = (url: string, form: Record<string, string> = {}) =>
  api.app.inject({
    method: 'POST',
    url,
    ...panelForm(form),
  });
const playerId = async (email: string) =>
  (await api.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? 0;

describe('QA panel', () => {
  it('lists brands, players and sent codes, escaping what players typed', async () => {
    await api.db.query(
      "UPDATE users SET first_name = '<img src=x onerror=alert(1)>' WHERE email = 'bruno@sorteverde.test'",
    );
    await api.app.inject({
      method: 'POST',
      url: '/api/auth/recover-password',
      payload: { email: 'ana@sorteverde.test' },
    });
    const res = await api.app.inject({ url: '/sandbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Sorte Verde');
    expect(res.body).toContain('azul.localhost');
    expect(res.body).toContain('R$&nbsp;250,00'.replace('&nbsp;', '\u00a0'));
    expect(res.body).toContain(await api.latestCode('ana@sorteverde.test'));
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('shows the ledger invariant (valid on the seeded data) and the newest ledger rows; a broken balance is named', async () => {
    const ok = await api.app.inject({ url: '/sandbox' });
    expect(ok.body).toMatch(/data-testid="ledger-invariant" data-ok="true"/);
    expect(ok.body).toContain('Livro-razão');
    const ana = await playerId('ana@sorteverde.test');
    // A balance changed behind the ledger's back (no row) breaks the invariant, and the panel says whose.
    await api.db.query('UPDATE wallets SET balance = balance + 1 WHERE user_id = $1', [ana]);
    const broken = await api.app.inject({ url: '/sandbox' });
    expect(broken.body).toMatch(/data-ok="false"/);
    expect(broken.body).toContain(`balances: jogador ${ana}: cash`);
    await api.db.query('UPDATE wallets SET balance = balance - 1 WHERE user_id = $1', [ana]);
  });

  it('toggles maintenance, which site-config reflects at once', async () => {
    const toggle = await post('/sandbox/brands/1/maintenance');
    expect(toggle.statusCode).toBe(303);
    expect((await api.app.inject({ url: '/api/site-config?domain=localhost' })).statusCode).toBe(402);
    await post('/sandbox/brands/1/maintenance');
    expect((await api.app.inject({ url: '/api/site-config?domain=localhost' })).statusCode).toBe(200);
  });

  it('edits limits (entered in reais, stored in centavos) and feature switches', async () => {
    const res = await post('/sandbox/brands/2/settings', {
      min_deposit: '15,50',
      max_deposit: '2000',
      min_withdrawal: '30.00',
      max_withdrawal: '1500',
      hasBoxes: 'on',
      registerCPF: 'on',
    });
    expect(res.statusCode).toBe(303);
    const config = (await api.app.inject({ url: '/api/site-config?domain=azul.localhost' })).json();
    expect(config).toMatchObject({
      min_deposit: 1550,
      max_deposit: 200_000,
      min_withdrawal: 3000,
      hasBoxes: true,
      hasSports: false,
    });
    const bad = await post('/sandbox/brands/2/settings', {
      min_deposit: '50',
      max_deposit: '10',
      min_withdrawal: '1',
      max_withdrawal: '2',
    });
    expect(bad.headers.location).toContain('error=');
    expect((await api.app.inject({ url: '/api/site-config?domain=azul.localhost' })).json()).toMatchObject({
      min_deposit: 1550,
    });
  });

  it('sets and removes a self-exclusion, and resets a password ending the sessions', async () => {
    const id = await playerId('ana@sorteverde.test');
    const token = await api.login('ana@sorteverde.test');
    await post(`/sandbox/players/${id}/self-exclusion`, { until: '2099-12-31' });
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@sorteverde.test', password: 'Senha@123' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ selfExcluded: true, end_at: '2100-01-01T02:59:59.000Z' });
    await post(`/sandbox/players/${id}/self-exclusion/remove`);

    await post(`/sandbox/players/${id}/password`, { password: 'Painel#2024' });
    expect(
      (await api.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
    await api.login('ana@sorteverde.test', 'localhost', 'Painel#2024');
  });

  it('refuses form posts from another origin', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/sandbox/brands/1/maintenance',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses writes without an Origin header, and from any Host but its own (DNS rebinding)', async () => {
    const before = (await api.app.inject({ url: '/api/site-config?domain=localhost' })).json() as {
      maintenanceMode: boolean;
    };
    const attempts = [
      { host: PANEL_HEADERS.host }, // no Origin: a script or curl
      { host: 'evil.example:8787', origin: 'http://evil.example:8787' }, // a hostile name resolved to this machine
      { host: PANEL_HEADERS.host, origin: 'http://evil.example:8787' },
      { host: PANEL_HEADERS.host, origin: 'null' },
    ];
    for (const headers of attempts) {
      for (const url of [
        '/sandbox/brands/1/maintenance',
        '/sandbox/bank/settings',
        '/sandbox/realtime/stop',
        '/sandbox/brands/1/bets',
      ]) {
        const res = await api.app.inject({ method: 'POST', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    const after = (await api.app.inject({ url: '/api/site-config?domain=localhost' })).json() as {
      maintenanceMode: boolean;
    };
    expect(after.maintenanceMode).toBe(before.maintenanceMode);
    // The panel's own page still works, on localhost too.
    const own = await api.app.inject({ method: 'POST', url: '/sandbox/brands/1/maintenance', ...panelForm() });
    expect(own.statusCode).toBe(303);
    const local = await api.app.inject({
      method: 'POST',
      url: '/sandbox/brands/1/maintenance',
      headers: {
        host: PANEL_HEADERS.host.replace('127.0.0.1', 'localhost'),
        origin: PANEL_HEADERS.origin.replace('127.0.0.1', 'localhost'),
      },
    });
    expect(local.statusCode).toBe(303);
  });
});
