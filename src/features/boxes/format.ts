/** How the boxes screens write money and odds: R$ from centavos, percentages from basis points. */
import { formatBRL } from '../../../shared/money';

export { formatBRL };

const percent = new Map<string, Intl.NumberFormat>();

/** Basis points as a percentage in the locale's format: 25 → "0,25%" (pt-BR), "0.25%" (en). */
export function formatOdds(locale: string, bp: number): string {
  let format = percent.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    percent.set(locale, format);
  }
  return format.format(bp / 10000);
}

/** A date-time of the platform in the locale's short format. */
export function formatWhen(locale: string, iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
