import type { SnapshotFrom } from 'xstate';
import type { betsFeedMachine } from './bets-feed.machine';
import { HIGH_ROLLER_MIN_BET, tabOf } from './bets-feed.tabs';
import type { BetsFeedTab, ProcessedBet } from './bets-feed.types';

/** One row of the live bets list: formatted for the locale, nothing left to compute. */
export interface LiveBetView {
  transaction: string;
  game: string;
  user: string;
  /** e.g. "R$ 5,00". */
  betAmount: string;
  /** e.g. "R$ 12,50" (the payout; "R$ 0,00" for a loss). */
  winAmount: string;
  /** e.g. "2,50×". */
  multiplier: string;
  /** The player won more than nothing. */
  won: boolean;
  /** Won more than was bet (multiplier above 1): the row is highlighted. */
  profit: boolean;
  /** ISO date for `<time dateTime>` and its short local time ("15:04"). */
  dateTime: string;
  time: string;
  /** Drawn by the fictitious generator (a data attribute for QA; never shown). */
  fictitious: boolean;
}

export interface LiveBetsTabView {
  id: BetsFeedTab;
  /** Catalogue id of its label. */
  labelId: string;
  selected: boolean;
}

export interface LiveBetsViewModel {
  tab: BetsFeedTab;
  tabs: LiveBetsTabView[];
  /** The rows of the tab shown, newest first. */
  bets: LiveBetView[];
  isEmpty: boolean;
  /** What an empty tab says (catalogue id and values). */
  empty: { id: string; values?: Record<string, string> };
  /** The "my bets" tab for a guest: they are offered to sign in. */
  signInForMine: boolean;
  /** Listening to the brand's public channel. */
  listening: boolean;
}

const TABS: ReadonlyArray<{ id: BetsFeedTab; labelId: string }> = [
  { id: 'all', labelId: 'home.live_bets.tab_all' },
  { id: 'highRollers', labelId: 'home.live_bets.tab_high_rollers' },
  { id: 'mine', labelId: 'home.live_bets.tab_mine' },
];

export const EMPTY_LIVE_BETS: LiveBetsViewModel = {
  tab: 'all',
  tabs: TABS.map((t) => ({ ...t, selected: t.id === 'all' })),
  bets: [],
  isEmpty: true,
  empty: { id: 'home.live_bets.empty' },
  signInForMine: false,
  listening: false,
};

interface Formatters {
  money: Intl.NumberFormat;
  factor: Intl.NumberFormat;
  time: Intl.DateTimeFormat;
}
const formatters = new Map<string, Formatters>();
function formattersFor(locale: string): Formatters {
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

/** Rows are formatted once per bet and locale (a busy feed formats each bet once, not on every event). */
const rowCaches = new Map<string, WeakMap<ProcessedBet, LiveBetView>>();

function rowOf(bet: ProcessedBet, locale: string): LiveBetView {
  let cache = rowCaches.get(locale);
  if (!cache) {
    cache = new WeakMap();
    rowCaches.set(locale, cache);
  }
  const cached = cache.get(bet);
  if (cached) return cached;
  const f = formattersFor(locale);
  const date = new Date(bet.date);
  const valid = !Number.isNaN(date.getTime());
  const row: LiveBetView = {
    transaction: bet.transaction,
    game: bet.game,
    user: bet.user,
    betAmount: f.money.format(bet.bet_amount / 100),
    winAmount: f.money.format(bet.win_amount / 100),
    multiplier: `${f.factor.format(bet.multiplier)}×`,
    won: bet.win_amount > 0,
    profit: bet.win_amount > bet.bet_amount,
    dateTime: valid ? date.toISOString() : '',
    time: valid ? f.time.format(date) : '',
    fictitious: bet.fictitious === true,
  };
  cache.set(bet, row);
  return row;
}

export interface ConnectBetsFeedOptions {
  /** A player is signed in (the "my bets" tab shows their bets; a guest's is offered to sign in). */
  signedIn?: boolean;
}

/** Snapshot → the live bets table for `locale` (a BCP 47 tag such as pt-BR or en). */
export function connectBetsFeed(
  snapshot: SnapshotFrom<typeof betsFeedMachine>,
  locale: string,
  options: ConnectBetsFeedOptions = {},
): LiveBetsViewModel {
  const tab = tabOf(snapshot.value);
  const { context } = snapshot;
  const list = tab === 'mine' ? context.mine : tab === 'highRollers' ? context.highRollers : context.bets;
  const bets = list.map((bet) => rowOf(bet, locale));
  const signInForMine = tab === 'mine' && !options.signedIn;
  const empty =
    tab === 'highRollers'
      ? {
          id: 'home.live_bets.empty_high_rollers',
          values: { amount: formattersFor(locale).money.format(HIGH_ROLLER_MIN_BET / 100) },
        }
      : tab === 'mine'
        ? { id: signInForMine ? 'home.live_bets.empty_mine_guest' : 'home.live_bets.empty_mine' }
        : { id: 'home.live_bets.empty' };
  return {
    tab,
    tabs: TABS.map((t) => ({ ...t, selected: t.id === tab })),
    bets,
    isEmpty: bets.length === 0,
    empty,
    signInForMine,
    listening: snapshot.matches({ live: 'listening' }),
  };
}

/** For `useSelector`: the same tab, rows (by transaction and text) and flags. */
export function sameLiveBets(a: LiveBetsViewModel, b: LiveBetsViewModel): boolean {
  if (
    a.tab !== b.tab ||
    a.listening !== b.listening ||
    a.signInForMine !== b.signInForMine ||
    a.empty.id !== b.empty.id ||
    a.empty.values?.amount !== b.empty.values?.amount ||
    a.bets.length !== b.bets.length
  )
    return false;
  return a.bets.every((row, i) => row === b.bets[i]);
}
