/**
 * The global chat `chatglobal` (spec §3 Chat message, §7 Chat, §9 Chat): one room per brand.
 *
 * - GET /chat/messages?limit (default 50): the newest messages (oldest first) and the pinned ones still pinned,
 *   with `amountBet`, the reader's own total wagered (null for a guest). Guests may read.
 * - POST /chat/messages: a signed-in player's text and attachments. The policy (openapi `x-chat-policy`):
 *   text trimmed, 1–280 characters (empty only with an attachment), at most 4 lines; no links; no word of the
 *   blocked list (pt and en, matched on letters with accents and look-alike digits folded); at most
 *   CHAT_RATE.max messages per CHAT_RATE.windowMs per player (429, §8's text, Retry-After); attachments only
 *   images the player uploaded to this sandbox (POST /chat/attachments), of the brand's types (415) and size (413).
 * - Every accepted message is published as MessageSent on the brand's public channel `universal-public.{id}`.
 *
 * Texts are stored and served as typed: the app renders them as text, never HTML.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/types';
import { publicChannel } from '../../shared/channels';
import type { Brand } from './brands';
import { ok, type Ctx, type Handler } from './context';
import { fail, MESSAGES } from './errors';
import { requirePlayer } from './handlers/guards';
import { sniffFileType } from '../../shared/documents';

/** §9: messages a GET answers by default. */
export const CHAT_DEFAULT_LIMIT = 50;
export const CHAT_MAX_LENGTH = 280;
export const CHAT_MAX_LINES = 4;
export const CHAT_MAX_ATTACHMENTS = 2;
/** Per player: at most `max` messages in any `windowMs`. */
export const CHAT_RATE = { max: 5, windowMs: 10_000 } as const;
/** Where the sandbox serves chat uploads (same origin as the app's API: the CSP's img-src 'self'). */
export const CHAT_UPLOAD_PATH = '/api/uploads/chat/';
export const DEFAULT_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Bytes; the brand's `settings.chat.max_attachment_bytes` may lower it. */
export const DEFAULT_ATTACHMENT_MAX_BYTES = 512 * 1024;

export const CHAT_MESSAGES = {
  empty: 'Escreva uma mensagem.',
  tooLong: `A mensagem pode ter no máximo ${CHAT_MAX_LENGTH} caracteres.`,
  tooManyLines: `A mensagem pode ter no máximo ${CHAT_MAX_LINES} linhas.`,
  link: 'Links não são permitidos no chat.',
  profanity: 'Sua mensagem contém palavras não permitidas.',
  badAttachment: 'O anexo deve ser uma imagem enviada ao chat.',
  type: 'Tipo de arquivo não suportado.',
  size: 'O arquivo ou os dados enviados são grandes demais.',
  badImage: 'O arquivo não é uma imagem válida do tipo informado.',
} as const;

/** The brand's attachment policy: `settings.chat` when set, else the defaults. */
export function attachmentPolicy(brand: Pick<Brand, 'settings'>): { types: string[]; maxBytes: number } {
  const chat = (brand.settings as { chat?: { attachment_types?: unknown; max_attachment_bytes?: unknown } }).chat;
  const types = Array.isArray(chat?.attachment_types)
    ? chat.attachment_types.filter((t): t is string => typeof t === 'string')
    : [...DEFAULT_ATTACHMENT_TYPES];
  const maxBytes =
    typeof chat?.max_attachment_bytes === 'number' && chat.max_attachment_bytes > 0
      ? Math.min(chat.max_attachment_bytes, DEFAULT_ATTACHMENT_MAX_BYTES)
      : DEFAULT_ATTACHMENT_MAX_BYTES;
  return { types, maxBytes };
}

/** Lower case, accents off, look-alike digits and symbols as letters, repeats squeezed: what the filters read. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(
      /[0134578@$!|]/g,
      (c) => ({ 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', 8: 'b', '@': 'a', $: 's', '!': 'i', '|': 'i' })[c] ?? c,
    )
    .replace(/(.)\1{2,}/g, '$1$1');
}

/**
 * Links of any kind: a scheme, `www.`, or a host-looking word with a common top-level domain (`site.com`,
 * `x.bet/abc`), also with spaces or dots folded around the dot (`site . com`, `site(dot)com`).
 */
const LINK = [
  /\b[a-z][a-z0-9+.-]{1,20}:\/\//i,
  /\bwww\s*\./i,
  /\b[a-z0-9-]{2,}\s*(?:\.|\(dot\)|\[dot\]|\sdot\s|\sponto\s)\s*(?:com|net|org|bet|io|br|xyz|me|gg|ly|co|info|site|online|app|link|club|vip|top|tk|ru|cc|to)\b/i,
  /\b(?:bit\.ly|t\.me|wa\.me|discord\.gg)\b/i,
];
export const hasLink = (text: string) => LINK.some((re) => re.test(text));

/** The blocked words (folded: no accents, lower case); matched as whole words or glued with their endings. */
const BLOCKED = [
  'porra',
  'caralho',
  'buceta',
  'puta',
  'puto',
  'viado',
  'arrombado',
  'fdp',
  'pqp',
  'vsf',
  'vtnc',
  'cuzao',
  'merda',
  'bosta',
  'otario',
  'babaca',
  'desgracado',
  'corno',
  'piranha',
  'vagabunda',
  'macaco',
  'fuck',
  'fucking',
  'shit',
  'bitch',
  'cunt',
  'asshole',
  'dick',
  'nigger',
  'faggot',
  'retard',
  'whore',
  'slut',
];
const BLOCKED_RE = new RegExp(`(?:^|[^a-z])(?:${BLOCKED.join('|')})(?:s|es|a|as|o|os|ing|ed)?(?=$|[^a-z])`);
export const hasBlockedWord = (text: string) => BLOCKED_RE.test(foldText(text));

export interface ChatAttachment {
  attachment_type: string;
  attachment_url: string;
}

/** The field errors of a message's text (empty: accepted). */
export function textProblems(text: string, hasAttachments: boolean): string[] {
  if (text.length === 0) return hasAttachments ? [] : [CHAT_MESSAGES.empty];
  if ([...text].length > CHAT_MAX_LENGTH) return [CHAT_MESSAGES.tooLong];
  if (text.split('\n').length > CHAT_MAX_LINES) return [CHAT_MESSAGES.tooManyLines];
  if (hasLink(text)) return [CHAT_MESSAGES.link];
  if (hasBlockedWord(text)) return [CHAT_MESSAGES.profanity];
  return [];
}

/** Line endings as \n, spaces of each line trimmed, blank lines squeezed, the whole trimmed. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

interface MessageRow {
  id: number;
  user_id: number | null;
  house_name: string | null;
  first_name: string | null;
  avatar: string | null;
  level: number | null;
  total_bet: number | null;
  text: string;
  attachments: ChatAttachment[];
  pinned_until: Date | null;
  created_at: Date;
}

const MESSAGE_SELECT = `
  SELECT m.id, m.user_id, m.house_name, u.first_name, u.avatar, u.total_bet,
         CASE WHEN u.id IS NULL THEN NULL
              ELSE coalesce((SELECT max(r.level) FROM ranking_levels r WHERE r.total_bet <= u.total_bet), 1) END AS level,
         m.text, m.attachments, m.pinned_until, m.created_at
    FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id`;

/** The palette slot a name gets (stable per author): the app maps `colorClass` to its brand's colours. */
export function colorClassOf(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `chat-color-${hash % 8}`;
}

/** §3 Chat message as served (GET, POST's answer, MessageSent). */
export function toChatMessage(row: MessageRow, now: Date) {
  const house = row.user_id === null;
  const pinned = row.pinned_until !== null && row.pinned_until > now;
  const name = house ? (row.house_name ?? '') : (row.first_name ?? '');
  return {
    id: Number(row.id),
    time: row.created_at.toISOString(),
    type: pinned ? ('pinned' as const) : house ? ('other' as const) : ('global' as const),
    user: {
      id: house ? null : Number(row.user_id),
      name,
      avatar: house ? null : row.avatar,
      level: house ? null : Number(row.level ?? 1),
      amount_bet: house ? null : Number(row.total_bet ?? 0),
      house,
    },
    text: row.text,
    mission: null,
    colorClass: house ? 'chat-color-house' : colorClassOf(`${row.user_id}`),
    emoji: null,
    pinned_until: row.pinned_until?.toISOString() ?? null,
    attachments: row.attachments,
  };
}
export type ChatMessage = ReturnType<typeof toChatMessage>;

export async function findMessage(db: Queryable, id: number, now: Date): Promise<ChatMessage | null> {
  const [row] = await db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1 AND m.deleted_at IS NULL`, [id]);
  return row ? toChatMessage(row, now) : null;
}

/** The newest `limit` messages, oldest first, plus every message pinned past `now` (whatever its age). */
export async function listMessages(db: Queryable, brandId: number, limit: number, now: Date): Promise<ChatMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT * FROM (
       ${MESSAGE_SELECT}
        WHERE m.brand_id = $1 AND m.deleted_at IS NULL
        ORDER BY m.created_at DESC, m.id DESC LIMIT $2
     ) recent
     UNION
     ${MESSAGE_SELECT}
      WHERE m.brand_id = $1 AND m.deleted_at IS NULL AND m.pinned_until > $3
     ORDER BY created_at, id`,
    [brandId, limit, now],
  );
  return rows.map((row) => toChatMessage(row, now));
}

type Publisher = Ctx['publisher'];

export async function publishMessage(publisher: Publisher, brandId: number, message: ChatMessage): Promise<void> {
  try {
    await publisher?.trigger(publicChannel(brandId), 'MessageSent', message);
  } catch {
    // The realtime server may be stopped from the panel: the message is stored; readers fetch it again.
  }
}

/** Inserts a message and returns it as served. */
export async function insertMessage(
  db: Queryable,
  values: {
    brandId: number;
    userId: number | null;
    houseName?: string | null;
    text: string;
    attachments?: ChatAttachment[];
    pinnedUntil?: Date | null;
    at: Date;
  },
): Promise<ChatMessage> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO chat_messages (brand_id, user_id, house_name, text, attachments, pinned_until, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
    [
      values.brandId,
      values.userId,
      values.houseName ?? null,
      values.text,
      JSON.stringify(values.attachments ?? []),
      values.pinnedUntil ?? null,
      values.at,
    ],
  );
  const message = await findMessage(db, Number(row?.id), values.at);
  if (!message) throw new Error('chat message not found after insert');
  return message;
}

export const listChatMessages: Handler = async (ctx) => {
  const limit = (ctx.query.limit as number | undefined) ?? CHAT_DEFAULT_LIMIT;
  const messages = await listMessages(ctx.db, ctx.brand.id, limit, ctx.now);
  const amountBet = ctx.identity.kind === 'player' ? Number(ctx.identity.player.total_bet) : null;
  return ok({ messages, amountBet });
};

/** The seconds until a player may post again, or 0. */
async function rateLimitWait(db: Queryable, userId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CHAT_RATE.windowMs);
  const rows = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM chat_messages WHERE user_id = $1 AND created_at > $2
      ORDER BY created_at DESC LIMIT $3`,
    [userId, since, CHAT_RATE.max],
  );
  if (rows.length < CHAT_RATE.max) return 0;
  const oldest = rows[rows.length - 1]?.created_at ?? now;
  return Math.max(1, Math.ceil((oldest.getTime() + CHAT_RATE.windowMs - now.getTime()) / 1000));
}

const UPLOAD_NAME = /^[a-f0-9]{24}\.(png|jpg|gif|webp)$/;

/** Checks each attachment: of the brand's types (415), uploaded to this sandbox by this brand (422), size (413). */
async function checkAttachments(ctx: Ctx, attachments: ChatAttachment[]): Promise<void> {
  const policy = attachmentPolicy(ctx.brand);
  for (const attachment of attachments) {
    if (!policy.types.includes(attachment.attachment_type)) {
      fail(415, CHAT_MESSAGES.type, { attachments: [CHAT_MESSAGES.type] });
    }
    const url = attachment.attachment_url;
    const name = url.startsWith(CHAT_UPLOAD_PATH) ? url.slice(CHAT_UPLOAD_PATH.length) : '';
    const [upload] = UPLOAD_NAME.test(name)
      ? await ctx.db.query<{ content_type: string; size: number }>(
          'SELECT content_type, size FROM chat_uploads WHERE name = $1 AND brand_id = $2',
          [name, ctx.brand.id],
        )
      : [];
    if (!upload || upload.content_type !== attachment.attachment_type) {
      fail(422, CHAT_MESSAGES.badAttachment, { attachments: [CHAT_MESSAGES.badAttachment] });
    }
    if (upload.size > policy.maxBytes) fail(413, CHAT_MESSAGES.size, { attachments: [CHAT_MESSAGES.size] });
  }
}

export const postChatMessage: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const body = ctx.body as { text?: string; attachments?: ChatAttachment[] };
  const text = tidyText(body.text ?? '');
  const attachments = body.attachments ?? [];
  const problems = textProblems(text, attachments.length > 0);
  if (problems.length > 0) fail(422, problems[0] ?? CHAT_MESSAGES.empty, { text: problems });
  await checkAttachments(ctx, attachments);
  const wait = await rateLimitWait(ctx.db, player.id, ctx.now);
  if (wait > 0) {
    return { status: 429, body: { message: MESSAGES.tooManyRequests }, headers: { 'retry-after': String(wait) } };
  }
  const message = await insertMessage(ctx.db, {
    brandId: ctx.brand.id,
    userId: player.id,
    text,
    attachments,
    at: ctx.now,
  });
  await publishMessage(ctx.publisher, ctx.brand.id, message);
  return ok({ data: message }, 201);
};

/** The image's type by its first bytes (the declared type must match): shared/documents.ts's sniffing, images only. */
export function sniffImage(bytes: Buffer): string | null {
  const type = sniffFileType(bytes);
  return type?.startsWith('image/') ? type : null;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** POST /chat/attachments: a base64 image (types 415, size 413), kept and served at CHAT_UPLOAD_PATH. */
export const uploadChatAttachment: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const body = ctx.body as { attachment_type: string; data: string };
  const policy = attachmentPolicy(ctx.brand);
  const extension = EXTENSIONS[body.attachment_type];
  if (!policy.types.includes(body.attachment_type) || !extension) {
    fail(415, CHAT_MESSAGES.type, { attachment_type: [CHAT_MESSAGES.type] });
  }
  const bytes = Buffer.from(body.data, 'base64');
  if (bytes.length > policy.maxBytes) fail(413, CHAT_MESSAGES.size, { data: [CHAT_MESSAGES.size] });
  if (bytes.length === 0 || sniffImage(bytes) !== body.attachment_type) {
    fail(415, CHAT_MESSAGES.badImage, { data: [CHAT_MESSAGES.badImage] });
  }
  const name = `${randomBytes(12).toString('hex')}.${extension}`;
  await ctx.db.query(
    `INSERT INTO chat_uploads (name, brand_id, user_id, content_type, size, bytes, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [name, ctx.brand.id, player.id, body.attachment_type, bytes.length, bytes, ctx.now],
  );
  return ok({ data: { attachment_type: body.attachment_type, attachment_url: `${CHAT_UPLOAD_PATH}${name}` } }, 201);
};

/** GET /api/uploads/chat/:name: the stored image, as an image only (nosniff, no script can run from it). */
export function registerChatUploads(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { name: string } }>(`${CHAT_UPLOAD_PATH}:name`, async (request, reply) => {
    const { name } = request.params;
    if (!UPLOAD_NAME.test(name)) return reply.code(404).send({ message: MESSAGES.routeNotFound });
    const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>(
      'SELECT content_type, bytes FROM chat_uploads WHERE name = $1',
      [name],
    );
    if (!row) return reply.code(404).send({ message: MESSAGES.routeNotFound });
    return reply
      .type(row.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(row.bytes));
  });
}

/** QA panel: pin a message until a date (null: unpin); published again so open chats move it. */
export async function pinMessage(
  db: Queryable,
  publisher: Publisher,
  id: number,
  until: Date | null,
  now: Date,
): Promise<ChatMessage | null> {
  const [row] = await db.query<{ brand_id: number }>(
    'UPDATE chat_messages SET pinned_until = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING brand_id',
    [id, until],
  );
  if (!row) return null;
  const message = await findMessage(db, id, now);
  if (message) await publishMessage(publisher, row.brand_id, message);
  return message;
}

/** QA panel: a deleted message is never served again (open chats drop it on their next fetch). */
/**
 * Removes a message (moderation): never served again, and `MessageDeleted` { id } on the brand's public channel so
 * open chats drop it at once. False when there is no such message (or it was already removed).
 */
export async function deleteMessage(db: Queryable, publisher: Publisher, id: number, now: Date): Promise<boolean> {
  const [row] = await db.query<{ id: number; brand_id: number }>(
    'UPDATE chat_messages SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING id, brand_id',
    [id, now],
  );
  if (!row) return false;
  try {
    await publisher?.trigger(publicChannel(row.brand_id), 'MessageDeleted', { id: Number(row.id) });
  } catch {
    // The realtime server may be stopped from the panel: open chats lose it on their next load.
  }
  return true;
}
