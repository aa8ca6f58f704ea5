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
  ] as const)('drops %s %j', (name, data) => {
    expect(parseRealtimeMessage(name, data)).toBeUndefined();
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
