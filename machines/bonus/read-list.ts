/**
 * §7 Bonuses: "Ranking and cashback responses are read either as the data body or the array itself." The coupons
 * list is read the same way. Anything else is not a list (null): the machine reports it as a failure.
 */
export function readList(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (typeof body === 'object' && body !== null && Array.isArray((body as { data?: unknown }).data)) {
    return (body as { data: unknown[] }).data;
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The well-formed rows of GET /bonuses/cashback (§3 Cashback item: available_at, type, claimed; plus the id a claim
 * sends); others are left out.
 */
export function readCashbackItems(rows: readonly unknown[]) {
  return rows.flatMap((row) => {
    if (!isRecord(row)) return [];
    const { id, available_at, type, claimed } = row;
    const goodId = (typeof id === 'number' && Number.isInteger(id)) || (typeof id === 'string' && id !== '');
    if (!goodId) return [];
    if (typeof available_at !== 'string' || (type !== 'calendar' && type !== 'immediate')) return [];
    return [
      { id: id as number | string, available_at, type, claimed: typeof claimed === 'number' ? claimed : 0 } as const,
    ];
  });
}
