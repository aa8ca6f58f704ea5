/**
 * Where pusher-js connects (spec §7 Live channels, Connection): a local host (localhost, *.localhost,
 * 127.0.0.0/8, ::1 or the brand's IP) uses port 6001 without TLS; any other host uses ws 80 and wss 443, with
 * TLS when the page is served over https. Only WebSocket transports are enabled, so pusher-js never falls back
 * to `sockjs-*.pusher.com` or reaches any pusher.com host.
 */

/** §7: the local port of the live connection (the sandbox's Pusher-protocol server). */
export const REALTIME_LOCAL_PORT = 6001;

export type SocketTransport = 'ws' | 'wss';

export interface SocketOptions {
  wsHost: string;
  wsPort: number;
  wssPort: number;
  forceTLS: boolean;
  enabledTransports: SocketTransport[];
}

export interface SocketHostConfig {
  /** The socket host; defaults to the page's hostname. */
  wsHost?: string;
  /** The brand's IP address, which counts as local (§7 "{ip}"). */
  brandIp?: string;
  /** A port of its own for both ws and wss (a sandbox on another port, tests); overrides the §7 ports. */
  port?: number;
}

function bare(host: string): string {
  const lower = host.trim().toLowerCase().replace(/\.$/, '');
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

export function isLocalHost(host: string, brandIp?: string): boolean {
  const h = bare(host);
  if (h === '') return false;
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (/^127(\.\d{1,3}){3}$/.test(h)) return true;
  return brandIp !== undefined && brandIp.trim() !== '' && h === bare(brandIp);
}

/** pusher-js builds `ws://${wsHost}:${port}`, so an IPv6 literal needs its brackets. */
function urlHost(host: string): string {
  const h = bare(host);
  return h.includes(':') ? `[${h}]` : h;
}

export function resolveSocketOptions(hostname: string, protocol: string, cfg: SocketHostConfig = {}): SocketOptions {
  const host = cfg.wsHost?.trim() ? cfg.wsHost : hostname;
  if (isLocalHost(host, cfg.brandIp)) {
    const port = cfg.port ?? REALTIME_LOCAL_PORT;
    return { wsHost: urlHost(host), wsPort: port, wssPort: port, forceTLS: false, enabledTransports: ['ws'] };
  }
  const secure = protocol === 'https:' || protocol === 'wss:';
  return {
    wsHost: urlHost(host),
    wsPort: cfg.port ?? 80,
    wssPort: cfg.port ?? 443,
    forceTLS: secure,
    // pusher-js's 'ws' transport goes over TLS (wss, on wssPort) whenever TLS is on; 'wss' is its TLS fallback
    // after 2 s on plain pages. Leaving out 'ws' on an https page would leave no transport at all.
    enabledTransports: ['ws', 'wss'],
  };
}
