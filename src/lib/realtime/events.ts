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
  MessageSent: object,
  BetPlaced: z.looseObject({
    type: z.enum(['bet', 'win']),
    transaction: z.string().check(z.minLength(1), z.maxLength(100)),
    game: z.string().check(z.maxLength(200)),
    user: z.string().check(z.maxLength(100)),
    amount: z.int().check(z.nonnegative()),
    date: z.string().check(z.maxLength(40)),
  }),
  MissionAssigned: object,
  NotificationSent: object,
  PaymentApproved: z.looseObject({
    balance: centavos,
    amount: centavos,
    id: z.optional(z.int().check(z.positive())),
    txid: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
  }),
  PaymentRefused: z.looseObject({
    id: z.int().check(z.positive()),
    txid: z.string().check(z.minLength(1), z.maxLength(35)),
    amount: centavos,
    status: z.int(),
  }),
  BalanceUpdated: z.looseObject({ balance: centavos }),
  NotifyNewUserBox: object,
  SelfExclusionStarted: z.looseObject({
    start_at: z.iso.datetime({ offset: true }),
    end_at: z.nullable(z.iso.datetime({ offset: true })),
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
