/**
 * The sandbox publishes every live event through the official `pusher` server SDK. Pointed at the sandbox's
 * realtime server here; the same code publishes to Pusher Channels, soketi or Reverb by configuration alone.
 */
import Pusher from 'pusher';

export interface PublisherConfig {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
}

export function createPublisher(cfg: PublisherConfig): Pusher {
  const { appId, key, secret, host, port } = cfg;
  return new Pusher({ appId, key, secret, host, port: String(port), useTLS: false });
}
