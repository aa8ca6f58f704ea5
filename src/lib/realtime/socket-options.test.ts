import { describe, expect, it } from 'vitest';
import { isLocalHost, REALTIME_LOCAL_PORT, resolveSocketOptions } from './socket-options';

describe('resolveSocketOptions (spec §7 Connection)', () => {
  it.each([
    ['localhost', undefined],
    ['LOCALHOST', undefined],
    ['casino.localhost', undefined],
    ['127.0.0.1', undefined],
    ['127.1.2.3', undefined],
    ['10.0.0.5', '10.0.0.5'],
  ])('local host %s → port 6001 without TLS, ws only', (host, brandIp) => {
    for (const protocol of ['http:', 'https:']) {
      expect(resolveSocketOptions(host, protocol, { ...(brandIp ? { brandIp } : {}) })).toEqual({
        wsHost: host.toLowerCase(),
        wsPort: REALTIME_LOCAL_PORT,
        wssPort: REALTIME_LOCAL_PORT,
        forceTLS: false,
        enabledTransports: ['ws'],
      });
    }
  });

  it('brackets IPv6 loopback so pusher-js builds a valid URL', () => {
    expect(resolveSocketOptions('::1', 'http:').wsHost).toBe('[::1]');
    expect(resolveSocketOptions('[::1]', 'http:')).toMatchObject({ wsHost: '[::1]', wsPort: 6001, forceTLS: false });
  });

  it('any other host: ws 80 and wss 443, TLS when the page is https, WebSocket transports only', () => {
    expect(resolveSocketOptions('casino.example.com', 'https:')).toEqual({
      wsHost: 'casino.example.com',
      wsPort: 80,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
    });
    expect(resolveSocketOptions('casino.example.com', 'http:')).toMatchObject({
      wsPort: 80,
      wssPort: 443,
      forceTLS: false,
    });
    expect(resolveSocketOptions('10.0.0.5', 'http:')).toMatchObject({ wsPort: 80 });
  });

  it('uses a configured socket host, and decides locality by it', () => {
    expect(resolveSocketOptions('casino.example.com', 'https:', { wsHost: 'ws.example.com' })).toMatchObject({
      wsHost: 'ws.example.com',
      wssPort: 443,
      forceTLS: true,
    });
    expect(resolveSocketOptions('casino.example.com', 'https:', { wsHost: '127.0.0.1' })).toMatchObject({
      wsHost: '127.0.0.1',
      wsPort: 6001,
      forceTLS: false,
    });
    expect(resolveSocketOptions('localhost', 'http:', { wsHost: '  ' }).wsHost).toBe('localhost');
  });

  it('takes a port of its own when configured (a sandbox on another port)', () => {
    expect(resolveSocketOptions('127.0.0.1', 'http:', { port: 40123 })).toMatchObject({
      wsPort: 40123,
      wssPort: 40123,
    });
    expect(resolveSocketOptions('a.example.com', 'https:', { port: 8443 })).toMatchObject({
      wsPort: 8443,
      wssPort: 8443,
      forceTLS: true,
    });
  });

  it('never enables sockjs or the HTTP fallbacks', () => {
    for (const host of ['localhost', 'a.example.com']) {
      for (const protocol of ['http:', 'https:']) {
        const { enabledTransports } = resolveSocketOptions(host, protocol);
        expect(enabledTransports.every((t) => t === 'ws' || t === 'wss')).toBe(true);
      }
    }
  });

  it('is strict about what counts as local', () => {
    expect(isLocalHost('localhost.example.com')).toBe(false);
    expect(isLocalHost('mylocalhost')).toBe(false);
    expect(isLocalHost('128.0.0.1')).toBe(false);
    expect(isLocalHost('')).toBe(false);
    expect(isLocalHost('10.0.0.5', '')).toBe(false);
    expect(isLocalHost('10.0.0.5', '10.0.0.6')).toBe(false);
    expect(isLocalHost('localhost.')).toBe(true);
  });
});
