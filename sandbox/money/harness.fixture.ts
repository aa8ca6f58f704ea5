/**
 * Tests only: a player's money paths driven as the app and a game provider drive them, through the sandbox's real
 * HTTP (the player API and the signed seamless wallet), on PGlite or, in the `postgres` project, PostgreSQL.
 */
import { expect } from 'vitest';
import { createGameSession } from '../api/game-sessions';
import { WALLET_PREFIX } from '../api/provider-wallet';
import {
  bearer,
  createTestApi,
  markProfileChosen,
  TEST_CONFIG,
  type TestApi,
  REGISTRATION_DEFAULTS,
} from '../api/test-support';
import { providerOf } from '../config';
import { completeCpf } from '../../shared/cpf';
import { payDeposit, type PayResult } from '../pix/bank';
import { signBody } from '../provider/signature';
import { balancesOf } from './ledger';
import { describeViolations, ledgerInvariant } from './invariant';

const SECRET = providerOf(TEST_CONFIG).secret;

export interface Player {
  id: number;
  token: string;
  host: string;
  cpf: string;
}

export interface WalletAnswer {
  status: number;
  body: { status: 'OK' | 'ERROR'; code?: string; balance?: number; bonus_balance?: number } & Record<string, unknown>;
}

export interface GameSession {
  token: string;
  gameCode: string;
  /** A signed wallet call of this session (the provider's). */
  call(operation: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>): Promise<WalletAnswer>;
}

/** A valid CPF made from a number (its two check digits computed). */
export const cpfOf = (n: number): string => completeCpf(String(271_828_000 + n).slice(-9));

export interface MoneyHarness {
  api: TestApi;
  /** A new player of the brand on `host` (azul.localhost: unregulated, with bonuses; localhost: regulated). */
  register(host?: string): Promise<Player>;
  /** POST /main-gateway/qrcode-pix: a pix code (status 201 with its id) or a refusal. */
  deposit(p: Player, amount: number, coupon?: string): Promise<{ status: number; id: number | null; body: unknown }>;
  /** The bank pays a deposit (the QA panel's "Pagar"). */
  pay(id: number): Promise<PayResult>;
  /** A pending pix code paid: the deposit's cash (and its coupon's bonus) credited. */
  fund(p: Player, amount: number, coupon?: string): Promise<PayResult>;
  /** POST /wallet/withdraw/request to the player's own CPF key. */
  withdraw(p: Player, amount: number): Promise<{ status: number; id: number | null; body: unknown }>;
  cancelWithdrawal(p: Player, id: number): Promise<number>;
  /** A launched game session (POST /games/url's token, authenticated by the provider). */
  session(p: Player, gameCode?: string): Promise<GameSession>;
  balances(p: Player): Promise<{ cash: number; bonus: number }>;
  /** The ledger invariant holds (for these players, or everyone): fails the test with what broke. */
  expectInvariant(players?: readonly Player[]): Promise<void>;
  close(): Promise<void>;
}

let serial = 0;

export async function createMoneyHarness(options: Parameters<typeof createTestApi>[0] = {}): Promise<MoneyHarness> {
  const api = await createTestApi(options);
  const now = () => options.now?.() ?? new Date();
  const post = (p: Player, url: string, payload: unknown) =>
    api.app.inject({ method: 'POST', url, headers: { host: p.host, ...bearer(p.token) }, payload: payload as object });

  const harness: MoneyHarness = {
    api,
    async register(host = 'azul.localhost') {
      serial += 1;
      const n = (process.pid % 1000) * 10_000 + serial;
      const cpf = cpfOf(n);
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { host },
        payload: {
          name: 'Teste',
          surname: 'Dinheiro',
          email: `dinheiro${n}@exemplo.test`,
          phone: `(11) 9${String(3000_0000 + n).slice(-8)}`,
          ...REGISTRATION_DEFAULTS,
          cpf,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      // A regulated brand's new player chooses gender and limits first (Portaria SPA/MF 2.579/2025): chosen here,
      // with no limit, so the money paths are what is tested.
      await markProfileChosen(api.db, `dinheiro${n}@exemplo.test`);
      const body = res.json() as { token: string; data: { id: number } };
      return { id: body.data.id, token: body.token, host, cpf };
    },
    async deposit(p, amount, coupon) {
      const res = await post(p, '/api/main-gateway/qrcode-pix', coupon === undefined ? { amount } : { amount, coupon });
      const body = res.json() as { data?: { id: number } };
      return { status: res.statusCode, id: body.data?.id ?? null, body };
    },
    pay: (id) => payDeposit(api.db, id, now()),
    async fund(p, amount, coupon) {
      const made = await harness.deposit(p, amount, coupon);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return harness.pay(made.id as number);
    },
    async withdraw(p, amount) {
      const key = await post(p, '/api/address/create', { type: 'cpf', key: p.cpf });
      expect([200, 201], key.body).toContain(key.statusCode);
      const addressId = (key.json() as { data: { id: number } }).data.id;
      const res = await post(p, '/api/wallet/withdraw/request', { amount, address_id: addressId, method_id: 1 });
      const body = res.json() as { data?: { id: number } };
      return { status: res.statusCode, id: body.data?.id ?? null, body };
    },
    async cancelWithdrawal(p, id) {
      return (await post(p, '/api/main-gateway/user-cancel-withdrawal', { id })).statusCode;
    },
    async session(p, gameCode) {
      const [game] = await api.db.query<{ id: number; gamecode: string }>(
        gameCode
          ? 'SELECT id, gamecode FROM games WHERE gamecode = $1'
          : "SELECT id, gamecode FROM games WHERE in_lobby AND category_slug = 'slots' ORDER BY id LIMIT 1",
        gameCode ? [gameCode] : [],
      );
      if (!game) throw new Error(`no game ${gameCode ?? '(a slot)'}`);
      const [brand] = await api.db.query<{ brand_id: number }>('SELECT brand_id FROM users WHERE id = $1', [p.id]);
      const { token } = await createGameSession(api.db, {
        userId: p.id,
        brandId: brand?.brand_id ?? 1,
        gameId: game.id,
        origin: null,
        now: now(),
      });
      const signed = async (operation: string, body: Record<string, unknown>): Promise<WalletAnswer> => {
        const raw = JSON.stringify(body);
        const res = await api.app.inject({
          method: 'POST',
          url: `${WALLET_PREFIX}/${operation}`,
          headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) },
          payload: raw,
        });
        return { status: res.statusCode, body: res.json() as WalletAnswer['body'] };
      };
      const auth = await signed('authenticate', { session_token: token, game_code: game.gamecode });
      expect(auth.body.status, JSON.stringify(auth.body)).toBe('OK');
      return {
        token,
        gameCode: game.gamecode,
        call: (operation, body) =>
          signed(operation, { session_token: token, game_code: game.gamecode, currency: 'BRL', ...body }),
      };
    },
    async balances(p) {
      const b = await balancesOf(api.db, p.id);
      return { cash: b.cash, bonus: b.bonus };
    },
    async expectInvariant(players) {
      const report = await ledgerInvariant(
        api.db,
        players?.map((p) => p.id),
      );
      expect(report.violations, describeViolations(report)).toEqual([]);
    },
    close: () => api.close(),
  };
  return harness;
}
