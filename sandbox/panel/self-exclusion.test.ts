import { describe, expect, it } from 'vitest';
import { bearer, createTestApi, panelForm, TEST_CONFIG } from '../api/test-support';
import { createPublisher } from '../realtime/publisher';
import { startRealtimeServer } from '../realtime/server';
import { LOOPBACK, RawClient, rawUrl, signedFetch } from '../realtime/test-harness.fixture';
import { createRealtimeControl } from '../realtime/control';

/**
 * A self-exclusion set from the QA panel reaches every open connection of the player as
 * `SelfExclusionStarted` on their private channel, then the realtime server takes back what identifies them:
 * their private channel and their presence membership (the list never shows them afterwards).
 */
describe('QA panel self-exclusion: announced on the user channel, subscriptions taken back', () => {
  it('every connection of the player gets SelfExclusionStarted with the dates; the presence list drops them', async () => {
    const start = (port: number) => startRealtimeServer({ host: LOOPBACK, port, apps: [TEST_CONFIG.pusher] });
    const control = createRealtimeControl(await start(0), start);
    const publisher = createPublisher({ ...TEST_CONFIG.pusher, host: LOOPBACK, port: control.port });
    const now = new Date();
    const api = await createTestApi({ publisher, realtimeControl: control });
    const clients: RawClient[] = [];
    try {
      const token = await api.login('ana@sorteverde.test');
      const me = (await api.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json() as {
        data: { id: number };
      };
      const id = me.data.id;
      const own = `private-universal.${id}`;
      const presence = 'presence-universal-public.1';
      const join = async (client: RawClient, channel: string, headers: Record<string, string>) => {
        const socketId = await client.socketId();
        const res = await api.app.inject({
          method: 'POST',
          url: '/api/broadcasting/auth',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: `socket_id=${socketId}&channel_name=${encodeURIComponent(channel)}`,
        });
        expect(res.statusCode, channel).toBe(200);
        const { auth, channel_data } = res.json() as { auth: string; channel_data?: string };
        client.send({ event: 'pusher:subscribe', data: { channel, auth, channel_data } });
        return client.next('pusher_internal:subscription_succeeded', channel);
      };
      const open = async () => {
        const client = await RawClient.open(rawUrl(control.port, TEST_CONFIG.pusher.key));
        clients.push(client);
        return client;
      };
      // Two tabs of the player (user channel and presence), and a guest watching the presence list.
      const tabs = [await open(), await open()];
      for (const tab of tabs) {
        await join(tab, own, bearer(token));
        await join(tab, presence, bearer(token));
      }
      const watcher = await open();
      const before = await join(watcher, presence, { 'guest-id': 'guest-Watch1234' });
      expect((JSON.parse(before.data as string) as { presence: { ids: string[] } }).presence.ids).toContain(String(id));

      const res = await api.app.inject({
        method: 'POST',
        url: `/sandbox/players/${id}/self-exclusion`,
        ...panelForm({ until: '2099-12-31' }),
      });
      expect(res.statusCode).toBe(303);

      for (const tab of tabs) {
        const started = await tab.next('SelfExclusionStarted', own);
        const data = JSON.parse(started.data as string) as { start_at: string; end_at: string | null };
        expect(data.end_at).toBe('2100-01-01T02:59:59.000Z');
        expect(Date.parse(data.start_at)).toBeGreaterThanOrEqual(now.getTime() - 1000);
      }
      const removed = await watcher.next('pusher_internal:member_removed', presence);
      expect(JSON.parse(removed.data as string)).toEqual({ user_id: String(id) });

      // The player's channel has no subscriber left (nothing more reaches it), and a newcomer's presence list does
      // not show them.
      const { url } = control.current()!;
      const occupancy = await signedFetch(url, TEST_CONFIG.pusher, {
        method: 'GET',
        path: `/apps/${TEST_CONFIG.pusher.appId}/channels/${own}`,
      });
      expect(await occupancy.json()).toMatchObject({ occupied: false });
      const late = await open();
      const after = await join(late, presence, { 'guest-id': 'guest-Late12345' });
      expect((JSON.parse(after.data as string) as { presence: { ids: string[] } }).presence.ids).not.toContain(
        String(id),
      );

      // And they cannot join again.
      const again = await api.app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(token) },
        payload: `socket_id=1234.5678&channel_name=${encodeURIComponent(presence)}`,
      });
      expect(again.statusCode).toBe(403);
    } finally {
      clients.forEach((c) => c.close());
      await api.close();
      await control.stop();
    }
  });
});
