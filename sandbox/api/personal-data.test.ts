/**
 * /user's personal data, bets history and privacy: the CPF only masked, the address checked as Brazilian,
 * personal data locked once verified, casino rounds and sports slips told apart in GET /wallet/bets, and
 * POST /profile/show never leaking what a player hides (nor anything private at all). Every answer is checked
 * against openapi/openapi.yaml (validateResponses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { bearer, createTestApi, type TestApi } from './test-support';
import { SPORTSBOOK_GAME_CODE } from '../sportsbook/bets';
import { ensureSportsbookGame } from '../sportsbook/game';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let serial = 0;
const PASSWORD = 'Segura#2024';
const CPF = '52998224725'; // Diego's on Azul Bet; free on the localhost brand (one player here)
const CPF_2 = '11144477735';

async function newPlayer(cpf?: string): Promise<{ id: number; token: string }> {
  serial += 1;
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host: 'localhost' },
    payload: {
      name: 'Paula',
      surname: 'Pessoal',
      email: `pd${serial}-${Math.random().toString(36).slice(2, 8)}@exemplo.test`,
      phone: `11 9${String(72_000_000 + serial).padStart(8, '0')}`,
      ...(cpf ? { cpf } : {}),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: SANDBOX_CAPTCHA_TOKEN,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: { id: number }; token: string };
  return { id: body.data.id, token: body.token };
}

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, host = 'localhost') =>
  api.app.inject({
    method,
    url: `/api${url}`,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const ADDRESS = {
  postal_code: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: 'Sala 5',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'sp',
};

describe('GET /profile/personal-data', () => {
  it('shows the CPF masked, never whole, and no address until one is given', async () => {
    const { token } = await newPlayer(CPF);
    const res = await call('GET', '/profile/personal-data', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        first_name: 'Paula',
        last_name: 'Pessoal',
        birth_date: '1990-01-15',
        cpf: '***.982.247-**',
        address: null,
        verified: false,
      },
    });
    expect(res.body).not.toContain(CPF);
    expect((await call('GET', '/profile/personal-data', null)).statusCode).toBe(401);
  });

  it("Diego's (Azul Bet) and Ana's are verified (every document approved) and have an address", async () => {
    const diego = await api.login('diego@azulbet.test', 'azul.localhost');
    const body = (await call('GET', '/profile/personal-data', diego, undefined, 'azul.localhost')).json() as {
      data: { verified: boolean; cpf: string; address: { city: string } };
    };
    expect(body.data).toMatchObject({ verified: true, cpf: '***.982.247-**', address: { city: 'Rio de Janeiro' } });
    const ana = await api.login('ana@sorteverde.test');
    expect((await call('GET', '/profile/personal-data', ana)).json()).toMatchObject({
      data: { verified: true, address: { state: 'SP' } },
    });
  });
});

describe('POST /auth/update: the personal data', () => {
  it('stores a Brazilian address normalised (CEP digits, UF in capitals) with the name and birth date', async () => {
    const { token } = await newPlayer();
    const res = await call('POST', '/auth/update', token, {
      first_name: 'Paula Maria',
      birth_date: '1988-02-29',
      address: ADDRESS,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/profile/personal-data', token)).json()).toMatchObject({
      data: {
        first_name: 'Paula Maria',
        birth_date: '1988-02-29',
        address: { ...ADDRESS, postal_code: '01310100', state: 'SP' },
      },
    });
  });

  it('refuses a bad CEP, an unknown UF and empty required parts, each on its field, and stores nothing', async () => {
    const { token } = await newPlayer();
    const res = await call('POST', '/auth/update', token, {
      address: { ...ADDRESS, postal_code: '1234', state: 'XX', street: '  ', complement: undefined },
    });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors).toEqual({
      'address.postal_code': ['Informe um CEP válido, com 8 dígitos.'],
      'address.state': ['Informe uma UF válida (por exemplo, SP).'],
      'address.street': ['Este é um campo obrigatório.'],
    });
    expect((await call('GET', '/profile/personal-data', token)).json()).toMatchObject({ data: { address: null } });
  });

  it('refuses an underage birth date', async () => {
    const { token } = await newPlayer();
    const res = await call('POST', '/auth/update', token, { birth_date: '2020-01-01' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys((res.json() as { errors: object }).errors)).toEqual(['birth_date']);
  });

  it('once verified, refuses every personal field (and the name on /user) with 409; the language still changes', async () => {
    const diego = await api.login('diego@azulbet.test', 'azul.localhost');
    for (const body of [
      { first_name: 'Outro' },
      { last_name: 'Nome' },
      { birth_date: '1990-01-01' },
      { address: ADDRESS },
    ]) {
      const res = await call('POST', '/auth/update', diego, body, 'azul.localhost');
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('verificados') });
    }
    expect(
      (await call('POST', '/profile/updateName', diego, { name: 'Outro Nome' }, 'azul.localhost')).statusCode,
    ).toBe(409);
    expect((await call('POST', '/auth/update', diego, { language: 'pt' }, 'azul.localhost')).statusCode).toBe(200);
    expect((await call('GET', '/profile/personal-data', diego, undefined, 'azul.localhost')).json()).toMatchObject({
      data: { first_name: 'Diego', last_name: 'Rocha', birth_date: '1995-08-21', address: { city: 'Rio de Janeiro' } },
    });
  });
});

describe('GET /wallet/bets: casino rounds and sports slips', () => {
  it("lists Ana's seeded rounds as settled casino rounds, newest first", async () => {
    const ana = await api.login('ana@sorteverde.test');
    const page = (await call('GET', '/wallet/bets?page=1', ana)).json() as {
      data: Array<{ kind: string; settled: boolean; game_title: string }>;
      total: number;
      last_page: number;
    };
    expect(page.total).toBe(8);
    expect(page.last_page).toBe(1);
    expect(page.data.every((b) => b.kind === 'casino' && b.settled)).toBe(true);
  });

  it('tells a sports slip (open until credited) from a casino round, and pages by 15', async () => {
    const { id, token } = await newPlayer();
    const sportsGame = await ensureSportsbookGame(api.db);
    const [slot] = await api.db.query<{ id: number }>(
      'SELECT id FROM games WHERE in_lobby AND gamecode <> $1 ORDER BY id LIMIT 1',
      [SPORTSBOOK_GAME_CODE],
    );
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, n));
    for (let n = 0; n < 16; n += 1) {
      await api.db.query(
        'INSERT INTO bets (user_id, game_id, bet_amount, win_amount, created_at) VALUES ($1, $2, 100, 0, $3)',
        [id, slot!.id, at(n)],
      );
    }
    // A sports slip still open: debited, no credit yet.
    await api.db.query(
      `INSERT INTO bets (user_id, game_id, bet_amount, win_amount, created_at, round_id) VALUES ($1, $2, 500, 0, $3, 'sb-1')`,
      [id, sportsGame, at(30)],
    );
    const first = (await call('GET', '/wallet/bets?page=1', token)).json() as {
      data: Array<{ kind: string; settled: boolean; bet_amount: number }>;
      total: number;
      last_page: number;
    };
    expect(first).toMatchObject({ total: 17, last_page: 2, current_page: 1, per_page: 15 });
    expect(first.data[0]).toMatchObject({ kind: 'sports', settled: false, bet_amount: 500 });
    expect(first.data.slice(1).every((b) => b.kind === 'casino')).toBe(true);
    const second = (await call('GET', '/wallet/bets?page=2', token)).json() as { data: unknown[] };
    expect(second.data).toHaveLength(2);
    // Another player sees none of them.
    const other = await newPlayer();
    expect((await call('GET', '/wallet/bets?page=1', other.token)).json()).toMatchObject({ total: 0, data: [] });
  });
});

describe('privacy: POST /profile/toggle-hide-metrics and POST /profile/show', () => {
  type Shown = {
    username: string | null;
    statistics: unknown;
    activity: unknown;
    played_games: unknown;
    battle_rewards: unknown;
    level: number | null;
  };
  const show = async (viewer: string, userId: number, host = 'localhost') =>
    call('POST', '/profile/show', viewer, { user_id: userId }, host);

  it('shows another player everything allowed and nothing private', async () => {
    const shown = await newPlayer(CPF_2);
    const viewer = await newPlayer();
    const res = await show(viewer.token, shown.id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Shown }).data).toMatchObject({
      username: 'Paula',
      statistics: { total_bet: 0, bets: 0, wins: 0, biggest_win: 0 },
      activity: { last_bet_at: null },
      played_games: [],
      battle_rewards: { count: 0, total: 0 },
      level: 1,
    });
    for (const secret of [CPF_2, '@exemplo.test', '1990-01-15', '+55', 'balance', 'Pessoal'])
      expect(res.body).not.toContain(secret);
  });

  it('each toggle hides its own part from another player', async () => {
    const shown = await newPlayer();
    const viewer = await newPlayer();
    const parts = {
      hide_username: 'username',
      hide_statistics: 'statistics',
      hide_activity: 'activity',
      hide_played_games: 'played_games',
      hide_battle_rewards: 'battle_rewards',
    } as const;
    for (const [toggle, part] of Object.entries(parts)) {
      expect((await call('POST', '/profile/update-settings', shown.token, { [toggle]: true })).statusCode).toBe(200);
      const data = ((await show(viewer.token, shown.id)).json() as { data: Record<string, unknown> }).data;
      expect(data[part], toggle).toBeNull();
      for (const [, other] of Object.entries(parts).filter(([t]) => t !== toggle)) {
        if (other !== part) expect(data[other], `${toggle} leaves ${other}`).not.toBeNull();
      }
      await call('POST', '/profile/update-settings', shown.token, { [toggle]: false });
    }
  });

  it('hide_metrics hides all data, and showing it again restores what the other toggles allow', async () => {
    const shown = await newPlayer();
    const viewer = await newPlayer();
    const hidden = await call('POST', '/profile/toggle-hide-metrics', shown.token, { hide_metrics: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ data: { hide_metrics: true, hide_username: false } });
    expect(((await show(viewer.token, shown.id)).json() as { data: Shown }).data).toEqual({
      id: shown.id,
      username: null,
      avatar: null,
      level: null,
      statistics: null,
      activity: null,
      played_games: null,
      battle_rewards: null,
    });
    await call('POST', '/profile/toggle-hide-metrics', shown.token, { hide_metrics: false });
    expect(((await show(viewer.token, shown.id)).json() as { data: Shown }).data.username).toBe('Paula');
    expect((await call('POST', '/profile/toggle-hide-metrics', shown.token, { hide_metrics: 'yes' })).statusCode).toBe(
      422,
    );
  });

  it("answers 404 for another brand's player or an unknown id, and 401 without a session", async () => {
    const viewer = await newPlayer();
    const [diego] = await api.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'diego@azulbet.test'");
    expect((await show(viewer.token, diego!.id)).statusCode).toBe(404);
    expect((await show(viewer.token, 999_999)).statusCode).toBe(404);
    expect((await call('POST', '/profile/show', null, { user_id: diego!.id })).statusCode).toBe(401);
  });
});
