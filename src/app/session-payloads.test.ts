import { describe, expect, it } from 'vitest';
import { failureOf } from '../../machines/kernel/api-error';
import {
  parseMe,
  parseNotifications,
  parseRanking,
  parseRecentGames,
  parseSession,
  parseWallet,
} from './session-payloads';

const player = {
  id: 7,
  first_name: 'Ana',
  last_name: 'Souza',
  name: 'Ana Souza',
  email: 'ana@x.test',
  username: '+55119',
  extra: 1,
};
const page = {
  data: [{ id: 1, type: 'platform', read: false, title: 't' }],
  current_page: 1,
  last_page: 1,
  unread_count: 1,
  total: 1,
};

describe('session payloads (zod/mini): the fields the app reads, extra fields tolerated', () => {
  it('reads good answers', () => {
    expect(parseMe({ data: player }).name).toBe('Ana Souza');
    expect(parseMe({ data: player })).toMatchObject({ extra: 1 });
    expect(parseSession({ data: player, token: 'tok' })).toMatchObject({ user: { id: 7 }, token: 'tok' });
    expect(parseWallet({ data: { balance: 100, deposit_count: 0, currency: 'BRL' } }).balance).toBe(100);
    expect(parseRecentGames({ data: [{ game_id: 1, title: 'Fortune Tiger' }] })).toHaveLength(1);
    expect(
      parseNotifications({ user_notifications: page, global_notifications: page }).user_notifications.unread_count,
    ).toBe(1);
  });

  it('§7: ranking is read as the data body or the array itself', () => {
    const levels = [{ level: 1, name: 'Bronze', totalBet: 0 }];
    expect(parseRanking(levels)).toEqual(levels);
    expect(parseRanking({ data: levels })).toEqual(levels);
  });

  it.each([
    ['/auth/me without the player', () => parseMe({ data: null })],
    ['a sign-in without a token', () => parseSession({ data: player })],
    ['a balance in reais', () => parseWallet({ data: { balance: 10.5, deposit_count: 0 } })],
    ['recent games that are not a list', () => parseRecentGames({ data: {} })],
    ['a ranking level without totalBet', () => parseRanking([{ level: 1 }])],
    ['notifications without the global list', () => parseNotifications({ user_notifications: page })],
  ])('%s rejects; the session shows §8 fallback text', (_, read) => {
    let failure: unknown;
    try {
      read();
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    expect(failureOf(failure).messages).toEqual([{ id: 'error_messages.unexpected' }]);
  });
});
