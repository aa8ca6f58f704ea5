import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChannelAuth } from '../realtime/signature';
import { buildPlatform } from '../platform';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { completeCpf } from '../../shared/cpf';
import { guestPresenceId } from './handlers/broadcasting';
import { bearer, createTestApi, panelForm, TEST_CONFIG, type TestApi } from './test-support';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const siteConfig = (domain: string) =>
  api.app.inject({ url: `/api/site-config?domain=${encodeURIComponent(domain)}&t=${Date.now()}` });

describe('site config and brands', () => {
  it('serves each brand its own look, limits (centavos) and switches', async () => {
    const verde = (await siteConfig('localhost')).json() as Record<string, unknown>;
    const azul = (await siteConfig('azul.localhost')).json() as Record<string, unknown>;
    expect(verde).toMatchObject({
      systemExists: true,
      maintenanceMode: false,
      active: true,
      casino_id: 1,
      hasBoxes: true,
      registerCPF: false,
    });
    expect(azul).toMatchObject({
      systemExists: true,
      casino_id: 2,
      hasBoxes: false,
      registerCPF: true,
      min_deposit: 2000,
    });
    expect((verde.colors as { primary: string }).primary).not.toBe((azul.colors as { primary: string }).primary);
    expect((verde.images as { logo: string }).logo).not.toBe((azul.images as { logo: string }).logo);
    expect(verde.data).toEqual({ ogTitle: 'Sorte Verde · Cassino e Apostas' });
  });

  it('answers 402 for a brand in maintenance and systemExists:false for an unknown domain', async () => {
    const pausa = await siteConfig('pausa.localhost');
    expect(pausa.statusCode).toBe(402);
    expect(pausa.json()).toMatchObject({ maintenanceMode: true });
    const unknown = await siteConfig('nao-existe.localhost');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ systemExists: false });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('picks the brand from ?domain, then X-Brand-Domain, then Host without port', async () => {
    const byHost = await api.app.inject({ url: '/api/site-config', headers: { host: 'azul.localhost:5173' } });
    expect(byHost.json()).toMatchObject({ casino_id: 2 });
    const byHeader = await api.app.inject({
      url: '/api/site-config',
      headers: { host: 'localhost', 'x-brand-domain': 'azul.localhost' },
    });
    expect(byHeader.json()).toMatchObject({ casino_id: 2 });
    const byQuery = await api.app.inject({
      url: '/api/site-config?domain=localhost',
      headers: { 'x-brand-domain': 'azul.localhost' },
    });
    expect(byQuery.json()).toMatchObject({ casino_id: 1 });
    const otherCalls = await api.app.inject({ url: '/api/categories', headers: { host: 'nada.localhost' } });
    expect(otherCalls.statusCode).toBe(404);
    expect(otherCalls.json()).toEqual({ message: 'Plataforma não encontrada.' });
  });
});

describe('bad input', () => {
  it('answers invalid values with 422 and an errors object per field', async () => {
    const res = await api.app.inject({
      url: '/api/notifications?page=0&per_page=500',
      headers: bearer(await api.login('ana@sorteverde.test')),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Os dados informados são inválidos.',
      errors: { page: ['O campo page deve ser no mínimo 1.'], per_page: ['O campo per_page deve ser no máximo 50.'] },
    });
  });

  it('answers unreadable bodies with 400 and unknown routes with 404, both in the error shape', async () => {
    const malformed = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    const wrongType = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await api.app.inject({ url: '/api/nao/existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Rota não encontrada.' });
    const wrongMethod = await api.app.inject({ method: 'DELETE', url: '/api/site-config' });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it('requires a session on player calls (401)', async () => {
    for (const url of [
      '/api/auth/me',
      '/api/profile',
      '/api/profile/wallet',
      '/api/games/recent',
      '/api/notifications',
    ]) {
      const res = await api.app.inject({ url, headers: { authorization: 'Bearer not-a-real-token' } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 after the limit on auth calls, per operation', async () => {
    const limited = buildPlatform({ db: api.db, config: TEST_CONFIG, authRateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'ana@sorteverde.test', password: 'errada' },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
      const blocked = await attempt();
      expect(blocked.json()).toEqual({ message: 'Muitas tentativas. Aguarde um momento e tente novamente.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Other operations keep their own budget; reads are not limited.
      expect(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/validate/validate-cpf',
            payload: { cpf: '529.982.247-25' },
          })
        ).statusCode,
      ).toBe(200);
      for (let i = 0; i < 5; i++) expect((await limited.inject({ url: '/api/categories' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('broadcasting auth policy', () => {
  const GUEST = 'guest-Abc123xyz';
  const channelAuth = (channel: string, headers: Record<string, string> = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: `socket_id=1234.5678&channel_name=${encodeURIComponent(channel)}`,
    });
  let ana: { token: string; id: number };

  beforeAll(async () => {
    const token = await api.login('ana@sorteverde.test');
    const me = await api.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    ana = { token, id: (me.json() as { data: { id: number } }).data.id };
  });

  it('lets a player join only their own private channel, with a valid signature', async () => {
    const own = await channelAuth(`private-universal.${ana.id}`, bearer(ana.token));
    expect(own.statusCode).toBe(200);
    const { auth } = own.json() as { auth: string };
    expect(verifyChannelAuth(TEST_CONFIG.pusher, auth, '1234.5678', `private-universal.${ana.id}`)).toBe(true);
    expect((await channelAuth(`private-universal.${ana.id + 1}`, bearer(ana.token))).statusCode).toBe(403);
    expect((await channelAuth(`private-universal.${GUEST}`, bearer(ana.token))).statusCode).toBe(403);
  });

  it("lets a guest join only their own guest channel, never a player's", async () => {
    expect((await channelAuth(`private-universal.${GUEST}`, { 'guest-id': GUEST })).statusCode).toBe(200);
    expect((await channelAuth('private-universal.guest-Other1234', { 'guest-id': GUEST })).statusCode).toBe(403);
    expect((await channelAuth(`private-universal.${ana.id}`, { 'guest-id': GUEST })).statusCode).toBe(403);
    expect((await channelAuth(`private-universal.${ana.id}`)).statusCode).toBe(403);
  });

  it('signs the public channel for anyone and the presence channel with the member data', async () => {
    expect((await channelAuth('universal-public.1')).statusCode).toBe(200);
    expect((await channelAuth('universal-public.2')).statusCode).toBe(403);
    const guest = await channelAuth('presence-universal-public.1', { 'guest-id': GUEST });
    const body = guest.json() as { auth: string; channel_data: string };
    // A guest's member id is opaque and per connection: never the Guest-ID, which opens their private channel.
    const member = JSON.parse(body.channel_data) as { user_id: string; user_info: unknown };
    expect(member.user_info).toEqual({ name: 'Convidado' });
    expect(member.user_id).toMatch(/^guest:[A-Za-z0-9_-]{16}$/);
    expect(body.channel_data).not.toContain(GUEST);
    expect(member.user_id).toBe(guestPresenceId(TEST_CONFIG.pusher.secret, '1234.5678'));
    expect(guestPresenceId(TEST_CONFIG.pusher.secret, '1234.9999')).not.toBe(member.user_id);
    expect(
      verifyChannelAuth(TEST_CONFIG.pusher, body.auth, '1234.5678', 'presence-universal-public.1', body.channel_data),
    ).toBe(true);
    const player = await channelAuth('presence-universal-public.1', bearer(ana.token));
    expect(JSON.parse((player.json() as { channel_data: string }).channel_data)).toEqual({
      user_id: String(ana.id),
      user_info: { name: 'Ana Souza' },
    });
    expect((await channelAuth('presence-universal-public.1')).statusCode).toBe(403);
    expect((await channelAuth('private-encrypted-anything', { 'guest-id': GUEST })).statusCode).toBe(403);
  });

  it('refuses a self-excluded player every channel that identifies them (403 with the dates), not the public one', async () => {
    const token = await api.login('bruno@sorteverde.test');
    const me = (await api.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json() as {
      data: { id: number };
    };
    await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${me.data.id}/self-exclusion`,
      ...panelForm({ until: '2099-12-31' }),
    });
    try {
      for (const channel of [`private-universal.${me.data.id}`, 'presence-universal-public.1']) {
        const res = await channelAuth(channel, bearer(token));
        expect(res.statusCode, channel).toBe(403);
        expect(res.json()).toMatchObject({ selfExcluded: true, end_at: '2100-01-01T02:59:59.000Z' }); // the end of that day in São Paulo
      }
      expect((await channelAuth('universal-public.1', bearer(token))).statusCode).toBe(200);
    } finally {
      await api.app.inject({
        method: 'POST',
        url: `/sandbox/players/${me.data.id}/self-exclusion/remove`,
        ...panelForm(),
      });
    }
  });

  it('answers 401 for a revoked bearer token', async () => {
    const token = await api.login('ana@sorteverde.test');
    await api.app.inject({ url: '/api/auth/logout', headers: bearer(token) });
    expect((await channelAuth(`private-universal.${ana.id}`, bearer(token))).statusCode).toBe(401);
  });
});

describe('request log', () => {
  it('never contains tokens, passwords, CPFs or codes', async () => {
    const stream = new PassThrough();
    let output = '';
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const logged = buildPlatform({ db: api.db, config: TEST_CONFIG, log: stream });
    try {
      const password = 'Logada#2024';
      const cpf = completeCpf('714287938');
      const reg = await logged.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { host: 'azul.localhost' },
        payload: {
          name: 'Lia Log',
          email: 'lia.log@exemplo.test',
          phone: '11 94444-3333',
          password,
          password_confirmation: password,
          birth_date: '1990-01-01',
          terms: true,
          captcha_token: SANDBOX_CAPTCHA_TOKEN,
          cpf,
        },
      });
      expect(reg.statusCode).toBe(201);
      const { token } = reg.json() as { token: string };
      await logged.inject({ url: '/api/auth/me', headers: { ...bearer(token), host: 'azul.localhost' } });
      expect(output).toContain('/api/auth/register');
      for (const secret of [token, password, cpf, SANDBOX_CAPTCHA_TOKEN]) expect(output).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('CORS', () => {
  it('lets the app on another loopback origin send its headers', async () => {
    const res = await api.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/me',
      headers: {
        origin: 'http://azul.localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,guest-id,lmcp,x-brand-domain',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://azul.localhost:5173');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('guest-id');
  });
});
