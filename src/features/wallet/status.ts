/** Catalog id of a transaction status code (spec §4: 0 pending … 5 under review). */
export function statusLabelId(status: number): string {
  return status >= 0 && status <= 5 ? `wallet.status.${status}` : 'wallet.status.unknown';
}
