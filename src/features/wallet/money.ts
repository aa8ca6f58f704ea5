import { formatBRL } from '../../../shared/money';

export { formatBRL };

/** Message values: {min} and {max} in centavos become formatted money. */
export function moneyValues(locale: string, values: Record<string, string | number> | undefined) {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'number' && (k === 'min' || k === 'max') ? formatBRL(locale, v) : v,
    ]),
  );
}
