/**
 * zod schemas of the live events (spec §7), one per `RealtimePayloads` entry of the channel machine's types.
 * Payloads that fail are dropped by the adapter (silently for the player, §8) and counted.
 */
import { z } from 'zod';
import type { RealtimeEventName, RealtimeMessage, RealtimePayloads } from '../../../machines/realtime/channel.types';

const centavos = z.int();
const object = z.record(z.string(), z.unknown());

export const realtimeEventSchemas = {
  MessageSent: object,
  BetPlaced: z.looseObject({
    type: z.enum(['bet', 'win']),
    transaction: z.string().min(1).max(100),
    game: z.string().max(200),
    user: z.string().max(100),
    amount: centavos.nonnegative(),
    date: z.string().max(40),
  }),
  MissionAssigned: object,
  NotificationSent: object,
  PaymentApproved: z.looseObject({ balance: centavos, amount: centavos }),
  BalanceUpdated: z.looseObject({ balance: centavos }),
  NotifyNewUserBox: object,
} satisfies { [K in RealtimeEventName]: z.ZodType<RealtimePayloads[K]> };

export function isRealtimeEventName(name: string): name is RealtimeEventName {
  return Object.hasOwn(realtimeEventSchemas, name);
}

/** The parsed message, or undefined when the payload does not match its schema. */
export function parseRealtimeMessage(name: RealtimeEventName, data: unknown): RealtimeMessage | undefined {
  const result = realtimeEventSchemas[name].safeParse(data);
  return result.success ? ({ name, data: result.data } as RealtimeMessage) : undefined;
}
