/**
 * Every count the seed gives a demo player is backed by seeded rows, read the way the API reads
 * them. deposit_count is the number of paid deposits (GET /wallet/transactions), total_bet the sum of the stakes
 * (GET /wallet/bets, the ranking), and the balance what the ledger implies: paid deposits − withdrawals holding
 * their reserve − stakes + wins, never below zero along the way. The seeded history is dated before the
 * calendar month of the seed's `now`, so no limit period (deposit, loss) starts with anything used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDb } from './db/test-template';
import type { Db } from './db/types';
import { seed } from './seed';
import { DEMO_PLAYERS } from './seed-data/players';
import { depositsUsed, lossUsed } from './api/responsible-gaming';
import { TX_STATUS } from './pix/bank';
import { isVerified } from './api/documents';

const NOW = new Date('2026-11-26T15:00:00Z');
let db: Db;

beforeAll(async () => {
  db = await openMigratedDb();
  await seed(db, NOW);
});
afterAll(() => db.close());

interface Move {
  at: Date;
  delta: number;
  kind: string;
}

async function playerRows(email: string) {
  const [user] = await db.query<{
    id: number;
    total_bet: number;
    created_at: Date;
    balance: number;
    deposit_count: number;
  }>(
    'SELECT u.id, u.total_bet, u.created_at, w.balance, w.deposit_count FROM users u JOIN wallets w ON w.user_id = u.id WHERE u.email = $1',
    [email],
  );
  if (!user) throw new Error(`no seeded player ${email}`);
  const transactions = await db.query<{
    type: string;
    amount: number;
    status: number;
    created_at: Date;
    credited_at: Date | null;
  }>(
    'SELECT type, amount, status, created_at, credited_at FROM wallet_transactions WHERE user_id = $1 ORDER BY created_at, id',
    [user.id],
  );
  const bets = await db.query<{ bet_amount: number; win_amount: number; created_at: Date }>(
    'SELECT b.bet_amount, b.win_amount, b.created_at FROM bets b JOIN games g ON g.id = b.game_id WHERE b.user_id = $1 ORDER BY b.created_at, b.id',
    [user.id],
  );
  return { user, transactions, bets };
}

describe('the seed: counts match rows', () => {
  it('seeds a money history for every player who has deposited', () => {
    for (const p of DEMO_PLAYERS) expect(p.history.length > 0, p.email).toBe(p.depositCount > 0);
  });

  for (const p of DEMO_PLAYERS) {
    describe(p.email, () => {
      it('deposit_count is the number of paid deposits', async () => {
        const { user, transactions } = await playerRows(p.email);
        const paid = transactions.filter((t) => t.type === 'deposit' && t.status === TX_STATUS.approved);
        expect(user.deposit_count).toBe(p.depositCount);
        expect(paid).toHaveLength(user.deposit_count);
        for (const t of paid) expect(t.credited_at, 'a paid deposit is credited').not.toBeNull();
      });

      it('total_bet is the sum of the stakes of the bet history', async () => {
        const { user, bets } = await playerRows(p.email);
        expect(user.total_bet).toBe(p.totalBet);
        expect(bets.reduce((sum, b) => sum + b.bet_amount, 0)).toBe(user.total_bet);
      });

      it('the balance is what the ledger implies, never below zero along the way', async () => {
        const { user, transactions, bets } = await playerRows(p.email);
        const moves: Move[] = [
          ...transactions
            .filter((t) =>
              t.type === 'deposit'
                ? t.status === TX_STATUS.approved
                : t.status !== TX_STATUS.cancelled && t.status !== TX_STATUS.invalidKey,
            )
            .map((t) => ({ at: t.created_at, delta: t.type === 'deposit' ? t.amount : -t.amount, kind: t.type })),
          ...bets.flatMap((b) => [
            { at: b.created_at, delta: -b.bet_amount, kind: 'bet' },
            { at: b.created_at, delta: b.win_amount, kind: 'win' },
          ]),
        ].sort((a, b) => a.at.getTime() - b.at.getTime());
        let balance = 0;
        for (const move of moves) {
          balance += move.delta;
          expect(balance, `${move.kind} at ${move.at.toISOString()}`).toBeGreaterThanOrEqual(0);
        }
        expect(user.balance).toBe(p.balance);
        expect(balance).toBe(user.balance);
      });

      it('the history is dated after sign-up, in the past, before the limit periods', async () => {
        const { user, transactions, bets } = await playerRows(p.email);
        for (const row of [...transactions, ...bets]) {
          expect(row.created_at.getTime()).toBeGreaterThan(user.created_at.getTime());
          expect(row.created_at.getTime()).toBeLessThan(NOW.getTime());
        }
        expect(await depositsUsed(db, user.id, NOW)).toEqual({ day: 0, week: 0, month: 0 });
        expect(await lossUsed(db, user.id, NOW)).toEqual({ day: 0, week: 0, month: 0 });
      });

      it('is verified (personal data read-only) exactly when every document type is approved', async () => {
        const { user } = await playerRows(p.email);
        const [row] = await db.query<{ verified_at: Date | null }>(
          'SELECT identity_verified_at AS verified_at FROM users WHERE id = $1',
          [user.id],
        );
        expect(row?.verified_at !== null).toBe(await isVerified(db, user.id));
        expect(row?.verified_at !== null).toBe(p.documentsVerified === true);
      });
    });
  }
});
