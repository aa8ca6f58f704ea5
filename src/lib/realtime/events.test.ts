import { describe, expect, it } from 'vitest';
import { isRealtimeEventName, parseRealtimeMessage, realtimeEventSchemas } from './events';
import { realtimeEventTypes } from '../../../machines/realtime/channel.types';

describe('live event schemas (spec §7)', () => {
  it('has one schema per event the channel machine knows', () => {
    expect(Object.keys(realtimeEventSchemas).sort()).toEqual(Object.keys(realtimeEventTypes).sort());
  });

  it('parses balances and payments in integer centavos, keeping extra fields', () => {
    expect(parseRealtimeMessage('BalanceUpdated', { balance: 12_345, currency: 'BRL' })).toEqual({
      name: 'BalanceUpdated',
      data: { balance: 12_345, currency: 'BRL' },
    });
    expect(parseRealtimeMessage('PaymentApproved', { balance: 20_000, amount: 5_000 })?.data).toEqual({
      balance: 20_000,
      amount: 5_000,
    });
  });

  it.each([
    ['BalanceUpdated', { balance: '10' }],
    ['BalanceUpdated', { balance: 10.5 }],
    ['BalanceUpdated', {}],
    ['BalanceUpdated', 'not json'],
    ['PaymentApproved', { balance: 1 }],
    ['MessageSent', null],
    ['MessageSent', [1, 2]],
    ['NotifyNewUserBox', 7],
    ['BetPlaced', { game: 'Fortune Tiger', amount: 500 }],
    ['BetPlaced', { type: 'cashout', transaction: 't', game: 'g', user: 'u', amount: 1, date: 'd' }],
    ['BetPlaced', { type: 'bet', transaction: 't', game: 'g', user: 'u', amount: 1.5, date: 'd' }],
    ['BetPlaced', { type: 'win', transaction: '', game: 'g', user: 'u', amount: 1, date: 'd' }],
    ['BetPlaced', { type: 'win', transaction: 't', game: 'g', user: 'u', amount: -1, date: 'd' }],
  ] as const)('drops %s %j', (name, data) => {
    expect(parseRealtimeMessage(name, data)).toBeUndefined();
  });

  it('parses a bet event of the live feed (§3 Bet event), amount in integer centavos', () => {
    const win = { type: 'win', transaction: 'tx-9', game: 'Fortune Tiger', user: 'Ana***', amount: 0, date: '2025-03-01T15:00:00.000Z' };
    expect(parseRealtimeMessage('BetPlaced', win)).toEqual({ name: 'BetPlaced', data: win });
  });

  it('accepts any object for events whose shape the spec does not show', () => {
    expect(parseRealtimeMessage('MessageSent', { id: 1, text: 'olá' })?.data).toEqual({ id: 1, text: 'olá' });
  });

  it('knows its names', () => {
    expect(isRealtimeEventName('BalanceUpdated')).toBe(true);
    expect(isRealtimeEventName('toString')).toBe(false);
    expect(isRealtimeEventName('pusher:subscription_succeeded')).toBe(false);
  });
});
