/**
 * Prize boxes (spec §7 Boxes and prizes): the catalogue, the seeds a player's boxes are bound to, and the
 * money moves (buy, sell a box, sell a prize) and the opening draw. The handlers are handlers/boxes.ts; the QA
 * panel's grant is panel/boxes.ts.
 *
 * - Every money write is one database transaction that first locks the player's wallet row (`FOR UPDATE`, or the
 *   debit's own UPDATE): a player's money writes are serialised, so 20 identical requests at once move money once
 *   (the state checks are conditional UPDATEs under that lock); an opening locks only its box row. No two writes
 *   take the locks in different orders.
 * - Provably fair (shared/boxes-fair.ts): a player's pending server seed (`box_seeds`, shown only as its SHA-256) is
 *   bound to each new box with his client seed and nonce, and a fresh one drawn; opening computes the HMAC here with
 *   node:crypto and picks the prize with the shared pure functions; the seed is revealed once the box is opened.
 * - After the commit, `BalanceUpdated { balance }` on `private-universal.{id}` for each money move, and
 *   `NotifyNewUserBox { user_box }` for a box granted by the panel. Money moves and openings are audited.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Schema } from '../../shared/api/types';
import { drawMessage, FAIRNESS_ALGORITHM, oddsAreComplete, pickPrize, rollFromDigest } from '../../shared/boxes-fair';
import type { Db, Queryable } from '../db/types';
import { playerChannel as userChannel } from '../../shared/channels';
import type { Publisher } from '../realtime/control';
import { BOX_COLOR_NAMES, boxOddsProblems, type SeedBox } from '../seed-data/boxes';
import { appendAudit, maskSecrets, type AuditActor } from '../audit/trail';
import { balancesOf, lockWallet as lockLedgerWallet, postOrThrow } from '../money/ledger';

export type Locale = 'pt' | 'en';
type Box = Schema<'Box'>;
type BoxPrize = Schema<'BoxPrize'>;
type UserBox = Schema<'UserBox'>;
type UserPrize = Schema<'UserPrize'>;

export const NOTIFY_NEW_USER_BOX = 'NotifyNewUserBox';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

/** The roll of a draw, with node:crypto (the app verifies with shared/boxes-fair.ts `computeRoll`, Web Crypto). */
export function drawRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  return rollFromDigest(createHmac('sha256', serverSeed).update(drawMessage(clientSeed, nonce)).digest());
}

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

interface BoxRow {
  id: number;
  brand_id: number;
  name: string;
  title_pt: string;
  title_en: string | null;
  color: Box['color'];
  price: number;
  sell_value: number;
  image: string;
  published: boolean;
  best_pt: string;
  best_en: string | null;
  best_value: number;
  best_image: string;
  prizes_count: number;
}

interface PrizeRow {
  id: number;
  box_id: number;
  name_pt: string;
  name_en: string | null;
  kind: BoxPrize['kind'];
  value: number;
  sell_value: number;
  odds_bp: number;
  rarity: BoxPrize['rarity'];
  image: string;
}

const textIn = (locale: Locale, pt: string, en: string | null) => (locale === 'en' && en ? en : pt);

const COLOR_ORDER = `array_position(ARRAY[${BOX_COLOR_NAMES.map((c) => `'${c}'`).join(', ')}]::text[], b.color)`;
const SELECT_BOX = `SELECT b.id, b.brand_id, b.name, b.title_pt, b.title_en, b.color, b.price, b.sell_value, b.image,
       b.published, best.name_pt AS best_pt, best.name_en AS best_en, best.value AS best_value,
       best.image AS best_image,
       (SELECT count(*)::int FROM box_prizes c WHERE c.box_id = b.id) AS prizes_count
  FROM boxes b
  JOIN LATERAL (SELECT * FROM box_prizes p WHERE p.box_id = b.id ORDER BY p.value DESC, p.id LIMIT 1) best ON true`;

function toBox(row: BoxRow, locale: Locale): Box {
  return {
    id: row.id,
    name: row.name,
    title: textIn(locale, row.title_pt, row.title_en),
    color: row.color,
    price: row.price,
    sell_value: row.sell_value,
    image: row.image,
    best_prize: { name: textIn(locale, row.best_pt, row.best_en), value: row.best_value, image: row.best_image },
    prizes_count: row.prizes_count,
  };
}

function toBoxPrize(row: PrizeRow, locale: Locale): BoxPrize {
  return {
    id: row.id,
    name: textIn(locale, row.name_pt, row.name_en),
    kind: row.kind,
    value: row.value,
    sell_value: row.sell_value,
    odds_bp: row.odds_bp,
    rarity: row.rarity,
    image: row.image,
  };
}

/** The brand's published boxes, by colour (site config order) then price. */
export async function listBoxes(db: Queryable, brandId: number, locale: Locale): Promise<Box[]> {
  const rows = await db.query<BoxRow>(
    `${SELECT_BOX} WHERE b.brand_id = $1 AND b.published ORDER BY ${COLOR_ORDER}, b.price, b.id`,
    [brandId],
  );
  return rows.map((r) => toBox(r, locale));
}

/** A published box of the brand by id (all digits) or name, with its prizes (most likely first), or null. */
export async function findBox(
  db: Queryable,
  brandId: number,
  idOrName: string,
  locale: Locale,
): Promise<{ box: Box; prizes: BoxPrize[] } | null> {
  const byId = /^\d+$/.test(idOrName);
  const [row] = await db.query<BoxRow>(
    `${SELECT_BOX} WHERE b.brand_id = $1 AND b.published AND ${byId ? 'b.id = $2::int' : 'b.name = $2'}`,
    [brandId, idOrName],
  );
  if (!row) return null;
  const prizes = await db.query<PrizeRow>('SELECT * FROM box_prizes WHERE box_id = $1 ORDER BY odds_bp DESC, id', [
    row.id,
  ]);
  return { box: toBox(row, locale), prizes: prizes.map((p) => toBoxPrize(p, locale)) };
}

/**
 * Publishes a box: its prizes must sum to exactly 10000 bp (checked here, and again by the database at COMMIT:
 * migration 017's deferred trigger refuses a published box that does not).
 */
export async function publishBox(tx: Queryable, boxId: number): Promise<void> {
  const prizes = await tx.query<{ odds_bp: number }>('SELECT odds_bp FROM box_prizes WHERE box_id = $1', [boxId]);
  if (!oddsAreComplete(prizes)) {
    const total = prizes.reduce((sum, p) => sum + p.odds_bp, 0);
    throw new Error(`box ${boxId}: odds sum to ${total} bp, not 10000; not published`);
  }
  await tx.query('UPDATE boxes SET published = true WHERE id = $1', [boxId]);
}

/**
 * Seeds a brand's boxes (idempotent by name: a box already there is left alone). Each box is checked before it is
 * written (`boxOddsProblems`), written unpublished with its prizes, then published.
 */
export async function seedBoxes(tx: Queryable, brandId: number, boxes: readonly SeedBox[], now: Date): Promise<void> {
  const problems = boxes.flatMap(boxOddsProblems);
  if (problems.length > 0) throw new Error(`boxes not seeded: ${problems.join('; ')}`);
  for (const box of boxes) {
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO boxes (brand_id, name, title_pt, title_en, color, price, sell_value, image, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (brand_id, name) DO NOTHING RETURNING id`,
      [brandId, box.name, box.pt, box.en, box.color, box.price, box.sell_value, box.image, now],
    );
    if (!created) continue;
    const column = <K extends keyof SeedBox['prizes'][number]>(key: K) => box.prizes.map((p) => p[key]);
    await tx.query(
      `INSERT INTO box_prizes (box_id, name_pt, name_en, kind, value, sell_value, odds_bp, rarity, image)
       SELECT $1, a, b, c, d, e, f, g, h
         FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::text[], $9::text[])
              WITH ORDINALITY AS t(a, b, c, d, e, f, g, h, n)
        ORDER BY n`,
      [
        created.id,
        column('pt'),
        column('en'),
        column('kind'),
        column('value'),
        column('sell_value'),
        column('odds_bp'),
        column('rarity'),
        column('image'),
      ],
    );
    await publishBox(tx, created.id);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Seeds

interface SeedsRow {
  server_seed: string;
  client_seed: string;
  next_nonce: number;
}

/** The player's pending seeds, created on first use; locked when `lock` (inside a write's transaction). */
async function pendingSeeds(db: Queryable, userId: number, lock: boolean): Promise<SeedsRow> {
  const select = `SELECT server_seed, client_seed, next_nonce FROM box_seeds WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`;
  const [existing] = await db.query<SeedsRow>(select, [userId]);
  if (existing) return existing;
  await db.query(
    `INSERT INTO box_seeds (user_id, server_seed, client_seed) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`,
    [userId, newServerSeed(), newClientSeed()],
  );
  const [row] = await db.query<SeedsRow>(select, [userId]);
  if (!row) throw new Error(`no box seeds for user ${userId}`);
  return row;
}

/** What the player's next box will be bound to (the server seed only as its hash). */
export async function nextCommitment(db: Queryable, userId: number): Promise<Schema<'BoxCommitment'>> {
  const seeds = await pendingSeeds(db, userId, false);
  return { server_seed_hash: sha256Hex(seeds.server_seed), client_seed: seeds.client_seed, nonce: seeds.next_nonce };
}

/**
 * Inside a write's transaction: the seeds a new box is bound to (the pending server seed, the client seed: the one
 * given, else the player's, and the next nonce), replaced in the same statement by a fresh server seed, the client
 * seed kept for later boxes, and the nonce + 1. The row is locked (FOR UPDATE) until the commit.
 */
async function rotateSeeds(tx: Queryable, userId: number, clientSeed: string | undefined): Promise<SeedsRow> {
  const rotate = () =>
    tx.query<SeedsRow>(
      `WITH old AS (SELECT server_seed, client_seed, next_nonce FROM box_seeds WHERE user_id = $1 FOR UPDATE)
       UPDATE box_seeds s SET server_seed = $2, client_seed = coalesce($3, old.client_seed),
              next_nonce = old.next_nonce + 1
         FROM old WHERE s.user_id = $1
       RETURNING old.server_seed, s.client_seed, old.next_nonce`,
      [userId, newServerSeed(), clientSeed ?? null],
    );
  let [row] = await rotate();
  if (!row) {
    await pendingSeeds(tx, userId, true);
    [row] = await rotate();
  }
  if (!row) throw new Error(`no box seeds for user ${userId}`);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// The player's boxes and prizes

interface PlayerBoxRow {
  id: number;
  user_id: number;
  box_id: number;
  status: UserBox['status'];
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  roll: number | null;
  purchased_at: Date;
  opened_at: Date | null;
  sold_at: Date | null;
}

interface PlayerPrizeRow extends PrizeRow {
  pp_id: number;
  player_box_id: number;
  pp_status: UserPrize['status'];
  won_at: Date;
  pp_sold_at: Date | null;
  box_title_pt: string;
  box_title_en: string | null;
}

const SELECT_PLAYER_PRIZE = `SELECT p.*, pp.id AS pp_id, pp.player_box_id, pp.status AS pp_status, pp.won_at,
       pp.sold_at AS pp_sold_at, b.title_pt AS box_title_pt, b.title_en AS box_title_en
  FROM player_prizes pp JOIN box_prizes p ON p.id = pp.prize_id JOIN boxes b ON b.id = p.box_id`;

function toUserPrize(row: PlayerPrizeRow, locale: Locale): UserPrize {
  return {
    id: row.pp_id,
    prize: toBoxPrize(row, locale),
    user_box_id: row.player_box_id,
    box_title: textIn(locale, row.box_title_pt, row.box_title_en),
    status: row.pp_status,
    won_at: row.won_at.toISOString(),
    sold_at: row.pp_sold_at?.toISOString() ?? null,
  };
}

/** The player's prizes (all, or those given), newest first. */
export async function userPrizes(
  db: Queryable,
  userId: number,
  locale: Locale,
  filter: { ids?: number[]; playerBoxIds?: number[] } = {},
): Promise<UserPrize[]> {
  const where = filter.ids
    ? 'AND pp.id = ANY($2::bigint[])'
    : filter.playerBoxIds
      ? 'AND pp.player_box_id = ANY($2::bigint[])'
      : '';
  const rows = await db.query<PlayerPrizeRow>(
    `${SELECT_PLAYER_PRIZE} WHERE pp.user_id = $1 ${where} ORDER BY pp.id DESC`,
    filter.ids ? [userId, filter.ids] : filter.playerBoxIds ? [userId, filter.playerBoxIds] : [userId],
  );
  return rows.map((r) => toUserPrize(r, locale));
}

/** The player's boxes (all, or those given), newest first; seeds revealed only for opened ones. */
export async function userBoxes(db: Queryable, userId: number, locale: Locale, ids?: number[]): Promise<UserBox[]> {
  const rows = await db.query<PlayerBoxRow>(
    `SELECT * FROM player_boxes WHERE user_id = $1 ${ids ? 'AND id = ANY($2::bigint[])' : ''} ORDER BY id DESC`,
    ids ? [userId, ids] : [userId],
  );
  if (rows.length === 0) return [];
  const boxIds = [...new Set(rows.map((r) => r.box_id))];
  const boxRows = await db.query<BoxRow>(`${SELECT_BOX} WHERE b.id = ANY($1::int[])`, [boxIds]);
  const boxes = new Map(boxRows.map((b) => [b.id, toBox(b, locale)]));
  const opened = rows.filter((r) => r.status === 'opened').map((r) => r.id);
  const prizes = new Map(
    (opened.length > 0 ? await userPrizes(db, userId, locale, { playerBoxIds: opened }) : []).map((p) => [
      p.user_box_id,
      p,
    ]),
  );
  return rows.map((r) => {
    const box = boxes.get(r.box_id);
    if (!box) throw new Error(`box ${r.box_id} has no prizes`);
    const isOpen = r.status === 'opened';
    return {
      id: r.id,
      box,
      status: r.status,
      purchased_at: r.purchased_at.toISOString(),
      opened_at: r.opened_at?.toISOString() ?? null,
      sold_at: r.sold_at?.toISOString() ?? null,
      server_seed_hash: r.server_seed_hash,
      server_seed: isOpen ? r.server_seed : null,
      client_seed: r.client_seed,
      nonce: r.nonce,
      roll: isOpen ? r.roll : null,
      prize: (isOpen && prizes.get(r.id)) || null,
    };
  });
}

async function oneUserBox(db: Queryable, userId: number, id: number, locale: Locale): Promise<UserBox> {
  const [box] = await userBoxes(db, userId, locale, [id]);
  if (!box) throw new Error(`player box ${id} not found`);
  return box;
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

async function publishSafely(publisher: Publisher | undefined, userId: number, event: string, data: unknown) {
  if (!publisher) return;
  try {
    await publisher.trigger(userChannel(userId), event, data);
  } catch {
    // Live events are a convenience: the app reads the state again on reconnect.
  }
}

/** Locks the player's wallet row (the first lock of every box write) and answers its cash balance. */
async function lockWallet(tx: Queryable, userId: number): Promise<number> {
  return (await lockLedgerWallet(tx, userId)).cash;
}

export interface AcquireParams {
  userId: number;
  brandId: number;
  boxId: number;
  source: 'purchase' | 'grant';
  /**
   * What a purchase is paid with: cash (default) or loyalty points, a box's price in points being its price in
   * centavos (Portaria SPA/MF 1.231/2024 art. 43: points are spent on boxes; what such a box gives back is points).
   */
  payWith?: 'cash' | 'points' | undefined;
  clientSeed?: string | undefined;
  requestId?: string | undefined;
  now: Date;
  actor: AuditActor;
}

export type AcquireRowResult =
  | { ok: true; userBoxId: number; serverSeedHash: string; balance: number; replay: boolean }
  | { ok: false; reason: 'not-found' | 'insufficient' };

/**
 * A new owned box for the player, in one transaction: bought (`price` debited, never below zero) or granted by the
 * panel (free). Bound to the pending server seed, the client seed (the one given, which becomes the player's, else
 * his current one) and his next nonce; then a fresh pending server seed is drawn. A repeated `requestId` answers
 * the box it bought. Answers ids only (`acquireBox` adds the views and the live events).
 */
export async function acquireBoxRow(db: Db, p: AcquireParams): Promise<AcquireRowResult> {
  return db.transaction(async (tx): Promise<AcquireRowResult> => {
    // The wallet row is the first lock. A box is paid with cash (bonus money is for stakes only).
    let balance = await lockWallet(tx, p.userId);
    if (p.requestId !== undefined) {
      const [done] = await tx.query<{ id: number; server_seed_hash: string }>(
        'SELECT id, server_seed_hash FROM player_boxes WHERE user_id = $1 AND request_id = $2',
        [p.userId, p.requestId],
      );
      if (done) return { ok: true, userBoxId: done.id, serverSeedHash: done.server_seed_hash, balance, replay: true };
    }
    const purchase = p.source === 'purchase';
    const [box] = await tx.query<{ id: number; price: number }>(
      'SELECT id, price FROM boxes WHERE id = $1 AND brand_id = $2 AND published',
      [p.boxId, p.brandId],
    );
    if (!box) return { ok: false, reason: 'not-found' };
    const withPoints = purchase && p.payWith === 'points';
    const points = withPoints ? (await lockLedgerWallet(tx, p.userId)).points : 0;
    if (purchase && (withPoints ? points : balance) < box.price) return { ok: false, reason: 'insufficient' };
    const price = purchase ? box.price : 0;
    const seeds = await rotateSeeds(tx, p.userId, p.clientSeed);
    const serverSeedHash = sha256Hex(seeds.server_seed);
    const after = withPoints
      ? { box_id: box.id, price, paid_with: 'points', points: points - price }
      : { box_id: box.id, price, balance: balance - price };
    const [created] = await tx.query<{ id: number }>(
      `WITH pb AS (
         INSERT INTO player_boxes (user_id, box_id, source, price_paid, request_id, server_seed, server_seed_hash,
                                   client_seed, nonce, purchased_at, paid_with)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $15) RETURNING id),
       audit AS (
         INSERT INTO audit_log (brand_id, user_id, actor, action, before, after, at)
         SELECT $11, $1, $12, $13, NULL, jsonb_build_object('user_box_id', pb.id) || $14::jsonb, $10 FROM pb)
       SELECT id FROM pb`,
      [
        p.userId,
        box.id,
        p.source,
        price,
        p.requestId ?? null,
        seeds.server_seed,
        serverSeedHash,
        seeds.client_seed,
        seeds.next_nonce,
        p.now,
        p.brandId,
        p.actor,
        purchase ? 'box.bought' : 'box.granted',
        JSON.stringify(maskSecrets(after)),
        withPoints ? 'points' : 'cash',
      ],
    );
    if (!created) throw new Error('player box not created');
    if (withPoints && price > 0)
      await postOrThrow(tx, {
        userId: p.userId,
        account: 'points',
        kind: 'points_spend',
        amount: -price,
        ref: { type: 'player_box', id: created.id },
        now: p.now,
      });
    else if (purchase && price > 0)
      balance = await postOrThrow(tx, {
        userId: p.userId,
        account: 'cash',
        kind: 'box_purchase',
        amount: -price,
        ref: { type: 'player_box', id: created.id },
        now: p.now,
      });
    return { ok: true, userBoxId: created.id, serverSeedHash, balance, replay: false };
  });
}

export type AcquireResult =
  | { ok: true; userBox: UserBox; balance: number; replay: boolean }
  | { ok: false; reason: 'not-found' | 'insufficient' };

/** `acquireBoxRow`, then the box as the player sees it, and `BalanceUpdated` (bought) or `NotifyNewUserBox` (granted). */
export async function acquireBox(
  db: Db,
  p: AcquireParams & { locale: Locale },
  publisher?: Publisher,
): Promise<AcquireResult> {
  const row = await acquireBoxRow(db, p);
  if (!row.ok) return row;
  const userBox = await oneUserBox(db, p.userId, row.userBoxId, p.locale);
  if (!row.replay) {
    if (p.source === 'purchase') await publishSafely(publisher, p.userId, 'BalanceUpdated', { balance: row.balance });
    else await publishSafely(publisher, p.userId, NOTIFY_NEW_USER_BOX, { user_box: userBox });
  }
  return { ok: true, userBox, balance: row.balance, replay: row.replay };
}

export type OpenRowResult =
  | { ok: true; userBoxId: number; userPrizeId: number; prizeId: number; fairness: Schema<'BoxFairness'> }
  | { ok: false; reason: 'not-found' | 'conflict' };

/**
 * Opens the player's owned box in one transaction: the draw from its bound seeds, the prize owned, the seed
 * revealed. Once. Answers ids and the draw (`openBox` adds the views).
 */
export async function openBoxRow(
  db: Db,
  p: { userId: number; brandId: number; userBoxId: number; now: Date },
): Promise<OpenRowResult> {
  return db.transaction(async (tx): Promise<OpenRowResult> => {
    // Opening moves no money: the box's own row is its lock. Its prizes come with it, by ascending id.
    const [row] = await tx.query<PlayerBoxRow & { prizes: { id: number; odds_bp: number }[] }>(
      `SELECT pb.*, (SELECT json_agg(json_build_object('id', p.id, 'odds_bp', p.odds_bp) ORDER BY p.id)
                       FROM box_prizes p WHERE p.box_id = pb.box_id) AS prizes
         FROM player_boxes pb WHERE pb.id = $1 AND pb.user_id = $2 FOR UPDATE OF pb`,
      [p.userBoxId, p.userId],
    );
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.status !== 'owned') return { ok: false, reason: 'conflict' };
    const roll = drawRoll(row.server_seed, row.client_seed, row.nonce);
    const prize = pickPrize(row.prizes, roll);
    const after = { user_box_id: row.id, box_id: row.box_id, nonce: row.nonce, roll, prize_id: prize.id };
    // The box opened (only if still owned), the prize owned and the audit entry, in one statement.
    const [won] = await tx.query<{ id: number }>(
      `WITH opened AS (
         UPDATE player_boxes SET status = 'opened', opened_at = $3, roll = $4 WHERE id = $2 AND status = 'owned'
         RETURNING id),
       won AS (
         INSERT INTO player_prizes (user_id, player_box_id, prize_id, won_at)
         SELECT $1, opened.id, $5, $3 FROM opened RETURNING id),
       audit AS (
         INSERT INTO audit_log (brand_id, user_id, actor, action, before, after, at)
         SELECT $6, $1, 'player', 'box.opened', NULL, $7::jsonb, $3 FROM opened)
       SELECT id FROM won`,
      [p.userId, row.id, p.now, roll, prize.id, p.brandId, JSON.stringify(maskSecrets(after))],
    );
    if (!won) return { ok: false, reason: 'conflict' };
    return {
      ok: true,
      userBoxId: row.id,
      userPrizeId: won.id,
      prizeId: prize.id,
      fairness: {
        server_seed: row.server_seed,
        server_seed_hash: row.server_seed_hash,
        client_seed: row.client_seed,
        nonce: row.nonce,
        roll,
        algorithm: FAIRNESS_ALGORITHM,
      },
    };
  });
}

export type OpenResult =
  | { ok: true; userBox: UserBox; prize: UserPrize; fairness: Schema<'BoxFairness'> }
  | { ok: false; reason: 'not-found' | 'conflict' };

/** `openBoxRow`, then the opened box and the prize as the player sees them. */
export async function openBox(
  db: Db,
  p: { userId: number; brandId: number; userBoxId: number; now: Date; locale: Locale },
): Promise<OpenResult> {
  const row = await openBoxRow(db, p);
  if (!row.ok) return row;
  const userBox = await oneUserBox(db, p.userId, row.userBoxId, p.locale);
  if (!userBox.prize) throw new Error('opened box without its prize');
  return { ok: true, userBox, prize: userBox.prize, fairness: row.fairness };
}

export type SellResult<T> = { ok: true; item: T; balance: number } | { ok: false; reason: 'not-found' | 'conflict' };

/** Sells the player's unopened box for its box's `sell_value`, once. */
export async function sellBox(
  db: Db,
  p: { userId: number; brandId: number; userBoxId: number; now: Date; locale: Locale },
  publisher?: Publisher,
): Promise<SellResult<UserBox>> {
  const result = await db.transaction(async (tx): Promise<SellResult<UserBox>> => {
    await lockWallet(tx, p.userId);
    const [row] = await tx.query<{ status: string; sell_value: number; box_id: number; paid_with: PaidWith }>(
      `SELECT pb.status, b.sell_value, b.id AS box_id, pb.paid_with FROM player_boxes pb JOIN boxes b ON b.id = pb.box_id
        WHERE pb.id = $1 AND pb.user_id = $2`,
      [p.userBoxId, p.userId],
    );
    if (!row) return { ok: false, reason: 'not-found' };
    const [sold] = await tx.query<{ id: number }>(
      `UPDATE player_boxes SET status = 'sold', sold_at = $2, sell_credit = $3 WHERE id = $1 AND status = 'owned'
       RETURNING id`,
      [p.userBoxId, p.now, row.sell_value],
    );
    if (!sold) return { ok: false, reason: 'conflict' };
    const balance = await credit(
      tx,
      p.userId,
      row.sell_value,
      { type: 'player_box', id: p.userBoxId },
      row.paid_with,
      p.now,
    );
    await appendAudit(tx, {
      brandId: p.brandId,
      playerId: p.userId,
      actor: 'player',
      action: 'box.sold',
      after: { user_box_id: p.userBoxId, box_id: row.box_id, amount: row.sell_value, balance },
      at: p.now,
    });
    return { ok: true, item: await oneUserBox(tx, p.userId, p.userBoxId, p.locale), balance };
  });
  if (result.ok) await publishSafely(publisher, p.userId, 'BalanceUpdated', { balance: result.balance });
  return result;
}

/** Sells the player's prize for its `sell_value`, once. */
export async function sellPrize(
  db: Db,
  p: { userId: number; brandId: number; userPrizeId: number; now: Date; locale: Locale },
  publisher?: Publisher,
): Promise<SellResult<UserPrize>> {
  const result = await db.transaction(async (tx): Promise<SellResult<UserPrize>> => {
    await lockWallet(tx, p.userId);
    const [row] = await tx.query<{ sell_value: number; prize_id: number; paid_with: PaidWith }>(
      `SELECT p.sell_value, p.id AS prize_id, pb.paid_with FROM player_prizes pp JOIN box_prizes p ON p.id = pp.prize_id
         JOIN player_boxes pb ON pb.id = pp.player_box_id
        WHERE pp.id = $1 AND pp.user_id = $2`,
      [p.userPrizeId, p.userId],
    );
    if (!row) return { ok: false, reason: 'not-found' };
    const [sold] = await tx.query<{ id: number }>(
      `UPDATE player_prizes SET status = 'sold', sold_at = $2, sell_credit = $3 WHERE id = $1 AND status = 'owned'
       RETURNING id`,
      [p.userPrizeId, p.now, row.sell_value],
    );
    if (!sold) return { ok: false, reason: 'conflict' };
    const balance = await credit(
      tx,
      p.userId,
      row.sell_value,
      { type: 'player_prize', id: p.userPrizeId },
      row.paid_with,
      p.now,
    );
    await appendAudit(tx, {
      brandId: p.brandId,
      playerId: p.userId,
      actor: 'player',
      action: 'prize.sold',
      after: { user_prize_id: p.userPrizeId, prize_id: row.prize_id, amount: row.sell_value, balance },
      at: p.now,
    });
    const [item] = await userPrizes(tx, p.userId, p.locale, { ids: [p.userPrizeId] });
    if (!item) throw new Error('sold prize not found');
    return { ok: true, item, balance };
  });
  if (result.ok) await publishSafely(publisher, p.userId, 'BalanceUpdated', { balance: result.balance });
  return result;
}

type PaidWith = 'cash' | 'points';

/**
 * A sale's credit: cash (a `prize_sale` row) for a box bought with cash or granted; points (`points_refund`) for a
 * box bought with points and its prize, so points never become cash (Portaria SPA/MF 1.231/2024 art. 43). Answers
 * the cash balance.
 */
async function credit(
  tx: Queryable,
  userId: number,
  amount: number,
  ref: { type: 'player_box' | 'player_prize'; id: number },
  paidWith: PaidWith,
  now: Date,
): Promise<number> {
  if (amount > 0 && paidWith === 'points')
    await postOrThrow(tx, { userId, account: 'points', kind: 'points_refund', amount, ref, now });
  if (amount <= 0 || paidWith === 'points') return (await balancesOf(tx, userId)).cash;
  return postOrThrow(tx, { userId, account: 'cash', kind: 'prize_sale', amount, ref, now });
}
