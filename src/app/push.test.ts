import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../lib/storage';
import { PUSH_STORAGE_KEY, readStoredChoice } from './push';

const read = (raw: string | null) =>
  readStoredChoice(createMemoryStorage(raw === null ? {} : { [PUSH_STORAGE_KEY]: raw }));

describe('the stored push choice (spec §3: the push permission state, stored locally)', () => {
  it('reads the permission, the times and the player’s "off"', () => {
    expect(
      read(JSON.stringify({ permission: 'granted', deniedAt: null, dismissedAt: 1_700_000_000_000, optedOut: true })),
    ).toEqual({ permission: 'granted', deniedAt: null, dismissedAt: 1_700_000_000_000, optedOut: true });
    // Stored before the switch existed: not opted out.
    expect(read(JSON.stringify({ permission: 'denied', deniedAt: 5 }))).toEqual({
      permission: 'denied',
      deniedAt: 5,
      dismissedAt: null,
      optedOut: false,
    });
  });

  it('ignores what it cannot trust: nothing stored, broken JSON, an unknown permission; bad times and flags read as none', () => {
    expect(read(null)).toBeNull();
    expect(read('{not json')).toBeNull();
    expect(read(JSON.stringify({ permission: 'maybe' }))).toBeNull();
    expect(read(JSON.stringify({ permission: 'default', deniedAt: -1, dismissedAt: 'x', optedOut: 'yes' }))).toEqual({
      permission: 'default',
      deniedAt: null,
      dismissedAt: null,
      optedOut: false,
    });
  });
});
