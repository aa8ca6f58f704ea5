/**
 * Sends a web push to one browser subscription with the `web-push` library: the payload encrypted for the browser's
 * keys (RFC 8291, aes128gcm) and signed with the platform's VAPID key (RFC 8292). The library builds the request
 * (`generateRequestDetails`: headers, encrypted body); it goes out with `fetch`, so the same code reaches a real
 * push service over https and the sandbox's local stand-in over http (web-push's own `sendNotification` speaks
 * TLS only).
 */
import webpush from 'web-push';
import type { VapidKeys } from './vapid';

/** What the app's service worker shows (src/sw/sw.ts): the notification and the page its click opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app (`/casino`) or an absolute URL of the brand's site. */
  url: string;
  icon?: string;
  tag?: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushResult {
  /** The push service's HTTP status (201 accepted; 404 or 410: the subscription is gone); null when unreached. */
  status: number | null;
  /** A short, log-safe reason when the push service was not reached. */
  error?: string;
}

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** VAPID's contact (RFC 8292 §2.1): the push service's operators may write to it. */
export const VAPID_SUBJECT = 'mailto:qa@sandbox.invalid';

export function createPushSender(
  keys: VapidKeys,
  options: { fetch?: typeof fetch; timeoutMs?: number; subject?: string } = {},
): PushSender {
  const send = options.fetch ?? fetch;
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.subject ?? VAPID_SUBJECT, ...keys },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
      try {
        const response = await send(details.endpoint, {
          method: details.method,
          // fetch counts the body itself; every other header as web-push made it.
          headers: Object.fromEntries(
            Object.entries(details.headers)
              .filter(([name]) => name.toLowerCase() !== 'content-length')
              .map(([name, value]) => [name, String(value)]),
          ),
          body: details.body ? new Uint8Array(details.body as Buffer) : null,
          signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS),
          redirect: 'error',
        });
        await response.arrayBuffer().catch(() => undefined);
        return { status: response.status };
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        return { status: null, error: name === 'TimeoutError' ? 'timeout' : `unreachable (${name})` };
      }
    },
  };
}
