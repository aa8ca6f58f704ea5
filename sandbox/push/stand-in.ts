/**
 * The sandbox's local push-service stand-in. Browsers subscribe at their vendor's push service (FCM for Chromium,
 * Mozilla autopush, Apple), unreachable offline; a subscription whose endpoint is
 * `http://127.0.0.1:{api port}/push-stand-in/{channel}` makes the sandbox deliver here instead, so a test sees
 * exactly what `web-push` sent: the encrypted body and the headers, checked as a push service checks them
 * (RFC 8030 / 8292 / 8188): `Authorization: vapid t=<JWT ES256>, k=<public key>` with the JWT's signature, audience
 * (this origin) and expiry (at most 24 h ahead); `Content-Encoding: aes128gcm`; a `TTL`. Accepted messages answer
 * 201 with a `Location`, like a push service; a channel named `gone-…` answers 410 (a subscription that expired).
 *
 * It lives outside /api (not the platform's contract) and outside /sandbox (the QA panel refuses cross-origin
 * writes, and a push service's caller sends no Origin). GET /push-stand-in/{channel} lists what arrived (tests).
 */
import { createPublicKey, verify } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';

export const STAND_IN_PREFIX = '/push-stand-in/';
const CHANNEL = /^[A-Za-z0-9_-]{1,100}$/;
/** A push service refuses bodies over 4096 bytes (RFC 8030 §7.2 lets it; every major one does). */
export const STAND_IN_MAX_BODY = 4096;

export interface StandInMessage {
  id: number;
  channel: string;
  headers: Record<string, string>;
  /** The encrypted body, base64. */
  body: string;
  received_at: string;
}

const b64url = (text: string) => Buffer.from(text, 'base64url');

/** Why a push service would refuse this VAPID Authorization (null: it is valid for `audience` at `now`). */
export function vapidProblem(authorization: string | undefined, audience: string, now: Date): string | null {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/i.exec(authorization?.trim() ?? '');
  if (!match) return 'Authorization is not "vapid t=…, k=…"';
  const [, token = '', key = ''] = match;
  const raw = b64url(key);
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 public key';
  const parts = token.split('.');
  if (parts.length !== 3) return 't is not a JWT';
  const [head = '', claims = '', signature = ''] = parts;
  let header: { alg?: string; typ?: string };
  let body: { aud?: string; exp?: number; sub?: string };
  try {
    header = JSON.parse(b64url(head).toString('utf8')) as typeof header;
    body = JSON.parse(b64url(claims).toString('utf8')) as typeof body;
  } catch {
    return 't is not a JWT';
  }
  if (header.alg !== 'ES256') return 'the JWT is not ES256';
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    b64url(signature),
  );
  if (!signed) return 'the JWT signature does not match k';
  if (body.aud !== audience) return `the JWT audience is not ${audience}`;
  const seconds = now.getTime() / 1000;
  if (typeof body.exp !== 'number' || body.exp <= seconds || body.exp > seconds + 24 * 3600)
    return 'the JWT expiry is not within the next 24 hours';
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub))
    return 'the JWT subject is not mailto: or https:';
  return null;
}

const KEPT_HEADERS = ['authorization', 'content-encoding', 'content-type', 'ttl', 'urgency', 'topic', 'crypto-key'];

export function registerPushStandIn(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  app.register(async (scope) => {
    // The encrypted body as bytes (only in this scope: the API parses JSON and forms).
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: STAND_IN_MAX_BODY * 4 },
      (_request, body, done) => done(null, body),
    );

    // The body stays encrypted as sent (@fastify/compress would try to undo its Content-Encoding: aes128gcm).
    scope.post<{ Params: { channel: string } }>(
      `${STAND_IN_PREFIX}:channel`,
      { decompress: false, compress: false },
      async (request, reply) => {
        const { channel } = request.params;
        if (!CHANNEL.test(channel)) return reply.code(404).send({ reason: 'no such subscription' });
        if (channel.startsWith('gone-')) return reply.code(410).send({ reason: 'subscription expired' });
        const audience = `${request.protocol}://${request.headers.host ?? ''}`;
        const problem = vapidProblem(request.headers.authorization, audience, deps.now());
        if (problem) return reply.code(401).send({ reason: problem });
        if (request.headers['content-encoding'] !== 'aes128gcm')
          return reply.code(415).send({ reason: 'Content-Encoding must be aes128gcm' });
        if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) return reply.code(400).send({ reason: 'TTL is missing' });
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (body.length === 0) return reply.code(400).send({ reason: 'no payload' });
        if (body.length > STAND_IN_MAX_BODY) return reply.code(413).send({ reason: 'payload too large' });
        const headers = Object.fromEntries(
          KEPT_HEADERS.flatMap((name) => {
            const value = request.headers[name];
            return typeof value === 'string' ? [[name, value]] : [];
          }),
        );
        const [row] = await deps.db.query<{ id: number }>(
          `INSERT INTO push_stand_in_messages (channel, headers, body, received_at) VALUES ($1, $2::jsonb, $3, $4)
         RETURNING id`,
          [channel, JSON.stringify(headers), body, deps.now()],
        );
        return reply
          .code(201)
          .header('location', `${STAND_IN_PREFIX}${channel}/messages/${row?.id ?? 0}`)
          .send();
      },
    );

    scope.get<{ Params: { channel: string } }>(`${STAND_IN_PREFIX}:channel`, async (request, reply) => {
      const { channel } = request.params;
      if (!CHANNEL.test(channel)) return reply.code(404).send({ reason: 'no such subscription' });
      const rows = await deps.db.query<{
        id: number;
        channel: string;
        headers: Record<string, string>;
        body: Uint8Array;
        received_at: Date;
      }>('SELECT id, channel, headers, body, received_at FROM push_stand_in_messages WHERE channel = $1 ORDER BY id', [
        channel,
      ]);
      const messages: StandInMessage[] = rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        headers: r.headers,
        body: Buffer.from(r.body).toString('base64'),
        received_at: r.received_at.toISOString(),
      }));
      return reply.header('cache-control', 'no-store').send({ messages });
    });
  });
}
