/**
 * The sandbox's movable clock (QA): the platform's `now` is the real time plus an offset a tester sets in
 * the QA panel (POST /sandbox/clock, panel-only like every panel write), so a cashback slot unlocked at 12:01 in
 * São Paulo, or a release day, can be reached without waiting. Reset puts it back to the real time.
 */
import { localTime } from '../../shared/sao-paulo';

export interface SandboxClock {
  /** The platform's time: the base clock plus the offset. */
  now(): Date;
  /** How far the clock is moved (ms; 0 = real time). */
  readonly offsetMs: number;
  /** Moves the clock so that `now()` reads `at`. */
  set(at: Date): void;
  reset(): void;
}

export function createSandboxClock(base: () => Date = () => new Date()): SandboxClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    get offsetMs() {
      return offsetMs;
    },
    set(at) {
      offsetMs = at.getTime() - base().getTime();
    },
    reset() {
      offsetMs = 0;
    },
  };
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A panel time: `YYYY-MM-DDTHH:MM[:SS]` read in São Paulo (its offset at that instant, from the time-zone data),
 * or an ISO instant with its own offset (`…Z`, `…-03:00`). Null when it is neither or out of range.
 */
export function parsePanelTime(text: string): Date | null {
  const value = text.trim();
  const local = LOCAL.exec(value);
  if (local) {
    const [y, mo, d, h, mi] = local.slice(1, 6).map(Number) as [number, number, number, number, number];
    const s = local[6] === undefined ? 0 : Number(local[6]);
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
    // The instant São Paulo's clock shows as that wall time (shared/sao-paulo.ts, as every period boundary).
    const at = localTime(y, mo, d, h, mi, s);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
