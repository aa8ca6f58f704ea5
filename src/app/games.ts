/**
 * The game frame's messages (sandbox/provider/README.md: the message protocol) and the page language the casino's
 * calls carry. The calls themselves are in src/app/casino/*-flows.ts, one chunk per kind of page.
 */
import { localeFromPath, type Locale } from '../i18n/locale';

/** What a settled round in the game frame reports (sandbox/provider/README.md: the message protocol). */
export interface GameFrameInput {
  /** The launch URL: only messages from its origin are read. */
  url: string;
}

/** The page's language when a call is made (the game and the sportsbook open in it). */
export const currentLocale = (): Locale =>
  typeof window === 'undefined' ? 'pt' : localeFromPath(window.location.pathname);

/** The launch URL's origin, or null when it is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A `casino:round` message of the game frame, or null: anything else (or from another origin) is ignored. */
export function roundMessage(event: Pick<MessageEvent, 'origin' | 'data'>, url: string): { balance: number } | null {
  if (event.origin !== originOf(url)) return null;
  const data = event.data as { type?: unknown; balance?: unknown } | null;
  if (!data || typeof data !== 'object' || data.type !== 'casino:round') return null;
  const balance = data.balance;
  return typeof balance === 'number' && Number.isInteger(balance) && balance >= 0 ? { balance } : null;
}

/** A `casino:error` of the game frame saying a bet was refused for lack of funds (from the launch origin only). */
export function fundsShortMessage(event: Pick<MessageEvent, 'origin' | 'data'>, url: string): boolean {
  if (event.origin !== originOf(url)) return false;
  const data = event.data as { type?: unknown; code?: unknown } | null;
  return Boolean(
    data && typeof data === 'object' && data.type === 'casino:error' && data.code === 'INSUFFICIENT_FUNDS',
  );
}
