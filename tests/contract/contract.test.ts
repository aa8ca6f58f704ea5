import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type Operation } from '../../sandbox/api/contract';
import { signTestGoogleIdToken } from '../../sandbox/api/google';
import { SANDBOX_CAPTCHA_TOKEN } from '../../sandbox/api/handlers/auth';
import { createTestApi, type TestApi } from '../../sandbox/api/test-support';
import { completeCpf } from '../../shared/cpf';
import { DEMO_PLAYERS } from '../../sandbox/seed-data/players';
import { pushContractCases } from './push-cases';
import { chatContractCases } from './chat-cases';
import { responsibleGamingContractCases } from './responsible-gaming-cases';
import { registerContractPlayer } from './players';
import { accessDataContractCases } from './access-data-cases';
import { contactChangeContractCases } from './contact-change-cases';
import { personalDataContractCases } from './personal-data-cases';
import { documentsContractCases } from './documents-cases';
import { boxesContractCases } from './boxes-cases';
import { rewardsContractCases } from './rewards-cases';
import { secondFactorContractCases } from './second-factor-cases';
import { multipartBody, type FilePart } from '../../sandbox/api/documents-test-support';

const ANA_CPF_ON_FILE = DEMO_PLAYERS.find((p) => p.email === 'ana@sorteverde.test')?.cpf ?? '';

/**
 * Every operation of openapi/ is exercised against the sandbox: each case's request must satisfy the
 * contract (unless marked `invalid`, to provoke a documented 4xx), and every answer must be a documented
 * status whose body matches its schema. An operation without a case, or without an implementation, fails.
 */
interface Case {
  title: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** A multipart/form-data body: text fields and files (document uploads). */
  multipart?: Record<string, string | FilePart>;
  status: number;
  /** The request deliberately breaks the contract (a validation case). */
  invalid?: boolean;
}

interface Env {
  api: TestApi;
  /** A fresh session of a demo player of Sorte Verde (localhost). */
  token(email?: string): Promise<string>;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const ANA = 'ana@sorteverde.test';
const GUEST = 'guest-abc123XYZ';
/** Ana's CPF on file (sandbox/seed-data/players.ts): her own pix key. */
const ANA_CPF = ANA_CPF_ON_FILE;

const cases: Record<string, (env: Env) => Promise<Case[]>> = {
  ...pushContractCases,
  ...chatContractCases,
  ...responsibleGamingContractCases,
  ...accessDataContractCases,
  ...contactChangeContractCases,
  ...personalDataContractCases,
  ...documentsContractCases,
  ...boxesContractCases,
  ...rewardsContractCases,
  ...secondFactorContractCases,
  getSiteConfig: async (): Promise<Case[]> => [
    { title: 'known brand', query: { domain: 'localhost', t: '1' }, status: 200 },
    { title: 'other brand', query: { domain: 'azul.localhost' }, status: 200 },
    { title: 'texts in English', query: { domain: 'localhost', locale: 'en' }, status: 200 },
    { title: 'unknown locale', query: { domain: 'localhost', locale: 'fr' }, status: 422, invalid: true },
    { title: 'unknown domain', query: { domain: 'nada.localhost' }, status: 200 },
    { title: 'maintenance', query: { domain: 'pausa.localhost' }, status: 402 },
    { title: 'bad domain', query: { domain: 'not a domain!' }, status: 422, invalid: true },
  ],
  getGeoIp: async () => [
    { title: 'defaults', status: 200 },
    { title: 'unknown brand', headers: { 'x-brand-domain': 'nada.localhost' }, status: 404 },
  ],
  listCategories: async () => [{ title: 'all', status: 200 }],
  listBanners: async () => [
    { title: 'brand banners', headers: { 'x-brand-domain': 'azul.localhost' }, status: 200 },
    { title: 'in English', query: { locale: 'en' }, status: 200 },
  ],
  listProviders: async () => [{ title: 'seeded providers', status: 200 }],
  getContentPage: async () => [
    { title: 'pt page', params: { slug: 'terms' }, status: 200 },
    { title: 'en page', params: { slug: 'responsible-gaming' }, query: { locale: 'en' }, status: 200 },
    { title: 'unknown slug', params: { slug: 'no-such-page' }, status: 404 },
    { title: 'bad locale', params: { slug: 'terms' }, query: { locale: 'fr' }, status: 422, invalid: true },
  ],
  listPromotions: async () => [
    { title: 'regulated brand (deposit bonus withheld)', status: 200 },
    {
      title: 'en, not regulated',
      headers: { 'x-brand-domain': 'azul.localhost' },
      query: { locale: 'en' },
      status: 200,
    },
    { title: 'bad locale', query: { locale: 'fr' }, status: 422, invalid: true },
  ],
  getPromotion: async () => [
    { title: 'pt promotion', params: { slug: 'pontos-de-fidelidade' }, status: 200 },
    {
      title: 'deposit bonus, not regulated',
      headers: { 'x-brand-domain': 'azul.localhost' },
      params: { slug: 'boas-vindas' },
      query: { locale: 'en' },
      status: 200,
    },
    { title: 'deposit bonus asked directly on a regulated brand', params: { slug: 'recarga-de-sexta' }, status: 404 },
    { title: 'unknown slug', params: { slug: 'no-such-promo' }, status: 404 },
    { title: 'bad slug', params: { slug: 'Bad_Slug' }, status: 422, invalid: true },
  ],
  loginWithGoogle: async () => [
    {
      title: 'new Google player',
      json: {
        idToken: signTestGoogleIdToken({
          sub: 'g-contract-1',
          email: 'google.contract@example.com',
          name: 'Gabi Google',
        }),
      },
      status: 200,
    },
    { title: 'forged token', json: { idToken: 'a.b.c' }, status: 422 },
  ],
  validateCpf: async () => [
    { title: 'valid and free', json: { cpf: completeCpf('111444777') }, status: 200 },
    { title: 'check digits wrong', json: { cpf: '529.982.247-26' }, status: 422 },
    { title: 'taken', headers: { 'x-brand-domain': 'azul.localhost' }, json: { cpf: '529.982.247-25' }, status: 409 },
  ],
  login: async () => [
    { title: 'by e-mail', json: { email: ANA, password: 'Senha@123' }, status: 200 },
    { title: 'wrong password', json: { email: ANA, password: 'errada' }, status: 422 },
    { title: 'self-excluded', json: { email: 'carla@sorteverde.test', password: 'Senha@123' }, status: 403 },
    { title: 'no password', json: { email: ANA }, status: 422, invalid: true },
  ],
  getMe: async ({ token }) => [
    { title: 'signed in', headers: auth(await token()), status: 200 },
    { title: 'no token', status: 401 },
  ],
  register: async () => [
    {
      title: 'new player',
      json: {
        name: 'Rita',
        surname: 'Contrato',
        email: 'rita@contrato.test',
        phone: '(11) 97777-6666',
        password: 'Segura#2024',
        password_confirmation: 'Segura#2024',
        birth_date: '1992-02-29',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
        referral_code: 'ANASORTE',
      },
      status: 201,
    },
    {
      title: 'duplicate e-mail',
      json: {
        name: 'Ana Souza',
        email: ANA,
        phone: '11 96666-5555',
        password: 'Segura#2024',
        password_confirmation: 'Segura#2024',
        birth_date: '1990-01-01',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
      },
      status: 409,
    },
  ],
  updateUser: async ({ api, token }) => {
    // Ana's identity is verified (her documents approved): a new player's personal data can still change.
    const fresh = await newPlayerToken(api, 8);
    return [
      {
        title: 'change language and name',
        headers: auth(fresh),
        json: { first_name: 'Bruninho', language: 'en' },
        status: 200,
      },
      { title: 'empty body', headers: auth(await token()), json: {}, status: 422, invalid: true },
      {
        title: 'an address',
        headers: auth(fresh),
        json: {
          address: {
            postal_code: '01310-100',
            street: 'Av. Paulista',
            number: '1',
            district: 'Bela Vista',
            city: 'São Paulo',
            state: 'SP',
          },
        },
        status: 200,
      },
      {
        title: 'a CEP of 4 digits',
        headers: auth(fresh),
        json: { address: { postal_code: '1234', street: 'A', number: '1', district: 'B', city: 'C', state: 'SP' } },
        status: 422,
      },
      {
        title: 'verified: personal data locked',
        headers: {
          'x-brand-domain': 'azul.localhost',
          ...auth(await api.login('diego@azulbet.test', 'azul.localhost')),
        },
        json: { first_name: 'Outro' },
        status: 409,
      },
    ];
  },
  logout: async ({ token }) => {
    const t = await token();
    return [
      { title: 'revokes', headers: auth(t), status: 200 },
      { title: 'revoked token', headers: auth(t), status: 401 },
    ];
  },
  recoverPassword: async () => [
    { title: 'known e-mail', json: { email: 'bruno@sorteverde.test' }, status: 200 },
    { title: 'unknown e-mail (same answer)', json: { email: 'ninguem@sorteverde.test' }, status: 200 },
  ],
  verifyRecoveryCode: async ({ api }) => {
    await api.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: ANA } });
    const code = await api.latestCode(ANA);
    return [
      { title: 'right code', json: { email: ANA, code }, status: 200 },
      { title: 'wrong code', json: { email: ANA, code: code === '000000' ? '111111' : '000000' }, status: 422 },
    ];
  },
  resetPassword: async ({ api }) => {
    const email = 'bruno@sorteverde.test';
    await api.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email } });
    const code = await api.latestCode(email);
    return [
      {
        title: 'mismatch',
        json: { email, code, password: 'Nova#Senha1', password_confirmation: 'Outra#Senha1' },
        status: 422,
      },
      {
        title: 'resets',
        json: { email, code, password: 'Nova#Senha1', password_confirmation: 'Nova#Senha1' },
        status: 200,
      },
      {
        title: 'code used up',
        json: { email, code, password: 'Nova#Senha2', password_confirmation: 'Nova#Senha2' },
        status: 422,
      },
    ];
  },
  verifyEmail: async ({ api }) => {
    const register = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Vera Verifica',
        email: 'vera@contrato.test',
        phone: '11 95555-4444',
        password: 'Segura#2024',
        password_confirmation: 'Segura#2024',
        birth_date: '1980-06-15',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
      },
    });
    const token = (register.json() as { token: string }).token;
    return [
      {
        title: 'code sent at registration',
        headers: auth(token),
        json: { code: await api.latestCode('vera@contrato.test') },
        status: 200,
      },
      { title: 'already verified', headers: auth(token), status: 200 },
    ];
  },
  verifyPhone: async ({ api, token }) => {
    const t = await token();
    await api.app.inject({ method: 'POST', url: '/api/auth/verify-phone', headers: auth(t) });
    const code = await api.latestCode('+5511987654321');
    return [
      { title: 'bad code format', headers: auth(t), json: { code: '12' }, status: 422, invalid: true },
      { title: 'verify', headers: auth(t), json: { code }, status: 200 },
      { title: 'send code once verified', headers: auth(t), status: 200 },
    ];
  },
  requestPasswordChange: async ({ api }) => {
    const fresh = await newPlayerToken(api, 9); // Ana asked for recovery codes in earlier cases
    return [
      { title: 'sends a code', headers: auth(fresh), status: 200 },
      { title: "again within §9's 20 s: nothing sent", headers: auth(fresh), status: 429 },
    ];
  },
  getProfile: async ({ token }) => [{ title: 'profile', headers: auth(await token()), status: 200 }],
  updateProfileSettings: async ({ token }) => [
    { title: 'toggle', headers: auth(await token()), json: { hide_username: true, hide_metrics: false }, status: 200 },
    {
      title: 'unknown toggle',
      headers: auth(await token()),
      json: { hide_everything: true },
      status: 422,
      invalid: true,
    },
  ],
  updateName: async ({ api, token }) => {
    const fresh = await newPlayerToken(api, 7); // Ana's identity is verified: her name is locked.
    return [
      { title: 'full name', headers: auth(fresh), json: { name: 'Wal Carteira Lima' }, status: 200 },
      { title: 'one word', headers: auth(fresh), json: { name: 'Wal' }, status: 422 },
      { title: 'verified: locked', headers: auth(await token()), json: { name: 'Ana Maria Souza' }, status: 409 },
    ];
  },
  updateLanguage: async ({ token }) => [
    { title: 'to en', headers: auth(await token()), json: { language: 'en' }, status: 200 },
  ],
  getLanguage: async ({ token }) => [{ title: 'stored language', headers: auth(await token()), status: 200 }],
  getWallet: async ({ token }) => [{ title: 'wallet', headers: auth(await token()), status: 200 }],
  listRecentGames: async ({ token }) => [
    { title: 'page 1', headers: auth(await token()), query: { page: '1' }, status: 200 },
    { title: 'page 0', headers: auth(await token()), query: { page: '0' }, status: 422, invalid: true },
  ],
  listRankingLevels: async () => [{ title: 'levels', status: 200 }],
  listGames: async ({ token }): Promise<Case[]> => [
    { title: 'guest, page 1', headers: { 'guest-id': GUEST }, status: 200 },
    {
      title: 'player, search with accents',
      headers: auth(await token()),
      query: { searchTerm: 'fortúna' },
      status: 200,
    },
    {
      title: 'filters combined',
      query: { provider: 'samba', category: 'live', type: 'tables', bonuses: 'true', page: '1' },
      status: 200,
    },
    { title: 'unknown provider: empty page', query: { provider: 'nao-existe' }, status: 200 },
    { title: 'past the last page', query: { page: '500' }, status: 200 },
    { title: 'search of 1,000 characters', query: { searchTerm: 'a'.repeat(1000) }, status: 422, invalid: true },
    { title: 'page 0', query: { page: '0' }, status: 422, invalid: true },
    { title: 'malformed category', query: { category: 'Não!' }, status: 422, invalid: true },
    { title: 'session not valid', headers: auth('no-such-session'), status: 401 },
  ],
  listHomeGames: async ({ token }): Promise<Case[]> => [
    { title: 'guest', status: 200 },
    { title: 'player, in English', headers: auth(await token()), query: { locale: 'en' }, status: 200 },
    { title: 'unknown locale', query: { locale: 'fr' }, status: 422, invalid: true },
  ],
  listFeaturedGames: async (): Promise<Case[]> => [
    { title: 'featured', status: 200 },
    { title: 'unknown brand', headers: { 'x-brand-domain': 'nada.localhost' }, status: 404 },
  ],
  listFavoriteGames: async ({ token }): Promise<Case[]> => [
    { title: 'page 1', headers: auth(await token()), query: { page: '1' }, status: 200 },
    { title: 'guest', headers: { 'guest-id': GUEST }, status: 401 },
    { title: 'page 0', headers: auth(await token()), query: { page: '0' }, status: 422, invalid: true },
  ],
  toggleFavorite: async ({ token }): Promise<Case[]> => {
    const t = await token();
    return [
      { title: 'add', headers: auth(t), params: { gameId: '1' }, json: { action: 'add' }, status: 200 },
      { title: 'remove', headers: auth(t), params: { gameId: '1' }, json: { action: 'remove' }, status: 200 },
      { title: 'unknown game', headers: auth(t), params: { gameId: '999999' }, json: { action: 'add' }, status: 404 },
      { title: 'guest', params: { gameId: '1' }, json: { action: 'add' }, status: 401 },
      {
        title: 'bad action',
        headers: auth(t),
        params: { gameId: '1' },
        json: { action: 'flip' },
        status: 422,
        invalid: true,
      },
      {
        title: 'bad id',
        headers: auth(t),
        params: { gameId: 'abc' },
        json: { action: 'add' },
        status: 422,
        invalid: true,
      },
    ];
  },
  toggleLike: async ({ token }): Promise<Case[]> => {
    const t = await token();
    return [
      { title: 'like', headers: auth(t), params: { gameId: '2' }, json: { like: true }, status: 200 },
      { title: 'toggle (no body)', headers: auth(t), params: { gameId: '2' }, status: 200 },
      { title: 'unknown game', headers: auth(t), params: { gameId: '999999' }, json: { like: true }, status: 404 },
      { title: 'guest', params: { gameId: '2' }, json: { like: true }, status: 401 },
      { title: 'bad id', headers: auth(t), params: { gameId: '0' }, json: { like: true }, status: 422, invalid: true },
    ];
  },
  getGame: async (): Promise<Case[]> => [
    { title: 'by gamecode', json: { gamecode: 'fortuna-do-farao', provider_code: 'lotus' }, status: 200 },
    { title: 'by id', json: { game_id: 1, provider_code: 'tucano' }, status: 200 },
    { title: 'other provider', json: { gamecode: 'fortuna-do-farao', provider_code: 'aurora' }, status: 404 },
    { title: 'neither id nor gamecode', json: { provider_code: 'lotus' }, status: 422 },
    { title: 'no provider', json: { game_id: 1 }, status: 422, invalid: true },
  ],
  getGameUrl: async ({ api, token }): Promise<Case[]> => [
    { title: 'player: real mode', headers: auth(await token()), json: { game_id: 1 }, status: 200 },
    {
      // Portaria SPA/MF 1.207/2024: the regulated brand launches no game under 85% RTP.
      title: 'regulated brand, game under the minimum RTP',
      json: {
        game_id:
          (await api.db.query<{ id: number }>("SELECT id FROM games WHERE gamecode = 'safari-selvagem'"))[0]?.id ?? 0,
      },
      status: 403,
    },
    {
      title: 'player asks demo',
      headers: auth(await token()),
      json: { game_id: 1, mode: 'demo', locale: 'en' },
      status: 200,
    },
    { title: 'guest: demo mode', headers: { 'guest-id': GUEST }, json: { game_id: 1, mode: 'real' }, status: 200 },
    { title: 'stale token', headers: auth('not-a-live-token'), json: { game_id: 1 }, status: 401 },
    { title: 'unknown game', json: { game_id: 999999 }, status: 404 },
    { title: 'unknown mode', json: { game_id: 1, mode: 'cash' }, status: 422, invalid: true },
    { title: 'no game', json: {}, status: 422, invalid: true },
  ],
  listRelatedGames: async (): Promise<Case[]> => [
    { title: 'related', json: { game_id: 1 }, status: 200 },
    { title: 'unknown game', json: { game_id: 999999 }, status: 404 },
    { title: 'bad id', json: { game_id: 'x' }, status: 422, invalid: true },
  ],
  listNotifications: async ({ token }) => [
    { title: 'defaults', headers: auth(await token()), status: 200 },
    { title: 'page size 2', headers: auth(await token()), query: { page: '2', per_page: '2' }, status: 200 },
  ],
  markNotificationRead: async ({ api, token }) => {
    const t = await token();
    const id = async (where: string) =>
      String((await api.db.query<{ id: number }>(`SELECT n.id FROM notifications n WHERE ${where} LIMIT 1`))[0]?.id);
    const anas = await id("n.user_id = (SELECT id FROM users WHERE email = 'ana@sorteverde.test')");
    return [
      { title: 'own', headers: auth(t), params: { id: anas }, status: 200 },
      { title: 'own again (idempotent)', headers: auth(t), params: { id: anas }, status: 200 },
      {
        title: 'global of the brand',
        headers: auth(t),
        params: { id: await id('n.brand_id = 1 AND n.user_id IS NULL') },
        status: 200,
      },
      {
        title: "another player's",
        headers: auth(t),
        params: {
          id: await id("n.user_id <> (SELECT id FROM users WHERE email = 'ana@sorteverde.test')"),
        },
        status: 404,
      },
      { title: 'no such id', headers: auth(t), params: { id: '99999999' }, status: 404 },
      { title: 'not a number', headers: auth(t), params: { id: 'abc' }, status: 422, invalid: true },
      { title: 'guest', headers: { 'guest-id': GUEST }, params: { id: anas }, status: 401 },
    ];
  },
  markAllNotificationsRead: async ({ token }) => {
    const t = await token();
    return [
      { title: 'user list', headers: auth(t), params: { type: 'user' }, status: 200 },
      { title: 'global list', headers: auth(t), params: { type: 'global' }, status: 200 },
      { title: 'unknown list', headers: auth(t), params: { type: 'platform' }, status: 422, invalid: true },
      { title: 'guest', headers: { 'guest-id': GUEST }, params: { type: 'user' }, status: 401 },
    ];
  },
  createPixDeposit: async ({ token }) => {
    const t = await token();
    return [
      { title: 'R$ 50,00 (5000 centavos)', headers: auth(t), json: { amount: 5000 }, status: 201 },
      { title: 'below the brand minimum', headers: auth(t), json: { amount: 999 }, status: 422 },
      { title: 'above the brand maximum', headers: auth(t), json: { amount: 5_000_001 }, status: 422 },
      { title: 'non-numeric', headers: auth(t), json: { amount: 'cinquenta' }, status: 422, invalid: true },
      {
        title: 'more than two decimals (fractional centavos)',
        headers: auth(t),
        json: { amount: 5000.5 },
        status: 422,
        invalid: true,
      },
      { title: 'no token', json: { amount: 5000 }, status: 401 },
    ];
  },
  consultTransactionStatus: async ({ api, token }) => {
    const t = await token();
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/main-gateway/qrcode-pix',
      headers: { host: 'localhost', ...auth(t) },
      payload: { amount: 2000 },
    });
    const id = (created.json() as { data: { id: number } }).data.id;
    return [
      { title: 'own pending deposit', headers: auth(t), json: { id }, status: 200 },
      { title: 'unknown id', headers: auth(t), json: { id: 999_999 }, status: 404 },
      { title: "another player's deposit", headers: auth(await newPlayerToken(api, 1)), json: { id }, status: 404 },
    ];
  },
  cancelWithdrawal: async ({ api, token }) => {
    const t = await token();
    const h = { host: 'localhost', ...auth(t) };
    const address = await api.app.inject({
      method: 'POST',
      url: '/api/address/create',
      headers: h,
      payload: { type: 'cpf', key: ANA_CPF },
    });
    const addressId = (address.json() as { data: { id: number } }).data.id;
    const requested = await api.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw/request',
      headers: h,
      payload: { amount: 2000, address_id: addressId },
    });
    const id = (requested.json() as { data: { id: number } }).data.id;
    return [
      { title: 'pending withdrawal', headers: auth(t), json: { id }, status: 200 },
      { title: 'already cancelled', headers: auth(t), json: { id }, status: 409 },
      { title: 'unknown', headers: auth(t), json: { id: 999_999 }, status: 404 },
      { title: 'no id', headers: auth(t), json: {}, status: 422, invalid: true },
    ];
  },
  listWithdrawMethods: async ({ token }) => [{ title: 'pix', headers: auth(await token()), status: 200 }],
  selectWithdrawMethod: async ({ token }) => [
    { title: 'pix', headers: auth(await token()), json: { method_id: 1 }, status: 200 },
    { title: 'unknown method', headers: auth(await token()), json: { method_id: 7 }, status: 422 },
  ],
  createPixAddress: async ({ api, token }) => {
    const t = await token();
    const diego = {
      'x-brand-domain': 'azul.localhost',
      ...auth(await api.login('diego@azulbet.test', 'azul.localhost')),
    };
    return [
      { title: 'own CPF (Diego, Azul Bet)', headers: diego, json: { type: 'cpf', key: '529.982.247-25' }, status: 201 },
      { title: 'own CPF again', headers: diego, json: { type: 'cpf', key: '52998224725' }, status: 200 },
      { title: "a third party's CPF", headers: auth(t), json: { type: 'cpf', key: '529.982.247-25' }, status: 422 },
      {
        title: 'e-mail key',
        headers: auth(t),
        json: { type: 'email', key: 'ana@sorteverde.test' },
        status: 422,
        invalid: true,
      },
      {
        title: 'player without CPF',
        headers: auth(await newPlayerToken(api, 2)),
        json: { type: 'cpf', key: ANA_CPF },
        status: 422,
      },
    ];
  },
  requestWithdrawal: async ({ api, token }) => {
    const t = await token();
    const address = await api.app.inject({
      method: 'POST',
      url: '/api/address/create',
      headers: { host: 'localhost', ...auth(t) },
      payload: { type: 'cpf', key: ANA_CPF },
    });
    const addressId = (address.json() as { data: { id: number } }).data.id;
    return [
      { title: 'R$ 20,00', headers: auth(t), json: { amount: 2000, address_id: addressId, method_id: 1 }, status: 201 },
      {
        title: 'more than the balance',
        headers: auth(t),
        json: { amount: 1_000_000, address_id: addressId },
        status: 402,
      },
      { title: 'below the minimum', headers: auth(t), json: { amount: 100, address_id: addressId }, status: 422 },
      { title: 'not own address', headers: auth(t), json: { amount: 2000, address_id: 999_999 }, status: 422 },
      {
        title: 'fractional centavos',
        headers: auth(t),
        json: { amount: 20.001, address_id: addressId },
        status: 422,
        invalid: true,
      },
    ];
  },
  listTransactions: async ({ token }) => [
    { title: 'page 1', headers: auth(await token()), query: { page: '1' }, status: 200 },
    { title: 'page 0', headers: auth(await token()), query: { page: '0' }, status: 422, invalid: true },
  ],
  listWalletBets: async ({ token }) => [
    { title: 'page 1', headers: auth(await token()), query: { page: '1' }, status: 200 },
  ],
  listWalletBonuses: async ({ token }) => [
    { title: 'page 1', headers: auth(await token()), query: { page: '1' }, status: 200 },
    { title: 'no token', status: 401 },
  ],
  launchSport: async ({ token }): Promise<Case[]> => [
    { title: 'player: real mode', headers: auth(await token()), status: 200 },
    { title: 'player asks view mode', headers: auth(await token()), json: { mode: 'view', locale: 'en' }, status: 200 },
    { title: 'guest: view mode', headers: { 'guest-id': GUEST }, status: 200 },
    { title: 'guest asks real mode', headers: { 'guest-id': GUEST }, json: { mode: 'real' }, status: 401 },
    { title: 'unknown mode', headers: { 'guest-id': GUEST }, json: { mode: 'demo' }, status: 422, invalid: true },
    { title: 'unknown brand', headers: { 'x-brand-domain': 'nada.localhost' }, status: 404 },
  ],
  authorizeChannel: async ({ token }) => {
    const t = await token();
    return [
      { title: 'public channel', form: { socket_id: '123.456', channel_name: 'universal-public.1' }, status: 200 },
      {
        title: 'guest presence',
        headers: { 'guest-id': GUEST },
        form: { socket_id: '1.2', channel_name: 'presence-universal-public.1' },
        status: 200,
      },
      {
        title: 'guest private',
        headers: { 'guest-id': GUEST },
        form: { socket_id: '1.2', channel_name: `private-universal.${GUEST}` },
        status: 200,
      },
      {
        title: 'player private (own id 1)',
        headers: auth(t),
        json: { socket_id: '1.2', channel_name: 'private-universal.1' },
        status: 200,
      },
      {
        title: 'other player',
        headers: auth(t),
        form: { socket_id: '1.2', channel_name: 'private-universal.2' },
        status: 403,
      },
    ];
  },
};

/** A freshly registered Sorte Verde player (no CPF, balance 0), independent of what other cases changed. */
async function newPlayerToken(api: TestApi, n: number): Promise<string> {
  const player = await registerContractPlayer(api, {
    name: 'Wal',
    surname: `Carteira${'x'.repeat(n)}`,
    email: `wallet${n}@contrato.test`,
    phone: `(11) 95555-000${n}`,
  });
  return player.token;
}

const contract = loadContract();

function urlOf(operation: Operation, c: Case): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(c.params?.[name] ?? ''));
  const query = c.query ? `?${new URLSearchParams(c.query).toString()}` : '';
  return `/api${path}${query}`;
}

describe('contract: every operation of openapi/ against the sandbox', () => {
  let env: Env;

  beforeAll(async () => {
    const api = await createTestApi({ validateResponses: false });
    env = { api, token: (email = ANA) => api.login(email) };
  });
  afterAll(() => env.api.close());

  it('has a case for every operation and no case for an unknown one', () => {
    const ids = contract.operations.map((op) => op.operationId);
    expect(
      ids.filter((id) => !(id in cases)),
      'operations without a contract case',
    ).toEqual([]);
    expect(
      Object.keys(cases).filter((id) => !ids.includes(id)),
      'cases for no operation',
    ).toEqual([]);
  });

  it.each(contract.operations.map((op) => [op.operationId, op] as const))('%s', async (operationId, operation) => {
    const makeCases = cases[operationId];
    expect(makeCases, `no contract case for ${operationId}`).toBeDefined();
    const list = await makeCases!(env);
    expect(
      list.some((c) => !c.invalid && c.status < 300),
      `${operationId} needs a valid, successful case`,
    ).toBe(true);

    for (const c of list) {
      const headers: Record<string, string> = { host: 'localhost', ...c.headers };
      let payload: string | Buffer | undefined;
      if (c.json !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(c.json);
      } else if (c.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(c.form).toString();
      } else if (c.multipart) {
        const body = multipartBody(c.multipart);
        headers['content-type'] = body.contentType;
        payload = body.payload;
      }
      // A multipart file is a string (`format: binary`) to the contract, as the sandbox checks it.
      const multipartView = c.multipart
        ? Object.fromEntries(Object.entries(c.multipart).map(([k, v]) => [k, typeof v === 'string' ? v : v.filename]))
        : undefined;
      const requestCheck = contract.checkRequest(operation, {
        params: { ...c.params },
        query: { ...c.query },
        headers: { ...headers },
        body: c.json ?? (c.form ? { ...c.form } : multipartView),
        contentType: headers['content-type'],
      });
      expect(
        requestCheck.ok,
        `${operationId} / ${c.title}: request ${c.invalid ? 'should break' : 'should match'} the contract`,
      ).toBe(!c.invalid);

      const res = await env.api.app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url: urlOf(operation, c),
        headers,
        payload,
      });
      const context = `${operationId} / ${c.title}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, context).toBe(c.status);
      expect(operation.statuses, `${context}: status not documented`).toContain(res.statusCode);
      expect(res.headers['content-type'], context).toMatch(/^application\/json/);
      expect(contract.checkResponse(operation, res.statusCode, res.json()), context).toBeNull();
    }
  });
});
