/**
 * Prize boxes (sandbox side): the seeded catalogue and its odds, a box with bad odds refused by the seed
 * code and by the database, money moved once under concurrency (buy, open, sell a box, sell a prize), insufficient
 * balance moving nothing, 1,000 openings re-computed from their revealed seeds with the shared draw
 * (shared/boxes-fair.ts, Web Crypto: an implementation independent of the sandbox's node:crypto HMAC) and a
 * chi-square goodness-of-fit of the observed prizes against the odds, the commitment shown before a purchase equal
 * to SHA-256 of the seed revealed after, self-excluded players refused, and the QA panel's grant publishing
 * NotifyNewUserBox. Every answer is checked against openapi/openapi.yaml (validateResponses).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeRoll, ODDS_TOTAL_BP, pickPrize, sha256Hex, verifyDraw } from '../../shared/boxes-fair';
import type { Schema } from '../../shared/api/types';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { BOX_MESSAGES } from './handlers/boxes';
import { acquireBoxRow, drawRoll, nextCommitment, openBoxRow, publishBox, seedBoxes } from './boxes';
import { bearer, createTestApi, panelForm, PANEL_HEADERS, type TestApi } from './test-support';
import { BOX_COLOR_NAMES, boxOddsProblems, expectedValue, SEED_BOXES, type SeedBox } from '../seed-data/boxes';
import { boxArtFiles } from '../seed-data/box-art';

type Box = Schema<'Box'>;
type BoxPrize = Schema<'BoxPrize'>;
type UserBox = Schema<'UserBox'>;
type UserPrize = Schema<'UserPrize'>;

const published: [string | string[], string, unknown][] = [];
const publisher = {
  async trigger(channels: string | string[], event: string, data: unknown) {
    published.push([channels, event, data]);
    return {};
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ publisher });
});
afterAll(() => api.close());

let serial = 0;
/** A fresh Sorte Verde player, signed in, with `balance` centavos. */
async function newPlayer(balance = 0): Promise<{ id: number; token: string }> {
  serial += 1;
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host: 'localhost' },
    payload: {
      name: 'Caio',
      surname: 'Caixas',
      email: `caixas${serial}-${Math.random().toString(36).slice(2, 8)}@exemplo.test`,
      phone: `11 9${String(72_000_000 + serial).padStart(8, '0')}`,
      password: 'Segura#2024',
      password_confirmation: 'Segura#2024',
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: SANDBOX_CAPTCHA_TOKEN,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: { id: number }; token: string };
  await api.db.query('UPDATE wallets SET balance = $2 WHERE user_id = $1', [body.data.id, balance]);
  return { id: body.data.id, token: body.token };
}

const balanceOf = async (userId: number) =>
  (await api.db.query<{ balance: number }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]))[0]?.balance;

const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  api.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function catalogue(): Promise<Box[]> {
  const res = await call(null, 'GET', '/boxes/all');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Box[] }).data;
}
const boxNamed = async (name: string) => {
  const box = (await catalogue()).find((b) => b.name === name);
  if (!box) throw new Error(`no box ${name}`);
  return box;
};

async function buy(token: string, boxId: number, extra: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', '/boxes/buy', { box_id: boxId, ...extra });
  return { res, body: res.json() as { user_box: UserBox; balance: number; errors?: Record<string, string[]> } };
}

describe('seeded catalogue', () => {
  it('12+ boxes in all six colours, R$ 2–500, 6–15 prizes each summing to exactly 10000 bp, house edge 5–15 %', async () => {
    expect(SEED_BOXES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(SEED_BOXES.map((b) => b.color))).toEqual(new Set(BOX_COLOR_NAMES));
    for (const box of SEED_BOXES) {
      expect(boxOddsProblems(box), box.name).toEqual([]);
      expect(
        box.prizes.reduce((sum, p) => sum + p.odds_bp, 0),
        box.name,
      ).toBe(ODDS_TOTAL_BP);
      expect(box.prizes.length, box.name).toBeGreaterThanOrEqual(6);
      expect(box.prizes.length, box.name).toBeLessThanOrEqual(15);
      expect(box.price).toBeGreaterThanOrEqual(200);
      expect(box.price).toBeLessThanOrEqual(50_000);
      expect(new Set(box.prizes.map((p) => p.kind)).size, `${box.name} has cash, spins and items`).toBe(3);
      const edge = 1 - expectedValue(box.prizes) / box.price;
      expect(edge, `${box.name} edge`).toBeGreaterThanOrEqual(0.05);
      expect(edge, `${box.name} edge`).toBeLessThanOrEqual(0.15);
      expect(box.sell_value).toBeLessThan(box.price);
    }
    // What the database holds (the seeded brand) sums the same way, box by box.
    const sums = await api.db.query<{ name: string; total: number; n: number }>(
      `SELECT b.name, sum(p.odds_bp)::int AS total, count(*)::int AS n FROM boxes b JOIN box_prizes p ON p.box_id = b.id
        WHERE b.published GROUP BY b.name`,
    );
    expect(sums).toHaveLength(SEED_BOXES.length);
    for (const row of sums) expect(row.total, row.name).toBe(ODDS_TOTAL_BP);
  });

  it('the committed artwork is what scripts/box-art.ts generates, and every seeded image is one of its files', () => {
    const dir = new URL('../../public/assets/images/boxes/', import.meta.url);
    const files = boxArtFiles(BOX_COLOR_NAMES);
    expect(new Set(readdirSync(dir))).toEqual(new Set(files.keys()));
    for (const [name, text] of files) expect(readFileSync(new URL(name, dir), 'utf8'), name).toBe(text);
    const images = SEED_BOXES.flatMap((b) => [b.image, ...b.prizes.map((p) => p.image)]);
    for (const image of images) expect(files.has(image.replace('/assets/images/boxes/', '')), image).toBe(true);
  });

  it('GET /boxes/all by colour then price, titles in the locale; GET /boxes/get/{id}/prizes by id or name', async () => {
    const boxes = await catalogue();
    expect(boxes.map((b) => b.color)).toEqual(
      [...boxes.map((b) => b.color)].sort((a, b) => BOX_COLOR_NAMES.indexOf(a) - BOX_COLOR_NAMES.indexOf(b)),
    );
    const neon = boxes.find((b) => b.name === 'caixa-neon');
    expect(neon).toMatchObject({ title: 'Caixa Neon', color: 'pink', price: 200, prizes_count: 8 });
    expect(neon?.best_prize.name).toBe('Fone Bluetooth JBL Tune 520');
    const en = (await call(null, 'GET', '/boxes/all?locale=en')).json() as { data: Box[] };
    expect(en.data.find((b) => b.name === 'caixa-neon')?.title).toBe('Neon Box');

    const byName = await call(null, 'GET', '/boxes/get/caixa-neon/prizes');
    expect(byName.statusCode).toBe(200);
    const page = byName.json() as { box: Box; prizes: BoxPrize[]; fairness: unknown };
    expect(page.fairness).toBeNull();
    expect(page.prizes.map((p) => p.odds_bp)).toEqual([...page.prizes.map((p) => p.odds_bp)].sort((a, b) => b - a));
    const byId = await call(null, 'GET', `/boxes/get/${neon?.id}/prizes`);
    expect((byId.json() as { box: Box }).box.id).toBe(neon?.id);
    expect((await call(null, 'GET', '/boxes/get/caixa-que-nao-existe/prizes')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/boxes/get/999999/prizes')).statusCode).toBe(404);
  });

  it('a brand with hasBoxes off answers 404 to every box operation', async () => {
    const res = await api.app.inject({ url: '/api/boxes/all', headers: { 'x-brand-domain': 'azul.localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: BOX_MESSAGES.disabled });
  });
});

describe('a box whose odds do not sum to 10000 cannot be seeded or published', () => {
  const bad: SeedBox = {
    ...SEED_BOXES[0]!,
    name: 'caixa-torta',
    prizes: SEED_BOXES[0]!.prizes.map((p, i) => (i === 0 ? { ...p, odds_bp: p.odds_bp - 1 } : p)),
  };

  it('the seed code refuses it before writing anything', async () => {
    expect(boxOddsProblems(bad)).toEqual([expect.stringContaining('9999')]);
    await expect(api.db.transaction((tx) => seedBoxes(tx, 1, [bad], new Date()))).rejects.toThrow(/9999/);
    expect(await api.db.query("SELECT id FROM boxes WHERE name = 'caixa-torta'")).toEqual([]);
  });

  it('publishBox refuses it, and the database refuses it at COMMIT even when written around the code', async () => {
    const insertBad = async (tx: Parameters<Parameters<TestApi['db']['transaction']>[0]>[0], publish: boolean) => {
      const [box] = await tx.query<{ id: number }>(
        `INSERT INTO boxes (brand_id, name, title_pt, color, price, sell_value, image, published, created_at)
         VALUES (1, 'caixa-torta', 'Caixa Torta', 'red', 500, 400, '/x.svg', $1, now()) RETURNING id`,
        [publish],
      );
      for (const odds of [5000, 4999]) {
        await tx.query(
          `INSERT INTO box_prizes (box_id, name_pt, kind, value, sell_value, odds_bp, rarity, image)
           VALUES ($1, 'R$ 1 em saldo', 'cash', 100, 100, $2, 'common', '/x.svg')`,
          [box!.id, odds],
        );
      }
      return box!.id;
    };
    await expect(api.db.transaction(async (tx) => publishBox(tx, await insertBad(tx, false)))).rejects.toThrow(
      /9999 bp/,
    );
    await expect(api.db.transaction((tx) => insertBad(tx, true))).rejects.toThrow(/not 10000/);
    expect(await api.db.query("SELECT id FROM boxes WHERE name = 'caixa-torta'")).toEqual([]);
    // A published box cannot lose a prize (its odds would no longer sum to 10000)…
    const [neon] = await api.db.query<{ id: number }>("SELECT id FROM boxes WHERE name = 'caixa-neon'");
    await expect(
      api.db.query('DELETE FROM box_prizes WHERE id = (SELECT min(id) FROM box_prizes WHERE box_id = $1)', [neon!.id]),
    ).rejects.toThrow(/not 10000/);
    await expect(
      api.db.query(
        'UPDATE box_prizes SET odds_bp = odds_bp + 1 WHERE id = (SELECT min(id) FROM box_prizes WHERE box_id = $1)',
        [neon!.id],
      ),
    ).rejects.toThrow(/10001/);
    // …but an unpublished draft may be incomplete, and odds outside 1…10000 never fit.
    await api.db.transaction((tx) => insertBad(tx, false));
    await expect(
      api.db.query(
        "UPDATE box_prizes SET odds_bp = 0 WHERE box_id = (SELECT id FROM boxes WHERE name = 'caixa-torta')",
      ),
    ).rejects.toThrow(/check/i);
    await api.db.query("DELETE FROM boxes WHERE name = 'caixa-torta'");
  });
});

describe('buying', () => {
  it('debits the price once, binds the committed seed, publishes BalanceUpdated; too little balance moves nothing', async () => {
    const neon = await boxNamed('caixa-neon');
    const player = await newPlayer(neon.price + 50);
    const before = (await call(player.token, 'GET', `/boxes/get/${neon.name}/prizes`)).json() as {
      fairness: Schema<'BoxCommitment'>;
    };
    expect(before.fairness).toMatchObject({ nonce: 0 });
    published.length = 0;
    const { res, body } = await buy(player.token, neon.id, { client_seed: 'minha-semente' });
    expect(res.statusCode, res.body).toBe(201);
    expect(body.balance).toBe(50);
    expect(body.user_box).toMatchObject({
      status: 'owned',
      server_seed_hash: before.fairness.server_seed_hash,
      server_seed: null,
      client_seed: 'minha-semente',
      nonce: 0,
      roll: null,
      prize: null,
    });
    expect(published).toEqual([[`private-universal.${player.id}`, 'BalanceUpdated', { balance: 50 }]]);
    // A fresh commitment for the next purchase, with the player's client seed kept.
    const next = (await call(player.token, 'GET', `/boxes/get/${neon.id}/prizes`)).json() as {
      fairness: Schema<'BoxCommitment'>;
    };
    expect(next.fairness.server_seed_hash).not.toBe(before.fairness.server_seed_hash);
    expect(next.fairness).toMatchObject({ client_seed: 'minha-semente', nonce: 1 });

    // R$ 0,50 left: refused with errors.balance, and nothing changes (balance, boxes, nonce).
    const refused = await buy(player.token, neon.id);
    expect(refused.res.statusCode).toBe(422);
    expect(refused.body.errors?.balance?.[0]).toMatch(/Saldo insuficiente/);
    expect(await balanceOf(player.id)).toBe(50);
    const rows = await api.db.query('SELECT id FROM player_boxes WHERE user_id = $1', [player.id]);
    expect(rows).toHaveLength(1);
    expect((await nextCommitment(api.db, player.id)).nonce).toBe(1);
  });

  it('20 concurrent buys with one balance for one box: one box, one debit, 19 refusals', async () => {
    const box = await boxNamed('caixa-brasa');
    const player = await newPlayer(box.price);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(player.token, box.id)));
    expect(answers.map((a) => a.res.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(422)]);
    expect(await balanceOf(player.id)).toBe(0);
    const rows = await api.db.query('SELECT id FROM player_boxes WHERE user_id = $1', [player.id]);
    expect(rows).toHaveLength(1);
  });

  it('20 concurrent buys with the same request_id: one box and one debit; the repeats answer 200 with that box', async () => {
    const box = await boxNamed('caixa-brasa');
    const player = await newPlayer(box.price * 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(player.token, box.id, { request_id: 'compra-0001-abcdef' })),
    );
    expect(answers.map((a) => a.res.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body.user_box.id)).size).toBe(1);
    expect(await balanceOf(player.id)).toBe(box.price * 4);
    const rows = await api.db.query('SELECT id FROM player_boxes WHERE user_id = $1', [player.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('opening and selling', () => {
  it('opens once (20 at once: one 200, nineteen 409), reveals the committed seed, and the draw re-computes', async () => {
    const neon = await boxNamed('caixa-neon');
    const player = await newPlayer(neon.price);
    const before = (await call(player.token, 'GET', `/boxes/get/${neon.id}/prizes`)).json() as {
      fairness: Schema<'BoxCommitment'>;
      prizes: BoxPrize[];
    };
    const { body } = await buy(player.token, neon.id);
    // Before opening, the seed is not revealed anywhere.
    const listed = (await call(player.token, 'GET', '/boxes/user/get')).json() as { data: UserBox[] };
    expect(listed.data[0]).toMatchObject({ id: body.user_box.id, server_seed: null, roll: null });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(player.token, 'POST', '/boxes/open', { box_id: body.user_box.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const opened = answers.find((a) => a.statusCode === 200)!.json() as {
      user_box: UserBox;
      prize: UserPrize;
      fairness: Schema<'BoxFairness'>;
    };
    expect(await api.db.query('SELECT id FROM player_prizes WHERE user_id = $1', [player.id])).toHaveLength(1);
    expect(await sha256Hex(opened.fairness.server_seed)).toBe(before.fairness.server_seed_hash);
    const verified = await verifyDraw(
      {
        serverSeed: opened.fairness.server_seed,
        serverSeedHash: before.fairness.server_seed_hash,
        clientSeed: opened.fairness.client_seed,
        nonce: opened.fairness.nonce,
        roll: opened.fairness.roll,
        prizeId: opened.prize.prize.id,
      },
      before.prizes,
    );
    expect(verified).toMatchObject({ ok: true, hashMatches: true, roll: opened.fairness.roll });
    expect(opened.user_box).toMatchObject({ status: 'opened', server_seed: opened.fairness.server_seed });
    expect(opened.user_box.prize?.id).toBe(opened.prize.id);
    const after = (await call(player.token, 'GET', '/boxes/user/get')).json() as { data: UserBox[] };
    expect(after.data[0]?.server_seed).toBe(opened.fairness.server_seed);
  });

  it('sells an unopened box once (20 at once) and a prize once (20 at once); 409 after; others get 404', async () => {
    const box = await boxNamed('caixa-oceano');
    const player = await newPlayer(box.price * 2);
    const other = await newPlayer(box.price);
    const first = (await buy(player.token, box.id)).body.user_box;
    const second = (await buy(player.token, box.id)).body.user_box;
    expect(await balanceOf(player.id)).toBe(0);

    // Another player's box and prize: 404, exactly like an unknown one.
    expect((await call(other.token, 'POST', '/boxes/sell', { id: first.id })).statusCode).toBe(404);
    expect((await call(other.token, 'POST', '/boxes/open', { box_id: first.id })).statusCode).toBe(404);

    published.length = 0;
    const sells = await Promise.all(
      Array.from({ length: 20 }, () => call(player.token, 'POST', '/boxes/sell', { id: first.id })),
    );
    expect(sells.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await balanceOf(player.id)).toBe(box.sell_value);
    expect(published.filter(([, e]) => e === 'BalanceUpdated')).toEqual([
      [`private-universal.${player.id}`, 'BalanceUpdated', { balance: box.sell_value }],
    ]);
    // A sold box cannot be opened.
    expect((await call(player.token, 'POST', '/boxes/open', { box_id: first.id })).statusCode).toBe(409);

    const opened = (await call(player.token, 'POST', '/boxes/open', { box_id: second.id })).json() as {
      prize: UserPrize;
    };
    expect((await call(player.token, 'POST', '/boxes/sell', { id: second.id })).statusCode).toBe(409);
    expect((await call(other.token, 'POST', '/prizes/sell', { id: opened.prize.id })).statusCode).toBe(404);
    const prizeSells = await Promise.all(
      Array.from({ length: 20 }, () => call(player.token, 'POST', '/prizes/sell', { id: opened.prize.id })),
    );
    expect(prizeSells.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await balanceOf(player.id)).toBe(box.sell_value + opened.prize.prize.sell_value);
    const prizes = (await call(player.token, 'GET', '/prizes/user')).json() as { data: UserPrize[] };
    expect(prizes.data).toEqual([expect.objectContaining({ id: opened.prize.id, status: 'sold' })]);
    const credits = await api.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE user_id = $1 AND action LIKE '%.sold' ORDER BY id",
      [player.id],
    );
    expect(credits.map((c) => c.action)).toEqual(['box.sold', 'prize.sold']);
  });

  it('bad bodies answer 4xx with errors and move nothing', async () => {
    const player = await newPlayer(100_000);
    for (const payload of [{ box_id: 'um' }, { box_id: -1 }, { box_id: 0 }, { box_id: 1e12 }, { box_id: 1.5 }, {}]) {
      const res = await call(player.token, 'POST', '/boxes/buy', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys((res.json() as { errors: object }).errors).length).toBeGreaterThan(0);
    }
    for (const [url, payload] of [
      ['/boxes/open', { box_id: '1' }],
      ['/boxes/sell', { id: -5 }],
      ['/prizes/sell', { id: 99_999_999_999 }],
      ['/boxes/buy', { box_id: 1, client_seed: 'com espaço' }],
      ['/boxes/buy', { box_id: 1, request_id: 'x' }],
    ] as const) {
      const res = await call(player.token, 'POST', url, payload);
      expect(res.statusCode, url).toBe(422);
      expect((res.json() as { errors?: object }).errors).toBeDefined();
    }
    expect(await balanceOf(player.id)).toBe(100_000);
  });

  it('no session: 401; a self-excluded player cannot buy, open or sell (403)', async () => {
    expect((await call(null, 'POST', '/boxes/buy', { box_id: 1 })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/boxes/user/get')).statusCode).toBe(401);
    const box = await boxNamed('caixa-neon');
    const player = await newPlayer(box.price * 3);
    const owned = (await buy(player.token, box.id)).body.user_box;
    await api.db.query(
      "UPDATE users SET self_excluded_at = now() - interval '1 day', self_excluded_until = now() + interval '30 days' WHERE id = $1",
      [player.id],
    );
    const buyRes = await call(player.token, 'POST', '/boxes/buy', { box_id: box.id });
    expect(buyRes.statusCode).toBe(403);
    expect(buyRes.json()).toMatchObject({ selfExcluded: true });
    expect((await call(player.token, 'POST', '/boxes/open', { box_id: owned.id })).statusCode).toBe(403);
    expect((await call(player.token, 'POST', '/boxes/sell', { id: owned.id })).statusCode).toBe(403);
    expect(await balanceOf(player.id)).toBe(box.price * 2);
  });
});

/** Upper-tail probability of the chi-square distribution (regularised upper incomplete gamma Q(k/2, x/2)). */
function chiSquareSurvival(x: number, df: number): number {
  const a = df / 2;
  const z = x / 2;
  if (z <= 0) return 1;
  const logGamma = (s: number): number => {
    // Lanczos approximation (g = 7, n = 9).
    const c = [
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
      12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
    ];
    if (s < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * s)) - logGamma(1 - s);
    const t = s - 1;
    let sum = c[0]!;
    for (let i = 1; i < 9; i++) sum += c[i]! / (t + i);
    const w = t + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (t + 0.5) * Math.log(w) - w + Math.log(sum);
  };
  const prefix = Math.exp(-z + a * Math.log(z) - logGamma(a));
  if (z < a + 1) {
    // Series for the lower P, then Q = 1 - P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > 1e-15 * Math.abs(sum); n++) {
      term *= z / (a + n);
      sum += term;
    }
    return 1 - prefix * sum;
  }
  // Continued fraction for Q (modified Lentz).
  let b = z + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return prefix * h;
}

/** The chi-square value whose upper-tail probability is `alpha` (bisection). */
function chiSquareCritical(alpha: number, df: number): number {
  let [low, high] = [0, 1000];
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (chiSquareSurvival(mid, df) > alpha) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Pearson's statistic over bins with expected counts of at least 5 (the rarest prizes pooled into one bin). */
function chiSquare(observed: Map<number, number>, prizes: readonly { id: number; odds_bp: number }[], n: number) {
  const bins: { observed: number; expected: number }[] = [];
  let pool = { observed: 0, expected: 0 };
  for (const p of [...prizes].sort((a, b) => a.odds_bp - b.odds_bp || a.id - b.id)) {
    pool = {
      observed: pool.observed + (observed.get(p.id) ?? 0),
      expected: pool.expected + (n * p.odds_bp) / ODDS_TOTAL_BP,
    };
    if (pool.expected >= 5) {
      bins.push(pool);
      pool = { observed: 0, expected: 0 };
    }
  }
  if (pool.expected > 0) {
    const last = bins.pop() ?? { observed: 0, expected: 0 };
    bins.push({ observed: last.observed + pool.observed, expected: last.expected + pool.expected });
  }
  const statistic = bins.reduce((sum, b) => sum + (b.observed - b.expected) ** 2 / b.expected, 0);
  return { statistic, df: bins.length - 1 };
}

describe('provably fair: 1,000 openings', () => {
  it('the chi-square helpers agree with published critical values', () => {
    // Tables: χ²(0.001; 1) = 10.828, χ²(0.001; 6) = 22.458, χ²(0.05; 10) = 18.307.
    expect(chiSquareCritical(0.001, 1)).toBeCloseTo(10.828, 2);
    expect(chiSquareCritical(0.001, 6)).toBeCloseTo(22.458, 2);
    expect(chiSquareCritical(0.05, 10)).toBeCloseTo(18.307, 2);
  });

  it('each re-computes from its revealed seed and its committed hash; frequencies fit the odds (χ², p = 10⁻⁶)', async () => {
    const neon = SEED_BOXES.find((b) => b.name === 'caixa-neon')!;
    const [row] = await api.db.query<{ id: number }>("SELECT id FROM boxes WHERE name = 'caixa-neon'");
    const prizes = await api.db.query<{ id: number; odds_bp: number }>(
      'SELECT id, odds_bp FROM box_prizes WHERE box_id = $1 ORDER BY id',
      [row!.id],
    );
    const N = 1000;
    const player = await newPlayer(neon.price * N);
    const observed = new Map<number, number>();
    const draws: {
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      roll: number;
      prizeId: number;
    }[] = [];
    const now = new Date();
    for (let i = 0; i < N; i++) {
      const committed = await nextCommitment(api.db, player.id);
      // The row-level functions the API's own use (acquireBox, openBox add only the views): 1,000 of each fast.
      const bought = await acquireBoxRow(api.db, {
        userId: player.id,
        brandId: 1,
        boxId: row!.id,
        source: 'purchase',
        now,
        actor: 'player',
      });
      if (!bought.ok) throw new Error(`purchase ${i}: ${bought.reason}`);
      expect(bought.serverSeedHash).toBe(committed.server_seed_hash);
      const opened = await openBoxRow(api.db, { userId: player.id, brandId: 1, userBoxId: bought.userBoxId, now });
      if (!opened.ok) throw new Error(`opening ${i}: ${opened.reason}`);
      draws.push({
        serverSeed: opened.fairness.server_seed,
        serverSeedHash: committed.server_seed_hash,
        clientSeed: opened.fairness.client_seed,
        nonce: opened.fairness.nonce,
        roll: opened.fairness.roll,
        prizeId: opened.prizeId,
      });
      observed.set(opened.prizeId, (observed.get(opened.prizeId) ?? 0) + 1);
    }
    // What the database recorded is what was drawn, and what the player's list reveals.
    const stored = await api.db.query<{ nonce: number; roll: number; prize_id: number; server_seed: string }>(
      `SELECT pb.nonce, pb.roll, pp.prize_id, pb.server_seed FROM player_boxes pb
         JOIN player_prizes pp ON pp.player_box_id = pb.id WHERE pb.user_id = $1 ORDER BY pb.nonce`,
      [player.id],
    );
    expect(stored).toEqual(
      draws.map((d) => ({ nonce: d.nonce, roll: d.roll, prize_id: d.prizeId, server_seed: d.serverSeed })),
    );
    const listed = (await call(player.token, 'GET', '/boxes/user/get')).json() as { data: UserBox[] };
    expect(listed.data).toHaveLength(N);
    expect(listed.data.every((b) => b.status === 'opened' && b.server_seed !== null && b.prize !== null)).toBe(true);
    expect(await balanceOf(player.id)).toBe(0);
    expect(draws.map((d) => d.nonce)).toEqual(Array.from({ length: N }, (_, i) => i));
    // Every draw verified with the shared Web Crypto implementation, independently of the sandbox's node:crypto.
    const verified = await Promise.all(draws.map((d) => verifyDraw(d, prizes)));
    expect(verified.filter((v) => !v.ok)).toEqual([]);
    expect(new Set(draws.map((d) => d.serverSeed)).size).toBe(N);

    const { statistic, df } = chiSquare(observed, prizes, N);
    // The seeds are random: a fair draw fails a bound at p once in 1/p runs. At 10⁻⁶ a fair sandbox fails about once
    // in a million CI runs, while a skewed draw (below) still fails by far.
    const critical = chiSquareCritical(1e-6, df);
    expect(df).toBeGreaterThanOrEqual(5);
    expect(statistic, `χ² = ${statistic.toFixed(2)} with ${df} df, critical ${critical.toFixed(2)}`).toBeLessThan(
      critical,
    );
    // The test has power: the same draws judged against the odds in reverse order fail by far.
    const reversed = prizes.map((p, i) => ({ id: p.id, odds_bp: prizes[prizes.length - 1 - i]!.odds_bp }));
    const skewed = chiSquare(observed, reversed, N).statistic;
    expect(skewed, `reversed odds: χ² = ${skewed.toFixed(2)}`).toBeGreaterThan(critical * 3);
  }, 120_000);

  it('the roll is the documented function: node:crypto and Web Crypto agree, and boundaries pick by cumulative odds', async () => {
    const seed = 'ab'.repeat(32);
    for (let nonce = 0; nonce < 50; nonce++) {
      expect(await computeRoll({ serverSeed: seed, clientSeed: 'c', nonce })).toBe(drawRoll(seed, 'c', nonce));
    }
    const prizes = [
      { id: 3, odds_bp: 5000 },
      { id: 1, odds_bp: 4999 },
      { id: 2, odds_bp: 1 },
    ];
    // By ascending id: 1 covers 0…4998, 2 covers 4999, 3 covers 5000…9999.
    expect(pickPrize(prizes, 0).id).toBe(1);
    expect(pickPrize(prizes, 4998).id).toBe(1);
    expect(pickPrize(prizes, 4999).id).toBe(2);
    expect(pickPrize(prizes, 5000).id).toBe(3);
    expect(pickPrize(prizes, 9999).id).toBe(3);
    expect(() => pickPrize([{ id: 1, odds_bp: 9999 }], 0)).toThrow(/10000/);
  });
});

describe('QA panel grant', () => {
  it('gives a box for free, bound to the committed seed, and publishes NotifyNewUserBox on the player channel', async () => {
    const player = await newPlayer(0);
    const box = await boxNamed('caixa-ouro');
    const committed = await nextCommitment(api.db, player.id);
    published.length = 0;
    const res = await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${player.id}/boxes/grant`,
      ...panelForm({ box_id: String(box.id) }),
    });
    expect(res.statusCode).toBe(303);
    const notice = new URLSearchParams(String(res.headers.location).split('?')[1]).get('notice');
    expect(notice).toContain('Caixa Ouro dada');
    expect(published).toHaveLength(1);
    const [channel, event, data] = published[0]!;
    expect([channel, event]).toEqual([`private-universal.${player.id}`, 'NotifyNewUserBox']);
    const granted = (data as { user_box: UserBox }).user_box;
    expect(granted).toMatchObject({ status: 'owned', server_seed: null, server_seed_hash: committed.server_seed_hash });
    expect(granted.box.id).toBe(box.id);
    expect(await balanceOf(player.id)).toBe(0);
    const mine = (await call(player.token, 'GET', '/boxes/user/get')).json() as { data: UserBox[] };
    expect(mine.data.map((b) => b.id)).toEqual([granted.id]);
    // The player's page lists it.
    const pageRes = await api.app.inject({ url: `/sandbox/players/${player.id}/boxes`, headers: PANEL_HEADERS });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Caixa Ouro');
    // Refused from another origin, and for a box that is not one of the brand's.
    const foreign = await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${player.id}/boxes/grant`,
      headers: { ...PANEL_HEADERS, origin: 'http://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `box_id=${box.id}`,
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${player.id}/boxes/grant`,
      ...panelForm({ box_id: '999999' }),
    });
    expect(new URLSearchParams(String(unknown.headers.location).split('?')[1]).get('error')).toMatch(/não encontrada/);
    expect(published).toHaveLength(1);
  });
});
