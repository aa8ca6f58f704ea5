/** Integer centavos as R$ in the locale's own format (pt-BR: "R$ 1.234,56"; en: "R$1,234.56"). */
export function formatBRL(locale: string, centavos: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(centavos / 100);
}

/** Message values: {min} and {max} in centavos become formatted money. */
export function moneyValues(locale: string, values: Record<string, string | number> | undefined) {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' && (k === 'min' || k === 'max') ? formatBRL(locale, v) : v]));
}
