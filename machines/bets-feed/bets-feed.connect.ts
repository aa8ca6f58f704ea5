import type { SnapshotFrom } from 'xstate';
import type { betsFeedMachine } from './bets-feed.machine';

/** One row of the live bets list: formatted for the locale, nothing left to compute. */
export interface LiveBetView {
  transaction: string;
  game: string;
  user: string;
  /** e.g. "R$ 5,00". */
  betAmount: string;
  /** e.g. "R$ 12,50". */
  winAmount: string;
  /** e.g. "2,50×". */
  multiplier: string;
  /** The player won more than nothing. */
  won: boolean;
  /** ISO date for `<time dateTime>` and its short local time ("15:04"). */
  dateTime: string;
  time: string;
}

export interface LiveBetsViewModel {
  bets: LiveBetView[];
  isEmpty: boolean;
  /** Listening to the brand's public channel. */
  listening: boolean;
}

export const EMPTY_LIVE_BETS: LiveBetsViewModel = { bets: [], isEmpty: true, listening: false };

const formatters = new Map<
  string,
  { money: Intl.NumberFormat; factor: Intl.NumberFormat; time: Intl.DateTimeFormat }
>();
function formattersFor(locale: string) {
  let f = formatters.get(locale);
  if (!f) {
    f = {
      // Money is integer centavos; shown in BRL in the reader's locale.
      money: new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }),
      factor: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
    };
    formatters.set(locale, f);
  }
  return f;
}

/** Snapshot → the live bets list, for `locale` (a BCP 47 tag such as pt-BR or en). */
export function connectBetsFeed(snapshot: SnapshotFrom<typeof betsFeedMachine>, locale: string): LiveBetsViewModel {
  const f = formattersFor(locale);
  const bets = snapshot.context.bets.map((bet): LiveBetView => {
    const date = new Date(bet.date);
    const valid = !Number.isNaN(date.getTime());
    return {
      transaction: bet.transaction,
      game: bet.game,
      user: bet.user,
      betAmount: f.money.format(bet.bet_amount / 100),
      winAmount: f.money.format(bet.win_amount / 100),
      multiplier: `${f.factor.format(bet.multiplier)}×`,
      won: bet.win_amount > 0,
      dateTime: valid ? date.toISOString() : '',
      time: valid ? f.time.format(date) : '',
    };
  });
  return { bets, isEmpty: bets.length === 0, listening: snapshot.matches('listening') };
}

/** For `useSelector`: the same rows (by transaction and text) and the same listening flag. */
export function sameLiveBets(a: LiveBetsViewModel, b: LiveBetsViewModel): boolean {
  if (a.listening !== b.listening || a.bets.length !== b.bets.length) return false;
  return a.bets.every((row, i) => {
    const other = b.bets[i];
    return (
      other !== undefined &&
      row.transaction === other.transaction &&
      row.betAmount === other.betAmount &&
      row.winAmount === other.winAmount
    );
  });
}
