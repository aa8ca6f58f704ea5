/**
 * The compliance view: a player with a deposit paid, a deposit refused, a withdrawal cancelled, a
 * limit set, a document refused (with a hostile reason) and a self-exclusion, then a refused sign-in. The timeline
 * lists them newest first with their states, filters by kind, exports CSV (escaped, formulas defused) and JSON
 * without any full CPF, e-mail, token or password hash; an unknown player is a 404 page; the reviewer's index
 * links every registered machine's chart and test.
 */
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf } from '../../shared/cpf';
import { SANDBOX_CAPTCHA_TOKEN } from '../api/handlers/auth';
import { multipartBody, png, verifyPlayer } from '../api/documents-test-support';
import { bearer, createTestApi, panelForm, PANEL_HEADERS, type TestApi, markProfileChosen } from '../api/test-support';
import { parseCsv } from '../../tests/toolkit/csv';
import { MACHINE_DOCS } from './compliance-machines';
import { csvCell, machineStateAt } from './compliance-timeline';

let clock = new Date('2026-11-26T15:00:00Z');
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

const CPF = completeCpf('321456789');
const PASSWORD = 'Segura#2024';
const EMAIL = 'conformidade@exemplo.test';
const HOSTILE = '=HYPERLINK("http://x.test","<b>clique</b>")';

describe('compliance timeline', () => {
  let id = 0;
  let token = '';

  beforeAll(async () => {
    const reg = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'localhost' },
      payload: {
        name: 'Clara',
        surname: '<i>Conformidade</i>',
        email: EMAIL,
        phone: '11 987650077',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        birth_date: '1990-01-15',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await markProfileChosen(api.db, EMAIL);
    ({ token } = reg.json() as { token: string });
    id = (reg.json() as { data: { id: number } }).data.id;
    await api.db.query('UPDATE users SET cpf = $2 WHERE id = $1', [id, CPF.replace(/\D/g, '')]);
    await verifyPlayer(api.db, id, clock); // seeded-style documents: no audit rows (table entries)
    const call = (url: string, payload?: Record<string, unknown>) =>
      api.app.inject({ method: 'POST', url: `/api${url}`, headers: { host: 'localhost', ...bearer(token) }, payload });

    tick();
    const d1 = (await call('/main-gateway/qrcode-pix', { amount: 30_000 })).json() as { data: { id: number } };
    tick();
    expect(
      (await api.app.inject({ method: 'POST', url: `/sandbox/bank/deposits/${d1.data.id}/pay`, ...panelForm() }))
        .statusCode,
    ).toBe(303);
    tick();
    const d2 = (await call('/main-gateway/qrcode-pix', { amount: 2_000 })).json() as { data: { id: number } };
    tick();
    await api.app.inject({ method: 'POST', url: `/sandbox/bank/deposits/${d2.data.id}/refuse`, ...panelForm() });
    tick();
    const address = (await call('/address/create', { type: 'cpf', key: CPF })).json() as { data: { id: number } };
    const w1 = (await call('/wallet/withdraw/request', { amount: 5_000, address_id: address.data.id })).json() as {
      data: { id: number };
    };
    tick();
    expect((await call('/main-gateway/user-cancel-withdrawal', { id: w1.data.id })).statusCode).toBe(200);
    tick();
    expect((await call('/profile/limits', { kind: 'deposit', period: 'day', amount: 50_000 })).statusCode).toBe(200);
    tick();
    // A proof of address sent again and refused by the panel with a hostile reason.
    await api.db.query(
      "UPDATE player_documents SET status = 'cancelled' WHERE user_id = $1 AND type = 'proof_of_address'",
      [id],
    );
    const { payload, contentType } = multipartBody({ type: 'proof_of_address', document: png() });
    const sent = await api.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { host: 'localhost', ...bearer(token), 'content-type': contentType },
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const docId = (sent.json() as { data: { id: number } }).data.id;
    tick();
    const rejected = await api.app.inject({
      method: 'POST',
      url: `/sandbox/documents/${docId}/reject`,
      ...panelForm({ reason: HOSTILE }),
    });
    expect(rejected.statusCode).toBe(303);
    tick();
    await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${id}/self-exclusion`,
      ...panelForm({ until: '2027-01-31' }),
    });
    tick();
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost' },
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
  });

  it('lists every compliance event newest first, with states, BRL amounts and both time zones', async () => {
    const res = await api.app.inject({ url: `/sandbox/players/${id}/compliance.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="compliance-player-${id}-\\d{8}\\.json"`),
    );
    const body = res.json() as {
      player: { cpf_masked: string; name: string };
      entries: Record<string, string | number | null>[];
    };
    expect(body.player.cpf_masked).toBe('***.456.789-**');
    const actions = body.entries.map((e) => e.action);
    const audited = actions.filter((a) => !String(a).startsWith('player_documents'));
    expect(audited).toEqual([
      'login.refused_self_exclusion',
      'self_exclusion.started',
      'document.rejected',
      'document.uploaded',
      'limit.set',
      'withdrawal.cancelled',
      'withdrawal.requested',
      'pix_deposit.cancelled',
      'pix_deposit.created',
      'pix_deposit.paid',
      'pix_deposit.created',
    ]);
    // The seeded-style approved documents (no audit rows) come from the table, oldest.
    expect(actions.slice(-4)).toEqual(Array(4).fill('player_documents.status'));
    const times = body.entries.map((e) => Date.parse(String(e.at_utc)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const find = (action: string) => body.entries.find((e) => e.action === action);
    expect(find('pix_deposit.paid')).toMatchObject({
      kind: 'pix_deposit',
      before: 'pendente',
      after: 'aprovado',
      amount_centavos: 30_000,
      amount_brl: 'R$\u00a0300,00',
      actor: 'panel',
      app_machine_state: null,
    });
    expect(find('pix_deposit.cancelled')).toMatchObject({
      description: 'Depósito recusado pelo banco',
      amount_centavos: 2_000,
    });
    expect(find('withdrawal.cancelled')).toMatchObject({ before: 'pendente', after: 'cancelado', actor: 'player' });
    expect(find('withdrawal.requested')?.detail).toBe('chave pix ***.456.789-**');
    expect(find('limit.set')).toMatchObject({
      kind: 'limit',
      before: 'sem limite',
      after: 'R$\u00a0500,00',
      detail: 'vale a partir de agora',
    });
    expect(find('self_exclusion.started')).toMatchObject({
      kind: 'self_exclusion',
      actor: 'panel',
      before: 'sem autoexclusão',
    });
    expect(String(find('self_exclusion.started')?.detail)).toMatch(/^até \d{2}\/\d{2}\/2027/);
    expect(find('document.rejected')).toMatchObject({
      before: 'em análise',
      after: 'recusado',
      detail: `motivo: ${HOSTILE}`,
    });
    expect(find('login.refused_self_exclusion')).toMatchObject({ kind: 'login_refused', after: 'recusado (403)' });
    // 15:01Z is 12:01 in São Paulo (UTC−3).
    const created = body.entries.at(-5);
    expect(created).toMatchObject({ at_utc: '2026-11-26T15:01:00Z', at_sao_paulo: '26/11/2026 12:01:00' });
  });

  it('filters by kind, on the page and in the exports', async () => {
    const json = (await api.app.inject({ url: `/sandbox/players/${id}/compliance.json?kind=withdrawal` })).json() as {
      entries: { action: string }[];
    };
    expect(json.entries.map((e) => e.action)).toEqual(['withdrawal.cancelled', 'withdrawal.requested']);
    const page = await api.app.inject({ url: `/sandbox/players/${id}/compliance?kind=limit` });
    expect(page.body).toContain('data-action="limit.set"');
    expect(page.body).not.toContain('data-action="pix_deposit.paid"');
    expect(page.body).toContain('<option value="limit" selected>');
    const csv = await api.app.inject({ url: `/sandbox/players/${id}/compliance.csv?kind=limit` });
    expect(csv.headers['content-disposition']).toMatch(/compliance-player-\d+-limit-\d{8}\.csv/);
  });

  it('exports CSV quoted, with formulas defused, equal to the JSON, and nothing secret anywhere', async () => {
    const csv = await api.app.inject({ url: `/sandbox/players/${id}/compliance.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    const json = (await api.app.inject({ url: `/sandbox/players/${id}/compliance.json` })).json() as {
      entries: Record<string, string | number | null>[];
    };
    expect(header?.[0]).toBe('at_utc');
    expect(rows).toHaveLength(json.entries.length);
    const detail = header?.indexOf('detail') ?? -1;
    const rejectedRow = rows.find((r) => r.includes('document.rejected'));
    expect(rejectedRow?.[detail]).toBe(`motivo: ${HOSTILE}`);
    // Every cell is quoted; a cell starting like a formula gets an apostrophe.
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+55')).toBe(`"'+55"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('a "b", c\nd')).toBe('"a ""b"", c\nd"');

    const [user] = await api.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]);
    const pageBody = (await api.app.inject({ url: `/sandbox/players/${id}/compliance` })).body;
    const index = (await api.app.inject({ url: '/sandbox/compliance' })).body;
    for (const out of [csv.body, JSON.stringify(json), pageBody, index]) {
      for (const secret of [CPF.replace(/\D/g, ''), CPF, EMAIL, token, PASSWORD, user?.password_hash ?? 'x']) {
        expect(out).not.toContain(secret);
      }
    }
  });

  it('escapes everything on the page and links it from the panel', async () => {
    const res = await api.app.inject({ url: `/sandbox/players/${id}/compliance` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).not.toContain('<i>Conformidade</i>');
    expect(res.body).toContain('&lt;i&gt;Conformidade&lt;/i&gt;');
    expect(res.body).not.toContain('<b>clique</b>');
    expect(res.body).toContain('***.456.789-**');
    expect(res.body).toContain(`/sandbox/players/${id}/compliance.csv`);
    const panel = await api.app.inject({ url: '/sandbox', headers: PANEL_HEADERS });
    expect(panel.body).toContain(`/sandbox/players/${id}/compliance`);
  });

  it('answers 404 for a player that does not exist', async () => {
    const page = await api.app.inject({ url: '/sandbox/players/999999/compliance' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Jogador não encontrado');
    expect((await api.app.inject({ url: '/sandbox/players/999999/compliance.csv' })).statusCode).toBe(404);
    expect((await api.app.inject({ url: '/sandbox/players/abc/compliance.json' })).statusCode).toBe(404);
    expect((await api.app.inject({ url: '/sandbox/compliance/machines/..%2F..%2Fpackage' })).statusCode).toBe(404);
  });
});

describe("reviewer's index", () => {
  it('names every registered machine, with its chart and test files present', async () => {
    // docs/machines/ holds one chart per registered machine (generated from machines/registry.ts, checked fresh by
    // the machines' docs test); the sandbox never imports machines/ itself.
    const charts = readdirSync('docs/machines')
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .map((f) => f.slice(0, -3));
    expect(MACHINE_DOCS.map((m) => m.name).sort()).toEqual(charts.sort());
    for (const m of MACHINE_DOCS) {
      expect(existsSync(`docs/machines/${m.name}.md`), m.name).toBe(true);
      for (const t of m.tests) expect(existsSync(t), t).toBe(true);
    }
    const index = await api.app.inject({ url: '/sandbox/compliance' });
    expect(index.statusCode).toBe(200);
    for (const m of MACHINE_DOCS) expect(index.body).toContain(`href="/sandbox/compliance/machines/${m.name}"`);
    const chart = await api.app.inject({ url: '/sandbox/compliance/machines/pix' });
    expect(chart.statusCode).toBe(200);
    expect(chart.body).toContain('stateDiagram');
  });

  it('shows a recorded machine state next to an entry when a recording covers it', () => {
    const at = new Date('2026-11-26T15:10:00Z');
    const states = [
      { at: new Date('2026-11-26T15:00:00Z'), machine: 'pix', state: 'idle' },
      { at: new Date('2026-11-26T15:09:00Z'), machine: 'pix', state: 'waitingPayment' },
      { at: new Date('2026-11-26T15:09:30Z'), machine: 'session', state: 'signedIn' },
      { at: new Date('2026-11-26T15:11:00Z'), machine: 'pix', state: 'paid' },
    ];
    expect(machineStateAt(states, at)).toBe('pix: waitingPayment; session: signedIn');
    expect(machineStateAt([], at)).toBeNull();
  });
});

describe('the regulated brand’s withheld bonuses, for a reviewer', () => {
  it('the compliance view names each withheld bonus and its rule (the note the player never sees)', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/sandbox/compliance', headers: PANEL_HEADERS });
    expect(res.statusCode).toBe(200);
    const section = res.body.slice(res.body.indexOf('id="compliance-rewards"'));
    expect(section).toContain('Bônus não oferecidos pelas regras brasileiras de apostas');
    expect(section).toContain('o jogador não vê esta nota');
    // Sorte Verde's welcome banner and its coupons, each with its rule and the DOU citation.
    expect(section).toMatch(/Sorte Verde<\/td>\s*<td>banner<\/td>\s*<td>Bônus de boas-vindas<\/td>/);
    expect(section).toContain('Portaria SPA/MF 1.231/2024, art. 42 (DOU de 01/08/2024, pp. 76–78)');
    expect(section).toMatch(/<td>cupom<\/td>\s*<td>GIROS10<\/td>/);
    expect(section).toContain('Lei 14.790/2023, art. 29');
    expect(section).toMatch(/<td>cashback<\/td>/);
    // Azul Bet is not regulated: nothing of it is listed.
    expect(section.slice(0, section.indexOf('</section>'))).not.toContain('Azul Bet');
  });
});
