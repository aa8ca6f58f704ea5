/**
 * Contract cases of rewards (tags `bonuses` and `missions`), spread into contract.test.ts's table: each
 * request is checked against openapi/ (unless `invalid`) and each answer against its documented status and schema.
 * They run on players registered here: one that plays, one that is self-excluded (403 on every private operation).
 */
import type { TestApi } from '../../sandbox/api/test-support';
import { onePlayerPerApi } from './players';

interface RewardsCase {
  title: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface RewardsEnv {
  api: TestApi;
  token(email?: string): Promise<string>;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const AZUL = { 'x-brand-domain': 'azul.localhost' };
const DAY = 86_400_000;

const rewardsPlayer = onePlayerPerApi({
  name: 'Renata',
  surname: 'Recompensas',
  email: 'rw@contrato.test',
  phone: '(11) 95555-1414',
});
const EXCLUDED_EMAIL = 'rw-excluida@contrato.test';
const registeredExcluded = onePlayerPerApi({
  name: 'Ester',
  surname: 'Excluida',
  email: EXCLUDED_EMAIL,
  phone: '(11) 95555-1413',
});

/** A player whose session is valid but who has self-excluded since (the platform answers 403). */
async function excludedPlayer(api: TestApi): Promise<string> {
  const token = await registeredExcluded(api);
  await api.db.query(
    `UPDATE users SET self_excluded_at = now() - interval '1 day', self_excluded_until = NULL WHERE email = $1`,
    [EXCLUDED_EMAIL],
  );
  return token;
}

const idOf = async (api: TestApi, email: string) =>
  (await api.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

const missionId = async (api: TestApi, brandId: number, slug: string) =>
  String(
    (
      await api.db.query<{ id: number }>('SELECT id FROM missions WHERE brand_id = $1 AND slug = $2', [brandId, slug])
    )[0]!.id,
  );

/**
 * A casino round lost 10 days ago on Azul Bet (a regulated brand offers no cashback): its week is closed and its
 * cashback item's slots are all unlocked.
 */
async function lostLastWeek(api: TestApi, userId: number, token: string): Promise<number> {
  await api.db.query(
    `INSERT INTO bets (user_id, game_id, bet_amount, win_amount, created_at)
     SELECT $1, id, 30000, 0, $2 FROM games WHERE in_lobby ORDER BY id LIMIT 1`,
    [userId, new Date(Date.now() - 10 * DAY)],
  );
  const res = await api.app.inject({
    method: 'GET',
    url: '/api/bonuses/cashback',
    headers: { ...AZUL, ...auth(token) },
  });
  const item = (res.json() as { data: { id: number; available_at: string }[] }).data.find(
    (i) => new Date(`${i.available_at}T23:59:59-03:00`).getTime() < Date.now(),
  );
  if (!item) throw new Error(`no closed cashback item: ${res.body}`);
  return item.id;
}

export const rewardsContractCases: Record<string, (env: RewardsEnv) => Promise<RewardsCase[]>> = {
  checkCoupon: async ({ api }) => {
    const token = await rewardsPlayer(api);
    const azul = await api.login('diego@azulbet.test', 'azul.localhost');
    return [
      {
        title: 'a free-spins coupon on a brand that is not regulated',
        headers: { ...AZUL, ...auth(azul) },
        json: { coupon: 'giros10' },
        status: 200,
      },
      {
        title: 'a free-spins coupon on a regulated brand (Portaria SPA/MF 1.231/2024 art. 42)',
        headers: auth(token),
        json: { coupon: 'giros10' },
        status: 422,
      },
      {
        title: 'a deposit bonus on a brand that is not regulated',
        headers: { ...AZUL, ...auth(azul) },
        json: { coupon: 'BEMVINDO100' },
        status: 200,
      },
      {
        title: 'a deposit bonus on a regulated brand (Lei 14.790 art. 29)',
        headers: auth(token),
        json: { coupon: 'BEMVINDO100' },
        status: 422,
      },
      { title: 'an advance on a regulated brand', headers: auth(token), json: { coupon: 'ADIANTA20' }, status: 422 },
      { title: 'unknown', headers: auth(token), json: { coupon: 'NADA' }, status: 422 },
      { title: 'expired', headers: auth(token), json: { coupon: 'VENCIDO5' }, status: 422 },
      {
        title: 'script text',
        headers: auth(token),
        json: { coupon: '<script>alert(1)</script>' },
        status: 422,
      },
      {
        title: '1,000 characters',
        headers: auth(token),
        json: { coupon: 'A'.repeat(1_000) },
        status: 422,
        invalid: true,
      },
      {
        title: 'a control character',
        headers: auth(token),
        json: { coupon: 'GIROS\u000710' },
        status: 422,
        invalid: true,
      },
      { title: 'no coupon', headers: auth(token), json: {}, status: 422, invalid: true },
      { title: 'no token', json: { coupon: 'GIROS10' }, status: 401 },
      { title: 'self-excluded', headers: auth(await excludedPlayer(api)), json: { coupon: 'GIROS10' }, status: 403 },
      {
        title: 'unknown brand',
        headers: { 'x-brand-domain': 'nada.localhost', ...auth(token) },
        json: { coupon: 'GIROS10' },
        status: 404,
      },
    ];
  },
  listCoupons: async () => [
    { title: 'regulated brand (no deposit bonus)', status: 200 },
    { title: 'brand not regulated', headers: AZUL, status: 200 },
    { title: 'unknown brand', headers: { 'x-brand-domain': 'nada.localhost' }, status: 404 },
  ],
  listCashback: async ({ api }) => [
    { title: 'the player’s items', headers: auth(await rewardsPlayer(api)), status: 200 },
    { title: 'no token', status: 401 },
    { title: 'self-excluded', headers: auth(await excludedPlayer(api)), status: 403 },
  ],
  claimCashback: async ({ api }) => {
    const token = await api.login('diego@azulbet.test', 'azul.localhost');
    const id = await lostLastWeek(api, await idOf(api, 'diego@azulbet.test'), token);
    const diego = { ...AZUL, ...auth(token) };
    return [
      { title: 'an unlocked item', headers: diego, json: { cashback_id: id }, status: 200 },
      { title: 'the same again (nothing left)', headers: diego, json: { cashback_id: id }, status: 422 },
      { title: 'unknown item', headers: diego, json: { cashback_id: 20000101 }, status: 404 },
      {
        title: 'a regulated brand offers none',
        headers: auth(await rewardsPlayer(api)),
        json: { cashback_id: id },
        status: 404,
      },
      { title: 'not a number', headers: diego, json: { cashback_id: 'x' }, status: 422, invalid: true },
      { title: 'no token', json: { cashback_id: id }, status: 401 },
      { title: 'self-excluded', headers: auth(await excludedPlayer(api)), json: { cashback_id: id }, status: 403 },
    ];
  },
  listMissions: async ({ api }) => [
    { title: 'the player’s missions', headers: auth(await rewardsPlayer(api)), status: 200 },
    { title: 'no token', status: 401 },
    { title: 'self-excluded', headers: auth(await excludedPlayer(api)), status: 403 },
  ],
  getMission: async ({ api }) => {
    const token = await rewardsPlayer(api);
    const id = await missionId(api, 1, 'aposte-50');
    return [
      { title: 'a mission', headers: auth(token), params: { id }, status: 200 },
      {
        title: 'another brand’s',
        headers: auth(token),
        params: { id: await missionId(api, 2, 'aposte-50') },
        status: 404,
      },
      {
        title: 'assigned to someone else',
        headers: auth(token),
        params: { id: await missionId(api, 1, 'missao-especial') },
        status: 404,
      },
      { title: 'not a number', headers: auth(token), params: { id: 'abc' }, status: 422, invalid: true },
      { title: 'no token', params: { id }, status: 401 },
      { title: 'self-excluded', headers: auth(await excludedPlayer(api)), params: { id }, status: 403 },
    ];
  },
  acceptMission: async ({ api }) => {
    const token = await rewardsPlayer(api);
    const id = await missionId(api, 1, 'dez-rodadas');
    return [
      { title: 'accept', headers: auth(token), params: { id }, status: 200 },
      { title: 'accepted already', headers: auth(token), params: { id }, status: 409 },
      { title: 'unknown', headers: auth(token), params: { id: '999999' }, status: 404 },
      { title: 'no token', params: { id }, status: 401 },
      { title: 'self-excluded', headers: auth(await excludedPlayer(api)), params: { id }, status: 403 },
    ];
  },
  claimMission: async ({ api }) => {
    const token = await rewardsPlayer(api);
    const userId = await idOf(api, 'rw@contrato.test');
    const done = await missionId(api, 1, 'aposte-50');
    const open = await missionId(api, 1, 'dez-rodadas');
    // A mission the player completed (their bets reached the goal).
    await api.db.query(
      `INSERT INTO player_missions (user_id, mission_id, status, progress, assigned_at, accepted_at, completed_at)
       VALUES ($1, $2, 'completed', 5000, now(), now(), now())
       ON CONFLICT (user_id, mission_id) DO UPDATE SET status = 'completed', progress = 5000, completed_at = now()`,
      [userId, Number(done)],
    );
    return [
      { title: 'not completed yet', headers: auth(token), params: { id: open }, status: 422 },
      { title: 'completed', headers: auth(token), params: { id: done }, status: 200 },
      { title: 'claimed already', headers: auth(token), params: { id: done }, status: 409 },
      { title: 'unknown', headers: auth(token), params: { id: '999999' }, status: 404 },
      { title: 'no token', params: { id: done }, status: 401 },
      { title: 'self-excluded', headers: auth(await excludedPlayer(api)), params: { id: done }, status: 403 },
    ];
  },
  getVip: async ({ api, token }) => [
    { title: 'a player with bets', headers: auth(await token()), status: 200 },
    { title: 'a new player', headers: auth(await rewardsPlayer(api)), status: 200 },
    { title: 'no token', status: 401 },
    { title: 'self-excluded', headers: auth(await excludedPlayer(api)), status: 403 },
  ],
  getAffiliates: async ({ api, token }) => [
    { title: 'a referrer', headers: auth(await token()), status: 200 },
    { title: 'no referrals', headers: auth(await rewardsPlayer(api)), status: 200 },
    { title: 'no token', status: 401 },
    { title: 'self-excluded', headers: auth(await excludedPlayer(api)), status: 403 },
  ],
};
