/**
 * The sandbox platform's VAPID key pair (RFC 8292): generated with `web-push` at the first start and kept in the
 * data folder (SANDBOX_DATA_DIR), so a browser's subscription (made with the public key) stays valid across
 * restarts. `npm start -- --fresh` empties the folder: new keys, and the subscriptions (in the same database)
 * go with them. One pair serves every brand of the sandbox (a real platform would hold one per operator).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url without padding (65 bytes → 87 characters): the browser's applicationServerKey. */
  publicKey: string;
  /** base64url (32 bytes); never leaves the sandbox. */
  privateKey: string;
}

export const VAPID_FILE = 'vapid-keys.json';
const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

function isVapidKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && PUBLIC_KEY.test(v.publicKey) && typeof v.privateKey === 'string'
    ? PRIVATE_KEY.test(v.privateKey)
    : false;
}

/**
 * The key pair of `dir/vapid-keys.json`, made and written (owner-only) when the file is missing. A file that is not
 * a key pair is an error, never silently replaced: every subscription made with the old public key would die.
 */
export function loadOrCreateVapidKeys(dir: string): { keys: VapidKeys; created: boolean } {
  const file = join(dir, VAPID_FILE);
  if (existsSync(file)) {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isVapidKeys(parsed)) throw new Error(`${file} is not a VAPID key pair: remove it to generate a new one`);
    return { keys: { publicKey: parsed.publicKey, privateKey: parsed.privateKey }, created: false };
  }
  mkdirSync(dir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify({ ...keys, createdAt: new Date().toISOString() }, null, 2)}\n`, {
    mode: 0o600,
  });
  return { keys, created: true };
}
