/** Test data of the boxes flows (contract shapes, centavos). Used by the machine and screen tests only. */
import type { Box, BoxPrize, UserBox, UserPrize } from './boxes.types';

export const BOX: Box = {
  id: 3,
  name: 'caixa-rubi',
  title: 'Caixa Rubi',
  color: 'red',
  price: 2500,
  sell_value: 2000,
  image: '/api/art/boxes/caixa-rubi.svg',
  best_prize: { name: 'iPhone 15', value: 700000, image: '/api/art/prizes/iphone.svg' },
  prizes_count: 3,
};

export const PRIZES: BoxPrize[] = [
  {
    id: 11,
    name: 'R$ 5,00',
    kind: 'cash',
    value: 500,
    sell_value: 500,
    odds_bp: 9000,
    rarity: 'common',
    image: '/api/art/prizes/cash.svg',
  },
  {
    id: 12,
    name: '20 giros grátis',
    kind: 'free_spins',
    value: 2000,
    sell_value: 1500,
    odds_bp: 975,
    rarity: 'rare',
    image: '/api/art/prizes/spins.svg',
  },
  {
    id: 13,
    name: 'iPhone 15',
    kind: 'item',
    value: 700000,
    sell_value: 600000,
    odds_bp: 25,
    rarity: 'legendary',
    image: '/api/art/prizes/iphone.svg',
  },
];

export const userPrize = (
  id: number,
  prize: BoxPrize = PRIZES[1]!,
  status: UserPrize['status'] = 'owned',
): UserPrize => ({
  id,
  prize,
  user_box_id: 40,
  box_title: BOX.title,
  status,
  won_at: '2026-11-27T09:00:00Z',
  sold_at: status === 'sold' ? '2026-11-27T09:05:00Z' : null,
});

export const userBox = (id: number, status: UserBox['status'] = 'owned', prize: UserPrize | null = null): UserBox => ({
  id,
  box: BOX,
  status,
  purchased_at: '2026-11-27T08:00:00Z',
  opened_at: status === 'opened' ? '2026-11-27T08:01:00Z' : null,
  sold_at: status === 'sold' ? '2026-11-27T08:02:00Z' : null,
  server_seed_hash: 'a'.repeat(64),
  server_seed: status === 'opened' ? 'b'.repeat(64) : null,
  client_seed: 'client-seed-1',
  nonce: id,
  roll: status === 'opened' ? 9500 : null,
  prize,
});

export const FAIRNESS = {
  server_seed: 'b'.repeat(64),
  server_seed_hash: 'a'.repeat(64),
  client_seed: 'client-seed-1',
  nonce: 40,
  roll: 9500,
  algorithm: 'HMAC-SHA256',
};

/** A failed call as the app's API client rejects it. */
export const apiError = (status: number, fields: Record<string, string[]> = {}, text?: string) =>
  Object.assign(new Error(`status ${status}`), {
    status,
    messages: text ? [{ text }] : [],
    fields,
  });
