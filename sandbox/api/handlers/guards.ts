import type { Ctx } from '../context';
import { fail, MESSAGES } from '../errors';
import type { PlayerRow } from '../players';

/** The signed-in player (the app already answered 401 for operations that require one). */
export function requirePlayer(ctx: Pick<Ctx, 'identity'>): PlayerRow {
  if (ctx.identity.kind !== 'player') fail(401, MESSAGES.unauthenticated);
  return ctx.identity.player;
}

/** The hash of the signed-in player's session token (what ends with the session: push subscriptions). */
export function requireSessionHash(ctx: Pick<Ctx, 'identity'>): string {
  if (ctx.identity.kind !== 'player') fail(401, MESSAGES.unauthenticated);
  return ctx.identity.tokenHash;
}

/** Collects field messages and throws one 422 with all of them. */
export class FieldErrorList {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  throwIfAny(message = 'Verifique os dados informados.'): void {
    if (Object.keys(this.errors).length > 0) fail(422, message, this.errors);
  }
}
