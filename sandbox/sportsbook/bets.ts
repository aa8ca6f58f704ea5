/**
 * The sportsbook's bets, on the provider's side: placing a slip debits the stake through the operator's seamless
 * wallet (once: the page's bet id is the idempotency key here, the transaction id there), a won settlement
 * credits the potential win, a lost one moves nothing (a credit of 0 closes the round), a void one rolls the
 * debit back. Settling is claimed with
 * one conditional update, so settling twice (or two QA clicks at once) moves money once.
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import { combinedOdds, fixtureAt, payoutOf, type Fixture, type Pick } from './matches';
import type { ProviderWalletClient, WalletReply } from '../provider/wallet-client';
import { STAKE_REFUSALS } from '../provider/rounds';

/** The game code of the sportsbook in wallet calls (and in the operator's catalogue). */
export const SPORTSBOOK_GAME_CODE = 'sandbox-sportsbook';
export const MIN_STAKE = 100;
export const MAX_STAKE = 1_000_000;
export const MAX_SELECTIONS = 12;
/** The most a slip may win (centavos): a multiple's stake is lowered in the slip, never cut after the fact. */
export const MAX_WIN = 50_000_000;

export type BetKind = 'single' | 'multiple';
export type BetStatus = 'placing' | 'open' | 'refused' | 'settling' | 'won' | 'lost' | 'void';
export type Outcome = 'won' | 'lost' | 'void';

export interface Selection {
  fixture_id: string;
  league: string;
  home: string;
  away: string;
  kickoff: string;
  pick: Pick;
  odds: number;
}

export interface SportsBetRow {
  id: number;
  client_bet_id: string;
  fingerprint: string;
  user_id: number;
  session_hash: string;
  kind: BetKind;
  selections: Selection[];
  stake: number;
  odds: number;
  potential_win: number;
  status: BetStatus;
  error_code: string | null;
  debit_tx: string;
  settle_tx: string | null;
  balance_after: number | null;
  created_at: Date;
  settled_at: Date | null;
}

/** The sportsbook page's session (provider side): who, for which brand, and the wallet token to sign with. */
export interface SportsbookSession {
  id_hash: string;
  game_token: string;
  user_id: number;
  origin: string | null;
  expires_at: Date;
}

export interface BetsDeps {
  db: Db;
  now: () => Date;
  /** The operator's seamless wallet (signed HTTP); it publishes BetPlaced and BalanceUpdated itself. */
  wallet: ProviderWalletClient;
}

export interface PlaceInput {
  bet_id: string;
  kind: BetKind;
  stake: number;
  selections: { fixture_id: string; pick: Pick; odds: number }[];
}

/** What the page is told about a bet. */
export interface BetView {
  id: number;
  bet_id: string;
  kind: BetKind;
  status: BetStatus;
  stake: number;
  odds: number;
  potential_win: number;
  selections: Selection[];
  created_at: string;
  settled_at: string | null;
}

export type PlaceAnswer =
  | { ok: true; status: 200 | 201; bet: BetView; balance: number | null }
  | { ok: false; status: number; code: string; message: string; balance?: number | null; fixtures?: Fixture[] };

export const toBetView = (row: SportsBetRow): BetView => ({
  id: Number(row.id),
  bet_id: row.client_bet_id,
  kind: row.kind,
  status: row.status,
  stake: Number(row.stake),
  odds: row.odds,
  potential_win: Number(row.potential_win),
  selections: row.selections,
  created_at: row.created_at.toISOString(),
  settled_at: row.settled_at?.toISOString() ?? null,
});

const BET_ID = /^[A-Za-z0-9-]{8,64}$/;
const PICKS: readonly string[] = ['1', 'X', '2'];

const refuse = (status: number, code: string, message: string, extra: Partial<PlaceAnswer> = {}): PlaceAnswer =>
  ({ ok: false, status, code, message, ...extra }) as PlaceAnswer;

/** Shape and limits of a slip; a message per problem (pt-BR, the page shows it). */
export function checkPlaceInput(body: unknown): PlaceInput | string {
  if (!body || typeof body !== 'object') return 'Aposta inválida.';
  const b = body as Record<string, unknown>;
  if (typeof b.bet_id !== 'string' || !BET_ID.test(b.bet_id)) return 'Identificador de aposta inválido.';
  if (b.kind !== 'single' && b.kind !== 'multiple') return 'Tipo de aposta inválido.';
  if (typeof b.stake !== 'number' || !Number.isSafeInteger(b.stake)) return 'Valor inválido.';
  if (b.stake < MIN_STAKE || b.stake > MAX_STAKE) return 'O valor da aposta deve estar entre R$ 1,00 e R$ 10.000,00.';
  if (!Array.isArray(b.selections) || b.selections.length === 0 || b.selections.length > MAX_SELECTIONS) {
    return 'Seleções inválidas.';
  }
  const selections: PlaceInput['selections'] = [];
  for (const s of b.selections as unknown[]) {
    const sel = (s ?? {}) as Record<string, unknown>;
    if (typeof sel.fixture_id !== 'string' || sel.fixture_id.length > 80) return 'Seleção inválida.';
    if (typeof sel.pick !== 'string' || !PICKS.includes(sel.pick)) return 'Seleção inválida.';
    if (typeof sel.odds !== 'number' || !Number.isInteger(sel.odds) || sel.odds < 101 || sel.odds > 100_000) {
      return 'Odd inválida.';
    }
    selections.push({ fixture_id: sel.fixture_id, pick: sel.pick as Pick, odds: sel.odds });
  }
  if (b.kind === 'single' && selections.length !== 1) return 'Uma aposta simples tem uma seleção.';
  if (b.kind === 'multiple') {
    if (selections.length < 2) return 'Uma múltipla tem pelo menos duas seleções.';
    if (new Set(selections.map((s) => s.fixture_id)).size !== selections.length) {
      return 'Uma múltipla não combina duas seleções do mesmo jogo.';
    }
  }
  return { bet_id: b.bet_id, kind: b.kind, stake: b.stake, selections };
}

function fingerprintOf(input: PlaceInput): string {
  const canonical = JSON.stringify([
    input.kind,
    input.stake,
    input.selections.map((s) => [s.fixture_id, s.pick, s.odds]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

const roundIdOf = (id: number) => `sb-${id}`;

async function findByClientId(db: Queryable, clientBetId: string): Promise<SportsBetRow | null> {
  const [row] = await db.query<SportsBetRow>('SELECT * FROM sports_bets WHERE client_bet_id = $1', [clientBetId]);
  return row ?? null;
}

export async function findBet(db: Queryable, id: number): Promise<SportsBetRow | null> {
  const [row] = await db.query<SportsBetRow>('SELECT * FROM sports_bets WHERE id = $1', [id]);
  return row ?? null;
}

/** The answer a bet already placed (or refused) gets again on a retry of the same id. */
function replay(row: SportsBetRow, session: SportsbookSession, fingerprint: string): PlaceAnswer {
  if (row.user_id !== session.user_id || row.fingerprint !== fingerprint) {
    return refuse(409, 'BET_ID_REUSED', 'Este identificador de aposta já foi usado para outra aposta.');
  }
  if (row.status === 'placing') return refuse(409, 'IN_PROGRESS', 'Esta aposta ainda está sendo registrada.');
  if (row.status === 'refused') {
    const code = row.error_code ?? 'REFUSED';
    return refuse(STAKE_REFUSALS.has(code) ? 402 : 502, code, refusalText(code), {
      balance: row.balance_after === null ? null : Number(row.balance_after),
    });
  }
  return {
    ok: true,
    status: 200,
    bet: toBetView(row),
    balance: row.balance_after === null ? null : Number(row.balance_after),
  };
}

function refusalText(code: string | null): string {
  if (code === 'INSUFFICIENT_FUNDS') return 'Saldo insuficiente para esta aposta.';
  if (code === 'LOSS_LIMIT_REACHED') return 'Esta aposta passaria do seu limite de perda (jogo responsável).';
  if (code === 'SELF_EXCLUDED' || code === 'SESSION_EXPIRED' || code === 'INVALID_SESSION') {
    return 'Sua sessão de jogo terminou. Abra as apostas esportivas de novo pelo site.';
  }
  return 'A carteira do cassino não aceitou a aposta. Tente de novo.';
}

/** Places a slip: checks it against the card at `now`, records it, debits the stake once. */
export async function placeBet(deps: BetsDeps, session: SportsbookSession, body: unknown): Promise<PlaceAnswer> {
  const input = checkPlaceInput(body);
  if (typeof input === 'string') return refuse(422, 'INVALID', input);
  const fingerprint = fingerprintOf(input);
  const existing = await findByClientId(deps.db, input.bet_id);
  if (existing) return replay(existing, session, fingerprint);

  const now = deps.now();
  const selections: Selection[] = [];
  const changed: Fixture[] = [];
  for (const s of input.selections) {
    const fixture = fixtureAt(s.fixture_id, now);
    if (!fixture || !fixture.odds) {
      return refuse(409, 'MARKET_CLOSED', 'Um dos jogos do boletim não aceita mais apostas.', {
        fixtures: fixture ? [fixture] : [],
      });
    }
    const odds = fixture.odds[s.pick];
    if (odds !== s.odds) changed.push(fixture);
    selections.push({
      fixture_id: fixture.id,
      league: fixture.leagueName,
      home: fixture.home,
      away: fixture.away,
      kickoff: fixture.kickoff,
      pick: s.pick,
      odds,
    });
  }
  if (changed.length > 0) {
    return refuse(409, 'ODDS_CHANGED', 'As odds mudaram. Confira o boletim e aposte de novo.', { fixtures: changed });
  }
  const odds = selections.map((s) => s.odds);
  const potentialWin = payoutOf(input.stake, odds);
  if (potentialWin > MAX_WIN) return refuse(422, 'MAX_WIN', 'O ganho possível passa do limite de R$ 500.000,00.');

  const [inserted] = await deps.db.query<SportsBetRow>(
    `INSERT INTO sports_bets (client_bet_id, fingerprint, user_id, session_hash, kind, selections, stake, odds,
                              potential_win, status, debit_tx, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, 'placing', 'sb-pending-' || $1, $10)
     ON CONFLICT (client_bet_id) DO NOTHING RETURNING *`,
    [
      input.bet_id,
      fingerprint,
      session.user_id,
      session.id_hash,
      input.kind,
      JSON.stringify(selections),
      input.stake,
      combinedOdds(odds),
      potentialWin,
      now,
    ],
  );
  if (!inserted) {
    // Another request with the same id won the insert a moment ago.
    const row = await findByClientId(deps.db, input.bet_id);
    return row ? replay(row, session, fingerprint) : refuse(409, 'IN_PROGRESS', 'Tente de novo.');
  }
  const id = Number(inserted.id);
  const debitTx = `${roundIdOf(id)}-bet`;
  await deps.db.query('UPDATE sports_bets SET debit_tx = $2 WHERE id = $1', [id, debitTx]);

  const result = await deps.wallet.call('debit', {
    ...move(session.game_token, id, input.stake),
    transaction_id: debitTx,
  });
  if (result.ok) {
    const [row] = await deps.db.query<SportsBetRow>(
      `UPDATE sports_bets SET status = 'open', balance_after = $2 WHERE id = $1 RETURNING *`,
      [id, result.balance],
    );
    return { ok: true, status: 201, bet: toBetView(row as SportsBetRow), balance: result.balance };
  }
  // The debit's fate is unknown (no answer, or a server error): cancel it, so no stake is held for a bet
  // the player was told failed. The wallet refuses a rollback of a debit it never recorded, and says so.
  if (!result.ok && result.transient) await deps.wallet.call('rollback', rollbackOf(session.game_token, id, debitTx));
  await deps.db.query(`UPDATE sports_bets SET status = 'refused', error_code = $2, balance_after = $3 WHERE id = $1`, [
    id,
    result.code,
    result.balance,
  ]);
  return refuse(STAKE_REFUSALS.has(result.code) ? 402 : 502, result.code, refusalText(result.code), {
    balance: result.balance,
  });
}

/** The fields every money call of bet `id` carries. */
function move(token: string, id: number, amount: number) {
  return { session_token: token, round_id: roundIdOf(id), game_code: SPORTSBOOK_GAME_CODE, amount, currency: 'BRL' };
}

/** Cancels the bet's debit: a transaction of its own that names the debit it refunds. */
function rollbackOf(token: string, id: number, debitTx: string) {
  return {
    session_token: token,
    transaction_id: `${roundIdOf(id)}-void`,
    reference_transaction_id: debitTx,
    round_id: roundIdOf(id),
    game_code: SPORTSBOOK_GAME_CODE,
    currency: 'BRL',
  };
}

export type SettleAnswer =
  | { ok: true; changed: boolean; bet: SportsBetRow; balance: number | null }
  | { ok: false; code: string; message: string; bet?: SportsBetRow };

/**
 * Settles an open bet: won credits `potential_win`, lost moves nothing, void rolls the stake back. A bet that is
 * not open (settled already, or being settled) changes nothing. A wallet failure leaves the bet open, so QA can
 * settle it again: the transaction id is the same, and the wallet applies it once.
 */
export async function settleBet(deps: BetsDeps, betId: number, outcome: Outcome): Promise<SettleAnswer> {
  const [claimed] = await deps.db.query<SportsBetRow>(
    `UPDATE sports_bets SET status = 'settling' WHERE id = $1 AND status = 'open' RETURNING *`,
    [betId],
  );
  if (!claimed) {
    const bet = await findBet(deps.db, betId);
    if (!bet) return { ok: false, code: 'NOT_FOUND', message: `Aposta ${betId} não encontrada.` };
    return { ok: true, changed: false, bet, balance: bet.balance_after === null ? null : Number(bet.balance_after) };
  }
  const [session] = await deps.db.query<{ game_token: string }>(
    'SELECT game_token FROM sportsbook_sessions WHERE id_hash = $1',
    [claimed.session_hash],
  );
  const id = Number(claimed.id);
  let result: WalletReply | null = null;
  let settleTx: string | null = null;
  if (session && outcome === 'void') {
    settleTx = `${roundIdOf(id)}-void`;
    result = await deps.wallet.call('rollback', rollbackOf(session.game_token, id, claimed.debit_tx));
  } else if (session) {
    // A win credits the potential win; a loss credits 0: no money moves, and the operator's round is closed
    // (its live feed pairs every bet with a win, 0 on a loss).
    settleTx = `${roundIdOf(id)}-win`;
    result = await deps.wallet.call('credit', {
      ...move(session.game_token, id, outcome === 'won' ? Number(claimed.potential_win) : 0),
      transaction_id: settleTx,
    });
  }
  if (!result || !result.ok) {
    const code = result && !result.ok ? result.code : 'NO_SESSION';
    await deps.db.query(`UPDATE sports_bets SET status = 'open', error_code = $2 WHERE id = $1`, [id, code]);
    return { ok: false, code, message: `A carteira recusou a liquidação (${code}); a aposta continua aberta.` };
  }
  const [bet] = await deps.db.query<SportsBetRow>(
    `UPDATE sports_bets SET status = $2, settled_at = $3, settle_tx = $4, error_code = NULL, balance_after = $5
      WHERE id = $1 RETURNING *`,
    [id, outcome, deps.now(), settleTx, result.balance],
  );
  return { ok: true, changed: true, bet: bet as SportsBetRow, balance: result.balance };
}

/** Open bets first, then the latest settled ones, of one player. */
export async function betsOfPlayer(db: Queryable, userId: number, limit = 30): Promise<SportsBetRow[]> {
  return db.query<SportsBetRow>(
    `SELECT * FROM sports_bets WHERE user_id = $1 AND status <> 'placing'
      ORDER BY (status IN ('open', 'settling')) DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
}
