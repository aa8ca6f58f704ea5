/**
 * The sandbox provider's games, provably fair: a round's outcome is a pure function of
 * HMAC-SHA256(server_seed, `${client_seed}:${nonce}`). The provider shows SHA-256(server_seed) before the round
 * and reveals server_seed after it, so anyone can recompute the round (`outcomeOf`) and check the seed against
 * the hash shown. Amounts are integer centavos.
 *
 * - slot: 5 reels × 3 rows, 10 paylines, wins left to right from 3 of a kind, WILD substitutes. Two paytables on
 *   the same reels: `standard` (return to player 92.59%) and `reduced` (under the 85% minimum of Portaria SPA/MF
 *   1.207/2024; only an unregulated brand may serve it). The RTP is computed exactly from the reels and the
 *   paytable (`slotRtpBp`), never typed in. Reel r stops at the big-endian uint32 of bytes 4r..4r+3 of the hash, modulo the strip
 *   length.
 * - crash: the multiplier (in hundredths) is max(100, floor(99 · 2^52 / (2^52 − h))) where h is the first 52 bits
 *   of the hash (P(crash ≥ m) = 0.99 / m: a 1% edge), capped at 1000×. The player sets an automatic cash-out
 *   before the round; the bet pays bet · target when the crash point reaches it.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export type Engine = 'slot' | 'crash';

/** Which engine plays a catalogue game, by its category: crash, table and live games are crash rounds. */
export function engineOf(categorySlug: string): Engine {
  return ['crash', 'table', 'live', 'roulette'].includes(categorySlug) ? 'crash' : 'slot';
}

export const newServerSeed = () => randomBytes(32).toString('hex');
export const hashSeed = (serverSeed: string) => createHash('sha256').update(serverSeed).digest('hex');
export const newClientSeed = () => randomBytes(8).toString('hex');

export function roundHash(serverSeed: string, clientSeed: string, nonce: number): Buffer {
  return createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
}

/** Bets offered by both games (centavos): R$ 1 to R$ 50. Each is a multiple of 10 (10 paylines). */
export const BET_OPTIONS = [100, 200, 500, 1000, 2000, 5000] as const;

// ------------------------------------------------------------------------------------------------- slot

export const SYMBOLS = ['cherry', 'lemon', 'plum', 'bell', 'bar', 'star', 'seven', 'wild'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

/** Line bet multipliers for 3, 4 and 5 of a kind. */
export type Paytable = Record<SlotSymbol, [number, number, number]>;
export type PaytableName = 'standard' | 'reduced';

/** The standard paytable (RTP 92.59%). */
export const PAYTABLE: Paytable = {
  cherry: [6, 15, 50],
  lemon: [6, 18, 55],
  plum: [10, 25, 80],
  bell: [15, 40, 120],
  bar: [25, 60, 200],
  star: [30, 100, 300],
  seven: [60, 200, 800],
  wild: [100, 300, 1500],
};

/** The reduced paytable (RTP under 85%): a game a regulated brand may not offer (Portaria SPA/MF 1.207/2024). */
export const REDUCED_PAYTABLE: Paytable = {
  cherry: [5, 12, 40],
  lemon: [5, 15, 45],
  plum: [8, 20, 65],
  bell: [12, 32, 100],
  bar: [20, 50, 160],
  star: [25, 80, 250],
  seven: [50, 160, 650],
  wild: [80, 250, 1200],
};

export const PAYTABLES: Record<PaytableName, Paytable> = { standard: PAYTABLE, reduced: REDUCED_PAYTABLE };

const strip = (counts: Partial<Record<SlotSymbol, number>>): SlotSymbol[] => {
  // Interleaved so equal symbols rarely sit next to each other: a deterministic riffle of the counts.
  const pool = Object.entries(counts).flatMap(([s, n]) => Array.from({ length: n }, () => s as SlotSymbol));
  const out: SlotSymbol[] = [];
  for (let step = 0; pool.length > 0; step = (step + 7) % 97) out.push(...pool.splice(step % pool.length, 1));
  return out;
};

/** The five reel strips (the same for every slot game of the sandbox). */
export const REELS: SlotSymbol[][] = [0, 1, 2, 3, 4].map((r) =>
  strip({ cherry: 7, lemon: 7, plum: 6, bell: 5, bar: 4, star: 3, seven: 2, wild: r === 0 ? 1 : 2 }),
);

/** Row (0 top … 2 bottom) of each reel, per payline. */
export const PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
];

/** Reels as columns: grid[reel][row]. */
export type Grid = SlotSymbol[][];

export interface LineWin {
  line: number; // 1-based payline number
  symbol: SlotSymbol;
  count: number;
  win: number; // centavos
}

export interface SlotOutcome {
  engine: 'slot';
  stops: number[];
  grid: Grid;
  lines: LineWin[];
  win: number;
}

export function slotStops(hash: Buffer): number[] {
  return REELS.map((reel, r) => hash.readUInt32BE(r * 4) % reel.length);
}

export function gridOf(stops: number[]): Grid {
  return REELS.map((reel, r) => [0, 1, 2].map((row) => reel[((stops[r] ?? 0) + row) % reel.length] as SlotSymbol));
}

/** Line wins of a grid for a total bet (10 lines: the line bet is bet / 10). */
export function evaluateSlot(
  grid: Grid,
  bet: number,
  paytable: Paytable = PAYTABLE,
): { lines: LineWin[]; win: number } {
  const lineBet = Math.floor(bet / PAYLINES.length);
  const lines: LineWin[] = [];
  PAYLINES.forEach((rows, index) => {
    const symbols = rows.map((row, reel) => grid[reel]?.[row] as SlotSymbol);
    const symbol = symbols.find((s) => s !== 'wild') ?? 'wild';
    let count = 0;
    while (count < symbols.length && (symbols[count] === symbol || symbols[count] === 'wild')) count++;
    if (count >= 3) lines.push({ line: index + 1, symbol, count, win: lineBet * (paytable[symbol][count - 3] ?? 0) });
  });
  return { lines, win: lines.reduce((sum, l) => sum + l.win, 0) };
}

export function spinSlot(hash: Buffer, bet: number, paytable: Paytable = PAYTABLE): SlotOutcome {
  const stops = slotStops(hash);
  const grid = gridOf(stops);
  return { engine: 'slot', stops, grid, ...evaluateSlot(grid, bet, paytable) };
}

/**
 * The slot's return to player in basis points (9259 = 92.59%), rounded down, computed exactly: every line pays
 * on its own, and each reel shows a line's symbol with the frequency it has on its strip, so the RTP is the
 * expected line multiplier over the 8^5 symbol combinations weighted by their strip counts.
 */
export function slotRtpBp(paytable: Paytable): number {
  const counts = REELS.map((reel) => SYMBOLS.map((s) => reel.filter((x) => x === s).length));
  const total = REELS.reduce((n, reel) => n * reel.length, 1);
  let paid = 0; // Σ weight × multiplier, in whole numbers
  const walk = (reel: number, symbols: SlotSymbol[], weight: number) => {
    if (reel === REELS.length) {
      const symbol = symbols.find((s) => s !== 'wild') ?? 'wild';
      let count = 0;
      while (count < symbols.length && (symbols[count] === symbol || symbols[count] === 'wild')) count++;
      if (count >= 3) paid += weight * (paytable[symbol][count - 3] ?? 0);
      return;
    }
    SYMBOLS.forEach((s, i) => {
      const n = counts[reel]?.[i] ?? 0;
      if (n > 0) walk(reel + 1, [...symbols, s], weight * n);
    });
  };
  walk(0, [], 1);
  return Math.floor((paid * 10_000) / total);
}

export type ForcedOutcome = 'lose' | 'small' | 'big';

/**
 * QA's forced outcomes (the panel): hand-made grids, evaluated like any other. Reels 1 and 2 of `lose` share
 * no symbol and hold no WILD, so no line can pay; `small` pays 3 BELL on the middle line (1.5× the bet); `big`
 * pays 5 SEVEN on the middle line (80× the bet).
 */
const FORCED_GRIDS: Record<ForcedOutcome, Grid> = {
  lose: [
    ['cherry', 'lemon', 'plum'],
    ['bell', 'bar', 'star'],
    ['cherry', 'seven', 'plum'],
    ['lemon', 'bar', 'star'],
    ['seven', 'cherry', 'bell'],
  ],
  small: [
    ['lemon', 'bell', 'plum'],
    ['cherry', 'bell', 'star'],
    ['plum', 'bell', 'lemon'],
    ['star', 'bar', 'cherry'],
    ['seven', 'lemon', 'plum'],
  ],
  big: [
    ['lemon', 'seven', 'plum'],
    ['cherry', 'seven', 'star'],
    ['plum', 'seven', 'lemon'],
    ['bell', 'seven', 'cherry'],
    ['bar', 'seven', 'bell'],
  ],
};

export function forcedSlot(kind: ForcedOutcome, bet: number, paytable: Paytable = PAYTABLE): SlotOutcome {
  const grid = FORCED_GRIDS[kind].map((column) => [...column]);
  return { engine: 'slot', stops: [], grid, ...evaluateSlot(grid, bet, paytable) };
}

// ------------------------------------------------------------------------------------------------ crash

export const CRASH_TARGET_MIN = 101; // 1.01×
export const CRASH_TARGET_MAX = 10_000; // 100×
const CRASH_CAP = 100_000; // 1000×
/** The crash game's return to player: P(crash ≥ m) = 0.99 / m, so every cash-out target returns 99% (basis points). */
export const CRASH_RTP_BP = 9_900;
const TWO_52 = 2 ** 52;

export interface CrashOutcome {
  engine: 'crash';
  /** Crash point in hundredths (250 = 2.50×). */
  crash: number;
  /** The player's automatic cash-out, in hundredths. */
  target: number;
  win: number;
}

export function crashPoint(hash: Buffer): number {
  const h = parseInt(hash.subarray(0, 7).toString('hex').slice(0, 13), 16);
  return Math.min(CRASH_CAP, Math.max(100, Math.floor((99 * TWO_52) / (TWO_52 - h))));
}

export function playCrash(hash: Buffer, bet: number, target: number): CrashOutcome {
  const crash = crashPoint(hash);
  return { engine: 'crash', crash, target, win: crash >= target ? Math.floor((bet * target) / 100) : 0 };
}

// ----------------------------------------------------------------------------------------------- rounds

export type Outcome = SlotOutcome | CrashOutcome;

export interface FairInput {
  engine: Engine;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  bet: number;
  /** crash: the automatic cash-out in hundredths. */
  target?: number;
  /** slot: the game's paytable (default `standard`). */
  paytable?: PaytableName;
}

/** The outcome a round's seeds give (what a player or a test recomputes). */
export function outcomeOf(input: FairInput): Outcome {
  const hash = roundHash(input.serverSeed, input.clientSeed, input.nonce);
  return input.engine === 'slot'
    ? spinSlot(hash, input.bet, PAYTABLES[input.paytable ?? 'standard'])
    : playCrash(hash, input.bet, input.target ?? CRASH_TARGET_MIN);
}

// ------------------------------------------------------------------------------------------------- RTP

/** Portaria SPA/MF 1.207/2024: a game offered on a regulated brand returns at least 85% (basis points). */
export { MIN_RTP_BP } from '../../shared/rtp';

/** Every RTP the sandbox's engines have, with the paytable that gives it (the catalogue's `rtp_bp` is one). */
let slotOptions: { rtpBp: number; paytable: PaytableName }[] | null = null;
export function rtpOptions(engine: Engine): { rtpBp: number; paytable: PaytableName }[] {
  if (engine === 'crash') return [{ rtpBp: CRASH_RTP_BP, paytable: 'standard' }];
  slotOptions ??= (Object.keys(PAYTABLES) as PaytableName[]).map((paytable) => ({
    rtpBp: slotRtpBp(PAYTABLES[paytable]),
    paytable,
  }));
  return slotOptions;
}

/** The paytable of a game from its declared RTP, or null when no engine of the sandbox returns it. */
export function paytableOf(engine: Engine, rtpBp: number): PaytableName | null {
  return rtpOptions(engine).find((o) => o.rtpBp === rtpBp)?.paytable ?? null;
}
