import type { RequestBody } from '../../../shared/api/types';
import { ok, type Handler } from '../context';
import { fail, fieldError } from '../errors';
import { PERSONAL_MESSAGES } from '../personal-data';
import { findPlayerById, PROFILE_SETTINGS, settingsOf, toUser, type ProfileSettings } from '../players';
import { checkFullName } from '../rules/person';
import { requirePlayer } from './guards';

export const getProfile: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  return ok({ data: { user: toUser(player), settings: settingsOf(player) } });
};

export const updateProfileSettings: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const changes = ctx.body as RequestBody<'updateProfileSettings'>;
  const patch = Object.fromEntries(PROFILE_SETTINGS.filter((key) => key in changes).map((key) => [key, changes[key]]));
  const [row] = await ctx.db.query<{ settings: Partial<ProfileSettings> }>(
    'UPDATE users SET settings = settings || $2::jsonb WHERE id = $1 RETURNING settings',
    [player.id, JSON.stringify(patch)],
  );
  return ok({ data: settingsOf(row ?? player), message: 'Preferências de privacidade salvas.' });
};

export const updateName: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  if (player.identity_verified_at) fail(409, PERSONAL_MESSAGES.locked); // verified data is read-only
  const full = checkFullName((ctx.body as RequestBody<'updateName'>).name);
  if (!full.ok) fieldError('name', full.message);
  await ctx.db.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [
    player.id,
    full.firstName,
    full.lastName,
  ]);
  const updated = await findPlayerById(ctx.db, player.id);
  return ok({ data: toUser(updated ?? player), message: 'Nome atualizado com sucesso.' });
};

export const updateLanguage: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { language } = ctx.body as RequestBody<'updateLanguage'>;
  await ctx.db.query('UPDATE users SET language = $2 WHERE id = $1', [player.id, language]);
  return ok({ data: { language }, message: language === 'en' ? 'Language updated.' : 'Idioma atualizado.' });
};

export const getLanguage: Handler = async (ctx) => ok({ data: { language: requirePlayer(ctx).language } });
