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

  it('reads the deposit a payment or a refusal names (id and txid), never only its amount', () => {
    const approved = { id: 11, txid: 'SV123', balance: 20_000, amount: 5_000 };
    expect(parseRealtimeMessage('PaymentApproved', approved)?.data).toEqual(approved);
    const refused = { id: 11, txid: 'SV123', amount: 5_000, status: 2 };
    expect(parseRealtimeMessage('PaymentRefused', refused)).toEqual({ name: 'PaymentRefused', data: refused });
  });

  it.each([
    ['BalanceUpdated', { balance: '10' }],
    ['BalanceUpdated', { balance: 10.5 }],
    ['BalanceUpdated', {}],
    ['BalanceUpdated', 'not json'],
    ['PaymentApproved', { balance: 1 }],
    ['PaymentApproved', { balance: 1, amount: 1, id: '11' }],
    ['PaymentRefused', { amount: 5_000, status: 2 }],
    ['PaymentRefused', { id: 11, txid: '', amount: 5_000, status: 2 }],
    ['MessageSent', null],
    ['MessageSent', [1, 2]],
    ['NotifyNewUserBox', 7],
    ['BetPlaced', { game: 'Fortune Tiger', amount: 500 }],
    ['BetPlaced', { type: 'cashout', transaction: 't', game: 'g', user: 'u', amount: 1, date: 'd' }],
    ['BetPlaced', { type: 'bet', transaction: 't', game: 'g', user: 'u', amount: 1.5, date: 'd' }],
    ['BetPlaced', { type: 'win', transaction: '', game: 'g', user: 'u', amount: 1, date: 'd' }],
    ['BetPlaced', { type: 'win', transaction: 't', game: 'g', user: 'u', amount: -1, date: 'd' }],
    ['SelfExclusionStarted', { start_at: 'yesterday', end_at: null }],
    ['SelfExclusionStarted', { start_at: '2026-01-01T00:00:00.000Z' }],
  ] as const)('drops %s %j', (name, data) => {
    expect(parseRealtimeMessage(name, data)).toBeUndefined();
  });

  it('parses a bet event of the live feed (§3 Bet event), amount in integer centavos', () => {
    const win = {
      type: 'win',
      transaction: 'tx-9',
      game: 'Fortune Tiger',
      user: 'Ana***',
      amount: 0,
      date: '2025-03-01T15:00:00.000Z',
    };
    expect(parseRealtimeMessage('BetPlaced', win)).toEqual({ name: 'BetPlaced', data: win });
  });

  it('parses the start of a self-exclusion (user channel), end_at null when indefinite', () => {
    const started = { start_at: '2026-01-01T12:00:00.000Z', end_at: '2026-07-01T02:59:59.000Z' };
    expect(parseRealtimeMessage('SelfExclusionStarted', started)).toEqual({
      name: 'SelfExclusionStarted',
      data: started,
    });
    const indefinite = { start_at: '2026-01-01T12:00:00.000Z', end_at: null };
    expect(parseRealtimeMessage('SelfExclusionStarted', indefinite)?.data).toEqual(indefinite);
  });

  it('accepts any object for events whose shape the spec does not show', () => {
    expect(parseRealtimeMessage('MissionAssigned', { id: 1, text: 'olá' })?.data).toEqual({ id: 1, text: 'olá' });
  });

  it('parses a chat message (§3 Chat message) and drops one missing its author or with a wrong date', () => {
    const message = {
      id: 7,
      time: '2026-03-10T15:00:00.000Z',
      type: 'global',
      user: { id: 1, name: 'Ana', avatar: null, level: 2, amount_bet: 500, house: false },
      text: '<b>oi</b>',
      mission: null,
      colorClass: 'chat-color-1',
      emoji: null,
      pinned_until: null,
      attachments: [],
    };
    expect(parseRealtimeMessage('MessageSent', message)?.data).toEqual(message);
    expect(parseRealtimeMessage('MessageSent', { id: 1, text: 'olá' })).toBeUndefined();
    expect(parseRealtimeMessage('MessageSent', { ...message, time: 'ontem' })).toBeUndefined();
  });

  it('knows its names', () => {
    expect(isRealtimeEventName('BalanceUpdated')).toBe(true);
    expect(isRealtimeEventName('toString')).toBe(false);
    expect(isRealtimeEventName('pusher:subscription_succeeded')).toBe(false);
  });
});
