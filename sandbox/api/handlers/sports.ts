/**
 * POST /games/launch/sport: the sportsbook's URL on the game provider's origin. A player gets
 * real mode: a single-use, short-lived game session (sandbox/api/game-sessions.ts) whose token the URL carries
 * (never the bearer token). A guest gets view mode where the brand lets guests view sports
 * (`settings.sportsGuestView`, allowed unless false). The operator signs the URL (mode, token, the app's origin
 * to post messages to, language, expiry) with the provider secret, so the provider trusts what it carries.
 */
import { providerOf } from '../../config';
import { ensureSportsbookGame } from '../../sportsbook/game';
import { SPORTSBOOK_GAME_CODE } from '../../sportsbook/bets';
import { signLaunch } from '../../provider/signature';
import { normalizeDomain, type Brand } from '../brands';
import { ok, type Ctx, type Handler } from '../context';
import { fail, MESSAGES } from '../errors';
import { createGameSession, GAME_SESSION } from '../game-sessions';
import { assertNotSelfExcluded } from '../players';
import type { RequestBody } from '../../../shared/api/types';

export const SPORTS_MESSAGES = {
  disabled: 'Apostas esportivas indisponíveis nesta plataforma.',
  signIn: 'Entre na sua conta para ver as apostas esportivas.',
  signInToBet: 'Entre na sua conta para apostar.',
} as const;

/** Whether guests may open the sportsbook in view mode (brand setting; allowed unless set to false). */
export const guestViewAllowed = (brand: Brand) =>
  (brand.settings as { sportsGuestView?: boolean }).sportsGuestView !== false;

/**
 * The app's origin the sportsbook may post messages to: the request's Origin when its host is one of the
 * brand's domains (the app calls from its own site); otherwise none, and the page posts nothing.
 */
export async function appOriginOf(ctx: Pick<Ctx, 'db' | 'brand' | 'request'>): Promise<string | null> {
  const origin = ctx.request.headers.origin;
  if (typeof origin !== 'string' || origin.length > 200) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const rows = await ctx.db.query('SELECT 1 FROM brand_domains WHERE brand_id = $1 AND domain = $2', [
    ctx.brand.id,
    normalizeDomain(url.host),
  ]);
  return rows.length > 0 ? url.origin : null;
}

export const launchSport: Handler = async (ctx) => {
  if (!ctx.brand.features.hasSports) fail(404, SPORTS_MESSAGES.disabled);
  if (ctx.bearerRejected) fail(401, MESSAGES.unauthenticated);
  const body = (ctx.body ?? {}) as RequestBody<'launchSport'>;
  const player = ctx.identity.kind === 'player' ? ctx.identity.player : null;
  if (player) assertNotSelfExcluded(player, ctx.now);
  const mode = body.mode ?? (player ? 'real' : 'view');
  if (mode === 'real' && !player) fail(401, SPORTS_MESSAGES.signInToBet);
  if (mode === 'view' && !player && !guestViewAllowed(ctx.brand)) fail(401, SPORTS_MESSAGES.signIn);

  const origin = await appOriginOf(ctx);
  let token = '';
  let expiresAt = new Date(ctx.now.getTime() + GAME_SESSION.launchWindowMs);
  if (mode === 'real' && player) {
    const gameId = await ensureSportsbookGame(ctx.db);
    const session = await createGameSession(ctx.db, {
      userId: player.id,
      brandId: ctx.brand.id,
      gameId,
      origin,
      now: ctx.now,
    });
    token = session.token;
    expiresAt = session.launchExpiresAt;
  }
  const provider = providerOf(ctx.config);
  const params = new URLSearchParams({
    game: SPORTSBOOK_GAME_CODE,
    mode,
    token,
    origin: origin ?? '',
    lang: body.locale ?? (player?.language === 'en' ? 'en' : 'pt'),
    exp: String(Math.floor(expiresAt.getTime() / 1000)),
  });
  params.set('sig', signLaunch(provider.secret, params));
  return ok({
    data: { url: `${provider.publicUrl}/sportsbook/?${params.toString()}`, mode, expires_at: expiresAt.toISOString() },
  });
};
