/**
 * The sandbox sportsbook, served on the game provider's origin (mount it on the provider's Fastify server):
 *
 *   GET  /sportsbook/?game&mode&token&origin&lang&exp&sig   the page (the launch URL of POST /games/launch/sport)
 *   GET  /sportsbook/sportsbook.js, /sportsbook/sportsbook.css
 *   GET  /sportsbook/api/fixtures                           the card at this moment
 *   GET  /sportsbook/api/me        (X-Sportsbook-Session)   balance (wallet `balance`) and the player's bets
 *   POST /sportsbook/api/bets      (X-Sportsbook-Session)   place a slip (wallet `debit`)
 *
 * The launch URL is signed by the operator; in real mode its token is authenticated once (the single launch)
 * and kept on the provider's side: the page gets an opaque page-session id of its own, sent back in a header,
 * so no operator token is ever in the page's script, storage or later URLs. Plain HTML with its script and
 * styles as files (CSP without 'unsafe-inline'), framed only by the app's origin the launch URL names.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import { verifyLaunch } from '../provider/signature';
import { betsOfPlayer, placeBet, SPORTSBOOK_GAME_CODE, toBetView, type BetsDeps, type SportsbookSession } from './bets';
import { fixturesAt } from './matches';
import type { ProviderWalletClient } from '../provider/wallet-client';

export interface SportsbookDeps {
  db: Db;
  now: () => Date;
  /** The provider secret the operator signs launch URLs with. */
  secret: string;
  /** Signed HTTP client of the operator's seamless wallet (the provider server's own). */
  wallet: ProviderWalletClient;
}

export const SESSION_HEADER = 'x-sportsbook-session';
const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

type Lang = 'pt' | 'en';
const TEXT: Record<Lang, Record<'title' | 'expired' | 'invalid' | 'loading' | 'blocked' | 'unavailable', string>> = {
  pt: {
    title: 'Apostas esportivas',
    expired: 'Este link de apostas já foi usado ou expirou. Abra as apostas esportivas de novo pelo site.',
    invalid: 'Link de apostas inválido.',
    loading: 'Carregando jogos…',
    blocked: 'Sua conta não pode apostar com dinheiro real agora.',
    unavailable: 'A carteira do cassino não respondeu. Tente novamente.',
  },
  en: {
    title: 'Sports betting',
    expired: 'This sportsbook link was already used or has expired. Open sports betting again from the site.',
    invalid: 'Invalid sportsbook link.',
    loading: 'Loading matches…',
    blocked: 'Your account cannot bet with real money right now.',
    unavailable: "The casino's wallet did not answer. Please try again.",
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function securityHeaders(reply: FastifyReply, frameOrigin: string | null): FastifyReply {
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; ` +
        `base-uri 'none'; form-action 'none'; frame-ancestors ${frameOrigin ?? "'none'"}`,
    )
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
}

function pageHtml(p: { lang: Lang; mode: 'real' | 'view'; session: string; origin: string; error?: string }): string {
  const t = TEXT[p.lang];
  const data = [
    `data-lang="${p.lang}"`,
    `data-mode="${p.mode}"`,
    `data-session="${escapeHtml(p.session)}"`,
    `data-origin="${escapeHtml(p.origin)}"`,
  ].join(' ');
  const main = p.error
    ? `<div class="sb-fatal" role="alert">${escapeHtml(p.error)}</div>`
    : `<div id="app" class="sb-app" aria-busy="true"><p class="sb-loading">${t.loading}</p></div>`;
  return `<!doctype html>
<html lang="${p.lang === 'en' ? 'en' : 'pt-BR'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${t.title}</title>
<link rel="stylesheet" href="/sportsbook/sportsbook.css">
<script src="/sportsbook/sportsbook.js" defer></script>
</head>
<body ${data}>
${main}
</body>
</html>`;
}

function langOf(value: unknown): Lang {
  return value === 'en' ? 'en' : 'pt';
}

export async function findPageSession(db: Db, id: unknown, now: Date): Promise<SportsbookSession | null> {
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{20,80}$/.test(id)) return null;
  const [row] = await db.query<SportsbookSession>(
    'SELECT id_hash, game_token, user_id, origin, expires_at FROM sportsbook_sessions WHERE id_hash = $1',
    [hashId(id)],
  );
  return row && row.expires_at > now ? row : null;
}

/** How long a page session lasts (the operator's game session ends sooner when idle; the wallet says so). */
const PAGE_SESSION_MS = 12 * 60 * 60_000;

export type PageOpen =
  { ok: true; id: string; origin: string | null } | { ok: false; code: string; transient: boolean };

/**
 * The single launch of a real-mode URL: the provider authenticates the operator's token with the wallet (once:
 * a second open of the same URL is refused there) and makes a page session of its own for it.
 */
export async function openPageSession(
  deps: Pick<SportsbookDeps, 'db' | 'wallet'>,
  token: string,
  now: Date,
): Promise<PageOpen> {
  if (!token) return { ok: false, code: 'SESSION_EXPIRED', transient: false };
  const auth = await deps.wallet.call('authenticate', { session_token: token, game_code: SPORTSBOOK_GAME_CODE });
  if (!auth.ok) return { ok: false, code: auth.code, transient: auth.transient };
  const playerId = Number(auth.body.player_id);
  if (!Number.isSafeInteger(playerId) || auth.body.game_code !== SPORTSBOOK_GAME_CODE) {
    return { ok: false, code: 'INVALID_SESSION', transient: false };
  }
  const origin = typeof auth.body.origin === 'string' && auth.body.origin ? auth.body.origin : null;
  const id = randomBytes(32).toString('base64url');
  await deps.db.query(
    `INSERT INTO sportsbook_sessions (id_hash, game_token, user_id, origin, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashId(id), token, playerId, origin, now, new Date(now.getTime() + PAGE_SESSION_MS)],
  );
  return { ok: true, id, origin };
}

type LaunchQuery = Record<string, string | undefined>;

/** Mounts the sportsbook on the provider server (`buildProviderServer({ extraRoutes })`). */
export function registerSportsbook(app: FastifyInstance, deps: SportsbookDeps): void {
  const js = readFileSync(`${PUBLIC_DIR}sportsbook.js`, 'utf8');
  const css = readFileSync(`${PUBLIC_DIR}sportsbook.css`, 'utf8');
  const betsDeps: BetsDeps = { db: deps.db, now: deps.now, wallet: deps.wallet };

  app.get('/sportsbook/sportsbook.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(js),
  );
  app.get('/sportsbook/sportsbook.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(css),
  );

  app.get<{ Querystring: LaunchQuery }>('/sportsbook/', async (request, reply) => {
    const query = request.query;
    const params = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const lang = langOf(query.lang);
    const now = deps.now();
    const html = (status: number, p: Parameters<typeof pageHtml>[0], frame: string | null) =>
      securityHeaders(reply.code(status).type('text/html; charset=utf-8'), frame).send(pageHtml(p));
    const signed = verifyLaunch(deps.secret, params) && query.game === SPORTSBOOK_GAME_CODE;
    const origin = signed && query.origin ? query.origin : null;
    if (!signed || (query.mode !== 'real' && query.mode !== 'view')) {
      return html(403, { lang, mode: 'view', session: '', origin: '', error: TEXT[lang].invalid }, null);
    }
    if (!/^\d{1,12}$/.test(query.exp ?? '') || Number(query.exp) * 1000 <= now.getTime()) {
      return html(410, { lang, mode: 'view', session: '', origin: '', error: TEXT[lang].expired }, origin);
    }
    if (query.mode === 'view') return html(200, { lang, mode: 'view', session: '', origin: origin ?? '' }, origin);
    const opened = await openPageSession(deps, query.token ?? '', now);
    if (!opened.ok) {
      const [status, text] =
        opened.code === 'PLAYER_BLOCKED'
          ? [403, TEXT[lang].blocked]
          : opened.transient
            ? [502, TEXT[lang].unavailable]
            : [410, TEXT[lang].expired];
      return html(status, { lang, mode: 'real', session: '', origin: '', error: text }, origin);
    }
    return html(200, { lang, mode: 'real', session: opened.id, origin: opened.origin ?? '' }, opened.origin);
  });

  app.get('/sportsbook/api/fixtures', async (_request, reply) => {
    const now = deps.now();
    return reply.header('cache-control', 'no-store').send({ now: now.toISOString(), fixtures: fixturesAt(now) });
  });

  const withSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await findPageSession(deps.db, request.headers[SESSION_HEADER], deps.now());
    if (!session) {
      void reply.code(401).send({
        code: 'SESSION_EXPIRED',
        message: 'Sua sessão de apostas terminou. Abra as apostas de novo pelo site.',
      });
    }
    return session;
  };

  app.get('/sportsbook/api/me', async (request, reply) => {
    const session = await withSession(request, reply);
    if (!session) return reply;
    const balance = await deps.wallet.call('balance', {
      session_token: session.game_token,
      game_code: SPORTSBOOK_GAME_CODE,
      currency: 'BRL',
    });
    const bets = await betsOfPlayer(deps.db, session.user_id);
    return reply.header('cache-control', 'no-store').send({
      balance: balance.ok ? balance.balance : null,
      wallet_error: balance.ok ? null : balance.code,
      bets: bets.map(toBetView),
    });
  });

  app.post('/sportsbook/api/bets', async (request, reply) => {
    const session = await withSession(request, reply);
    if (!session) return reply;
    const answer = await placeBet(betsDeps, session, request.body);
    if (answer.ok) return reply.code(answer.status).send({ bet: answer.bet, balance: answer.balance });
    const { status, ok: _ok, ...body } = answer;
    return reply.code(status).send(body);
  });
}
