/**
 * The sandbox game provider: a separate web origin (SANDBOX_PROVIDER_PORT, default 8788) that serves the games
 * the app shows in an iframe, and their backend, which moves money only through the operator's seamless wallet
 * over signed HTTP (openapi/provider-wallet.yaml). See README.md (launch URL, message protocol, fairness).
 *
 *   GET  /launch?game&mode&token&origin&lang&exp&brand&sig   checks the operator's signature; refuses a game under
 *                                                      the minimum RTP on a regulated brand (403
 *                                                      RTP_BELOW_MINIMUM); real mode authenticates the
 *                                                      single-use token with the wallet; 303 to /play/…
 *   GET  /play/slot?sid=…, /play/crash?sid=…           the game page (static HTML, strict CSP, framed only by
 *                                                      the session's app origin)
 *   GET  /assets/*                                     the pages' scripts, styles
 *   POST /api/state {sid}                              balance, game, the committed seed hash
 *   POST /api/round {sid, bet, client_seed, target?}   one round
 *   POST /api/verify {engine, server_seed, …}          recomputes a round from its seeds
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Queryable } from '../db/types';
import {
  BET_OPTIONS,
  CRASH_TARGET_MAX,
  CRASH_TARGET_MIN,
  engineOf,
  hashSeed,
  newClientSeed,
  newServerSeed,
  MIN_RTP_BP,
  outcomeOf,
  PAYLINES,
  PAYTABLES,
  paytableOf,
  type Engine,
} from './fair';
import { checkRoundInput, DEMO_BALANCE, playRound, type PlaySession } from './rounds';
import { providerSettings } from './settings';
import { verifyLaunch } from './signature';
import { createProviderWalletClient, type FetchLike, type ProviderWalletClient } from './wallet-client';

export interface ProviderDeps {
  db: Queryable;
  /** The secret shared with the operator (signs wallet calls, checks launch URLs). */
  secret: string;
  /** The operator's wallet, e.g. http://127.0.0.1:8787/provider/wallet. */
  walletUrl: string;
  now?: () => Date;
  /** Transport of the wallet calls (tests); default: fetch over HTTP. */
  fetch?: FetchLike;
  walletTimeoutMs?: number;
  /** Request log (method, path, status; never a query string, a body or a header). */
  log?: boolean;
  /** More routes on the provider origin (another sandbox provider, e.g. a sportsbook). */
  extraRoutes?: (app: FastifyInstance, deps: { wallet: ProviderWalletClient }) => void;
}

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
const ASSETS: Record<string, string> = {
  'common.js': 'text/javascript; charset=utf-8',
  'slot.js': 'text/javascript; charset=utf-8',
  'crash.js': 'text/javascript; charset=utf-8',
  'games.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};
const PAGES: Record<Engine, string> = { slot: 'slot.html', crash: 'crash.html' };
const SESSION_TTL_MS = 12 * 60 * 60_000;
const MAX_SESSIONS = 20_000;
const SID = /^[A-Za-z0-9_-]{20,64}$/;

function loadFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of [...Object.keys(ASSETS), ...Object.values(PAGES)])
    files.set(name, readFileSync(`${PUBLIC_DIR}${name}`));
  return files;
}

/** The page's security headers: only its own scripts and styles; framed only by the app that launched it. */
export function pageHeaders(origin: string | null): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${origin ?? "'none'"}`,
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

const MESSAGES = {
  pt: {
    expired: 'Esta sessão de jogo expirou ou já foi usada. Volte ao cassino e abra o jogo de novo.',
    blocked: 'Sua conta não pode jogar com dinheiro real agora.',
    maintenance: 'O jogo está em manutenção. Tente novamente em instantes.',
    invalid: 'Link de jogo inválido.',
    notFound: 'Jogo não encontrado.',
    unavailable: 'A carteira do cassino não respondeu. Tente novamente.',
    rtpBelowMinimum:
      'Este jogo não pode ser oferecido neste site: o retorno ao jogador (RTP) dele é menor que o mínimo de 85% exigido pela regulamentação brasileira.',
    rtpUnknown: 'Este jogo não está configurado corretamente. Volte ao cassino.',
  },
  en: {
    expired: 'This game session has expired or was already used. Go back to the casino and open the game again.',
    blocked: 'Your account cannot play for real money right now.',
    maintenance: 'The game is under maintenance. Please try again shortly.',
    invalid: 'Invalid game link.',
    notFound: 'Game not found.',
    unavailable: "The casino's wallet did not answer. Please try again.",
    rtpBelowMinimum:
      "This game cannot be offered on this site: its return to player (RTP) is below the 85% minimum Brazil's rules require.",
    rtpUnknown: 'This game is not set up correctly. Go back to the casino.',
  },
} as const;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function errorPage(
  reply: FastifyReply,
  status: number,
  lang: 'pt' | 'en',
  text: string,
  origin: string | null = null,
  code = '',
) {
  return reply
    .code(status)
    .headers(pageHeaders(origin))
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang === 'en' ? 'en' : 'pt-BR'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox Games</title><link rel="stylesheet" href="/assets/games.css"></head><body class="notice-page"><main class="notice" role="alert" data-testid="provider-error" data-code="${escape(code)}">${escape(text)}</main></body></html>`,
    );
}

/** Whether the brand of a launch URL (its signed casino id) is regulated; no brand or an unknown one: yes. */
async function brandIsRegulated(db: Queryable, brand: string | null): Promise<boolean> {
  if (!brand || !/^\d{1,9}$/.test(brand)) return true;
  const [row] = await db.query<{ regulated: boolean }>(
    "SELECT coalesce((features->>'is_regulated')::boolean, false) AS regulated FROM brands WHERE id = $1",
    [Number(brand)],
  );
  return row ? row.regulated : true;
}

export function buildProviderServer(deps: ProviderDeps): FastifyInstance {
  const now = deps.now ?? (() => new Date());
  const files = loadFiles();
  const wallet = createProviderWalletClient({
    baseUrl: deps.walletUrl,
    secret: deps.secret,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.walletTimeoutMs ? { timeoutMs: deps.walletTimeoutMs } : {}),
  });
  const sessions = new Map<string, PlaySession>();
  const app = Fastify({
    logger: deps.log
      ? { level: 'info', serializers: { req: (req) => ({ method: req.method, path: req.url.split('?')[0] }) } }
      : false,
    bodyLimit: 4096,
  });

  const sessionOf = (sid: unknown): PlaySession | undefined => {
    if (typeof sid !== 'string' || !SID.test(sid)) return undefined;
    const session = sessions.get(sid);
    if (session && session.expiresAt < now().getTime()) {
      sessions.delete(sid);
      return undefined;
    }
    return session;
  };
  const addSession = (session: PlaySession) => {
    if (sessions.size >= MAX_SESSIONS) {
      const t = now().getTime();
      for (const [id, s] of sessions) if (s.expiresAt < t) sessions.delete(id);
      // Still full: the oldest go first (a Map keeps insertion order).
      for (const id of sessions.keys()) {
        if (sessions.size < MAX_SESSIONS) break;
        sessions.delete(id);
      }
    }
    sessions.set(session.id, session);
  };

  app.get('/health', async () => ({ ok: true }));

  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const type = ASSETS[request.params.name];
    const file = type ? files.get(request.params.name) : undefined;
    if (!type || !file) return reply.code(404).send({ code: 'NOT_FOUND' });
    return reply
      .type(type)
      .headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=300' })
      .send(file);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/launch', async (request, reply) => {
    const params = new URLSearchParams(
      Object.entries(request.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const lang = params.get('lang') === 'en' ? 'en' : 'pt';
    const t = MESSAGES[lang];
    const mode = params.get('mode');
    const exp = Number(params.get('exp'));
    if (!verifyLaunch(deps.secret, params) || (mode !== 'real' && mode !== 'demo'))
      return errorPage(reply, 400, lang, t.invalid);
    if (!Number.isFinite(exp) || exp * 1000 < now().getTime()) return errorPage(reply, 401, lang, t.expired);
    if ((await providerSettings(deps.db)).maintenance) return errorPage(reply, 503, lang, t.maintenance);
    const [game] = await deps.db.query<{
      gamecode: string;
      title: string;
      category_slug: string;
      rtp_bp: number | null;
    }>('SELECT gamecode, title, category_slug, rtp_bp FROM games WHERE gamecode = $1', [params.get('game') ?? '']);
    if (!game) return errorPage(reply, 404, lang, t.notFound);
    const engine = engineOf(game.category_slug);
    const rtpBp = Number(game.rtp_bp);
    // The game is played with the paytable whose RTP its catalogue entry declares; none matching: not served.
    const paytable = paytableOf(engine, rtpBp);
    if (!paytable) return errorPage(reply, 409, lang, t.rtpUnknown, null, 'RTP_UNKNOWN');
    // Portaria SPA/MF 1.207/2024: a regulated brand offers no game returning under 85% (a URL without a brand is
    // held to the regulated rule).
    if (rtpBp < MIN_RTP_BP && (await brandIsRegulated(deps.db, params.get('brand'))))
      return errorPage(reply, 403, lang, t.rtpBelowMinimum, null, 'RTP_BELOW_MINIMUM');
    let origin = params.get('origin') || null;
    const session: PlaySession = {
      id: randomBytes(24).toString('base64url'),
      mode,
      gameCode: game.gamecode,
      gameTitle: game.title,
      engine,
      paytable,
      rtpBp,
      origin,
      lang,
      walletToken: null,
      playerId: null,
      playerName: null,
      balance: DEMO_BALANCE,
      serverSeed: newServerSeed(),
      nonce: 0,
      busy: false,
      expiresAt: now().getTime() + SESSION_TTL_MS,
    };
    if (mode === 'real') {
      const token = params.get('token') ?? '';
      const auth = await wallet.call('authenticate', { session_token: token, game_code: game.gamecode });
      if (!auth.ok) {
        if (auth.code === 'PLAYER_BLOCKED') return errorPage(reply, 403, lang, t.blocked);
        if (auth.transient) return errorPage(reply, 502, lang, t.unavailable);
        return errorPage(reply, 401, lang, t.expired);
      }
      // The operator's word on where the game may post (it stored the origin with the session).
      origin = typeof auth.body.origin === 'string' ? auth.body.origin : null;
      Object.assign(session, {
        origin,
        walletToken: token,
        playerId: typeof auth.body.player_id === 'string' ? auth.body.player_id : null,
        playerName: typeof auth.body.player_name === 'string' ? auth.body.player_name : null,
        balance: auth.balance,
      });
    }
    addSession(session);
    return reply.redirect(`/play/${session.engine}?sid=${session.id}`, 303);
  });

  app.get<{ Params: { engine: string }; Querystring: { sid?: string } }>('/play/:engine', async (request, reply) => {
    const engine = request.params.engine as Engine;
    const page = PAGES[engine] ? files.get(PAGES[engine]) : undefined;
    if (!page) return reply.code(404).send({ code: 'NOT_FOUND' });
    const session = sessionOf(request.query.sid);
    return reply
      .headers(pageHeaders(session?.origin ?? null))
      .type('text/html; charset=utf-8')
      .send(page);
  });

  const stateOf = (session: PlaySession) => ({
    mode: session.mode,
    balance: session.balance,
    currency: 'BRL',
    lang: session.lang,
    origin: session.origin,
    player: session.playerName,
    game: { code: session.gameCode, title: session.gameTitle, engine: session.engine },
    bets: BET_OPTIONS,
    paylines: PAYLINES,
    // The paytable and the RTP, shown before the first bet and at any time (Portaria SPA/MF 1.207/2024).
    paytable: PAYTABLES[session.paytable],
    paytable_name: session.paytable,
    rtp_bp: session.rtpBp,
    crash: { min_target: CRASH_TARGET_MIN, max_target: CRASH_TARGET_MAX },
    fair: { server_seed_hash: hashSeed(session.serverSeed), nonce: session.nonce, client_seed: newClientSeed() },
  });

  app.post<{ Body: { sid?: unknown } }>('/api/state', async (request, reply) => {
    const session = sessionOf(request.body?.sid);
    if (!session) return reply.code(401).send({ code: 'SESSION_EXPIRED' });
    if (session.mode === 'real' && !session.busy) {
      // The wallet's balance (the player may have deposited since): the session's token keeps working.
      const answer = await wallet.call('balance', { session_token: session.walletToken, game_code: session.gameCode });
      if (answer.ok) session.balance = answer.balance;
      else if (!answer.transient)
        return reply.code(answer.code === 'PLAYER_BLOCKED' ? 403 : 401).send({ code: answer.code });
    }
    return reply.header('cache-control', 'no-store').send(stateOf(session));
  });

  app.post<{ Body: { sid?: unknown; bet?: unknown; client_seed?: unknown; target?: unknown } }>(
    '/api/round',
    async (request, reply) => {
      const session = sessionOf(request.body?.sid);
      if (!session) return reply.code(401).send({ code: 'SESSION_EXPIRED' });
      const input = {
        bet: request.body.bet as number,
        clientSeed: request.body.client_seed as string,
        target: request.body.target as number | undefined,
      };
      const problem = checkRoundInput(session.engine, input);
      if (problem) return reply.code(422).send({ code: problem });
      if (session.busy) return reply.code(409).send({ code: 'ROUND_IN_PROGRESS' });
      session.busy = true;
      try {
        const result = await playRound({ db: deps.db, wallet, now }, session, input);
        if (!result.ok) return reply.code(result.status).send({ code: result.code, balance: result.balance });
        return reply.header('cache-control', 'no-store').send(result);
      } finally {
        session.busy = false;
      }
    },
  );

  app.post<{ Body: Record<string, unknown> }>('/api/verify', async (request, reply) => {
    const b = request.body ?? {};
    const engine = b.engine === 'crash' ? 'crash' : b.engine === 'slot' ? 'slot' : null;
    const ok =
      engine &&
      typeof b.server_seed === 'string' &&
      /^[0-9a-f]{64}$/.test(b.server_seed) &&
      typeof b.client_seed === 'string' &&
      b.client_seed.length <= 64 &&
      Number.isSafeInteger(b.nonce) &&
      Number.isSafeInteger(b.bet) &&
      (b.bet as number) > 0 &&
      (b.target === undefined || Number.isSafeInteger(b.target)) &&
      (b.paytable === undefined || b.paytable === 'standard' || b.paytable === 'reduced');
    if (!ok || !engine) return reply.code(422).send({ code: 'INVALID_REQUEST' });
    return {
      server_seed_hash: hashSeed(b.server_seed as string),
      outcome: outcomeOf({
        engine,
        serverSeed: b.server_seed as string,
        clientSeed: b.client_seed as string,
        nonce: b.nonce as number,
        bet: b.bet as number,
        ...(b.target !== undefined ? { target: b.target as number } : {}),
        ...(b.paytable !== undefined ? { paytable: b.paytable as 'standard' | 'reduced' } : {}),
      }),
    };
  });

  deps.extraRoutes?.(app, { wallet });
  return app;
}
