import { storageKeys, type KeyValueStorage } from '../lib/storage';

/** §2.3: `ref` (referral code) and `lmcp` (sent with every request) from any route's query are stored. */
export function storeTrackingParams(search: string, storage: KeyValueStorage): void {
  const params = new URLSearchParams(search);
  const ref = params.get('ref')?.trim();
  const lmcp = params.get('lmcp')?.trim();
  if (ref) storage.set(storageKeys.ref, ref.slice(0, 64));
  if (lmcp) storage.set(storageKeys.lmcp, lmcp.slice(0, 128));
}
