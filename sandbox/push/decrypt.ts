/**
 * A browser's side of web push encryption (RFC 8291, aes128gcm), for tests: a subscriber key pair like the one a
 * browser makes, and the decryption of what a push service delivered, so a test can read the payload the
 * sandbox sent to the stand-in exactly as the browser would.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

export interface TestSubscriber {
  /** base64url, as `PushSubscription.toJSON().keys` carries them. */
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

export function createTestSubscriber(): TestSubscriber {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body[20] ?? 0;
      const asPublic = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      if (cipherText.length > recordSize) throw new Error('more than one record: not what web-push sends');
      const secret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 and zero padding (RFC 8188 §2).
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
