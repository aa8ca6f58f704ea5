/**
 * Demo fixtures of the sandbox sportsbook: the Brasileirão Série A and a few international leagues, generated
 * deterministically from the time alone, so the same `now` always gives the same card and a match keeps its id,
 * teams, kick-off and goals for as long as it is on the card (a bet placed on it can be checked again later).
 *
 * Time is cut into 3-hour windows (UTC). Each window holds four or five matches kicking off at fixed offsets
 * inside it; which teams play is a round of a round robin per league and day (`roundOf`), so a team plays once
 * a day, about a day apart. The card shows what kicked off up to 110 minutes ago (live: minute and score)
 * and what kicks off in the next 24 hours. A match's goals are drawn from its id; live odds come from the score
 * and the time left (Poisson model), pre-match odds from the teams' ratings, both with a bookmaker's margin.
 * Odds are decimal, in integer hundredths (2.35 is 235).
 */
import { SAO_PAULO } from '../../shared/sao-paulo';
import { fnv1a, seededRandom } from '../../shared/seeded-random';

export type LeagueId = 'brasileirao' | 'premier-league' | 'la-liga' | 'champions-league';
export type Pick = '1' | 'X' | '2';
export type FixtureStatus = 'live' | 'soon' | 'today' | 'tomorrow' | 'later';

export interface League {
  id: LeagueId;
  name: string;
  country: string;
  /** [team, rating 0–100] */
  teams: readonly (readonly [string, number])[];
  /** Matches a day (pairs of the day's shuffle); at most teams/2. */
  perDay: number;
}

export interface Fixture {
  id: string;
  league: LeagueId;
  leagueName: string;
  home: string;
  away: string;
  kickoff: string;
  status: FixtureStatus;
  /** Live matches: the minute (1–90) and the score; betting closes at minute 85. */
  minute: number | null;
  score: { home: number; away: number } | null;
  /** Decimal odds in hundredths, or null when the market is closed. */
  odds: Record<Pick, number> | null;
}

export const LEAGUES: readonly League[] = [
  {
    id: 'brasileirao',
    name: 'Brasileirão Série A',
    country: 'BR',
    perDay: 10,
    teams: [
      ['Flamengo', 86],
      ['Palmeiras', 86],
      ['Botafogo', 82],
      ['Fortaleza', 76],
      ['Internacional', 78],
      ['São Paulo', 79],
      ['Corinthians', 77],
      ['Bahia', 75],
      ['Cruzeiro', 77],
      ['Vasco da Gama', 73],
      ['Atlético Mineiro', 80],
      ['Grêmio', 76],
      ['Fluminense', 76],
      ['Red Bull Bragantino', 72],
      ['Vitória', 68],
      ['Juventude', 67],
      ['Santos', 74],
      ['Ceará', 69],
      ['Sport Recife', 67],
      ['Mirassol', 68],
    ],
  },
  {
    id: 'premier-league',
    name: 'Premier League',
    country: 'GB',
    perDay: 8,
    teams: [
      ['Liverpool', 90],
      ['Arsenal', 89],
      ['Manchester City', 89],
      ['Chelsea', 84],
      ['Newcastle', 82],
      ['Aston Villa', 81],
      ['Tottenham', 80],
      ['Manchester United', 79],
      ['Brighton', 78],
      ['Nottingham Forest', 77],
      ['West Ham', 75],
      ['Everton', 73],
      ['Crystal Palace', 76],
      ['Fulham', 75],
      ['Brentford', 75],
      ['Bournemouth', 76],
    ],
  },
  {
    id: 'la-liga',
    name: 'La Liga',
    country: 'ES',
    perDay: 8,
    teams: [
      ['Real Madrid', 91],
      ['Barcelona', 90],
      ['Atlético de Madrid', 85],
      ['Athletic Bilbao', 81],
      ['Villarreal', 80],
      ['Real Betis', 78],
      ['Real Sociedad', 77],
      ['Sevilla', 75],
      ['Valencia', 74],
      ['Celta de Vigo', 74],
      ['Girona', 75],
      ['Osasuna', 73],
      ['Getafe', 71],
      ['Rayo Vallecano', 72],
      ['Mallorca', 72],
      ['Espanyol', 70],
    ],
  },
  {
    id: 'champions-league',
    name: 'Champions League',
    country: 'EU',
    perDay: 8,
    teams: [
      ['Bayern de Munique', 90],
      ['Paris Saint-Germain', 89],
      ['Inter de Milão', 87],
      ['Borussia Dortmund', 83],
      ['Bayer Leverkusen', 84],
      ['Juventus', 82],
      ['Milan', 81],
      ['Napoli', 83],
      ['Benfica', 80],
      ['Porto', 79],
      ['Sporting', 80],
      ['PSV', 78],
      ['Feyenoord', 77],
      ['Celtic', 74],
      ['Club Brugge', 75],
      ['Atalanta', 83],
    ],
  },
];

const MINUTE = 60_000;
const WINDOW_MS = 3 * 60 * MINUTE;
const WINDOWS_PER_DAY = 8;
/** Kick-off offsets inside a window, in minutes. */
const SLOT_OFFSETS = [0, 30, 60, 90, 150] as const;
/** A match is on the card (live) until this long after kick-off (90 minutes, half time, stoppage). */
export const MATCH_LENGTH_MS = 110 * MINUTE;
/** The card reaches this far ahead. */
const HORIZON_MS = 24 * 60 * MINUTE;
/** Live betting closes at this match minute. */
export const LIVE_BETTING_CLOSES_AT = 85;
/** Bookmaker's margin on the 1X2 market. */
const MARGIN = 0.06;

function shuffled<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(fnv1a(seed));
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

interface Scheduled {
  id: string;
  league: League;
  home: readonly [string, number];
  away: readonly [string, number];
  kickoffMs: number;
}

/**
 * A league's matches of one day: a round of the circle-method round robin over the league's teams (shuffled once
 * by league), so a team plays once a day and, from one day to the next, moves by at most one pair: with pairs
 * mapped to the day's windows in order, a team's next match is about a day later, never a few hours.
 */
function roundOf(league: League, day: number): (readonly [readonly [string, number], readonly [string, number]])[] {
  const order = shuffled(league.teams, league.id);
  const n = order.length;
  const others = order.slice(1);
  const shift = ((day % (n - 1)) + (n - 1)) % (n - 1);
  const arranged = [order[0], ...others.slice(shift), ...others.slice(0, shift)] as (readonly [string, number])[];
  return Array.from({ length: n / 2 }, (_, i) => {
    const a = arranged[i] as readonly [string, number];
    const b = arranged[n - 1 - i] as readonly [string, number];
    return (day + i) % 2 === 0 ? ([a, b] as const) : ([b, a] as const);
  });
}

/** The matches of one 3-hour window: each league's pairs of the day that fall in it, on the window's slots. */
function windowMatches(windowIndex: number): Scheduled[] {
  const day = Math.floor(windowIndex / WINDOWS_PER_DAY);
  const slotOfDay = windowIndex - day * WINDOWS_PER_DAY;
  const picked: { league: League; home: readonly [string, number]; away: readonly [string, number] }[] = [];
  for (const league of LEAGUES) {
    roundOf(league, day).forEach(([home, away], i) => {
      if (i < league.perDay && Math.floor((i * WINDOWS_PER_DAY) / league.perDay) === slotOfDay) {
        picked.push({ league, home, away });
      }
    });
  }
  const slots = shuffled(SLOT_OFFSETS, `slots:${windowIndex}`);
  return picked.slice(0, SLOT_OFFSETS.length).map(({ league, home, away }, i) => {
    const kickoffMs = windowIndex * WINDOW_MS + (slots[i] as number) * MINUTE;
    const id = `${league.id}-${kickoffMs / MINUTE}-${fnv1a(home[0] + away[0]).toString(36)}`;
    return { id, league, home, away, kickoffMs };
  });
}

/** Expected goals of each side over 90 minutes, from the ratings (home advantage included). */
function expectedGoals(home: number, away: number): { home: number; away: number } {
  const diff = (home - away + 4) / 10;
  return { home: Math.max(0.35, 1.35 * Math.exp(0.25 * diff)), away: Math.max(0.3, 1.1 * Math.exp(-0.25 * diff)) };
}

/** The minutes (1–90) and sides of the match's goals, drawn from its id. */
function goalsOf(match: Scheduled): { minute: number; side: 'home' | 'away' }[] {
  const random = seededRandom(fnv1a(`goals:${match.id}`));
  const xg = expectedGoals(match.home[1], match.away[1]);
  const goals: { minute: number; side: 'home' | 'away' }[] = [];
  for (const side of ['home', 'away'] as const) {
    // Poisson draw by inversion.
    const lambda = xg[side];
    let k = 0;
    let p = Math.exp(-lambda);
    let cumulative = p;
    const u = random();
    while (u > cumulative && k < 8) {
      k += 1;
      p *= lambda / k;
      cumulative += p;
    }
    for (let g = 0; g < k; g++) goals.push({ minute: 1 + Math.floor(random() * 90), side });
  }
  return goals.sort((a, b) => a.minute - b.minute);
}

function poisson(lambda: number, max = 10): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p *= lambda / (k + 1);
  }
  return out;
}

/** P(home win), P(draw), P(away win) at the end, given the score now and the share of the match left. */
function outcomeProbabilities(
  xg: { home: number; away: number },
  score: { home: number; away: number },
  left: number,
): Record<Pick, number> {
  const h = poisson(xg.home * left);
  const a = poisson(xg.away * left);
  let home = 0;
  let draw = 0;
  let away = 0;
  h.forEach((ph, i) =>
    a.forEach((pa, j) => {
      const diff = score.home + i - (score.away + j);
      if (diff > 0) home += ph * pa;
      else if (diff === 0) draw += ph * pa;
      else away += ph * pa;
    }),
  );
  const total = home + draw + away;
  return { '1': home / total, X: draw / total, '2': away / total };
}

/** Decimal odds in hundredths with the margin, between 1.01 and 50.00. */
function toOdds(probabilities: Record<Pick, number>): Record<Pick, number> {
  const price = (p: number) => Math.min(5000, Math.max(101, Math.round(100 / (Math.max(p, 0.0001) * (1 + MARGIN)))));
  return { '1': price(probabilities['1']), X: price(probabilities.X), '2': price(probabilities['2']) };
}

const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function statusOf(kickoffMs: number, nowMs: number): FixtureStatus {
  if (kickoffMs <= nowMs) return 'live';
  if (kickoffMs - nowMs <= 2 * 60 * MINUTE) return 'soon';
  const today = dayKey.format(new Date(nowMs));
  const day = dayKey.format(new Date(kickoffMs));
  if (day === today) return 'today';
  return day === dayKey.format(new Date(nowMs + 24 * 60 * MINUTE)) ? 'tomorrow' : 'later';
}

/** The match clock: minutes since kick-off with a 15-minute half time (46–60 real minutes show 45). */
function matchMinute(elapsedMs: number): number {
  const real = Math.floor(elapsedMs / MINUTE) + 1;
  if (real <= 45) return real;
  if (real <= 60) return 45;
  return Math.min(90, real - 15);
}

function toFixture(match: Scheduled, nowMs: number): Fixture {
  const status = statusOf(match.kickoffMs, nowMs);
  const xg = expectedGoals(match.home[1], match.away[1]);
  let minute: number | null = null;
  let score: Fixture['score'] = null;
  let odds: Fixture['odds'];
  if (status === 'live') {
    minute = matchMinute(nowMs - match.kickoffMs);
    const played = minute;
    score = { home: 0, away: 0 };
    for (const goal of goalsOf(match)) if (goal.minute <= played) score[goal.side] += 1;
    // Live odds move in 5-minute steps, so a slip is not refused for a price that changed a minute ago.
    const priced = Math.floor(played / 5) * 5;
    odds = played >= LIVE_BETTING_CLOSES_AT ? null : toOdds(outcomeProbabilities(xg, score, (90 - priced) / 90));
  } else {
    odds = toOdds(outcomeProbabilities(xg, { home: 0, away: 0 }, 1));
  }
  return {
    id: match.id,
    league: match.league.id,
    leagueName: match.league.name,
    home: match.home[0],
    away: match.away[0],
    kickoff: new Date(match.kickoffMs).toISOString(),
    status,
    minute,
    score,
    odds,
  };
}

/** The card at `now`: live matches first, then by kick-off; the same `now` always gives the same card. */
export function fixturesAt(now: Date): Fixture[] {
  const nowMs = now.getTime();
  const first = Math.floor((nowMs - MATCH_LENGTH_MS) / WINDOW_MS);
  const last = Math.floor((nowMs + HORIZON_MS) / WINDOW_MS);
  const matches: Scheduled[] = [];
  for (let w = first; w <= last; w++) matches.push(...windowMatches(w));
  return matches
    .filter((m) => m.kickoffMs > nowMs - MATCH_LENGTH_MS && m.kickoffMs <= nowMs + HORIZON_MS)
    .sort((a, b) => a.kickoffMs - b.kickoffMs || a.id.localeCompare(b.id))
    .map((m) => toFixture(m, nowMs));
}

/** One fixture of the card at `now`, or null when it is not (or no longer) on it. */
export function fixtureAt(id: string, now: Date): Fixture | null {
  return fixturesAt(now).find((f) => f.id === id) ?? null;
}

/** Integer centavos won by `stake` at these odds (hundredths), rounded down: the product in exact integers. */
export function payoutOf(stake: number, odds: readonly number[]): number {
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const o of odds) {
    numerator *= BigInt(o);
    denominator *= 100n;
  }
  return Number(numerator / denominator);
}

/** The combined odds of a multiple, in hundredths (rounded down), for display. */
export function combinedOdds(odds: readonly number[]): number {
  return payoutOf(100, odds);
}
