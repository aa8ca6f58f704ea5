/**
 * The fictitious bet generator's draws (§9: "Fictitious bet generator interval 1500 ms; amounts 0.4-150 (60%)
 * or 500-50000 (40%). Names masked, showing the first 3 characters (4 for longer names)."), as pure functions of
 * a 32-bit seed: the same seed gives the same bet and the next seed, so the generator is deterministic in tests
 * and random in the app (which starts it from a random seed).
 *
 * What the spec leaves open, decided here:
 * - Amounts are in reais in §9 and integer centavos here. Within a band, log-uniform (as many bets between
 *   R$ 500 and R$ 5.000 as between R$ 5.000 and R$ 50.000: small bets are commoner, like real ones); low-band
 *   bets round to 10 centavos, high-band ones to whole reais, always within the band.
 * - The outcome: a loss (win 0) with probability `LOSS_PROBABILITY`; otherwise a multiplier with a crash-game
 *   tail, P(m ≥ x) ∝ 1/x, from `MIN_WIN_MULTIPLIER` to `MAX_WIN_MULTIPLIER`, two decimals.
 * - Game names come from the generator's input (the app may pass the brand's titles), else `FICTITIOUS_GAMES`.
 * - Player names from `FICTITIOUS_NAMES`, masked by `maskName` like the platform's.
 */
import type { ProcessedBet } from './bets-feed.types';
import { maskName } from './masking';
import { multiplierOf } from './pairing';
import { nextRandom, toSeed } from '../../shared/seeded-random';

/** §9. */
export const FICTITIOUS_BET_INTERVAL_MS = 1500;
/** §9: R$ 0,40 – R$ 150,00 with probability 0.6; R$ 500 – R$ 50.000 otherwise (centavos). */
export const LOW_BAND = { min: 40, max: 15_000, step: 10 } as const;
export const HIGH_BAND = { min: 50_000, max: 5_000_000, step: 100 } as const;
export const LOW_BAND_PROBABILITY = 0.6;
export const LOSS_PROBABILITY = 0.55;
export const MIN_WIN_MULTIPLIER = 1.1;
export const MAX_WIN_MULTIPLIER = 1000;

export const FICTITIOUS_GAMES: readonly string[] = [
  'Frutas da Sorte',
  'Tesouro Amazônico',
  'Carnaval Spins',
  'Roleta Ao Vivo',
  'Blackjack Copacabana',
  'Foguete 2x',
  'Aviãozinho',
  'Bacará Rio',
  'Pirâmide de Ouro',
  'Mega Pesca',
  'Dados da Sorte',
  'Touro Dourado 1000',
];

export const FICTITIOUS_NAMES: readonly string[] = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Elisa',
  'Felipe',
  'Gabriela',
  'Guilherme',
  'Helena',
  'Igor',
  'João',
  'Juliana',
  'Larissa',
  'Leonardo',
  'Lucas',
  'Mariana',
  'Matheus',
  'Natália',
  'Otávio',
  'Patrícia',
  'Pedro',
  'Rafael',
  'Rodrigo',
  'Sabrina',
  'Thiago',
  'Vinícius',
  'Beatriz',
  'Fernanda',
  'Letícia',
  'Caio',
];

export { nextRandom, toSeed };

/** `count` uniform draws in [0, 1) and the seed after them. */
export function draws(seed: number, count: number): [values: number[], next: number] {
  const values: number[] = [];
  let s = seed;
  for (let i = 0; i < count; i++) {
    const [v, n] = nextRandom(s);
    values.push(v);
    s = n;
  }
  return [values, s];
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** §9 amount (centavos) from two uniform draws: `band` picks the band, `at` the place in it (log-uniform). */
export function drawAmount(band: number, at: number): number {
  const { min, max, step } = band < LOW_BAND_PROBABILITY ? LOW_BAND : HIGH_BAND;
  const raw = min * (max / min) ** clamp(at, 0, 1);
  return clamp(Math.round(raw / step) * step, min, max);
}

/** The multiplier of the outcome from two uniform draws: 0 (a loss) or `MIN_WIN_MULTIPLIER`…`MAX_WIN_MULTIPLIER`. */
export function drawMultiplier(outcome: number, tail: number): number {
  if (outcome < LOSS_PROBABILITY) return 0;
  const m = 0.99 / (1 - clamp(tail, 0, 0.999999));
  return Math.round(clamp(m, MIN_WIN_MULTIPLIER, MAX_WIN_MULTIPLIER) * 100) / 100;
}

const pick = <T>(list: readonly T[], at: number): T =>
  list[Math.min(list.length - 1, Math.floor(at * list.length))] as T;

export interface FictitiousDraw {
  bet: ProcessedBet;
  /** The seed for the next draw. */
  seed: number;
}

/** One fictitious processed bet (§3 Processed bet), dated `dateMs`, and the next seed. Pure. */
export function drawFictitiousBet(
  seed: number,
  dateMs: number,
  games: readonly string[] = FICTITIOUS_GAMES,
): FictitiousDraw {
  const [[band, at, outcome, tail, game, name], next] = draws(toSeed(seed), 6);
  const betAmount = drawAmount(band ?? 0, at ?? 0);
  const multiplier = drawMultiplier(outcome ?? 0, tail ?? 0);
  const winAmount = Math.round(betAmount * multiplier);
  const date = new Date(Number.isFinite(dateMs) ? dateMs : 0);
  return {
    bet: {
      transaction: `fictitious-${next.toString(36)}`,
      game: pick(games.length > 0 ? games : FICTITIOUS_GAMES, game ?? 0),
      user: maskName(pick(FICTITIOUS_NAMES, name ?? 0)),
      bet_amount: betAmount,
      win_amount: winAmount,
      multiplier: multiplierOf(betAmount, winAmount),
      date: date.toISOString(),
      fictitious: true,
    },
    seed: next,
  };
}
