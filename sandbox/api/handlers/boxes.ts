/**
 * Spec §7 Boxes and prizes (openapi tag `boxes`). A brand with `hasBoxes` off answers 404 to all eight, as
 * a brand with `hasSports` off does for the sportsbook. The signed-in operations answer 401 without a session and
 * 403 for a self-excluded player (sandbox/api/app.ts, for every operation documenting 403). Another player's box or
 * prize answers 404, exactly like one that does not exist. The logic is sandbox/api/boxes.ts.
 */
import type { RequestBody } from '../../../shared/api/types';
import { formatBRL } from '../../../shared/money';
import {
  acquireBox,
  findBox,
  listBoxes as boxesOf,
  nextCommitment,
  openBox as open,
  sellBox as sellOwnedBox,
  sellPrize as sellOwnedPrize,
  userBoxes,
  userPrizes,
  type Locale,
} from '../boxes';
import { ok, type Ctx, type Handler } from '../context';
import { fail } from '../errors';
import { requirePlayer } from './guards';

export const BOX_MESSAGES = {
  disabled: 'Caixas não estão disponíveis nesta plataforma.',
  boxNotFound: 'Caixa não encontrada.',
  prizeNotFound: 'Prêmio não encontrado.',
  alreadyOpened: 'Esta caixa já foi aberta ou vendida.',
  prizeAlreadySold: 'Este prêmio já foi vendido.',
  insufficient: (price: number, balance: number) =>
    `Saldo insuficiente: a caixa custa ${formatBRL('pt-BR', price)} e seu saldo é ${formatBRL('pt-BR', balance)}.`,
  insufficientPoints: (price: number, points: number) =>
    `Pontos insuficientes: a caixa custa ${price.toLocaleString('pt-BR')} pontos e você tem ${points.toLocaleString('pt-BR')}.`,
} as const;

function boxesOn(ctx: Ctx): Locale {
  if (!ctx.brand.features.hasBoxes) fail(404, BOX_MESSAGES.disabled);
  return ctx.query.locale === 'en' ? 'en' : 'pt';
}

export const listBoxes: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  return ok({ data: await boxesOf(ctx.db, ctx.brand.id, locale) });
};

export const getBoxPrizes: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  const found = await findBox(ctx.db, ctx.brand.id, ctx.params.id ?? '', locale);
  if (!found) fail(404, BOX_MESSAGES.boxNotFound);
  const fairness = ctx.identity.kind === 'player' ? await nextCommitment(ctx.db, ctx.identity.player.id) : null;
  return ok({ ...found, fairness });
};

export const listUserBoxes: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  const player = requirePlayer(ctx);
  return ok({ data: await userBoxes(ctx.db, player.id, locale) });
};

export const listUserPrizes: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  const player = requirePlayer(ctx);
  return ok({ data: await userPrizes(ctx.db, player.id, locale) });
};

export const buyBox: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  const player = requirePlayer(ctx);
  const body = ctx.body as RequestBody<'buyBox'>;
  const result = await acquireBox(
    ctx.db,
    {
      userId: player.id,
      brandId: ctx.brand.id,
      boxId: body.box_id,
      source: 'purchase',
      payWith: body.pay_with,
      clientSeed: body.client_seed,
      requestId: body.request_id,
      now: ctx.now,
      locale,
      actor: 'player',
    },
    ctx.publisher,
  );
  if (!result.ok) {
    if (result.reason === 'not-found') fail(404, BOX_MESSAGES.boxNotFound);
    const [box] = await ctx.db.query<{ price: number }>('SELECT price FROM boxes WHERE id = $1', [body.box_id]);
    const [wallet] = await ctx.db.query<{ balance: number; points_balance: number }>(
      'SELECT balance, points_balance FROM wallets WHERE user_id = $1',
      [player.id],
    );
    if (body.pay_with === 'points') {
      const message = BOX_MESSAGES.insufficientPoints(box?.price ?? 0, wallet?.points_balance ?? 0);
      fail(422, message, { pay_with: [message] });
    }
    const message = BOX_MESSAGES.insufficient(box?.price ?? 0, wallet?.balance ?? 0);
    fail(422, message, { balance: [message] });
  }
  return ok({ user_box: result.userBox, balance: result.balance }, result.replay ? 200 : 201);
};

export const openBox: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  const player = requirePlayer(ctx);
  const { box_id } = ctx.body as RequestBody<'openBox'>;
  const result = await open(ctx.db, {
    userId: player.id,
    brandId: ctx.brand.id,
    userBoxId: box_id,
    now: ctx.now,
    locale,
  });
  if (!result.ok)
    fail(
      result.reason === 'not-found' ? 404 : 409,
      result.reason === 'not-found' ? BOX_MESSAGES.boxNotFound : BOX_MESSAGES.alreadyOpened,
    );
  return ok({ user_box: result.userBox, prize: result.prize, fairness: result.fairness });
};

export const sellBox: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  const player = requirePlayer(ctx);
  const { id } = ctx.body as RequestBody<'sellBox'>;
  const result = await sellOwnedBox(
    ctx.db,
    { userId: player.id, brandId: ctx.brand.id, userBoxId: id, now: ctx.now, locale },
    ctx.publisher,
  );
  if (!result.ok)
    fail(
      result.reason === 'not-found' ? 404 : 409,
      result.reason === 'not-found' ? BOX_MESSAGES.boxNotFound : BOX_MESSAGES.alreadyOpened,
    );
  return ok({ user_box: result.item, balance: result.balance });
};

export const sellPrize: Handler = async (ctx) => {
  const locale = boxesOn(ctx);
  const player = requirePlayer(ctx);
  const { id } = ctx.body as RequestBody<'sellPrize'>;
  const result = await sellOwnedPrize(
    ctx.db,
    { userId: player.id, brandId: ctx.brand.id, userPrizeId: id, now: ctx.now, locale },
    ctx.publisher,
  );
  if (!result.ok)
    fail(
      result.reason === 'not-found' ? 404 : 409,
      result.reason === 'not-found' ? BOX_MESSAGES.prizeNotFound : BOX_MESSAGES.prizeAlreadySold,
    );
  return ok({ prize: result.item, balance: result.balance });
};
