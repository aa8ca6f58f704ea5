import type { FastifyRequest } from 'fastify';
import type { SandboxConfig } from '../config';
import type { Db } from '../db/types';
import type { Brand } from './brands';
import type { PlayerRow } from './players';
import type { PushSender } from '../push/sender';
import type { SubscriptionEvictor } from './self-exclusion';

/** Who is calling: a signed-in player (bearer), a guest (Guest-ID) or nobody. */
export type Identity =
  | { kind: 'player'; player: PlayerRow; tokenHash: string; sessionStartedAt: Date; playTimeLimit: number | null }
  | { kind: 'guest'; guestId: string }
  | { kind: 'anonymous' };

export interface Ctx {
  db: Db;
  config: SandboxConfig;
  now: Date;
  brand: Brand;
  identity: Identity;
  /** A bearer token was sent but is unknown, revoked or of another brand. */
  bearerRejected: boolean;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  request: FastifyRequest;
  /** Publishes live events (§7) through the `pusher` SDK; absent in tests that do not need them. */
  publisher?: { trigger(channels: string | string[], event: string, data: unknown): Promise<unknown> } | undefined;
  /** Web push with the platform's VAPID keys (sandbox/push/sender.ts). */
  push: PushSender;
  /** Takes back live subscriptions (a self-exclusion starting), when this process runs the realtime server. */
  realtime?: SubscriptionEvictor | undefined;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Ctx) => Promise<Reply>;
/** Handlers that also answer when no brand serves the domain (GET /site-config). */
export type BrandOptionalHandler = (ctx: Omit<Ctx, 'brand'> & { brand: Brand | null }) => Promise<Reply>;

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
