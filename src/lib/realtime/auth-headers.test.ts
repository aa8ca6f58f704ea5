import { describe, expect, it } from 'vitest';
import { createMemoryStorage, storageKeys } from '../storage';
import { realtimeAuthHeaders } from './auth-headers';

describe('realtimeAuthHeaders', () => {
  it('sends the bearer token when signed in, the guest id otherwise, and reads storage on every call', () => {
    const storage = createMemoryStorage({ [storageKeys.guestId]: 'guest-abc123xyz' });
    const headers = realtimeAuthHeaders(storage);
    expect(headers()).toEqual({ 'Guest-ID': 'guest-abc123xyz' });
    storage.set(storageKeys.auth, 'tok-1');
    storage.set(storageKeys.lmcp, 'camp');
    expect(headers()).toEqual({ Authorization: 'Bearer tok-1', lmcp: 'camp' });
    storage.remove(storageKeys.auth);
    expect(headers()).toEqual({ 'Guest-ID': 'guest-abc123xyz', lmcp: 'camp' });
  });

  it('creates and stores a guest id when there is none', () => {
    const storage = createMemoryStorage();
    const first = realtimeAuthHeaders(storage, () => 0)()['Guest-ID'];
    expect(first).toBe('guest-aaaaaaaaa');
    expect(storage.get(storageKeys.guestId)).toBe(first);
  });
});
