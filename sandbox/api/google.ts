import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox stands in for Google: POST /auth/google accepts id tokens it signed itself, shaped like Google
 * id tokens (JWT, HS256 with this test secret instead of Google's RS256 keys). Not a secret: tests and QA
 * make tokens with signTestGoogleIdToken.
 */
export const SANDBOX_GOOGLE_SECRET = 'sandbox-google-test-secret';
export const SANDBOX_GOOGLE_ISSUER = 'https://accounts.google.com';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (data: string) => createHmac('sha256', SANDBOX_GOOGLE_SECRET).update(data).digest();

export function signTestGoogleIdToken(
  identity: GoogleIdentity,
  options: { now?: Date; ttlSeconds?: number } = {},
): string {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const payload = {
    iss: SANDBOX_GOOGLE_ISSUER,
    ...identity,
    email_verified: true,
    iat,
    exp: iat + (options.ttlSeconds ?? 3600),
  };
  const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${data}.${sign(data).toString('base64url')}`;
}

/** The identity of a valid, unexpired sandbox test token; null otherwise. */
export function verifyTestGoogleIdToken(token: string, now: Date): GoogleIdentity | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = sign(`${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { sub, email, name, exp, iss } = claims;
    if (iss !== SANDBOX_GOOGLE_ISSUER || typeof exp !== 'number' || exp * 1000 <= now.getTime()) return null;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof name !== 'string') return null;
    return { sub, email, name };
  } catch {
    return null;
  }
}
