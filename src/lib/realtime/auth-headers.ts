import { getOrCreateGuestId } from '../api/guest-id';
import type { Random } from '../api/random';
import type { KeyValueStorage } from '../storage';
import { storageKeys } from '../storage';

/**
 * Headers for `/broadcasting/auth`, by the same rule as every API call (spec §6/§7, `src/lib/api/auth-headers`):
 * `Authorization: Bearer <token>` when signed in, otherwise `Guest-ID`; plus `lmcp` when stored. Read from storage
 * when a live connection is created (its identity for every channel on it), so the token never passes through a
 * machine.
 */
export function realtimeAuthHeaders(storage: KeyValueStorage, random?: Random): () => Record<string, string> {
  return () => {
    const headers: Record<string, string> = {};
    const token = storage.get(storageKeys.auth)?.trim();
    if (token) headers.Authorization = `Bearer ${token}`;
    else headers['Guest-ID'] = getOrCreateGuestId(storage, random);
    const lmcp = storage.get(storageKeys.lmcp);
    if (lmcp) headers.lmcp = lmcp;
    return headers;
  };
}
