/**
 * Dates typed as text in the locale's own order (pt-BR: DD/MM/AAAA, en-US: MM/DD/YYYY), for fields where
 * `<input type="date">` would follow the browser's language instead of the page's.
 */
export type DatePart = 'day' | 'month' | 'year';
export type DateOrder = readonly [DatePart, DatePart, DatePart];

const DIGITS: Record<DatePart, number> = { day: 2, month: 2, year: 4 };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The order of day, month and year in a locale's numeric dates: `pt-BR` → day, month, year. */
export function dateOrder(locale: string): DateOrder {
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2000, 0, 31)))
    .map((p) => p.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  return parts.length === 3 && new Set(parts).size === 3 ? (parts as unknown as DateOrder) : ['day', 'month', 'year'];
}

/** The field's pattern from the catalog's letters: `{ day: 'DD', month: 'MM', year: 'AAAA' }` → `DD/MM/AAAA`. */
export function datePattern(order: DateOrder, letters: Record<DatePart, string>): string {
  return order.map((part) => letters[part]).join('/');
}

/**
 * What the field shows while the player types: digits only, slashes inserted as the next part starts
 * (`25121990` → `25/12/1990`), so deleting a slash never traps the caret. A pasted or autofilled ISO date
 * (`1990-12-25`) is put in the locale's order.
 */
export function maskDate(text: string, order: DateOrder): string {
  const iso = ISO_DATE.exec(text.trim());
  if (iso) {
    const [, year, month, day] = iso as unknown as [string, string, string, string];
    const values: Record<DatePart, string> = { day, month, year };
    return order.map((part) => values[part]).join('/');
  }
  let digits = text.replace(/\D/g, '').slice(0, 8);
  const out: string[] = [];
  for (const part of order) {
    if (digits.length === 0) break;
    out.push(digits.slice(0, DIGITS[part]));
    digits = digits.slice(DIGITS[part]);
  }
  return out.join('/');
}

/** The ISO date (`YYYY-MM-DD`) of a complete, real calendar date typed in the locale's order; null otherwise. */
export function parseDate(text: string, order: DateOrder): string | null {
  const pieces = text.trim().split('/');
  if (pieces.length !== 3) return null;
  const values = {} as Record<DatePart, string>;
  for (const [index, part] of order.entries()) {
    const piece = pieces[index] ?? '';
    if (!new RegExp(`^\\d{${DIGITS[part]}}$`).test(piece)) return null;
    values[part] = piece;
  }
  const [year, month, day] = [Number(values.year), Number(values.month), Number(values.day)];
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${values.year}-${values.month}-${values.day}`;
}
