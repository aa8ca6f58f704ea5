/**
 * Document verification (openapi tag `documents`): POST /documents/upload (multipart, the type
 * read from the bytes), GET /documents/status, POST /documents/cancel/{id}. A player only ever reaches their own
 * documents (another player's id answers 404). Every status change goes to the audit trail as `player`.
 */
import { acceptedTypesOf, DOCUMENT_MAX_BYTES, sniffFileType, type DocumentType } from '../../../shared/documents';
import { documentsDirOf } from '../../config';
import { ok, type Handler } from '../context';
import {
  auditDocument,
  documentStatus,
  DOCUMENT_MESSAGES,
  removeDocumentFile,
  storeDocumentFile,
  toPlayerDocument,
  type DocumentRow,
} from '../documents';
import { fail, fieldError } from '../errors';
import { isUploadedFile } from '../multipart';
import { requirePlayer } from './guards';

export const getDocumentStatus: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { verified, documents } = await documentStatus(ctx.db, player.id);
  return ok({ data: { verified, kyc_required: ctx.brand.features.kyc, documents } });
};

export const uploadDocument: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const body = ctx.body as { type: DocumentType; document: unknown };
  const file = body.document;
  if (!isUploadedFile(file)) return fieldError('document', DOCUMENT_MESSAGES.missingFile);
  if (file.truncated || file.bytes.length > DOCUMENT_MAX_BYTES) {
    fail(413, DOCUMENT_MESSAGES.tooLarge, { document: [DOCUMENT_MESSAGES.tooLarge] });
  }
  if (file.bytes.length === 0) fieldError('document', DOCUMENT_MESSAGES.empty);
  // The bytes decide, never the name or the declared type.
  const sniffed = sniffFileType(file.bytes);
  const accepted = acceptedTypesOf(body.type);
  const contentType = accepted.find((t) => t === sniffed);
  if (!contentType) {
    const message =
      body.type === 'proof_of_address' ? DOCUMENT_MESSAGES.unsupportedAddress : DOCUMENT_MESSAGES.unsupported;
    fail(415, message, { document: [message] });
  }

  const dir = documentsDirOf(ctx.config);
  const storageName = await storeDocumentFile(dir, file.bytes);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // The player's row locked: two uploads of one type at once are taken one after the other.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [player.id]);
      const [before] = await tx.query<DocumentRow>(
        'SELECT * FROM player_documents WHERE user_id = $1 AND type = $2 ORDER BY id DESC LIMIT 1',
        [player.id, body.type],
      );
      if (before?.status === 'pending') fieldError('type', DOCUMENT_MESSAGES.alreadyPending);
      if (before?.status === 'approved') fieldError('type', DOCUMENT_MESSAGES.alreadyApproved);
      const [created] = await tx.query<DocumentRow>(
        `INSERT INTO player_documents (brand_id, user_id, type, status, content_type, size, storage_name, created_at)
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7) RETURNING *`,
        [ctx.brand.id, player.id, body.type, contentType, file.bytes.length, storageName, ctx.now],
      );
      if (!created) throw new Error('document not stored');
      await auditDocument(tx, {
        row: created,
        actor: 'player',
        action: 'document.uploaded',
        before: before ?? null,
        at: ctx.now,
      });
      return created;
    });
    return ok({ message: DOCUMENT_MESSAGES.uploaded, data: toPlayerDocument(row) }, 201);
  } catch (error) {
    // Refused or failed: nothing of the upload stays.
    await removeDocumentFile(dir, storageName);
    throw error;
  }
};

export const cancelDocument: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const id = Number(ctx.params.id);
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.query<DocumentRow>(
      'SELECT * FROM player_documents WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, player.id],
    );
    // Another player's document is as unknown as one that does not exist.
    if (!before) fail(404, DOCUMENT_MESSAGES.notFound);
    if (before.status !== 'pending') fieldError('id', DOCUMENT_MESSAGES.notPending);
    const [cancelled] = await tx.query<DocumentRow>(
      `UPDATE player_documents SET status = 'cancelled', storage_name = NULL WHERE id = $1 RETURNING *`,
      [id],
    );
    if (!cancelled) fail(404, DOCUMENT_MESSAGES.notFound);
    await auditDocument(tx, { row: cancelled, actor: 'player', action: 'document.cancelled', before, at: ctx.now });
    return { cancelled, storageName: before.storage_name };
  });
  await removeDocumentFile(documentsDirOf(ctx.config), row.storageName);
  return ok({ message: DOCUMENT_MESSAGES.cancelled, data: toPlayerDocument(row.cancelled) });
};
