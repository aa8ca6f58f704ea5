/**
 * Calendar arithmetic in America/Sao_Paulo (responsible-gaming periods, self-exclusion ends, cashback slots): days start at the
 * local midnight, weeks on Monday, months on the 1st. The zone's offset is read from Intl for each instant, so
 * a future change of the rules (Brazil has had no summer time since 2019) needs no code change.
 */
export const SAO_PAULO = 'America/Sao_Paulo';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The local calendar date of an instant. */
export interface LocalDate {
  year: number;
  month: number; // 1..12
  day: number;
}

function localParts(at: Date): LocalDate & { hour: number; minute: number; second: number } {
  const get = (type: string) => Number(partsFormat.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

export function localDateOf(at: Date): LocalDate {
  const { year, month, day } = localParts(at);
  return { year, month, day };
}

/** Minutes the zone is ahead of UTC at an instant (São Paulo: -180). */
function offsetMinutes(at: Date): number {
  const p = localParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a local wall-clock time (normalises overflowing days and months like Date.UTC). */
export function localTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let instant = wall - offsetMinutes(new Date(wall)) * 60_000;
  // Once more with the offset at the found instant (a change of offset between the two readings).
  instant = wall - offsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant);
}

export function startOfDay(at: Date): Date {
  const d = localDateOf(at);
  return localTime(d.year, d.month, d.day);
}

export function startOfNextDay(at: Date): Date {
  const d = localDateOf(at);
  return localTime(d.year, d.month, d.day + 1);
}

/** Monday 00:00 of the instant's week. */
export function startOfWeek(at: Date): Date {
  const d = localDateOf(at);
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay(); // 0 Sunday
  const back = (weekday + 6) % 7;
  return localTime(d.year, d.month, d.day - back);
}

export function startOfMonth(at: Date): Date {
  const d = localDateOf(at);
  return localTime(d.year, d.month, 1);
}

export type Period = 'day' | 'week' | 'month';

export function periodStart(period: Period, at: Date): Date {
  return period === 'day' ? startOfDay(at) : period === 'week' ? startOfWeek(at) : startOfMonth(at);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The local date N months after the instant's date, clamped to the last day of that month. */
export function addMonthsClamped(at: Date, months: number): LocalDate {
  const d = localDateOf(at);
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(d.day, daysIn(year, month)) };
}

/** The end of a local day (23:59:59), like the QA panel's self-exclusion date. */
export function endOfLocalDay(date: LocalDate): Date {
  return localTime(date.year, date.month, date.day, 23, 59, 59);
}

export const isoDate = (date: LocalDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant (a Date, an ISO string, epoch ms) as São Paulo's clock and calendar show it, in a language: the one
 * formatter of dates a player or an operator reads. Formats are made once per language and options.
 */
export function formatInSaoPaulo(
  at: Date | string | number,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SAO_PAULO });
    formats.set(key, format);
  }
  return format.format(at instanceof Date ? at : new Date(at));
}
