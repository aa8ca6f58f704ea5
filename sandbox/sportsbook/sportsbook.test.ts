import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, createTestApi, panelForm, TEST_CONFIG, type TestApi } from '../api/test-support';
import { providerOf } from '../config';
import { buildProviderServer } from '../provider/server';
import type { FetchLike } from '../provider/wallet-client';
import { fixturesAt, payoutOf, type Fixture } from './matches';
import { registerSportsbook } from './plugin';

const APP_ORIGIN = 'http://localhost:5173';
const SECRET = providerOf(TEST_CONFIG).secret;

let api: TestApi;
let provider: FastifyInstance;
/** The sportsbook's clock: frozen, so the card the test reads is the card a bet is checked against. */
const now = new Date();

/**
 * The first 5-minute mark from `from` at which a live match's price moves within 10 minutes. The card is a function
 * of the time alone, and at some hours no live match is on it: the odds test must not depend on the hour it runs at.
 */
function momentWithMovingOdds(from: Date): Date {
  const start = Math.ceil(from.getTime() / 300_000) * 300_000;
  for (let step = 0; step < 24 * 12; step++) {
    const at = new Date(start + step * 300_000);
    const later = new Date(at.getTime() + 10 * 60_000);
    const moving = fixturesAt(at).some((f) => {
      if (f.status !== 'live' || !f.odds) return false;
      const after = fixturesAt(later).find((g) => g.id === f.id);
      return after?.odds !== undefined && after.odds !== null && after.odds['1'] !== f.odds['1'];
    });
    if (moving) return at;
  }
  throw new Error('no live match with moving odds within a day: the card generator changed');
}

beforeAll(async () => {
  // The operator runs on the sportsbook's clock: a launch signed at a moved hour is checked at that hour.
  api = await createTestApi({ now: () => new Date(now.getTime()) });
  // The provider reaches the operator's wallet over its HTTP routes (in-process: Fastify's inject).
  const fetch: FetchLike = async (url, init) => {
    const res = await api.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: init.headers,
      payload: init.body,
    });
    return { status: res.statusCode, text: async () => res.body };
  };
  provider = buildProviderServer({
    db: api.db,
    secret: SECRET,
    walletUrl: 'http://operator.test/provider/wallet',
    fetch,
    now: () => now,
    extraRoutes: (app, { wallet }) => registerSportsbook(app, { db: api.db, now: () => now, secret: SECRET, wallet }),
  });
  await provider.ready();
}, 60_000);

afterAll(async () => {
  await provider?.close();
  await api?.close();
});

type LaunchBody = { data: { url: string; mode: 'real' | 'view'; expires_at: string } };

function launch(headers: Record<string, string>, payload: Record<string, unknown> = {}) {
  return api.app.inject({
    method: 'POST',
    url: '/api/games/launch/sport',
    headers: { host: 'localhost', origin: APP_ORIGIN, ...headers },
    payload,
  });
}

async function openSportsbook(url: string) {
  const { pathname, search } = new URL(url);
  const res = await provider.inject({ method: 'GET', url: pathname + search });
  const session = /data-session="([^"]*)"/.exec(res.body)?.[1] ?? '';
  return { res, session };
}

async function playerSession(email: string): Promise<string> {
  const token = await api.login(email);
  const res = await launch(bearer(token));
  expect(res.statusCode).toBe(200);
  const { session } = await openSportsbook((res.json() as LaunchBody).data.url);
  expect(session).not.toBe('');
  return session;
}

async function balanceOf(email: string): Promise<number> {
  const [row] = await api.db.query<{ balance: number }>(
    'SELECT w.balance FROM wallets w JOIN users u ON u.id = w.user_id WHERE u.email = $1',
    [email],
  );
  return Number(row?.balance);
}

async function setBalance(email: string, centavos: number): Promise<void> {
  await api.db.query('UPDATE wallets SET balance = $2 WHERE user_id = (SELECT id FROM users WHERE email = $1)', [
    email,
    centavos,
  ]);
}

function placeBet(session: string, body: Record<string, unknown>) {
  return provider.inject({
    method: 'POST',
    url: '/sportsbook/api/bets',
    headers: { 'x-sportsbook-session': session },
    payload: body,
  });
}

/** Pre-match fixtures with open markets (their odds do not move with the clock). */
const preMatch = (): Fixture[] => fixturesAt(now).filter((f) => f.status !== 'live' && f.odds !== null);

function single(betId: string, fixture: Fixture, stake: number, pick: '1' | 'X' | '2' = '1') {
  return {
    bet_id: betId,
    kind: 'single',
    stake,
    selections: [{ fixture_id: fixture.id, pick, odds: fixture.odds?.[pick] }],
  };
}

function settle(id: number, outcome: string) {
  return api.app.inject({ method: 'POST', url: `/sandbox/sports/bets/${id}/settle`, ...panelForm({ outcome }) });
}

describe('POST /games/launch/sport', () => {
  it('gives a player real mode: a signed URL on the provider origin with a single-use token', async () => {
    const token = await api.login('ana@sorteverde.test');
    const res = await launch(bearer(token));
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as LaunchBody;
    expect(data.mode).toBe('real');
    const url = new URL(data.url);
    expect(url.origin).toBe(providerOf(TEST_CONFIG).publicUrl);
    expect(url.pathname).toBe('/sportsbook/');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('origin')).toBe(APP_ORIGIN);
    expect(data.url).not.toContain(token);
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(now.getTime());

    const first = await openSportsbook(data.url);
    expect(first.res.statusCode).toBe(200);
    expect(first.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.res.body).not.toContain(url.searchParams.get('token'));
    expect(first.res.headers['content-security-policy']).toContain(`frame-ancestors ${APP_ORIGIN}`);
    expect(first.res.headers['content-security-policy']).toContain("script-src 'self'");
    // Single use: the same URL opened again is refused.
    const again = await openSportsbook(data.url);
    expect(again.res.statusCode).toBe(410);
    expect(again.session).toBe('');
  });

  it('gives a guest view mode (no token), refused when the brand does not let guests view', async () => {
    const guest = { 'guest-id': 'guest-abcdefghi' };
    const res = await launch(guest);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as LaunchBody;
    expect(data.mode).toBe('view');
    expect(new URL(data.url).searchParams.get('token')).toBe('');
    const page = await openSportsbook(data.url);
    expect(page.res.statusCode).toBe(200);
    expect(page.res.body).toContain('data-mode="view"');
    expect(page.session).toBe('');

    expect((await launch(guest, { mode: 'real' })).statusCode).toBe(401);

    await api.db.query(`UPDATE brands SET settings = settings || '{"sportsGuestView": false}'::jsonb WHERE id = 1`);
    try {
      expect((await launch(guest)).statusCode).toBe(401);
      const token = await api.login('ana@sorteverde.test');
      expect((await launch(bearer(token), { mode: 'view' })).statusCode).toBe(200);
    } finally {
      await api.db.query(`UPDATE brands SET settings = settings - 'sportsGuestView' WHERE id = 1`);
    }
  });

  it('answers 404 when the brand has hasSports off', async () => {
    const token = await api.login('ana@sorteverde.test');
    await api.db.query(`UPDATE brands SET features = features || '{"hasSports": false}'::jsonb WHERE id = 1`);
    try {
      expect((await launch(bearer(token))).statusCode).toBe(404);
      expect((await launch({ 'guest-id': 'guest-abcdefghi' })).statusCode).toBe(404);
    } finally {
      await api.db.query(`UPDATE brands SET features = features || '{"hasSports": true}'::jsonb WHERE id = 1`);
    }
  });

  it('refuses a self-excluded player (403 with the period), in either mode', async () => {
    const token = await api.login('bruno@sorteverde.test');
    await api.db.query(
      `UPDATE users SET self_excluded_at = now() - interval '1 day', self_excluded_until = now() + interval '30 days'
        WHERE email = 'bruno@sorteverde.test'`,
    );
    try {
      const res = await launch(bearer(token));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ selfExcluded: true });
      expect((await launch(bearer(token), { mode: 'view' })).statusCode).toBe(403);
    } finally {
      await api.db.query(
        `UPDATE users SET self_excluded_at = NULL, self_excluded_until = NULL WHERE email = 'bruno@sorteverde.test'`,
      );
    }
  });

  it('refuses a tampered launch URL', async () => {
    const res = await launch({ 'guest-id': 'guest-abcdefghi' });
    const url = new URL((res.json() as LaunchBody).data.url);
    url.searchParams.set('origin', 'https://evil.example');
    const page = await openSportsbook(url.toString());
    expect(page.res.statusCode).toBe(403);
  });
});

describe('placing and settling bets through the seamless wallet', () => {
  const EMAIL = 'ana@sorteverde.test';

  it('debits a bet once: a retry with the same id changes nothing', async () => {
    await setBalance(EMAIL, 25_000);
    const session = await playerSession(EMAIL);
    const fixture = preMatch()[0] as Fixture;
    const body = single('bet-once-0001', fixture, 1_000);
    const first = await placeBet(session, body);
    expect(first.statusCode).toBe(201);
    const placed = first.json() as { bet: { id: number; potential_win: number }; balance: number };
    expect(placed.balance).toBe(24_000);
    expect(placed.bet.potential_win).toBe(payoutOf(1_000, [fixture.odds?.['1'] ?? 0]));

    const retries = await Promise.all([placeBet(session, body), placeBet(session, body), placeBet(session, body)]);
    for (const retry of retries) {
      expect([200, 409]).toContain(retry.statusCode);
      if (retry.statusCode === 200) expect((retry.json() as typeof placed).bet.id).toBe(placed.bet.id);
    }
    expect(await balanceOf(EMAIL)).toBe(24_000);
    // The same id asking for something else is refused.
    expect((await placeBet(session, { ...body, stake: 2_000 })).statusCode).toBe(409);
    expect(await balanceOf(EMAIL)).toBe(24_000);
  });

  it('refuses a bet that would overdraw, and changed odds, moving nothing', async () => {
    await setBalance(EMAIL, 5_000);
    const session = await playerSession(EMAIL);
    const fixture = preMatch()[1] as Fixture;
    const over = await placeBet(session, single('bet-over-0001', fixture, 5_001));
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: 5_000 });

    const stale = single('bet-stale-0001', fixture, 1_000);
    stale.selections[0] = { fixture_id: fixture.id, pick: '1', odds: (fixture.odds?.['1'] ?? 0) + 7 };
    const changed = await placeBet(session, stale);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'ODDS_CHANGED' });

    expect((await placeBet(session, { ...single('bet-bad-00001', fixture, 50) })).statusCode).toBe(422);
    expect((await placeBet('not-a-session-id-at-all', single('bet-nos-00001', fixture, 1_000))).statusCode).toBe(401);
    expect(await balanceOf(EMAIL)).toBe(5_000);
  });

  it('settles won once (settling twice changes nothing), lost moves nothing, void refunds', async () => {
    await setBalance(EMAIL, 20_000);
    const session = await playerSession(EMAIL);
    const [a, b, c, d] = preMatch() as [Fixture, Fixture, Fixture, Fixture];
    const place = async (id: string, body: Record<string, unknown>) => {
      const res = await placeBet(session, body);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(201);
      return (res.json() as { bet: { id: number; potential_win: number } }).bet;
    };
    const won = await place('won', single('bet-won-00001', a, 1_000));
    const lost = await place('lost', single('bet-lost-0001', b, 2_000, 'X'));
    const voided = await place('void', single('bet-void-0001', c, 3_000, '2'));
    const multiple = await place('multiple', {
      bet_id: 'bet-multi-0001',
      kind: 'multiple',
      stake: 1_000,
      selections: [
        { fixture_id: a.id, pick: '2', odds: a.odds?.['2'] },
        { fixture_id: d.id, pick: '1', odds: d.odds?.['1'] },
      ],
    });
    expect(multiple.potential_win).toBe(payoutOf(1_000, [a.odds?.['2'] ?? 0, d.odds?.['1'] ?? 0]));
    expect(await balanceOf(EMAIL)).toBe(13_000);

    expect((await settle(won.id, 'won')).statusCode).toBe(303);
    expect(await balanceOf(EMAIL)).toBe(13_000 + won.potential_win);
    const twice = await settle(won.id, 'won');
    expect(new URL(twice.headers.location ?? '', 'http://panel').searchParams.get('error')).toContain('nada mudou');
    await settle(won.id, 'void');
    expect(await balanceOf(EMAIL)).toBe(13_000 + won.potential_win);

    await settle(lost.id, 'lost');
    expect(await balanceOf(EMAIL)).toBe(13_000 + won.potential_win);

    await settle(voided.id, 'void');
    await settle(voided.id, 'void');
    expect(await balanceOf(EMAIL)).toBe(16_000 + won.potential_win);

    await settle(multiple.id, 'won');
    expect(await balanceOf(EMAIL)).toBe(16_000 + won.potential_win + multiple.potential_win);

    const rows = await api.db.query<{ id: number; status: string }>(
      'SELECT id, status FROM sports_bets WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[won.id, lost.id, voided.id, multiple.id]],
    );
    expect(rows.map((r) => r.status)).toEqual(['won', 'lost', 'void', 'won']);
    // Every wallet call was signed and is in the operator's log, by the bet's round.
    const calls = await api.db.query<{ operation: string; signature_valid: boolean }>(
      `SELECT operation, signature_valid FROM seamless_calls WHERE round_id = $1 ORDER BY id`,
      [`sb-${won.id}`],
    );
    expect(calls.map((c) => c.operation)).toEqual(['debit', 'credit']);
    expect(calls.every((c) => c.signature_valid)).toBe(true);
  });

  it('refuses settling from another site (panel Origin/Host checks)', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/sandbox/sports/bets/1/settle',
      headers: {
        host: 'localhost:8787',
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'outcome=won',
    });
    expect(res.statusCode).toBe(403);
  });

  it('lists open bets per player in the QA panel', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/sandbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Apostas esportivas');
    expect(res.body).toContain('ana@sorteverde.test');
  });
});

describe('fixtures', () => {
  it('are the same for the same now, with live, soon and later matches and integer odds', () => {
    const at = new Date('2026-03-14T18:07:00Z');
    const card = fixturesAt(at);
    expect(fixturesAt(new Date(at))).toEqual(card);
    const statuses = new Set(card.map((f) => f.status));
    expect(statuses.has('live')).toBe(true);
    expect(statuses.has('soon')).toBe(true);
    expect(statuses.has('today') || statuses.has('tomorrow')).toBe(true);
    expect(new Set(card.map((f) => f.league))).toEqual(
      new Set(['brasileirao', 'premier-league', 'la-liga', 'champions-league']),
    );
    for (const f of card) {
      if (f.odds) for (const o of Object.values(f.odds)) expect(Number.isInteger(o) && o >= 101).toBe(true);
      expect(f.home).not.toBe(f.away);
    }
  });

  it('keeps a match (id, teams, kick-off) on the card as time passes', () => {
    const at = new Date('2026-03-14T18:07:00Z');
    const later = fixturesAt(new Date(at.getTime() + 20 * 60_000));
    for (const f of fixturesAt(at).filter((x) => x.status !== 'live')) {
      const same = later.find((x) => x.id === f.id);
      expect(same, f.id).toBeDefined();
      expect([same?.home, same?.away, same?.kickoff]).toEqual([f.home, f.away, f.kickoff]);
    }
  });

  it('has live matches at any time of day', () => {
    const start = new Date('2026-03-14T00:00:00Z').getTime();
    for (let m = 0; m < 24 * 60; m += 17) {
      expect(fixturesAt(new Date(start + m * 60_000)).some((f) => f.status === 'live')).toBe(true);
    }
  });
});

describe('loss limit', () => {
  it('refuses a slip that would pass the loss limit, with its own message; nothing is debited', async () => {
    const token = await api.login('ana@sorteverde.test');
    const [ana] = await api.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'ana@sorteverde.test'");
    await setBalance('ana@sorteverde.test', 50_000);
    const session = await playerSession('ana@sorteverde.test');
    const set = await api.app.inject({
      method: 'POST',
      url: '/api/profile/limits',
      headers: { host: 'localhost', ...bearer(token) },
      payload: { kind: 'loss', period: 'month', amount: 100_000_000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      // Whatever ana lost this month so far, leave room for exactly R$ 20,00 more.
      const settings = await api.app.inject({
        url: '/api/profile/responsible-gaming',
        headers: { host: 'localhost', ...bearer(token) },
      });
      const used = (
        settings.json() as { data: { limits: { kind: string; period: string; used: number }[] } }
      ).data.limits.find((l) => l.kind === 'loss' && l.period === 'month')?.used;
      const [open] = await api.db.query<{ stakes: number }>(
        "SELECT coalesce(sum(stake), 0)::bigint AS stakes FROM sports_bets WHERE user_id = $1 AND status IN ('open', 'settling')",
        [ana?.id],
      );
      await api.db.query("UPDATE player_limits SET amount = $2 WHERE user_id = $1 AND kind = 'loss'", [
        ana?.id,
        (used ?? 0) + Number(open?.stakes ?? 0) + 2_000,
      ]);
      const fixture = preMatch()[0];
      if (!fixture) throw new Error('no pre-match fixture');
      const over = await placeBet(session, single('loss-limit-0001', fixture, 2_100));
      expect(over.statusCode).toBe(402);
      expect(over.json()).toMatchObject({ code: 'LOSS_LIMIT_REACHED', balance: 50_000 });
      expect((over.json() as { message: string }).message).toContain('limite de perda');
      expect(await balanceOf('ana@sorteverde.test')).toBe(50_000);
      const within = await placeBet(session, single('loss-limit-0002', fixture, 2_000));
      expect(within.statusCode).toBe(201);
      expect(await balanceOf('ana@sorteverde.test')).toBe(48_000);
    } finally {
      await api.db.query("DELETE FROM player_limits WHERE user_id = $1 AND kind = 'loss'", [ana?.id]);
    }
  });
});

describe('odds: the price on the slip is the price of the bet (Portaria SPA/MF 1.231/2024 arts. 26–27)', () => {
  const EMAIL = 'ana@sorteverde.test';

  it('refuses a slip whose price moved with the new price offered, then places it at exactly the price the player accepts', async () => {
    await setBalance(EMAIL, 10_000);
    const session = await playerSession(EMAIL);
    const fixture = preMatch()[2] as Fixture;
    const price = fixture.odds?.['2'] ?? 0;
    const stale = single('bet-offer-0001', fixture, 1_000, '2');
    stale.selections[0] = { fixture_id: fixture.id, pick: '2', odds: price + 12 };
    const refused = await placeBet(session, stale);
    expect(refused.statusCode).toBe(409);
    const offer = refused.json() as { code: string; fixtures: Fixture[] };
    expect(offer.code).toBe('ODDS_CHANGED');
    // The new price, offered: the fixture as it is now.
    expect(offer.fixtures).toEqual([fixture]);
    expect(await balanceOf(EMAIL)).toBe(10_000);

    // The player accepts the offered price: a new slip at that price.
    const accepted = await placeBet(session, single('bet-offer-0002', fixture, 1_000, '2'));
    expect(accepted.statusCode).toBe(201);
    const { bet } = accepted.json() as { bet: { odds: number; potential_win: number; selections: { odds: number }[] } };
    expect(bet.odds).toBe(price);
    expect(bet.selections[0]?.odds).toBe(price);
    expect(bet.potential_win).toBe(payoutOf(1_000, [price]));
    expect(await balanceOf(EMAIL)).toBe(9_000);
  });

  it("never changes a placed bet's odds: the live price moves, the bet keeps its own and is paid at it", async () => {
    const realNow = now.getTime();
    now.setTime(momentWithMovingOdds(now).getTime());
    try {
      await neverChangesPlacedOdds();
    } finally {
      now.setTime(realNow);
    }
  });

  async function neverChangesPlacedOdds() {
    await setBalance(EMAIL, 10_000);
    const session = await playerSession(EMAIL);
    const later = new Date(now.getTime() + 10 * 60_000);
    // A live match whose price moves in the next 10 minutes.
    const moving = fixturesAt(now).find((f) => {
      if (f.status !== 'live' || !f.odds) return false;
      const after = fixturesAt(later).find((g) => g.id === f.id);
      return after?.odds !== undefined && after.odds !== null && after.odds['1'] !== f.odds['1'];
    });
    expect(moving, 'a live match whose odds move').toBeDefined();
    const fixture = moving as Fixture;
    const price = fixture.odds?.['1'] ?? 0;
    const placed = await placeBet(session, single('bet-keeps-0001', fixture, 1_000, '1'));
    expect(placed.statusCode).toBe(201);
    const { bet } = placed.json() as { bet: { id: number; odds: number; potential_win: number } };
    expect(bet.odds).toBe(price);

    const frozen = now.getTime();
    now.setTime(later.getTime());
    try {
      const movedTo = fixturesAt(now).find((f) => f.id === fixture.id)?.odds?.['1'];
      expect(movedTo).not.toBe(price);
      const me = await provider.inject({ url: '/sportsbook/api/me', headers: { 'x-sportsbook-session': session } });
      const mine = (me.json() as { bets: { id: number; odds: number; selections: { odds: number }[] }[] }).bets.find(
        (b) => b.id === bet.id,
      );
      expect(mine?.odds).toBe(price);
      expect(mine?.selections[0]?.odds).toBe(price);
      expect((await settle(bet.id, 'won')).statusCode).toBe(303);
      const [row] = await api.db.query<{ odds: number; potential_win: number; status: string; selections: unknown }>(
        'SELECT odds, potential_win, status, selections FROM sports_bets WHERE id = $1',
        [bet.id],
      );
      expect(row).toMatchObject({ odds: price, potential_win: payoutOf(1_000, [price]), status: 'won' });
      expect((row?.selections as { odds: number }[])[0]?.odds).toBe(price);
      expect(await balanceOf(EMAIL)).toBe(9_000 + payoutOf(1_000, [price]));
    } finally {
      now.setTime(frozen);
    }
  }

  it('shows everyone the same odds at a given moment: guests, players and both brands get one card', async () => {
    const card = async (headers: Record<string, string>) =>
      (await provider.inject({ url: '/sportsbook/api/fixtures', headers })).json() as { fixtures: Fixture[] };
    const guest = await card({});
    const ana = await card({ 'x-sportsbook-session': await playerSession(EMAIL) });
    const azul = await card({ host: 'azul.localhost' });
    expect(guest.fixtures.length).toBeGreaterThan(0);
    expect(ana).toEqual(guest);
    expect(azul).toEqual(guest);
    expect(guest.fixtures).toEqual(JSON.parse(JSON.stringify(fixturesAt(now))));
  });
});
