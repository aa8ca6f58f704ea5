/**
 * Signatures between the operator and the game provider (a shared secret, never sent):
 * - every seamless-wallet call carries `X-Signature: hex(HMAC-SHA256(secret, raw body))`;
 * - the operator signs the launch URL it hands the app (game, mode, token, origin, expiry), so the provider
 *   trusts the `origin` it will post messages to, in demo mode too, and the `brand` (casino id) whose rules it
 *   applies (a regulated brand is served no game under the minimum RTP: Portaria SPA/MF 1.207/2024).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-signature';

export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time check of a hex signature (anything malformed is simply false). */
export function verifyBody(secret: string, rawBody: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

/** The launch URL's parameters that the operator signs, in a fixed order. */
export const LAUNCH_SIGNED = ['game', 'mode', 'token', 'origin', 'lang', 'exp', 'brand'] as const;

const launchPayload = (params: URLSearchParams) => LAUNCH_SIGNED.map((k) => `${k}=${params.get(k) ?? ''}`).join('&');

export function signLaunch(secret: string, params: URLSearchParams): string {
  return signBody(secret, launchPayload(params));
}

export function verifyLaunch(secret: string, params: URLSearchParams): boolean {
  return verifyBody(secret, launchPayload(params), params.get('sig'));
}
