import { describe, expect, it } from 'vitest';
import { textProblems } from '../api/chat';
import { SEED_BRANDS } from './brands';
import { SEED_CHAT } from './chat';
import { DEMO_PLAYERS } from './players';

describe('the seeded chat rooms', () => {
  it('every brand open to players has a room that talks, opened by the house', () => {
    for (const brand of SEED_BRANDS.filter((b) => !b.maintenance)) {
      const room = SEED_CHAT[brand.id] ?? [];
      expect(room.length, brand.name).toBeGreaterThanOrEqual(4);
      expect(room[0]?.author, brand.name).toBeNull();
      expect(new Set(room.map((m) => m.author)).size, brand.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('each message keeps the room’s own policy and is said by a player of that brand, oldest first', () => {
    for (const [brandId, room] of Object.entries(SEED_CHAT)) {
      for (const m of room) {
        expect(textProblems(m.text, false), m.text).toEqual([]);
        if (m.author !== null) {
          expect(DEMO_PLAYERS.find((p) => p.email === m.author)?.brandId, m.author).toBe(Number(brandId));
        }
      }
      const ages = room.map((m) => m.minutesAgo);
      expect(ages).toEqual([...ages].sort((a, b) => b - a));
    }
  });
});
