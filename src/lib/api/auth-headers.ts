import type { Middleware } from 'openapi-fetch';
import type { KeyValueStorage } from '../storage';
import { storageKeys } from '../storage';
import { getOrCreateGuestId } from './guest-id';
import type { Random } from './random';

/**
 * Spec §6/§7: every request carries `Authorization: Bearer <token>` when signed in (storage key `auth`),
 * otherwise `Guest-ID: <guest id>`; plus `lmcp` when that key is stored. Storage is read on every request, so
 * signing in or out takes effect on the next call without rebuilding the client.
 */
export function authHeadersMiddleware(storage: KeyValueStorage, random?: Random): Middleware {
  return {
    onRequest({ request }) {
      const token = storage.get(storageKeys.auth)?.trim();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      else request.headers.set('Guest-ID', getOrCreateGuestId(storage, random));
      const lmcp = storage.get(storageKeys.lmcp);
      if (lmcp) request.headers.set('lmcp', lmcp);
    },
  };
}
