/**
 * The audit trail: every responsible-gaming change (limits, reality check, self-exclusion start and
 * end) and every payment state change, with who made it (`player`, `panel`, `system`) and the state before and
 * after. Secrets never go in: callers pass only what a reviewer may read, and `maskSecrets` masks CPFs and pix
 * keys, masks contact data (any `email` or `phone` field: the e-mail and phone changes of /user/edit/access-data)
 * and drops token or password fields that slip through.
 */
import type { Queryable } from '../db/types';

export type AuditActor = 'player' | 'panel' | 'system';

export interface AuditEntry {
  brandId: number;
  playerId: number;
  actor: AuditActor;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

const SECRET_KEY = /token|password|secret|hash|br_code|qrcode/i;
const CPF_LIKE = /^\d{11}$|^\d{3}\.\d{3}\.\d{3}-\d{2}$/;

/** `***.982.247-**` for an 11-digit value; the masked form is left as it is. */
export function maskCpfLike(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : value;
}

/** `a***@s***.test`: the first letter of the name and of the domain, and the top-level part. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${value[0]}***@${domain[0] ?? ''}***${tld}`;
}

/** `+55 11 *****-4321`: the country and area codes and the last 4 digits. */
export function maskPhone(value: string): string {
  const d = value.replace(/\D/g, '');
  const m = /^55(\d{2})\d+(\d{4})$/.exec(d);
  return m ? `+55 ${m[1]} *****-${m[2]}` : d.length > 4 ? `*****${d.slice(-4)}` : '***';
}

/** A copy with secrets removed and CPF-like values (or any `cpf` / `pix_key` field) masked. */
export function maskSecrets(value: unknown, key = ''): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, maskSecrets(v, k)]),
    );
  }
  if (typeof value === 'string' && /^email$/i.test(key)) return maskEmail(value);
  if (typeof value === 'string' && /^phone$/i.test(key)) return maskPhone(value);
  if (typeof value === 'string' && (CPF_LIKE.test(value) || /cpf|pix_key/i.test(key))) return maskCpfLike(value);
  return value;
}

export async function appendAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (brand_id, user_id, actor, action, before, after, at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      entry.brandId,
      entry.playerId,
      entry.actor,
      entry.action,
      entry.before ? JSON.stringify(maskSecrets(entry.before)) : null,
      entry.after ? JSON.stringify(maskSecrets(entry.after)) : null,
      entry.at,
    ],
  );
}

/** The brand of a player (callers that only know the player's id). */
export async function brandOfPlayer(db: Queryable, playerId: number): Promise<number | null> {
  const [row] = await db.query<{ brand_id: number }>('SELECT brand_id FROM users WHERE id = $1', [playerId]);
  return row?.brand_id ?? null;
}

export interface AuditRow {
  id: number;
  brand_id: number;
  user_id: number;
  actor: AuditActor;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

export async function listAudit(db: Queryable, playerId: number): Promise<AuditRow[]> {
  return db.query<AuditRow>('SELECT * FROM audit_log WHERE user_id = $1 ORDER BY id', [playerId]);
}

export interface NoticeRow {
  id: number;
  kind: 'login' | 'signup';
  shown_at: Date;
}

export async function listNotices(db: Queryable, playerId: number): Promise<NoticeRow[]> {
  return db.query<NoticeRow>('SELECT id, kind, shown_at FROM rg_notices WHERE user_id = $1 ORDER BY id', [playerId]);
}

export async function recordNotice(
  db: Queryable,
  p: { brandId: number; playerId: number; kind: 'login' | 'signup'; at: Date },
): Promise<void> {
  await db.query('INSERT INTO rg_notices (brand_id, user_id, kind, shown_at) VALUES ($1, $2, $3, $4)', [
    p.brandId,
    p.playerId,
    p.kind,
    p.at,
  ]);
}

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // Quote every cell; a formula-looking cell is prefixed so a spreadsheet never evaluates it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

export const AUDIT_CSV_COLUMNS = ['id', 'at', 'actor', 'action', 'before', 'after'] as const;

export function auditCsv(rows: AuditRow[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push([r.id, r.at.toISOString(), r.actor, r.action, r.before, r.after].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
