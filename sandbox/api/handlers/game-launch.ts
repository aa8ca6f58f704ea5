/**
 * POST /games/url (spec §7 Games, §4 Game page): the launch URL of a game on the sandbox provider's own origin,
 * shown by the app in a sandboxed iframe.
 *
 * - A signed-in player gets `real` mode unless they ask for `demo` or the game is `only_demo`; a guest always
 *   gets `demo`. A self-excluded player answers 403 (as every signed-in call does).
 * - `real`: a new game session (api/game-sessions.ts): the URL carries its short-lived, single-use token,
 *   never the player's bearer token.
 * - The app's origin (the request's `Origin`, else `Referer`, when its host is one of the brand's domains) goes
 *   in the URL as `origin`: the game posts its messages to that origin only. The operator signs the URL's
 *   parameters (`sig`), so the provider trusts them in demo mode too.
 * - 404 for an unknown game; 503 while the provider is in maintenance (QA panel).
 * - A regulated brand does not launch a game whose RTP is under 85% (Portaria SPA/MF 1.207/2024): 403
 *   `RTP_BELOW_MINIMUM` with the game's RTP and the minimum (the provider refuses it too).
 *
 * URL: {provider}/launch?game={gamecode}&mode={real|demo}&token={token, real only}&origin={app origin}
 *      &lang={pt|en}&exp={unix seconds}&sig={hex HMAC-SHA256}
 */
import { providerOf } from '../../config';
import { MIN_RTP_BP } from '../../provider/fair';
import { signLaunch } from '../../provider/signature';
import { providerSettings } from '../../provider/settings';
import { ok, type Ctx, type Handler } from '../context';
import { ApiError, fail, MESSAGES } from '../errors';
import { createGameSession, GAME_SESSION } from '../game-sessions';
import { assertNotImpeded, assertNotSelfExcluded } from '../players';
import type { RequestBody } from '../../../shared/api/types';

export const RTP_BELOW_MINIMUM_MESSAGE =
  'Este jogo não pode ser oferecido neste site: o retorno ao jogador (RTP) dele é menor que o mínimo de 85%.';

export const GAME_MAINTENANCE_MESSAGE = 'Este jogo está em manutenção. Tente novamente em instantes.';

/** The app's origin, when its host is one of the brand's domains; null otherwise (the game then posts nothing). */
export async function appOriginOf(ctx: Pick<Ctx, 'db' | 'brand' | 'request'>): Promise<string | null> {
  const { origin, referer } = ctx.request.headers;
  const candidates = [origin, referer].filter((v): v is string => typeof v === 'string' && v !== 'null');
  if (candidates.length === 0) return null;
  const domains = new Set(
    (
      await ctx.db.query<{ domain: string }>('SELECT domain FROM brand_domains WHERE brand_id = $1', [ctx.brand.id])
    ).map((d) => d.domain),
  );
  for (const candidate of candidates) {
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && domains.has(url.hostname.toLowerCase()))
        return url.origin;
    } catch {
      // not a URL: try the next one
    }
  }
  return null;
}

export const getGameUrl: Handler = async (ctx) => {
  if (ctx.bearerRejected) fail(401, MESSAGES.unauthenticated);
  const body = (ctx.body ?? {}) as RequestBody<'getGameUrl'>;
  const [game] = await ctx.db.query<{ id: number; gamecode: string; only_demo: boolean; rtp_bp: number | null }>(
    'SELECT id, gamecode, only_demo, rtp_bp FROM games WHERE id = $1',
    [body.game_id],
  );
  if (!game) fail(404, 'Jogo não encontrado.');
  if (ctx.brand.features.is_regulated === true && game.rtp_bp !== null && game.rtp_bp < MIN_RTP_BP) {
    throw new ApiError(403, {
      message: RTP_BELOW_MINIMUM_MESSAGE,
      code: 'RTP_BELOW_MINIMUM',
      rtp_bp: Number(game.rtp_bp),
      min_rtp_bp: MIN_RTP_BP,
    });
  }
  if ((await providerSettings(ctx.db)).maintenance) fail(503, GAME_MAINTENANCE_MESSAGE);

  const player = ctx.identity.kind === 'player' ? ctx.identity.player : null;
  if (player) assertNotSelfExcluded(player, ctx.now);
  const mode = player && !game.only_demo && body.mode !== 'demo' ? 'real' : 'demo';
  // IN SPA/MF 31/2025, IN SPA/MF 22/2025: an impeded player stakes nothing (a demo game stays open).
  if (player && mode === 'real') assertNotImpeded(player, 'game_id');
  const origin = await appOriginOf(ctx);
  const provider = providerOf(ctx.config);

  let token = '';
  let expiresAt = new Date(ctx.now.getTime() + GAME_SESSION.launchWindowMs);
  if (mode === 'real' && player) {
    const session = await createGameSession(ctx.db, {
      userId: player.id,
      brandId: ctx.brand.id,
      gameId: game.id,
      origin,
      now: ctx.now,
    });
    token = session.token;
    expiresAt = session.launchExpiresAt;
  }
  if (player) {
    await ctx.db.query('INSERT INTO game_plays (user_id, game_id, played_at) VALUES ($1, $2, $3)', [
      player.id,
      game.id,
      ctx.now,
    ]);
  }

  const params = new URLSearchParams({
    game: game.gamecode,
    mode,
    ...(token ? { token } : {}),
    ...(origin ? { origin } : {}),
    lang: body.locale ?? player?.language ?? 'pt',
    exp: String(Math.floor(expiresAt.getTime() / 1000)),
    brand: String(ctx.brand.id),
  });
  params.set('sig', signLaunch(provider.secret, params));
  return ok({
    data: { url: `${provider.publicUrl}/launch?${params.toString()}`, mode, expires_at: expiresAt.toISOString() },
  });
};
