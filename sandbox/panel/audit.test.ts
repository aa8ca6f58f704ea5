/**
 * The audit trail: every payment state change (pix deposit created, paid, refused, expired; withdrawal
 * requested, cancelled, decided by the bank) and every responsible-gaming change lands in `audit_log` with its
 * actor, in order; the QA panel lists a player's entries and exports them as CSV (parsed back here) and JSON
 * (with the responsible-gaming notices). Nothing secret is ever stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf } from '../../shared/cpf';
import { SANDBOX_CAPTCHA_TOKEN } from '../api/handlers/auth';
import { verifyPlayer } from '../api/documents-test-support';
import { bearer, createTestApi, panelForm, PANEL_HEADERS, type TestApi, markProfileChosen } from '../api/test-support';
import { parseCsv } from '../../tests/toolkit/csv';

let clock = new Date('2026-11-26T15:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

const CPF = completeCpf('529982247');
const PASSWORD = 'Segura#2024';

describe('audit trail and its exports', () => {
  it('records payments and responsible-gaming changes in order, with actors; CSV and JSON exports agree', async () => {
    const email = 'auditada@exemplo.test';
    const reg = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'localhost' },
      payload: {
        name: 'Auditada',
        surname: 'Silva "Aspas", Vírgula',
        email,
        phone: '11 987650001',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        birth_date: '1990-01-15',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await markProfileChosen(api.db, email);
    const { data, token } = reg.json() as { data: { id: number }; token: string };
    const id = data.id;
    await api.db.query('UPDATE users SET cpf = $2 WHERE id = $1', [id, CPF.replace(/\D/g, '')]);
    // Sorte Verde has `kyc` on: withdrawals need a verified account.
    await verifyPlayer(api.db, id, clock);
    const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      api.app.inject({ method, url: `/api${url}`, headers: { host: 'localhost', ...bearer(token) }, payload });

    // Deposits: one paid by the bank (panel), one refused by the bank, one left to expire.
    const d1 = (await call('POST', '/main-gateway/qrcode-pix', { amount: 30_000 })).json() as { data: { id: number } };
    const paid = await api.app.inject({
      method: 'POST',
      url: `/sandbox/bank/deposits/${d1.data.id}/pay`,
      ...panelForm(),
    });
    expect(paid.statusCode).toBe(303);
    const d2 = (await call('POST', '/main-gateway/qrcode-pix', { amount: 2_000 })).json() as { data: { id: number } };
    await api.app.inject({ method: 'POST', url: `/sandbox/bank/deposits/${d2.data.id}/refuse`, ...panelForm() });
    await call('POST', '/main-gateway/qrcode-pix', { amount: 3_000 });
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await call('GET', '/wallet/transactions?page=1')).statusCode).toBe(200); // expires the third

    // Withdrawals: one cancelled by the player, one paid by the bank.
    const created = await call('POST', '/address/create', { type: 'cpf', key: CPF });
    expect(created.statusCode, created.body).toBe(201);
    const address = created.json() as { data: { id: number } };
    const w1 = (
      await call('POST', '/wallet/withdraw/request', { amount: 5_000, address_id: address.data.id })
    ).json() as {
      data: { id: number };
    };
    expect((await call('POST', '/main-gateway/user-cancel-withdrawal', { id: w1.data.id })).statusCode).toBe(200);
    const w2 = (
      await call('POST', '/wallet/withdraw/request', { amount: 6_000, address_id: address.data.id })
    ).json() as {
      data: { id: number };
    };
    await api.app.inject({ method: 'POST', url: `/sandbox/bank/withdrawals/${w2.data.id}/approve`, ...panelForm() });

    // Responsible gaming.
    await call('POST', '/profile/limits', { kind: 'deposit', period: 'day', amount: 50_000 });
    await call('POST', '/profile/reality-check', { minutes: 30 });
    await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${id}/self-exclusion`,
      ...panelForm({ until: '2027-01-31' }),
    });
    await api.app.inject({ method: 'POST', url: `/sandbox/players/${id}/self-exclusion/remove`, ...panelForm() });

    const expected = [
      'player:pix_deposit.created',
      'panel:pix_deposit.paid',
      'player:pix_deposit.created',
      'panel:pix_deposit.cancelled',
      'player:pix_deposit.created',
      'system:pix_deposit.expired',
      'player:withdrawal.requested',
      'player:withdrawal.cancelled',
      'player:withdrawal.requested',
      'panel:withdrawal.paid',
      'player:limit.set',
      'player:reality_check.changed',
      'panel:self_exclusion.started',
      'panel:self_exclusion.removed',
    ];

    const json = await api.app.inject({ url: `/sandbox/players/${id}/audit.json` });
    expect(json.statusCode).toBe(200);
    const exported = json.json() as {
      player_id: number;
      entries: { id: number; at: string; actor: string; action: string; before: unknown; after: unknown }[];
      rg_notices: { kind: string }[];
    };
    expect(exported.player_id).toBe(id);
    expect(exported.entries.map((e) => `${e.actor}:${e.action}`)).toEqual(expected);
    expect(exported.rg_notices.map((n) => n.kind)).toEqual(['signup']);
    expect(exported.entries[9]).toMatchObject({ before: { status: 0 }, after: { status: 1 } });
    expect(exported.entries[6]?.after).toMatchObject({ pix_key: '***.982.247-**' });

    const csv = await api.app.inject({ url: `/sandbox/players/${id}/audit.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(['id', 'at', 'actor', 'action', 'before', 'after']);
    expect(
      rows.map(([rowId, at, actor, action, before, after]) => ({
        id: Number(rowId),
        at,
        actor,
        action,
        before: before ? (JSON.parse(before) as unknown) : null,
        after: after ? (JSON.parse(after) as unknown) : null,
      })),
    ).toEqual(exported.entries);

    // Never a secret: no full CPF, token or password anywhere in the trail.
    const everything = JSON.stringify(await api.db.query('SELECT * FROM audit_log'));
    for (const secret of [CPF.replace(/\D/g, ''), CPF, token, PASSWORD]) expect(everything).not.toContain(secret);

    const page = await api.app.inject({ url: `/sandbox/players/${id}/audit` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('withdrawal.paid');
    expect(page.body).toContain(`/sandbox/players/${id}/audit.csv`);
    expect((await api.app.inject({ url: '/sandbox/players/999999/audit.json' })).statusCode).toBe(404);
    // The panel's listing links to it.
    const panel = await api.app.inject({ url: '/sandbox', headers: PANEL_HEADERS });
    expect(panel.body).toContain(`/sandbox/players/${id}/audit`);
  });

  it('records the warning shown at each login in the JSON export', async () => {
    const token = await api.login('bruno@sorteverde.test');
    expect(token).toBeTruthy();
    const [bruno] = await api.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'bruno@sorteverde.test'");
    const json = (await api.app.inject({ url: `/sandbox/players/${bruno?.id}/audit.json` })).json() as {
      rg_notices: { kind: string; shown_at: string }[];
    };
    expect(json.rg_notices.map((n) => n.kind)).toEqual(['login']);
  });
});
