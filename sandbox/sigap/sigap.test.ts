/**
 * National list checks (IN SPA/MF 31/2025; IN SPA/MF 22/2025; Portaria SPA/MF 2.217/2025) against the sandbox's
 * SIGAP stand-in: at sign-up, at the first sign-in of each São Paulo day, every 15 days; an "Impedido" player may
 * only withdraw for 2 days, then the scheduled job refunds the balance to their own pix key (a ledger row) and
 * closes the account; a round under way settles; every check is audited. Runs on PGlite and, as a money suite, on
 * PostgreSQL.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGAP_IMPEDIDO_CODE } from '../../shared/sigap';
import { createMoneyHarness, cpfOf, type MoneyHarness, type Player } from '../money/harness.fixture';
import { bearer, panelForm, REGISTRATION_DEFAULTS } from '../api/test-support';
import { checkDueAtSignIn, checkPlayer, periodicCheckDue } from './checks';
import { consultSigap, setSigapStatus } from './registry';
import { runSigapJobs, startSigapScheduler } from './scheduler';

const DAY = 86_400_000;
let clock = new Date('2026-11-26T15:00:00Z'); // Thursday 12:00 in São Paulo
let h: MoneyHarness;
let serial = 0;

beforeAll(async () => {
  h = await createMoneyHarness({ now: () => clock });
});
afterAll(() => h.close());

const db = () => h.api.db;
const inject = (options: InjectOptions) => h.api.app.inject(options);

async function registerWith(cpf: string, host = 'localhost') {
  serial += 1;
  const n = 900_000 + (process.pid % 1000) * 100 + serial;
  return inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    payload: {
      name: 'Teste',
      surname: 'Sigap',
      email: `sigap${n}@exemplo.test`,
      phone: `(11) 9${String(4000_0000 + n).slice(-8)}`,
      ...REGISTRATION_DEFAULTS,
      cpf,
    },
  });
}

async function emailOf(p: Player) {
  const [row] = await db().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [p.id]);
  return row?.email ?? '';
}

const login = async (p: Player) =>
  inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: p.host },
    payload: { email: await emailOf(p), password: REGISTRATION_DEFAULTS.password },
  });

const checksOf = (userId: number) =>
  db().query<{ moment: string; result: string; cpf_masked: string }>(
    'SELECT moment, result, cpf_masked FROM sigap_checks WHERE user_id = $1 ORDER BY id',
    [userId],
  );

const auditOf = (userId: number, prefix = 'sigap.') =>
  db().query<{ action: string; actor: string; after: Record<string, unknown> | null }>(
    'SELECT action, actor, after FROM audit_log WHERE user_id = $1 AND action LIKE $2 ORDER BY id',
    [userId, `${prefix}%`],
  );

describe('when a check is due (IN SPA/MF 22/2025)', () => {
  const now = new Date('2026-11-26T15:00:00Z'); // 12:00 in São Paulo
  it('never checked: the first sign-in checks', () => {
    expect(checkDueAtSignIn(null, now)).toBe('daily_login');
    expect(periodicCheckDue(null, now)).toBe(true);
  });
  it('checked earlier today in São Paulo: no check; yesterday (even 1 minute before midnight there): a check', () => {
    expect(checkDueAtSignIn(new Date('2026-11-26T03:00:00Z'), now)).toBeNull(); // 00:00 São Paulo
    expect(checkDueAtSignIn(new Date('2026-11-26T02:59:00Z'), now)).toBe('daily_login'); // 23:59 the day before
  });
  it('15 days since the last check: periodic (14 days 23 h: not yet)', () => {
    expect(checkDueAtSignIn(new Date(now.getTime() - 15 * DAY), now)).toBe('periodic');
    expect(periodicCheckDue(new Date(now.getTime() - 15 * DAY), now)).toBe(true);
    expect(periodicCheckDue(new Date(now.getTime() - 15 * DAY + 3_600_000), now)).toBe(false);
  });
});

describe('the SIGAP stand-in', () => {
  it('answers "Não Impedido" for a CPF it does not list, and what the panel set for one it does', async () => {
    const cpf = cpfOf(5_000_001);
    expect(await consultSigap(db(), cpf)).toBe('nao_impedido');
    expect(await setSigapStatus(db(), cpf, 'impedido_beneficiario', clock)).toBe(true);
    expect(await consultSigap(db(), cpf)).toBe('impedido_beneficiario');
    expect(await setSigapStatus(db(), '111.111.111-11', 'impedido_beneficiario', clock)).toBe(false);
  });
});

describe('sign-up (IN SPA/MF 31/2025, IN SPA/MF 22/2025)', () => {
  it.each([['impedido_autoexclusao' as const], ['impedido_beneficiario' as const]])(
    'a regulated brand refuses a CPF SIGAP answers %s: 403 SIGAP_IMPEDIDO under cpf, no account',
    async (status) => {
      const cpf = cpfOf(5_100_000 + serial);
      await setSigapStatus(db(), cpf, status, clock);
      const res = await registerWith(cpf);
      expect(res.statusCode, res.body).toBe(403);
      const body = res.json() as { code: string; reason: string; errors: { cpf: string[] }; message: string };
      expect(body.code).toBe(SIGAP_IMPEDIDO_CODE);
      expect(body.reason).toBe(status);
      expect(body.errors.cpf).toEqual([
        'Não é possível abrir uma conta: a consulta ao SIGAP indicou que este CPF está impedido de apostar.',
      ]);
      expect(await db().query('SELECT id FROM users WHERE cpf = $1', [cpf])).toEqual([]);
      const [check] = await db().query<{ user_id: number | null; moment: string; result: string; cpf_masked: string }>(
        'SELECT user_id, moment, result, cpf_masked FROM sigap_checks ORDER BY id DESC LIMIT 1',
      );
      expect(check).toEqual({
        user_id: null,
        moment: 'signup',
        result: status,
        cpf_masked: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      });
    },
  );

  it('"Não Impedido": the account is opened and that answer is its first check', async () => {
    const cpf = cpfOf(5_200_000 + serial);
    const res = await registerWith(cpf);
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { data: { id: number; impediment?: unknown } }).data.id;
    expect((res.json() as { data: { impediment?: unknown } }).data.impediment).toBeUndefined();
    const [row] = await db().query<{ sigap_status: string; sigap_checked_at: Date }>(
      'SELECT sigap_status, sigap_checked_at FROM users WHERE id = $1',
      [id],
    );
    expect(row?.sigap_status).toBe('nao_impedido');
    expect(row?.sigap_checked_at?.getTime()).toBe(clock.getTime());
  });

  it('an unregulated brand (Azul Bet) does not consult SIGAP', async () => {
    const cpf = cpfOf(5_300_000 + serial);
    await setSigapStatus(db(), cpf, 'impedido_autoexclusao', clock);
    const res = await registerWith(cpf, 'azul.localhost');
    expect(res.statusCode, res.body).toBe(201);
    expect(
      await db().query('SELECT 1 FROM sigap_checks WHERE cpf_masked LIKE $1', [
        `%${cpf.slice(3, 6)}.${cpf.slice(6, 9)}%`,
      ]),
    ).toEqual([]);
  });
});

describe('sign-in checks (IN SPA/MF 22/2025: first sign-in of each São Paulo day)', () => {
  it('checks at the first sign-in of a day, not at the second, again the next day; each check audited', async () => {
    const p = await h.register('localhost'); // checked at sign-up, today
    expect((await login(p)).statusCode).toBe(200);
    expect(await checksOf(p.id)).toEqual([]);
    clock = new Date(clock.getTime() + DAY);
    expect((await login(p)).statusCode).toBe(200);
    expect((await login(p)).statusCode).toBe(200);
    const checks = await checksOf(p.id);
    expect(checks.map((c) => [c.moment, c.result])).toEqual([['daily_login', 'nao_impedido']]);
    const audit = await auditOf(p.id);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['sigap.check', 'system']]);
    expect(audit[0]?.after).toMatchObject({ moment: 'daily_login', result: 'nao_impedido' });
    expect(JSON.stringify(audit)).not.toContain(p.cpf); // the CPF is masked in the trail
    // The QA panel's audit trail of the player lists it.
    const page = await inject({ method: 'GET', url: `/sandbox/players/${p.id}/audit`, headers: panelForm().headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('sigap.check');
    expect(page.body).not.toContain(p.cpf);
  });
});

describe('an impeded player (IN SPA/MF 31/2025: 2 days to withdraw, then the refund)', () => {
  it('sees why at sign-in, cannot deposit or play for money, can withdraw; after 2 days the job refunds and closes', async () => {
    const p = await h.register('localhost');
    await h.fund(p, 20_000);
    await setSigapStatus(db(), p.cpf, 'impedido_beneficiario', clock);
    clock = new Date(clock.getTime() + DAY);
    const signIn = await login(p);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const signedIn = signIn.json() as { token: string; data: { impediment: Record<string, string> } };
    expect(signedIn.data.impediment).toEqual({
      reason: 'impedido_beneficiario',
      since: clock.toISOString(),
      withdraw_until: new Date(clock.getTime() + 2 * DAY).toISOString(),
    });
    const player = { ...p, token: signedIn.token };
    const deposit = await h.deposit(player, 5_000);
    expect(deposit.status).toBe(403);
    expect(deposit.body).toMatchObject({ code: SIGAP_IMPEDIDO_CODE, reason: 'impedido_beneficiario' });
    const [game] = await db().query<{ id: number }>(
      'SELECT id FROM games WHERE in_lobby AND NOT only_demo ORDER BY id LIMIT 1',
    );
    const launch = await inject({
      method: 'POST',
      url: '/api/games/url',
      headers: { host: 'localhost', ...bearer(player.token) },
      payload: { game_id: game?.id },
    });
    expect(launch.statusCode, launch.body).toBe(403);
    expect(launch.json()).toMatchObject({ code: SIGAP_IMPEDIDO_CODE });
    // Withdrawals on this brand need verified documents: switched off here, it is not what is tested.
    await db().query(`UPDATE brands SET features = features || '{"kyc": false}'::jsonb WHERE id = 1`);
    const withdrawal = await h.withdraw(player, 5_000);
    await db().query(`UPDATE brands SET features = features || '{"kyc": true}'::jsonb WHERE id = 1`);
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    expect(await h.balances(p)).toEqual({ cash: 15_000, bonus: 0 });

    // 1 day 23 h later: not yet.
    clock = new Date(clock.getTime() + 2 * DAY - 3_600_000);
    expect((await runSigapJobs({ db: db() }, clock)).closed).toEqual([]);
    clock = new Date(clock.getTime() + 3_600_000);
    const run = await runSigapJobs({ db: db() }, clock);
    expect(run.closed).toEqual([{ userId: p.id, refunded: 15_000, withdrawalId: expect.any(Number) }]);
    expect(await h.balances(p)).toEqual({ cash: 0, bonus: 0 });
    const [refund] = await db().query<{ status: number; amount: number; sigap_refund: boolean; pix_key: string }>(
      `SELECT t.status, t.amount, t.sigap_refund, a.pix_key FROM wallet_transactions t JOIN pix_addresses a ON a.id = t.address_id
        WHERE t.id = $1`,
      [run.closed[0]?.withdrawalId],
    );
    expect(refund).toEqual({ status: 1, amount: 15_000, sigap_refund: true, pix_key: p.cpf });
    const [row] = await db().query<{ kind: string; amount: number }>(
      "SELECT kind, amount FROM ledger_entries WHERE ref_type = 'withdrawal' AND ref_id = $1",
      [String(run.closed[0]?.withdrawalId)],
    );
    expect(row).toEqual({ kind: 'withdrawal', amount: -15_000 });
    await h.expectInvariant([p]);
    // Once: a second run refunds nothing.
    expect((await runSigapJobs({ db: db() }, clock)).closed).toEqual([]);
    // The session ended; the next sign-in is refused with the reason.
    const me = await inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: 'localhost', ...bearer(player.token) },
    });
    expect(me.statusCode).toBe(401);
    const refused = await login(p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: SIGAP_IMPEDIDO_CODE,
      reason: 'impedido_beneficiario',
      errors: {
        login: ['Esta conta foi encerrada: a consulta ao SIGAP indicou que este CPF está impedido de apostar.'],
      },
    });
    expect((await auditOf(p.id)).map((a) => a.action)).toEqual([
      'sigap.check',
      'sigap.impeded',
      'sigap.refund',
      'sigap.account_closed',
    ]);
  });

  it('"Não Impedido" again before the 2 days end lifts it: no refund', async () => {
    const p = await h.register('localhost');
    await setSigapStatus(db(), p.cpf, 'impedido_autoexclusao', clock);
    expect((await checkPlayer({ db: db() }, p.id, 'panel', clock, 'panel'))?.change).toBe('impeded');
    await setSigapStatus(db(), p.cpf, 'nao_impedido', clock);
    expect((await checkPlayer({ db: db() }, p.id, 'panel', clock, 'panel'))?.change).toBe('cleared');
    clock = new Date(clock.getTime() + 3 * DAY);
    const run = await runSigapJobs({ db: db() }, clock);
    expect(run.closed.map((c) => c.userId)).not.toContain(p.id);
    expect((await auditOf(p.id)).map((a) => a.action)).toContain('sigap.cleared');
  });
});

describe('the player is told at once', () => {
  it('a new "Impedido" publishes SigapImpeded on the player\'s channel (once), with the reason and the 2 days', async () => {
    const p = await h.register('localhost');
    const sent: Array<[string | string[], string, unknown]> = [];
    const publisher = { trigger: async (c: string | string[], e: string, d: unknown) => void sent.push([c, e, d]) };
    await setSigapStatus(db(), p.cpf, 'impedido_autoexclusao', clock);
    await checkPlayer({ db: db(), publisher }, p.id, 'panel', clock, 'panel');
    await checkPlayer({ db: db(), publisher }, p.id, 'panel', clock, 'panel');
    expect(sent).toEqual([
      [
        `private-universal.${p.id}`,
        'SigapImpeded',
        {
          reason: 'impedido_autoexclusao',
          since: clock.toISOString(),
          withdraw_until: new Date(clock.getTime() + 2 * DAY).toISOString(),
        },
      ],
    ]);
  });
});

describe('the 15-day check (IN SPA/MF 22/2025)', () => {
  it('the scheduled job checks a regulated player whose last check is 15 days old, and impedes them', async () => {
    const p = await h.register('localhost');
    clock = new Date(clock.getTime() + 15 * DAY);
    await setSigapStatus(db(), p.cpf, 'impedido_autoexclusao', clock);
    const run = await runSigapJobs({ db: db() }, clock);
    expect(run.checked).toContain(p.id);
    expect((await checksOf(p.id)).map((c) => [c.moment, c.result])).toEqual([['periodic', 'impedido_autoexclusao']]);
    const [row] = await db().query<{ sigap_impeded_at: Date }>('SELECT sigap_impeded_at FROM users WHERE id = $1', [
      p.id,
    ]);
    expect(row?.sigap_impeded_at?.getTime()).toBe(clock.getTime());
  });
});

describe('the scheduler', () => {
  it('runs the job on its tick, on the clock it is given, until stopped', async () => {
    const p = await h.register('localhost');
    clock = new Date(clock.getTime() + 15 * DAY);
    const stop = startSigapScheduler({ db: db() }, () => clock, 25);
    await expect
      .poll(async () => (await checksOf(p.id)).map((c) => c.moment), { timeout: 5_000 })
      .toEqual(['periodic']);
    stop();
  });
});

describe('an "Impedido" answer mid-round', () => {
  it('the round under way settles (its win paid), the next stake is refused, nothing is lost', async () => {
    const p = await h.register('localhost');
    await h.fund(p, 10_000);
    const game = await h.session(p);
    const debit = await game.call('debit', { round_id: 'sigap-r1', transaction_id: 'sigap-t1', amount: 1_000 });
    expect(debit.status).toBe(200);
    // The panel switches the CPF and consults the players with it now.
    const panel = await inject({
      method: 'POST',
      url: '/sandbox/sigap',
      ...panelForm({ cpf: p.cpf, status: 'impedido_autoexclusao', check_now: '1' }),
    });
    expect(panel.statusCode).toBe(303);
    const credit = await game.call('credit', { round_id: 'sigap-r1', transaction_id: 'sigap-t2', amount: 2_500 });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(await h.balances(p)).toEqual({ cash: 11_500, bonus: 0 });
    const next = await game.call('debit', { round_id: 'sigap-r2', transaction_id: 'sigap-t3', amount: 1_000 });
    expect(next.body.code).toBe('PLAYER_BLOCKED');
    expect(await h.balances(p)).toEqual({ cash: 11_500, bonus: 0 });
    await h.expectInvariant([p]);
    expect((await auditOf(p.id)).map((a) => [a.action, a.actor])).toEqual([
      ['sigap.check', 'panel'],
      ['sigap.impeded', 'system'],
    ]);
  });
});

describe('the QA panel block', () => {
  it('lists the register and the checks; refuses another origin and an invalid CPF', async () => {
    const page = await inject({ method: 'GET', url: '/sandbox', headers: panelForm().headers });
    expect(page.body).toContain('SIGAP (listas nacionais)');
    expect(page.body).toContain('Impedido – Autoexclusão Centralizada');
    expect(page.body).toContain('Impedido – Beneficiário');
    const foreign = await inject({
      method: 'POST',
      url: '/sandbox/sigap',
      headers: { ...panelForm().headers, origin: 'https://evil.example' },
      payload: 'cpf=52998224725&status=impedido_autoexclusao',
    });
    expect(foreign.statusCode).toBe(403);
    const bad = await inject({
      method: 'POST',
      url: '/sandbox/sigap',
      ...panelForm({ cpf: '123', status: 'nao_impedido' }),
    });
    const said = (location: string | undefined) => new URLSearchParams((location ?? '').split('?')[1]?.split('#')[0]);
    expect(said(bad.headers.location as string).get('error')).toBe('CPF inválido.');
    const run = await inject({ method: 'POST', url: '/sandbox/sigap/run', ...panelForm() });
    expect(said(run.headers.location as string).get('notice')).toMatch(/^Tarefa executada: \d+ consulta/);
  });
});
