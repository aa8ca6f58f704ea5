/**
 * Document verification (openapi tag `documents`): the rows of `player_documents`, the files in
 * the documents folder (never under a public path), the review of the QA panel, and whether a player is verified.
 * Every status change goes to the audit trail with who made it; never the file's bytes or its name.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentContentType,
  type DocumentType,
} from '../../shared/documents';
import type { Schema } from '../../shared/api/types';
import type { Db, Queryable } from '../db/types';
import { appendAudit, type AuditActor } from '../audit/trail';

export type DocumentRowStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface DocumentRow {
  id: number;
  brand_id: number;
  user_id: number;
  type: DocumentType;
  status: DocumentRowStatus;
  reason: string | null;
  content_type: DocumentContentType | null;
  size: number | null;
  storage_name: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}

const MIB = (DOCUMENT_MAX_BYTES / (1024 * 1024)).toLocaleString('pt-BR');

/** The platform's texts (pt-BR) of the documents' answers. */
export const DOCUMENT_MESSAGES = {
  uploaded: 'Documento enviado. Ele será analisado em breve.',
  cancelled: 'Envio cancelado. Você pode enviar o documento de novo.',
  empty: 'O arquivo está vazio. Escolha outro arquivo.',
  tooLarge: `O arquivo é grande demais. O limite é de ${MIB} MB.`,
  unsupported: 'Tipo de arquivo não suportado. Envie uma foto JPG, PNG ou WEBP.',
  unsupportedAddress: 'Tipo de arquivo não suportado. Envie uma foto JPG, PNG ou WEBP, ou um PDF.',
  missingFile: 'Escolha um arquivo.',
  alreadyPending: 'Este documento já foi enviado e aguarda análise. Cancele o envio para mandar outro.',
  alreadyApproved: 'Este documento já foi aprovado.',
  notPending: 'Só um documento em análise pode ser cancelado.',
  notFound: 'Documento não encontrado.',
} as const;

/** The review's limit on a rejection reason (characters; the table's check). */
export const REJECTION_REASON_MAX = 300;

const STORAGE_NAME = /^[a-f0-9]{32}$/;

/** Keeps the bytes in the documents folder under a random name (no extension: the type is in the row). */
export async function storeDocumentFile(dir: string, bytes: Uint8Array): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = randomBytes(16).toString('hex');
  await writeFile(join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
  return name;
}

/** The bytes of a stored document, or null (no file: seeded, cancelled, or the name is not one of ours). */
export async function readDocumentFile(dir: string, name: string | null): Promise<Buffer | null> {
  if (!name || !STORAGE_NAME.test(name)) return null;
  try {
    return await readFile(join(dir, name));
  } catch {
    return null;
  }
}

export async function removeDocumentFile(dir: string, name: string | null): Promise<void> {
  if (name && STORAGE_NAME.test(name)) await rm(join(dir, name), { force: true });
}

/** The row as the contract's PlayerDocument. */
export function toPlayerDocument(row: DocumentRow): Schema<'PlayerDocument'> {
  return {
    id: Number(row.id),
    type: row.type,
    status: row.status,
    reason: row.status === 'rejected' ? row.reason : null,
    content_type: row.content_type,
    size: row.size === null ? null : Number(row.size),
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
  };
}

const emptyDocument = (type: DocumentType): Schema<'PlayerDocument'> => ({
  id: null,
  type,
  status: 'empty',
  reason: null,
  content_type: null,
  size: null,
  created_at: null,
  reviewed_at: null,
});

/** The newest document of each type of the player. */
export async function latestDocuments(db: Queryable, playerId: number): Promise<Map<DocumentType, DocumentRow>> {
  const rows = await db.query<DocumentRow>(
    `SELECT DISTINCT ON (type) * FROM player_documents WHERE user_id = $1 ORDER BY type, id DESC`,
    [playerId],
  );
  return new Map(rows.map((r) => [r.type, r]));
}

/** One entry per type (in DOCUMENT_TYPES order) and whether every type is approved. */
export async function documentStatus(
  db: Queryable,
  playerId: number,
): Promise<{ verified: boolean; documents: Schema<'PlayerDocument'>[] }> {
  const latest = await latestDocuments(db, playerId);
  const documents = DOCUMENT_TYPES.map((type) => {
    const row = latest.get(type);
    return row ? toPlayerDocument(row) : emptyDocument(type);
  });
  return { verified: documents.every((d) => d.status === 'approved'), documents };
}

/** Verified: every document type has an approved document. */
export async function isVerified(db: Queryable, playerId: number): Promise<boolean> {
  const [row] = await db.query<{ approved: number }>(
    `SELECT count(DISTINCT type)::int AS approved FROM player_documents WHERE user_id = $1 AND status = 'approved'`,
    [playerId],
  );
  return Number(row?.approved ?? 0) === DOCUMENT_TYPES.length;
}

/** What the audit trail keeps of a document: never its bytes, its file name or where it is stored. */
export function auditView(row: Pick<DocumentRow, 'id' | 'type' | 'status' | 'reason' | 'content_type' | 'size'>) {
  return {
    document_id: Number(row.id),
    type: row.type,
    status: row.status,
    ...(row.status === 'rejected' ? { reason: row.reason } : {}),
    ...(row.content_type ? { content_type: row.content_type, size: Number(row.size) } : {}),
  };
}

export async function auditDocument(
  db: Queryable,
  p: { row: DocumentRow; actor: AuditActor; action: string; before: DocumentRow | null; at: Date },
): Promise<void> {
  await appendAudit(db, {
    brandId: p.row.brand_id,
    playerId: Number(p.row.user_id),
    actor: p.actor,
    action: p.action,
    before: p.before ? auditView(p.before) : { type: p.row.type, status: 'empty' },
    after: auditView(p.row),
    at: p.at,
  });
}

export interface PendingDocument extends DocumentRow {
  first_name: string;
  last_name: string;
  email: string;
  brand_name: string;
}

/** The QA panel's queue: documents waiting for review, oldest first. */
export async function listPendingDocuments(db: Queryable): Promise<PendingDocument[]> {
  return db.query<PendingDocument>(
    `SELECT d.*, u.first_name, u.last_name, u.email, b.name AS brand_name
       FROM player_documents d JOIN users u ON u.id = d.user_id JOIN brands b ON b.id = d.brand_id
      WHERE d.status = 'pending' ORDER BY d.created_at, d.id`,
  );
}

export async function findDocument(db: Queryable, id: number): Promise<DocumentRow | null> {
  const [row] = await db.query<DocumentRow>('SELECT * FROM player_documents WHERE id = $1', [id]);
  return row ?? null;
}

export type ReviewResult = { ok: true; row: DocumentRow } | { ok: false; reason: 'not-found' | 'not-pending' };

/**
 * The QA panel's decision on a pending document: approved, or rejected with the reason the player reads. The row
 * is locked so two reviewers (or a reviewer and the player cancelling) end in one state; audited as `panel`.
 */
export async function reviewDocument(
  db: Db,
  p: { id: number; decision: 'approved' | 'rejected'; reason?: string; now: Date },
): Promise<ReviewResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<DocumentRow>('SELECT * FROM player_documents WHERE id = $1 FOR UPDATE', [p.id]);
    if (!before) return { ok: false, reason: 'not-found' } as const;
    if (before.status !== 'pending') return { ok: false, reason: 'not-pending' } as const;
    const [row] = await tx.query<DocumentRow>(
      `UPDATE player_documents SET status = $2, reason = $3, reviewed_at = $4 WHERE id = $1 RETURNING *`,
      [p.id, p.decision, p.decision === 'rejected' ? p.reason : null, p.now],
    );
    if (!row) return { ok: false, reason: 'not-found' } as const;
    await auditDocument(tx, {
      row,
      actor: 'panel',
      action: p.decision === 'approved' ? 'document.approved' : 'document.rejected',
      before,
      at: p.now,
    });
    // The last type approved verifies the identity: personal data becomes read-only.
    if (p.decision === 'approved' && (await isVerified(tx, row.user_id))) {
      const [verified] = await tx.query<{ brand_id: number }>(
        'UPDATE users SET identity_verified_at = $2 WHERE id = $1 AND identity_verified_at IS NULL RETURNING brand_id',
        [row.user_id, p.now],
      );
      if (verified) {
        await appendAudit(tx, {
          brandId: verified.brand_id,
          playerId: row.user_id,
          actor: 'system',
          action: 'identity.verified',
          before: { verified: false },
          after: { verified: true },
          at: p.now,
        });
      }
    }
    return { ok: true, row } as const;
  });
}
