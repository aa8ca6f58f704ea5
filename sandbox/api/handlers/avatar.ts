/**
 * POST /profile/uploadAvatar: the player's avatar through the documents' upload module (multipart,
 * the type read from the bytes: JPEG, PNG or WebP up to AVATAR_MAX_BYTES), kept in the avatars folder and served
 * at /api/uploads/avatars/<name> as that image only (nosniff, a CSP sandbox): never HTML, never an SVG.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, DOCUMENT_IMAGE_TYPES, sniffFileType } from '../../../shared/documents';
import { avatarsDirOf, type SandboxConfig } from '../../config';
import { ok, type Handler } from '../context';
import { fail, fieldError, MESSAGES } from '../errors';
import { isUploadedFile } from '../multipart';
import { requirePlayer } from './guards';

export const AVATAR_PATH = '/api/uploads/avatars/';
const AVATAR_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

export const AVATAR_MESSAGES = {
  saved: 'Foto de perfil atualizada.',
  missing: 'Escolha uma imagem.',
  empty: 'O arquivo está vazio. Escolha outra imagem.',
  tooLarge: `A imagem é grande demais. O limite é de ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`,
  unsupported: 'Tipo de arquivo não suportado. Envie uma imagem JPG, PNG ou WEBP.',
} as const;

export const uploadAvatar: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const file = (ctx.body as { avatar: unknown }).avatar;
  if (!isUploadedFile(file)) return fieldError('avatar', AVATAR_MESSAGES.missing);
  if (file.truncated || file.bytes.length > AVATAR_MAX_BYTES)
    fail(413, AVATAR_MESSAGES.tooLarge, { avatar: [AVATAR_MESSAGES.tooLarge] });
  if (file.bytes.length === 0) fieldError('avatar', AVATAR_MESSAGES.empty);
  const type = DOCUMENT_IMAGE_TYPES.find((t) => t === sniffFileType(file.bytes));
  if (!type) fail(415, AVATAR_MESSAGES.unsupported, { avatar: [AVATAR_MESSAGES.unsupported] });

  const dir = avatarsDirOf(ctx.config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`;
  await writeFile(join(dir, name), file.bytes, { flag: 'wx', mode: 0o600 });
  const url = `${AVATAR_PATH}${name}`;
  const [previous] = await ctx.db.query<{ avatar: string | null }>(
    'UPDATE users u SET avatar = $2 FROM users old WHERE u.id = $1 AND old.id = u.id RETURNING old.avatar',
    [player.id, url],
  );
  const old = previous?.avatar?.startsWith(AVATAR_PATH) ? previous.avatar.slice(AVATAR_PATH.length) : null;
  if (old && AVATAR_NAME.test(old)) await rm(join(dir, old), { force: true });
  return ok({ message: AVATAR_MESSAGES.saved, data: { avatar: url } });
};

/** GET /api/uploads/avatars/:name: the stored image, as an image only (nosniff, no script can run from it). */
export function registerAvatarUploads(app: FastifyInstance, config: SandboxConfig): void {
  app.get<{ Params: { name: string } }>(`${AVATAR_PATH}:name`, async (request, reply) => {
    const { name } = request.params;
    const match = AVATAR_NAME.exec(name);
    if (!match) return reply.code(404).send({ message: MESSAGES.routeNotFound });
    let bytes: Buffer;
    try {
      bytes = await readFile(join(avatarsDirOf(config), name));
    } catch {
      return reply.code(404).send({ message: MESSAGES.routeNotFound });
    }
    return reply
      .type(CONTENT_TYPE[match[1] as keyof typeof CONTENT_TYPE])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
