/**
 * Web push operations (openapi/ getPushKey, subscribePush, unsubscribePush; spec §3 Push subscription, §6: push
 * requires a signed-in player). The contract checks the shapes (base64url lengths); here the meaning: an https
 * endpoint (or this sandbox's own stand-in), a p256dh that is a point of P-256, and one owner per endpoint.
 */
import { createPublicKey } from 'node:crypto';
import type { RequestBody } from '../../shared/api/types';
import type { SandboxConfig } from '../config';
import { STAND_IN_PREFIX } from '../push/stand-in';
import { deleteSubscription, saveSubscription } from '../push/store';
import { ok, type Handler } from './context';
import { FieldErrorList, requirePlayer, requireSessionHash } from './handlers/guards';
import { fail } from './errors';

export const PUSH_MESSAGES = {
  endpoint: 'O endereço de inscrição deve ser uma URL https do serviço de push.',
  p256dh: 'A chave p256dh não é uma chave pública P-256 válida.',
  auth: 'A chave auth deve ter 16 bytes em base64url.',
  notFound: 'Inscrição não encontrada.',
  subscribed: 'Notificações push inscritas com sucesso!',
  unsubscribed: 'Inscrição de notificações push removida.',
} as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An endpoint the platform will send to: https (a push service), without credentials or fragment; or, in the
 * sandbox only, its local stand-in on its own loopback port (never another local port: no requests to arbitrary
 * local services).
 */
export function acceptableEndpoint(endpoint: string, config: Pick<SandboxConfig, 'apiPort'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash || !url.hostname) return false;
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' &&
    LOOPBACK.has(url.hostname) &&
    url.port === String(config.apiPort) &&
    url.pathname.startsWith(STAND_IN_PREFIX) &&
    /^[A-Za-z0-9_-]{1,100}$/.test(url.pathname.slice(STAND_IN_PREFIX.length))
  );
}

/** A base64url P-256 public key in uncompressed form that lies on the curve. */
export function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh.replace(/=+$/, ''), 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

export const getPushKey: Handler = async (ctx) => ok({ data: { public_key: ctx.push.publicKey } });

export const subscribePush: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { endpoint, keys } = ctx.body as RequestBody<'subscribePush'>;
  const errors = new FieldErrorList();
  if (!acceptableEndpoint(endpoint, ctx.config)) errors.add('endpoint', PUSH_MESSAGES.endpoint);
  if (!isP256Point(keys.p256dh)) errors.add('keys.p256dh', PUSH_MESSAGES.p256dh);
  if (Buffer.from(keys.auth.replace(/=+$/, ''), 'base64url').length !== 16) errors.add('keys.auth', PUSH_MESSAGES.auth);
  errors.throwIfAny();
  const { row } = await saveSubscription(
    ctx.db,
    { userId: player.id, brandId: ctx.brand.id, sessionHash: requireSessionHash(ctx) },
    { endpoint, p256dh: keys.p256dh.replace(/=+$/, ''), auth: keys.auth.replace(/=+$/, '') },
    ctx.now,
  );
  return ok({
    data: {
      id: row.id,
      endpoint: row.endpoint,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
    message: PUSH_MESSAGES.subscribed,
  });
};

export const unsubscribePush: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { endpoint } = ctx.body as RequestBody<'unsubscribePush'>;
  const removed = await deleteSubscription(ctx.db, { userId: player.id, brandId: ctx.brand.id }, endpoint);
  if (!removed) fail(404, PUSH_MESSAGES.notFound, { endpoint: [PUSH_MESSAGES.notFound] });
  return ok({ message: PUSH_MESSAGES.unsubscribed });
};
