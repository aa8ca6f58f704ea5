/**
 * Types of the channel machine (spec §4 Channel subscription, §7 Live channels).
 *
 * Payloads arrive from the network and are checked with zod inside the adapter
 * (`src/lib/realtime/events.ts` holds a schema for each entry of `RealtimePayloads`); what reaches a machine
 * has been parsed. Money is integer centavos (contract rule).
 */

import type { components } from '../../shared/api/schema';

/** A JSON object whose fields the spec does not show yet; features narrow it when they need a field. */
export type RealtimeObject = Record<string, unknown>;

/**
 * One event of the live bets feed (spec §3 Bet event): a `bet` is placed, its `win` (0 for a loss) settles it
 * with the same `transaction`. `user` is already masked by the platform (§9); `amount` in integer centavos;
 * `date` ISO 8601.
 */
export interface BetEventPayload {
  type: 'bet' | 'win';
  transaction: string;
  game: string;
  user: string;
  amount: number;
  date: string;
}

/** A notification as `NotificationSent` carries it (openapi `Notification`). */
export interface NotificationPayload {
  id: number;
  type: string;
  title: string;
  message: string;
  read: boolean;
  read_at: string | null;
  pinned_until: string | null;
  created_at: string;
}

/** A chat message as `MessageSent` carries it (openapi `ChatMessage`, §3 Chat message; text, never HTML). */
export type ChatMessagePayload = components['schemas']['ChatMessage'];

/** The events of §7, by their wire name. */
/** What became of a paid deposit's coupon (PaymentApproved): granted, or why not. */
export interface DepositCouponPayload {
  code: string;
  outcome: 'granted' | 'not_first_deposit' | 'already_used' | 'expired' | 'below_minimum' | 'not_offered';
  /** The bonus granted (centavos; 0 when none). */
  bonus: number;
  /** Its rollover: the bonus × this in settled stakes turns it into cash. */
  wagering_multiple: number;
}

export interface RealtimePayloads {
  /** Public, guest and user channels: a chat message (the global chat listens on the public one). */
  MessageSent: ChatMessagePayload;
  /**
   * Public channel: a chat message was removed by moderation (the QA panel), so open chats drop it at once. Not an
   * event of §7 (which has none for a delete): the platform's own, in the contract's POST /chat/messages.
   */
  MessageDeleted: { id: number };
  /** Public channel: a bet of the live feed (§4 Bets feed). */
  BetPlaced: BetEventPayload;
  /** Guest and user channels. */
  MissionAssigned: RealtimeObject;
  /**
   * User channel (one player's) and the brand's public channel (a global 'platform' one for everyone): the contract's
   * `Notification`, unread (§3 Notification; title and message are text, never HTML).
   */
  NotificationSent: NotificationPayload;
  /**
   * User channel: a pix deposit was paid; balance and amount in centavos (§4 Pix payment). `id` and `txid` name
   * the deposit (the pix machine matches on them, never on the amount); absent from older senders.
   */
  PaymentApproved: {
    balance: number;
    amount: number;
    id?: number | undefined;
    txid?: string | undefined;
    /** The wallet's bonus money after the payment (absent from older senders). */
    bonus_balance?: number | undefined;
    /** The deposit's coupon: what became of it and the bonus it gave (with its rollover). */
    coupon?: DepositCouponPayload | undefined;
  };
  /** User channel: the bank refused (cancelled, status 2) a pending pix deposit; nothing was credited. */
  PaymentRefused: { id: number; txid: string; amount: number; status: number };
  /** User channel: the balance (cash) and, when sent, the bonus money merge into the wallet (centavos). */
  BalanceUpdated: { balance: number; bonus_balance?: number | undefined };
  /** User channel. */
  NotifyNewUserBox: RealtimeObject;
  /**
   * User channel: a self-exclusion started for this player (set by the player or by the operator) — the session
   * ends (§4 Self-exclusion). ISO date-times; `end_at` null when indefinite.
   */
  SelfExclusionStarted: { start_at: string; end_at: string | null };
  /**
   * User channel: SIGAP answered "Impedido" for the player's CPF (IN SPA/MF 31/2025, IN SPA/MF 22/2025): the player
   * stays signed in to withdraw until `withdraw_until`; deposits and bets are refused.
   */
  SigapImpeded: {
    reason: 'impedido_autoexclusao' | 'impedido_beneficiario';
    since: string;
    withdraw_until: string;
  };
}

export type RealtimeEventName = keyof RealtimePayloads;

/** The machine event each wire event becomes, for the parent of a channel machine. */
export const realtimeEventTypes = {
  MessageSent: 'realtime.messageSent',
  MessageDeleted: 'realtime.messageDeleted',
  BetPlaced: 'realtime.betPlaced',
  MissionAssigned: 'realtime.missionAssigned',
  NotificationSent: 'realtime.notificationSent',
  PaymentApproved: 'realtime.paymentApproved',
  PaymentRefused: 'realtime.paymentRefused',
  BalanceUpdated: 'realtime.balanceUpdated',
  NotifyNewUserBox: 'realtime.notifyNewUserBox',
  SelfExclusionStarted: 'realtime.selfExclusionStarted',
  SigapImpeded: 'realtime.sigapImpeded',
} as const satisfies Record<RealtimeEventName, `realtime.${string}`>;

/** One parsed message, as the adapter hands it to the channel machine. */
export type RealtimeMessage = { [K in RealtimeEventName]: { name: K; data: RealtimePayloads[K] } }[RealtimeEventName];

/** What a parent machine receives (and what `actor.on(...)` listeners see): typed per event. */
export type RealtimeParentEvent = {
  [K in RealtimeEventName]: { type: (typeof realtimeEventTypes)[K]; channel: string; data: RealtimePayloads[K] };
}[RealtimeEventName];

export interface ChannelInput {
  /** e.g. `private-universal.42`, `universal-public.7`, `presence-universal-public.7`. */
  channel: string;
  /** The events this subscription wants; others are not bound. */
  events: readonly RealtimeEventName[];
}

/** Input of the `subscription` actor. */
export type SubscriptionInput = ChannelInput;

/** What the `subscription` actor reports. */
export type SubscriptionReport =
  | { type: 'channel.subscribed' }
  /** Authorisation or subscription refused: silent for the player (§8), visible to QA. */
  | { type: 'channel.refused'; status: number | null }
  /** The connection dropped (or was re-created): pusher-js re-subscribes when it is back. */
  | { type: 'channel.lost' }
  | { type: 'channel.received'; message: RealtimeMessage }
  /** A payload failed its schema and was dropped. */
  | { type: 'channel.dropped'; event: RealtimeEventName };

export type ChannelEvent = SubscriptionReport | { type: 'channel.cancel' };

export interface ChannelContext {
  channel: string;
  events: readonly RealtimeEventName[];
  /** Messages passed on to the parent. */
  received: number;
  /** Payloads dropped because they failed their schema. */
  dropped: number;
  /** HTTP status of the last refusal (401, 403…), null for none or a refusal without one. */
  refusedStatus: number | null;
}
