import type { KeyValueStorage } from '../storage';
import { storageKeys } from '../storage';
import type { Random } from './random';
import { cryptoRandom } from './random';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 9;

/** `guest-` plus 9 characters of [a-z0-9] (spec §3). */
export const GUEST_ID_PATTERN = /^guest-[a-z0-9]{9}$/;

export function generateGuestId(random: Random = cryptoRandom): string {
  let suffix = '';
  for (let i = 0; i < LENGTH; i++) {
    const index = Math.min(ALPHABET.length - 1, Math.floor(random() * ALPHABET.length));
    suffix += ALPHABET.charAt(index);
  }
  return `guest-${suffix}`;
}

/**
 * The visitor's guest id: read from storage under `guest_id`, or generated once and stored there.
 * A stored value that does not have the guest id's format is replaced.
 */
export function getOrCreateGuestId(storage: KeyValueStorage, random: Random = cryptoRandom): string {
  const stored = storage.get(storageKeys.guestId);
  if (stored !== null && GUEST_ID_PATTERN.test(stored)) return stored;
  const created = generateGuestId(random);
  storage.set(storageKeys.guestId, created);
  return created;
}
