import type { Db, Queryable } from './db/types';
import { hashPassword } from './api/passwords';
import { SEED_BRANDS, type SeedBrand } from './seed-data/brands';
import { CATEGORIES, GAMES, PROVIDERS, RANKING_LEVELS } from './seed-data/catalogue';
import { CONTENT_PAGES } from './seed-data/pages';
import {
  daysFrom,
  DEMO_PLAYERS,
  GLOBAL_NOTIFICATIONS,
  type SeedNotification,
  type SeedPlayer,
} from './seed-data/players';
import { SEED_CHAT } from './seed-data/chat';
import { seedPromotions, seedRewards } from './seed-data/seed-rewards';
import { DOCUMENT_TYPES } from '../shared/documents';
import { banner } from './seed-data/svg';
import { depositBrCode, newTxid } from './pix/deposit-code';
import { PIX_EXPIRY_MS } from './pix/bank';
import { seedBoxes } from './api/boxes';
import { postOrThrow } from './money/ledger';
import { SEED_BOXES } from './seed-data/boxes';

/** True once the brands exist (main seeds an empty database on first start). */
export async function isSeeded(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM brands');
  return (row?.n ?? 0) > 0;
}

/**
 * Demo data (brands, catalogue, pages, players, notifications), in one transaction. Idempotent: rows are
 * keyed by natural keys and left alone when present; dependants are added only with their new parent.
 */
export async function seed(db: Db, now: Date = new Date()): Promise<void> {
  // scrypt outside the transaction keeps it short.
  const hashes = new Map(
    await Promise.all(DEMO_PLAYERS.map(async (p) => [p.email, await hashPassword(p.password)] as const)),
  );
  await db.transaction(async (tx) => {
    await seedCatalogue(tx, now);
    for (const brand of SEED_BRANDS) await seedBrand(tx, brand, now);
    for (const player of DEMO_PLAYERS) await seedPlayer(tx, player, hashes.get(player.email) ?? '', now);
    for (const brand of SEED_BRANDS) await seedChat(tx, brand.id, now);
    // The demo prize boxes, for the brands with boxes on (Sorte Verde).
    for (const brand of SEED_BRANDS) if (brand.features.hasBoxes) await seedBoxes(tx, brand.id, SEED_BOXES, now);
    for (const brand of SEED_BRANDS) await seedRewards(tx, brand.id, now);
    for (const brand of SEED_BRANDS) await seedPromotions(tx, brand.id, now);
  });
}

/** The brand's first chat messages, once (a room that already has messages is left alone). */
async function seedChat(tx: Queryable, brandId: number, now: Date): Promise<void> {
  const [existing] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE brand_id = $1', [
    brandId,
  ]);
  if ((existing?.n ?? 0) > 0) return;
  for (const m of SEED_CHAT[brandId] ?? []) {
    await tx.query(
      `INSERT INTO chat_messages (brand_id, user_id, house_name, text, created_at)
       SELECT $1, (SELECT id FROM users WHERE brand_id = $1 AND email = $2), $3, $4, $5
        WHERE $2::text IS NULL OR EXISTS (SELECT 1 FROM users WHERE brand_id = $1 AND email = $2)`,
      [
        brandId,
        m.author,
        m.author === null ? (m.houseName ?? 'Suporte') : null,
        m.text,
        new Date(now.getTime() - m.minutesAgo * 60_000),
      ],
    );
  }
}

async function seedCatalogue(tx: Queryable, now: Date): Promise<void> {
  for (const c of CATEGORIES) {
    await tx.query(
      'INSERT INTO categories (slug, name_pt, name_en, icon, sort_order) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING',
      [c.slug, c.pt, c.en, c.icon, c.order],
    );
  }
  for (const p of PROVIDERS) {
    await tx.query(
      'INSERT INTO providers (code, name, image, sort_order) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING',
      [p.code, p.name, p.image, p.order],
    );
  }
  // One statement for the 600-odd games (one round trip per column array, not per game).
  await tx.query(
    `INSERT INTO games (gamecode, title, provider_id, category_slug, image, image_mobile, has_tables, only_demo,
                        bonus_allowed, views, search_text, featured_rank, rtp_bp)
     SELECT t.gamecode, t.title, p.id, t.category, t.image, t.image_mobile, t.has_tables, t.only_demo,
            t.bonus_allowed, t.views, t.search_text, t.featured_rank, t.rtp_bp
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[],
                   $8::boolean[], $9::boolean[], $10::integer[], $11::text[], $12::integer[], $13::integer[])
              WITH ORDINALITY AS t(gamecode, title, provider, category, image, image_mobile, has_tables, only_demo,
                                   bonus_allowed, views, search_text, featured_rank, rtp_bp, n)
       JOIN providers p ON p.code = t.provider
      ORDER BY t.n
     ON CONFLICT (gamecode) DO NOTHING`,
    [
      GAMES.map((g) => g.gamecode),
      GAMES.map((g) => g.title),
      GAMES.map((g) => g.provider),
      GAMES.map((g) => g.category),
      GAMES.map((g) => g.image),
      GAMES.map((g) => g.imageMobile),
      GAMES.map((g) => g.hasTables ?? false),
      GAMES.map((g) => g.onlyDemo ?? false),
      GAMES.map((g) => g.bonusAllowed ?? true),
      GAMES.map((g) => g.views),
      GAMES.map((g) => g.searchText),
      GAMES.map((g) => g.featuredRank),
      GAMES.map((g) => g.rtpBp),
    ],
  );
  // Fresh statistics, so the planner sees 600 games (not an empty table) from the first query.
  await tx.query('ANALYZE games');
  for (const r of RANKING_LEVELS) {
    await tx.query(
      `INSERT INTO ranking_levels (level, name, total_bet, perks) VALUES ($1, $2, $3, $4)
       ON CONFLICT (level) DO UPDATE SET perks = excluded.perks WHERE ranking_levels.perks = '{}'`,
      [r.level, r.name, r.totalBet, r.perks],
    );
  }
  for (const page of CONTENT_PAGES) {
    await tx.query(
      'INSERT INTO content_pages (slug, locale, title, html, updated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug, locale) DO NOTHING',
      [page.slug, page.locale, page.title, page.html, now],
    );
  }
}

async function seedBrand(tx: Queryable, brand: SeedBrand, now: Date): Promise<void> {
  const created = await tx.query(
    `INSERT INTO brands (id, name, maintenance, min_deposit, max_deposit, min_withdrawal, max_withdrawal, features, settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      brand.id,
      brand.name,
      brand.maintenance,
      brand.min_deposit,
      brand.max_deposit,
      brand.min_withdrawal,
      brand.max_withdrawal,
      JSON.stringify(brand.features),
      JSON.stringify(brand.settings),
    ],
  );
  for (const domain of brand.domains) {
    await tx.query('INSERT INTO brand_domains (domain, brand_id) VALUES ($1, $2) ON CONFLICT (domain) DO NOTHING', [
      domain,
      brand.id,
    ]);
  }
  if (created.length === 0) return;
  const [from, to, text] = brand.bannerColors;
  for (const [i, b] of brand.banners.entries()) {
    await tx.query(
      `INSERT INTO banners (brand_id, title, image, image_mobile, title_en, image_en, image_mobile_en, link, position, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        brand.id,
        b.title,
        banner(b.title, b.subtitle, from, to, text),
        banner(b.title, b.subtitle, from, to, text, true),
        b.en.title,
        banner(b.en.title, b.en.subtitle, from, to, text),
        banner(b.en.title, b.en.subtitle, from, to, text, true),
        b.link,
        b.position,
        i + 1,
      ],
    );
  }
  for (const n of GLOBAL_NOTIFICATIONS[brand.id] ?? []) await insertNotification(tx, brand.id, null, n, now);
}

async function insertNotification(
  tx: Queryable,
  brandId: number,
  playerId: number | null,
  n: SeedNotification,
  now: Date,
) {
  const createdAt = daysFrom(now, -n.ageDays);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO notifications (brand_id, user_id, type, title, message, pinned_until, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [brandId, playerId, n.type, n.title, n.message, n.pinnedDays ? daysFrom(now, n.pinnedDays) : null, createdAt],
  );
  if (row && n.read && playerId !== null) {
    await tx.query('INSERT INTO notification_reads (notification_id, user_id, read_at) VALUES ($1, $2, $3)', [
      row.id,
      playerId,
      now,
    ]);
  }
}

async function seedPlayer(tx: Queryable, p: SeedPlayer, passwordHash: string, now: Date): Promise<void> {
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO users (brand_id, first_name, last_name, email, phone, cpf, password_hash, birth_date, language, total_bet,
                        referral_code, email_verified_at, self_excluded_at, self_excluded_until, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      p.brandId,
      p.firstName,
      p.lastName,
      p.email,
      p.phone,
      p.cpf,
      passwordHash,
      p.birthDate,
      p.language,
      p.totalBet,
      p.referralCode,
      p.emailVerified ? daysFrom(now, -30) : null,
      p.selfExcluded ? daysFrom(now, p.selfExcluded[0]) : null,
      p.selfExcluded?.[1] == null ? null : daysFrom(now, p.selfExcluded[1]),
      daysFrom(now, -60),
    ],
  );
  if (!created) return;
  if (!p.profilePending) {
    await tx.query("UPDATE users SET gender = 'undisclosed', regulated_profile_at = $2 WHERE id = $1", [
      created.id,
      daysFrom(now, -60),
    ]);
  }
  if (p.address || p.documentsVerified) {
    // Verified (personal data read-only) exactly when every document type is approved (seeded below).
    await tx.query('UPDATE users SET address = $2::jsonb, identity_verified_at = $3 WHERE id = $1', [
      created.id,
      p.address ? JSON.stringify(p.address) : null,
      p.documentsVerified ? daysFrom(now, -20) : null,
    ]);
  }
  // The wallet starts empty; its seeded history (below) moves it through the ledger to the player's balance.
  await tx.query('INSERT INTO wallets (user_id, deposit_count) VALUES ($1, $2)', [created.id, p.depositCount]);
  for (const [i, gamecode] of p.recentGames.entries()) {
    await tx.query(
      'INSERT INTO game_plays (user_id, game_id, played_at) SELECT $1, id, $3 FROM games WHERE gamecode = $2',
      [created.id, gamecode, new Date(now.getTime() - (i + 1) * 3_600_000)],
    );
  }
  for (const n of p.notifications) await insertNotification(tx, p.brandId, created.id, n, now);
  await seedHistory(tx, created.id, p, now);
  if (p.documentsVerified) {
    for (const type of DOCUMENT_TYPES) {
      await tx.query(
        `INSERT INTO player_documents (brand_id, user_id, type, status, created_at, reviewed_at)
         VALUES ($1, $2, $3, 'approved', $4, $5)`,
        [p.brandId, created.id, type, daysFrom(now, -30), daysFrom(now, -29)],
      );
    }
  }
}

/**
 * The rows that back the wallet's counts (paid pix deposits, casino rounds), so the money history, the bet
 * history and the ranking agree with `deposit_count`, `balance` and `total_bet` (sandbox/seed-consistency.test.ts).
 * A deposit is paid a minute after its code; a round has no provider round id (it predates the provider's records).
 */
async function seedHistory(tx: Queryable, userId: number, p: SeedPlayer, now: Date): Promise<void> {
  const brandName = SEED_BRANDS.find((b) => b.id === p.brandId)?.name ?? '';
  // Oldest first (a deposit before the rounds of its day), so the ledger's running balance never dips below zero.
  const history = [...p.history].sort(
    (a, b) => b.daysAgo - a.daysAgo || Number('deposit' in b) - Number('deposit' in a),
  );
  for (const event of history) {
    const at = daysFrom(now, -event.daysAgo);
    if ('deposit' in event) {
      const txid = newTxid();
      const paidAt = new Date(at.getTime() + 60_000);
      const [deposit] = await tx.query<{ id: number }>(
        `INSERT INTO wallet_transactions (user_id, brand_id, type, amount, status, txid, br_code, expires_at, credited_at,
                                          created_at, updated_at)
         VALUES ($1, $2, 'deposit', $3, 1, $4, $5, $6, $7, $8, $7) RETURNING id`,
        [
          userId,
          p.brandId,
          event.deposit,
          txid,
          depositBrCode({ brandId: p.brandId, brandName, amount: event.deposit, txid }),
          new Date(at.getTime() + PIX_EXPIRY_MS),
          paidAt,
          at,
        ],
      );
      if (!deposit) throw new Error('seed: deposit not created');
      await postOrThrow(tx, {
        userId,
        account: 'cash',
        kind: 'deposit',
        amount: event.deposit,
        ref: { type: 'deposit', id: deposit.id },
        now: paidAt,
      });
    } else {
      const [bet] = await tx.query<{ id: number }>(
        `INSERT INTO bets (user_id, game_id, bet_amount, win_amount, created_at, settled_at)
         SELECT $1, id, $3, $4, $5, $5 FROM games WHERE gamecode = $2 RETURNING id`,
        [userId, event.game, event.bet, event.win, at],
      );
      if (!bet) throw new Error(`seed: no game ${event.game}`);
      const ref = { type: 'round' as const, id: `seed:${bet.id}` };
      if (event.bet > 0)
        await postOrThrow(tx, { userId, account: 'cash', kind: 'bet', amount: -event.bet, ref, now: at });
      if (event.win > 0)
        await postOrThrow(tx, { userId, account: 'cash', kind: 'win', amount: event.win, ref, now: at });
    }
  }
}
