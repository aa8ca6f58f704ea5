import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../db/migrate';
import { seed } from '../seed';
import { matchesEtag, pickEncoding, SiteConfigCache } from './site-config-cache';
import { createTestApi, panelForm, type TestApi } from './test-support';

type SiteConfig = { maintenanceMode: boolean; active: boolean; hasSports: boolean; banners: { title: string }[] };

describe('GET /site-config: cached per domain and locale, emptied by every write that changes it', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const get = (query: string, headers: Record<string, string> = {}) =>
    api.app.inject({ url: `/api/site-config?${query}`, headers });
  const config = async (domain = 'azul.localhost') => {
    const res = await get(`domain=${domain}&t=${Math.random().toString(36).slice(2)}`);
    return { status: res.statusCode, body: res.json<SiteConfig>(), etag: res.headers.etag };
  };

  it('answers a repeated call from memory, whatever the cache buster `t`', async () => {
    const first = await get('domain=localhost&t=1');
    expect(first.statusCode).toBe(200);
    const query = vi.spyOn(api.db, 'query');
    try {
      const again = await get('domain=localhost&t=2');
      const english = await get('domain=localhost&locale=en&t=3');
      const englishAgain = await get('domain=localhost&locale=en&t=4');
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(english.body).not.toBe(first.body);
      expect(englishAgain.body).toBe(english.body);
      // Only the first English call reached the database (the brand and its banners).
      expect(query.mock.calls.length).toBe(2);
    } finally {
      query.mockRestore();
    }
  });

  it('keeps the contract: cache-control no-store, a weak ETag, and 304 for a matching If-None-Match', async () => {
    const res = await get('domain=localhost');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const etag = String(res.headers.etag);
    const notModified = await get('domain=localhost&t=9', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    const otherTag = await get('domain=localhost', { 'if-none-match': 'W/"other"' });
    expect(otherTag.statusCode).toBe(200);
    // Another locale is another entity.
    const english = await get('domain=localhost&locale=en', { 'if-none-match': etag });
    expect(english.statusCode).toBe(200);
  });

  it('compresses once: brotli or gzip as asked, identical to the plain body', async () => {
    const plain = await get('domain=azul.localhost');
    const br = await get('domain=azul.localhost', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get('domain=azul.localhost', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const none = await get('domain=azul.localhost', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('still refuses what the contract refuses, before the cache', async () => {
    expect((await get('domain=localhost&locale=fr')).statusCode).toBe(422);
    expect((await get('domain=localhost&t=%00')).statusCode).toBe(422);
  });

  it('shows every QA panel write on the next call: maintenance, active, features and limits, redirects', async () => {
    const before = await config();
    expect(before.status).toBe(200);

    const post = (path: string, fields: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url: `/sandbox/brands/2${path}`, ...panelForm(fields) });

    expect((await post('/maintenance')).statusCode).toBe(303);
    expect((await config()).status).toBe(402);
    expect((await post('/maintenance')).statusCode).toBe(303);
    expect((await config()).status).toBe(200);

    await post('/active');
    expect((await config()).body.active).toBe(!before.body.active);
    await post('/active');

    const limits = { min_deposit: '10,00', max_deposit: '5000,00', min_withdrawal: '20,00', max_withdrawal: '900,00' };
    await post('/settings', { ...limits, ...(before.body.hasSports ? {} : { hasSports: 'on' }) });
    const edited = await config();
    expect(edited.body.hasSports).toBe(!before.body.hasSports);
    expect(edited.body).toMatchObject({ min_deposit: 1000, max_withdrawal: 90000 });
    expect(edited.etag).not.toBe(before.etag);

    await post('/redirects', { redirects: '/promo /casino/games', redirect_origins: '' });
    expect((await config()).body).toMatchObject({ redirects: [{ from: '/promo', to: '/casino/games' }] });
  });

  it('shows a direct database write, a migration or a seed on the next call', async () => {
    const before = await config('localhost');
    await api.db.query(
      `UPDATE banners SET title = 'Banner novo'
        WHERE id = (SELECT id FROM banners WHERE brand_id = 1 ORDER BY sort_order, id LIMIT 1)`,
    );
    expect((await config('localhost')).body.banners[0]?.title).toBe('Banner novo');

    await api.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO brand_domains (domain, brand_id) VALUES ('novo.localhost', 1)`);
    });
    expect((await config('novo.localhost')).body).toMatchObject({ casino_id: 1 });

    await config('localhost');
    await migrate(api.db);
    await seed(api.db);
    const query = vi.spyOn(api.db, 'query');
    try {
      await config('localhost');
      // migrate() runs a script (exec): the entry was dropped and rebuilt from the database.
      expect(query).toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
    expect((await config('localhost')).etag).not.toBe(before.etag);
  });
});

describe('SiteConfigCache', () => {
  it('does not keep an answer built while a write happened', async () => {
    const cache = new SiteConfigCache();
    let release: (value: { status: number; body: unknown }) => void = () => undefined;
    const slow = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.invalidate();
    release({ status: 200, body: { old: true } });
    await slow;
    const fresh = await cache.get('k', async () => ({ status: 200, body: { old: false } }));
    expect(JSON.parse(fresh.identity.toString())).toEqual({ old: false });
  });

  it('negotiates br, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('compares entity tags weakly, in a list or as *', () => {
    expect(matchesEtag('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('*', 'W/"b"')).toBe(true);
    expect(matchesEtag('W/"c"', 'W/"b"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"b"')).toBe(false);
  });
});
