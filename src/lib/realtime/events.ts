/**
 * zod schemas of the live events (spec §7), one per `RealtimePayloads` entry of the channel machine's types.
 * Payloads that fail are dropped by the adapter (silently for the player, §8) and counted.
 * zod/mini: the tree-shakable build, so the live connection does not bring the whole of zod.
 */
import * as z from 'zod/mini';
import type { RealtimeEventName, RealtimeMessage, RealtimePayloads } from '../../../machines/realtime/channel.types';

const centavos = z.int();
const object = z.record(z.string(), z.unknown());

export const realtimeEventSchemas = {
  // The global chat's message (openapi ChatMessage): text and names are text, never HTML; lengths as the contract's.
  MessageSent: z.looseObject({
    id: z.int().check(z.positive()),
    time: z.iso.datetime({ offset: true }),
    type: z.enum(['pinned', 'global', 'other']),
    user: z.looseObject({
      id: z.nullable(z.int()),
      name: z.string().check(z.maxLength(100)),
      avatar: z.nullable(z.string().check(z.maxLength(500))),
      level: z.nullable(z.int()),
      amount_bet: z.nullable(z.int()),
      house: z.boolean(),
    }),
    text: z.string().check(z.maxLength(2000)),
    mission: z.nullable(object),
    colorClass: z.string().check(z.maxLength(40)),
    emoji: z.nullable(z.string().check(z.maxLength(40))),
    pinned_until: z.nullable(z.iso.datetime({ offset: true })),
    attachments: z
      .array(
        z.looseObject({
          attachment_type: z.string().check(z.maxLength(60)),
          attachment_url: z.string().check(z.maxLength(300)),
        }),
      )
      .check(z.maxLength(4)),
  }),
  MessageDeleted: z.looseObject({ id: z.int().check(z.positive()) }),
  BetPlaced: z.looseObject({
    type: z.enum(['bet', 'win']),
    transaction: z.string().check(z.minLength(1), z.maxLength(100)),
    game: z.string().check(z.maxLength(200)),
    user: z.string().check(z.maxLength(100)),
    amount: z.int().check(z.nonnegative()),
    date: z.string().check(z.maxLength(40)),
  }),
  MissionAssigned: object,
  // Title and message are text (rendered as text, never HTML); lengths as the contract's.
  NotificationSent: z.looseObject({
    id: z.int().check(z.positive()),
    type: z.string().check(z.minLength(1), z.maxLength(40)),
    title: z.string().check(z.maxLength(120)),
    message: z.string().check(z.maxLength(1000)),
    read: z.boolean(),
    read_at: z.nullable(z.string().check(z.maxLength(40))),
    pinned_until: z.nullable(z.string().check(z.maxLength(40))),
    created_at: z.string().check(z.maxLength(40)),
  }),
  PaymentApproved: z.looseObject({
    balance: centavos,
    amount: centavos,
    id: z.optional(z.int().check(z.positive())),
    txid: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
    bonus_balance: z.optional(z.int().check(z.nonnegative())),
    coupon: z.optional(
      z.looseObject({
        code: z.string().check(z.minLength(1), z.maxLength(40)),
        outcome: z.enum(['granted', 'not_first_deposit', 'already_used', 'expired', 'below_minimum', 'not_offered']),
        bonus: z.int().check(z.nonnegative()),
        wagering_multiple: z.int().check(z.nonnegative()),
      }),
    ),
  }),
  PaymentRefused: z.looseObject({
    id: z.int().check(z.positive()),
    txid: z.string().check(z.minLength(1), z.maxLength(35)),
    amount: centavos,
    status: z.int(),
  }),
  BalanceUpdated: z.looseObject({ balance: centavos, bonus_balance: z.optional(z.int().check(z.nonnegative())) }),
  NotifyNewUserBox: object,
  SelfExclusionStarted: z.looseObject({
    start_at: z.iso.datetime({ offset: true }),
    end_at: z.nullable(z.iso.datetime({ offset: true })),
  }),
  SigapImpeded: z.looseObject({
    reason: z.enum(['impedido_autoexclusao', 'impedido_beneficiario']),
    since: z.iso.datetime({ offset: true }),
    withdraw_until: z.iso.datetime({ offset: true }),
  }),
} satisfies { [K in RealtimeEventName]: z.ZodMiniType<RealtimePayloads[K]> };

export function isRealtimeEventName(name: string): name is RealtimeEventName {
  return Object.hasOwn(realtimeEventSchemas, name);
}

/** The parsed message, or undefined when the payload does not match its schema. */
export function parseRealtimeMessage(name: RealtimeEventName, data: unknown): RealtimeMessage | undefined {
  const result = realtimeEventSchemas[name].safeParse(data);
  return result.success ? ({ name, data: result.data } as RealtimeMessage) : undefined;
}
