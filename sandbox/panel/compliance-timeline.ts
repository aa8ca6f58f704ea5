/**
 * The compliance timeline of one player: self-exclusion, limits, documents, every pix deposit and
 * withdrawal state, and sign-ins refused for self-exclusion, newest first. Read from the audit trail
 * (`audit_log`, sandbox/api/audit.ts) and, for what the audit never saw (seeded rows written straight to the
 * tables), from the tables themselves (`source: 'table'`). Nothing secret is read: no token, password hash, full
 * CPF, full pix key or e-mail.
 *
 * "App machine state" comes from QA recordings: `MachineStateSource`
 * is the hook; until recordings exist it answers none and the column shows "—".
 */
import type { Queryable } from '../db/types';
import type { AuditActor } from '../audit/trail';
import { maskCpfLike } from '../audit/trail';
import { TX_STATUS } from '../../shared/transaction';
import { DOCUMENT_TYPE_LABEL } from './documents';
import { formatCentavos } from './layout';
import { formatInSaoPaulo } from '../../shared/sao-paulo';

export const COMPLIANCE_KINDS = [
  'self_exclusion',
  'limit',
  'document',
  'pix_deposit',
  'withdrawal',
  'login_refused',
] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];

export const KIND_LABEL: Record<ComplianceKind, string> = {
  self_exclusion: 'Autoexclusão',
  limit: 'Limites',
  document: 'Documentos',
  pix_deposit: 'Depósito pix',
  withdrawal: 'Saque',
  login_refused: 'Acesso recusado',
};

export const isComplianceKind = (value: unknown): value is ComplianceKind =>
  typeof value === 'string' && (COMPLIANCE_KINDS as readonly string[]).includes(value);

/** One state of one app machine, recorded by QA at `at` (the QA recordings). */
export interface RecordedMachineState {
  at: Date;
  /** The registry name of the machine (machines/registry.ts), e.g. `pix`. */
  machine: string;
  /** The state value as text, e.g. `waitingPayment` or `signedIn.idle`. */
  state: string;
}

/** Recorded machine states of a player, by time. The hook the recordings plug into. */
export type MachineStateSource = (playerId: number) => Promise<readonly RecordedMachineState[]>;

/** No recordings yet: every entry's machine state is unknown ("—"). */
export const noRecordedMachineStates: MachineStateSource = async () => [];

/** A recorded state older than this before an entry does not describe it. */
export const MACHINE_STATE_WINDOW_MS = 5 * 60_000;

export interface ComplianceEntry {
  at: Date;
  kind: ComplianceKind;
  /** The audit action (`pix_deposit.paid`), or the table's own name for rows the audit never saw. */
  action: string;
  /** What happened, for a reviewer (pt-BR). */
  description: string;
  /** Who made it: the player, the QA panel (standing in for the back office) or the platform; null when unknown. */
  actor: AuditActor | null;
  /** The record it is about (`depósito #12`), when there is one. */
  reference: string | null;
  before: string | null;
  after: string | null;
  /** Integer centavos, when the entry moves or limits money. */
  amount: number | null;
  /** When it takes effect, the period, the reason… */
  detail: string | null;
  /** `pix: waitingPayment` from a recording, else null. */
  machineState: string | null;
  source: 'audit' | 'table' | 'derived';
  /** The audit row's id (ties in order), or 0. */
  auditId: number;
}

const TX_STATUS_LABEL: Record<number, string> = {
  [TX_STATUS.pending]: 'pendente',
  [TX_STATUS.approved]: 'aprovado',
  [TX_STATUS.cancelled]: 'cancelado',
  [TX_STATUS.invalidKey]: 'chave pix inválida (devolvido)',
  [TX_STATUS.processing]: 'em processamento',
  [TX_STATUS.underReview]: 'em análise',
};
const DOC_STATUS_LABEL: Record<string, string> = {
  empty: 'não enviado',
  pending: 'em análise',
  approved: 'aprovado',
  rejected: 'recusado',
  cancelled: 'cancelado',
};
const LIMIT_KIND_LABEL: Record<string, string> = { deposit: 'depósito', loss: 'perda', session: 'tempo de jogo' };
const PERIOD_LABEL: Record<string, string> = { day: 'diário', week: 'semanal', month: 'mensal' };

const SECONDS = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const;
/** `31/01/2027 14:05:09` in America/Sao_Paulo. */
export const formatSaoPaulo = (date: Date) => formatInSaoPaulo(date, 'pt-BR', SECONDS).replace(',', '');
/** `2027-01-31T17:05:09Z`. */
export const formatUtc = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

type Json = Record<string, unknown> | null;
const num = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const date = (v: unknown): Date | null => {
  const s = str(v);
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};
const txStatus = (j: Json) => {
  const s = num(j?.status);
  return s === null ? null : (TX_STATUS_LABEL[s] ?? String(s));
};

function periodText(j: Json): string | null {
  if (!j) return 'sem autoexclusão';
  const start = date(j.start_at);
  const end = date(j.end_at);
  if (!start) return null;
  return end
    ? `de ${formatSaoPaulo(start)} até ${formatSaoPaulo(end)}`
    : `indeterminada desde ${formatSaoPaulo(start)}`;
}

function limitValue(kind: string, amount: number | null): string {
  if (amount === null) return 'sem limite';
  return kind === 'session' ? `${amount} min` : formatCentavos(amount);
}
function limitState(j: Json): string {
  const kind = str(j?.kind) ?? '';
  const inForce = limitValue(kind, num(j?.amount));
  const pending = j?.pending as Json;
  if (!pending) return inForce;
  const from = date(pending.from);
  return `${inForce} (${limitValue(kind, num(pending.amount))} a partir de ${from ? formatSaoPaulo(from) : '?'})`;
}

export interface AuditLikeRow {
  id: number;
  actor: AuditActor;
  action: string;
  before: Json;
  after: Json;
  at: Date;
}

/** One audit row as a timeline entry, or null when it is not a compliance matter (password change, boxes…). */
export function entryOfAudit(row: AuditLikeRow): ComplianceEntry | null {
  const { before, after, action } = row;
  const base = { at: row.at, action, actor: row.actor, source: 'audit' as const, auditId: row.id, machineState: null };
  const [area, step] = action.split('.') as [string, string | undefined];
  switch (area) {
    case 'pix_deposit': {
      const id = num(after?.id ?? before?.id);
      const reason = str(after?.reason);
      const description =
        step === 'created'
          ? 'Código pix gerado'
          : step === 'paid'
            ? 'Depósito pago'
            : step === 'expired'
              ? 'Código pix expirado'
              : reason === 'refused_by_bank'
                ? 'Depósito recusado pelo banco'
                : reason === 'self_exclusion'
                  ? 'Código pix cancelado pela autoexclusão'
                  : 'Depósito cancelado';
      const expires = date(after?.expires_at);
      return {
        ...base,
        kind: 'pix_deposit',
        description,
        reference: id === null ? null : `depósito #${id}`,
        before: step === 'created' ? '—' : txStatus(before),
        after: step === 'expired' ? 'expirado' : txStatus(after),
        amount: num(after?.amount ?? before?.amount),
        detail: expires && step === 'created' ? `expira em ${formatSaoPaulo(expires)}` : null,
      };
    }
    case 'withdrawal': {
      const id = num(after?.id ?? before?.id);
      const key = str(after?.pix_key);
      const description: Record<string, string> = {
        requested: 'Saque solicitado',
        paid: 'Saque pago',
        cancelled: row.actor === 'player' ? 'Saque cancelado pelo jogador' : 'Saque cancelado',
        rejected_invalid_key: 'Saque recusado: chave pix inválida',
        processing: 'Saque em processamento',
        under_review: 'Saque em análise',
      };
      return {
        ...base,
        kind: 'withdrawal',
        description: description[step ?? ''] ?? `Saque: ${step ?? action}`,
        reference: id === null ? null : `saque #${id}`,
        before: step === 'requested' ? '—' : txStatus(before),
        after: txStatus(after),
        amount: num(after?.amount ?? before?.amount),
        // Already masked when written; masked again in case an older row was not.
        detail: key ? `chave pix ${maskCpfLike(key)}` : null,
      };
    }
    case 'limit': {
      const j = after ?? before;
      const kind = str(j?.kind) ?? '';
      const name = `limite ${PERIOD_LABEL[str(j?.period) ?? ''] ?? ''} de ${LIMIT_KIND_LABEL[kind] ?? kind}`;
      const requested = after && 'requested' in after ? num(after.requested) : undefined;
      const pending = after?.pending as Json;
      const from = date(pending?.from);
      const description =
        step === 'set'
          ? num(before?.amount) === null
            ? `Definido o ${name}`
            : `Reduzido o ${name}`
          : step === 'cancelled'
            ? `Reduzido o ${name} (a alteração agendada foi cancelada)`
            : step === 'pending'
              ? requested === null
                ? `Remoção agendada do ${name}`
                : `Aumento agendado do ${name}`
              : step === 'applied'
                ? `Alteração do ${name} passou a valer`
                : `Limite: ${step ?? action}`;
      const amount = kind === 'session' ? null : (requested ?? num(after?.amount) ?? null);
      return {
        ...base,
        kind: 'limit',
        description,
        reference: name,
        before: limitState(before),
        after: limitState(after),
        amount,
        detail:
          step === 'pending' && from
            ? `vale a partir de ${formatSaoPaulo(from)} (período de espera)`
            : step === 'set' || step === 'cancelled' || step === 'applied'
              ? 'vale a partir de agora'
              : null,
      };
    }
    case 'self_exclusion': {
      const started = step === 'started';
      const period = started ? after : before;
      const end = date(period?.end_at);
      const who = { player: 'pelo jogador', panel: 'pelo painel de QA', system: 'pelo sistema' }[row.actor];
      return {
        ...base,
        kind: 'self_exclusion',
        description: started
          ? `Autoexclusão iniciada ${who} (${end ? 'prazo determinado' : 'indeterminada'})`
          : `Autoexclusão encerrada ${who}`,
        reference: null,
        before: periodText(before),
        after: periodText(after),
        amount: null,
        detail: started ? (end ? `até ${formatSaoPaulo(end)}` : 'sem data de fim') : `encerrada ${who}`,
      };
    }
    case 'document':
    case 'identity': {
      if (area === 'identity') {
        return {
          ...base,
          kind: 'document',
          description: 'Identidade verificada (todos os documentos aprovados)',
          reference: null,
          before: 'não verificada',
          after: 'verificada',
          amount: null,
          detail: null,
        };
      }
      const type = str(after?.type ?? before?.type) ?? '';
      const label = DOCUMENT_TYPE_LABEL[type as keyof typeof DOCUMENT_TYPE_LABEL] ?? type;
      const id = num(after?.document_id ?? before?.document_id);
      const verb: Record<string, string> = {
        uploaded: 'enviado',
        cancelled: 'cancelado pelo jogador',
        approved: 'aprovado',
        rejected: 'recusado',
      };
      const reason = str(after?.reason);
      return {
        ...base,
        kind: 'document',
        description: `${label}: ${verb[step ?? ''] ?? step ?? ''}`,
        reference: id === null ? label : `documento #${id}`,
        before: DOC_STATUS_LABEL[str(before?.status) ?? ''] ?? str(before?.status),
        after: DOC_STATUS_LABEL[str(after?.status) ?? ''] ?? str(after?.status),
        amount: null,
        detail: reason ? `motivo: ${reason}` : null,
      };
    }
    case 'login': {
      if (step !== 'refused_self_exclusion') return null;
      return {
        ...base,
        kind: 'login_refused',
        description: 'Acesso recusado: autoexclusão em vigor',
        reference: str(after?.channel) === 'google' ? 'login com Google' : 'login',
        before: null,
        after: 'recusado (403)',
        amount: null,
        detail: periodText(after),
      };
    }
    default:
      return null;
  }
}

interface TxRow {
  id: number;
  type: 'deposit' | 'withdrawal';
  amount: number;
  status: number;
  created_at: Date;
  updated_at: Date;
}
interface DocRow {
  id: number;
  type: string;
  status: string;
  reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}
interface LimitRow {
  kind: string;
  period: string;
  amount: number | null;
  pending_amount: number | null;
  pending_from: Date | null;
  updated_at: Date;
}

export interface TimelinePlayer {
  id: number;
  brand_id: number;
  brand_name: string;
  first_name: string;
  last_name: string;
  /** Masked (`***.456.789-**`), never the full CPF. */
  cpf_masked: string | null;
  created_at: Date;
  self_excluded_at: Date | null;
  self_excluded_until: Date | null;
  identity_verified_at: Date | null;
}

/** The player as the compliance pages show them (CPF masked in SQL's result before it leaves this function). */
export async function compliancePlayer(db: Queryable, id: number): Promise<TimelinePlayer | null> {
  const [row] = await db.query<Omit<TimelinePlayer, 'cpf_masked'> & { cpf: string | null }>(
    `SELECT u.id, u.brand_id, b.name AS brand_name, u.first_name, u.last_name, u.cpf, u.created_at,
            u.self_excluded_at, u.self_excluded_until, u.identity_verified_at
       FROM users u JOIN brands b ON b.id = u.brand_id WHERE u.id = $1`,
    [id],
  );
  if (!row) return null;
  const { cpf, ...rest } = row;
  return { ...rest, cpf_masked: cpf ? maskCpfLike(cpf) : null };
}

export async function listCompliancePlayers(db: Queryable): Promise<TimelinePlayer[]> {
  const ids = await db.query<{ id: number }>('SELECT id FROM users ORDER BY brand_id, id LIMIT 500');
  const players = await Promise.all(ids.map((r) => compliancePlayer(db, Number(r.id))));
  return players.filter((p): p is TimelinePlayer => p !== null);
}

/**
 * Entries for rows the audit never saw: seeded transactions, documents, limits and exclusions written straight
 * to the tables (the audit trail came later). Marked `source: 'table'`.
 */
function tableEntries(
  player: TimelinePlayer,
  audited: ComplianceEntry[],
  rows: { txs: TxRow[]; docs: DocRow[]; limits: LimitRow[] },
): ComplianceEntry[] {
  const seen = new Set(audited.map((e) => e.reference).filter(Boolean));
  const base = { actor: null, machineState: null, source: 'table' as const, auditId: 0 };
  const out: ComplianceEntry[] = [];
  for (const tx of rows.txs) {
    const deposit = tx.type === 'deposit';
    const reference = `${deposit ? 'depósito' : 'saque'} #${tx.id}`;
    if (seen.has(reference)) continue;
    const kind = deposit ? 'pix_deposit' : 'withdrawal';
    const amount = Number(tx.amount);
    out.push({
      ...base,
      at: tx.created_at,
      kind,
      action: `wallet_transactions.${tx.type}`,
      description: deposit ? 'Código pix gerado (registro sem auditoria)' : 'Saque solicitado (registro sem auditoria)',
      reference,
      before: '—',
      after: TX_STATUS_LABEL[TX_STATUS.pending] ?? null,
      amount,
      detail: null,
    });
    if (tx.status !== TX_STATUS.pending) {
      out.push({
        ...base,
        at: tx.updated_at,
        kind,
        action: `wallet_transactions.status`,
        description: `${deposit ? 'Depósito' : 'Saque'} ${TX_STATUS_LABEL[tx.status] ?? tx.status} (registro sem auditoria)`,
        reference,
        before: null,
        after: TX_STATUS_LABEL[tx.status] ?? String(tx.status),
        amount,
        detail: null,
      });
    }
  }
  for (const doc of rows.docs) {
    const reference = `documento #${doc.id}`;
    if (seen.has(reference)) continue;
    const label = DOCUMENT_TYPE_LABEL[doc.type as keyof typeof DOCUMENT_TYPE_LABEL] ?? doc.type;
    out.push({
      ...base,
      at: doc.reviewed_at ?? doc.created_at,
      kind: 'document',
      action: 'player_documents.status',
      description: `${label}: ${DOC_STATUS_LABEL[doc.status] ?? doc.status} (registro sem auditoria)`,
      reference,
      before: null,
      after: DOC_STATUS_LABEL[doc.status] ?? doc.status,
      amount: null,
      detail: doc.reason ? `motivo: ${doc.reason}` : null,
    });
  }
  for (const limit of rows.limits) {
    const name = `limite ${PERIOD_LABEL[limit.period] ?? ''} de ${LIMIT_KIND_LABEL[limit.kind] ?? limit.kind}`;
    if (seen.has(name) || limit.amount === null) continue;
    out.push({
      ...base,
      at: limit.updated_at,
      kind: 'limit',
      action: 'player_limits.amount',
      description: `Limite em vigor: ${name} (registro sem auditoria)`,
      reference: name,
      before: null,
      after: limitState({ kind: limit.kind, amount: Number(limit.amount), pending: null }),
      amount: limit.kind === 'session' ? null : Number(limit.amount),
      detail: null,
    });
  }
  if (player.self_excluded_at && !audited.some((e) => e.kind === 'self_exclusion')) {
    const end = player.self_excluded_until;
    out.push({
      ...base,
      at: player.self_excluded_at,
      kind: 'self_exclusion',
      action: 'users.self_excluded_at',
      description: `Autoexclusão em vigor (${end ? 'prazo determinado' : 'indeterminada'}; registro sem auditoria)`,
      reference: null,
      before: null,
      after: periodText({ start_at: player.self_excluded_at.toISOString(), end_at: end?.toISOString() ?? null }),
      amount: null,
      detail: end ? `até ${formatSaoPaulo(end)}` : 'sem data de fim',
    });
  }
  return out;
}

/** A time-limited exclusion that reached its end date unremoved ends by itself: shown as its own entry. */
function derivedEnds(audited: ComplianceEntry[], rows: AuditLikeRow[], now: Date): ComplianceEntry[] {
  const out: ComplianceEntry[] = [];
  const starts = rows.filter((r) => r.action === 'self_exclusion.started');
  for (const start of starts) {
    const end = date(start.after?.end_at);
    if (!end || end > now) continue;
    const endedEarlier = rows.some(
      (r) =>
        r.id > start.id &&
        r.at <= end &&
        (r.action === 'self_exclusion.removed' || r.action === 'self_exclusion.started'),
    );
    if (endedEarlier) continue;
    out.push({
      at: end,
      kind: 'self_exclusion',
      action: 'self_exclusion.ended',
      description: 'Autoexclusão encerrada pelo fim do prazo',
      actor: 'system',
      reference: null,
      before: periodText(start.after),
      after: 'sem autoexclusão',
      amount: null,
      detail: 'encerrada pelo fim do prazo',
      machineState: null,
      source: 'derived',
      auditId: 0,
    });
  }
  void audited;
  return out;
}

/** The machine states recorded at or shortly before `at`: the latest of each machine within the window. */
export function machineStateAt(states: readonly RecordedMachineState[], at: Date): string | null {
  const latest = new Map<string, RecordedMachineState>();
  for (const s of states) {
    const age = at.getTime() - s.at.getTime();
    if (age < 0 || age > MACHINE_STATE_WINDOW_MS) continue;
    const known = latest.get(s.machine);
    if (!known || known.at <= s.at) latest.set(s.machine, s);
  }
  if (latest.size === 0) return null;
  return [...latest.values()]
    .sort((a, b) => a.machine.localeCompare(b.machine))
    .map((s) => `${s.machine}: ${s.state}`)
    .join('; ');
}

/** Newest first; at the same instant the later audit row first. */
export const byNewest = (a: ComplianceEntry, b: ComplianceEntry) =>
  b.at.getTime() - a.at.getTime() || b.auditId - a.auditId;

export async function complianceTimeline(
  db: Queryable,
  player: TimelinePlayer,
  options: { now: Date; kind?: ComplianceKind | undefined; machineStates?: MachineStateSource },
): Promise<ComplianceEntry[]> {
  const [auditRows, txs, docs, limits, states] = await Promise.all([
    db.query<AuditLikeRow>(
      'SELECT id, actor, action, before, after, at FROM audit_log WHERE user_id = $1 ORDER BY id',
      [player.id],
    ),
    db.query<TxRow>(
      'SELECT id, type, amount, status, created_at, updated_at FROM wallet_transactions WHERE user_id = $1 ORDER BY id',
      [player.id],
    ),
    db.query<DocRow>(
      'SELECT id, type, status, reason, created_at, reviewed_at FROM player_documents WHERE user_id = $1 ORDER BY id',
      [player.id],
    ),
    db.query<LimitRow>(
      'SELECT kind, period, amount, pending_amount, pending_from, updated_at FROM player_limits WHERE user_id = $1',
      [player.id],
    ),
    (options.machineStates ?? noRecordedMachineStates)(player.id),
  ]);
  const rows = auditRows.map((r) => ({ ...r, id: Number(r.id) }));
  const audited = rows.map(entryOfAudit).filter((e): e is ComplianceEntry => e !== null);
  const all = [
    ...audited,
    ...tableEntries(player, audited, { txs, docs, limits }),
    ...derivedEnds(audited, rows, options.now),
  ]
    .filter((e) => !options.kind || e.kind === options.kind)
    .map((e) => ({ ...e, machineState: machineStateAt(states, e.at) }));
  return all.sort(byNewest);
}

/** The export's plain shape (JSON rows, CSV columns in this order). */
export function exportEntry(e: ComplianceEntry) {
  return {
    at_utc: formatUtc(e.at),
    at_sao_paulo: formatSaoPaulo(e.at),
    kind: e.kind,
    action: e.action,
    description: e.description,
    actor: e.actor,
    reference: e.reference,
    before: e.before,
    after: e.after,
    amount_centavos: e.amount,
    amount_brl: e.amount === null ? null : formatCentavos(e.amount),
    detail: e.detail,
    app_machine_state: e.machineState,
    source: e.source,
  };
}

export const COMPLIANCE_CSV_COLUMNS = Object.keys(
  exportEntry({
    at: new Date(0),
    kind: 'limit',
    action: '',
    description: '',
    actor: null,
    reference: null,
    before: null,
    after: null,
    amount: null,
    detail: null,
    machineState: null,
    source: 'audit',
    auditId: 0,
  }),
) as (keyof ReturnType<typeof exportEntry>)[];

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. A cell a spreadsheet would read as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with an apostrophe, so it shows as text and never runs.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function complianceCsv(entries: ComplianceEntry[]): string {
  const lines = [COMPLIANCE_CSV_COLUMNS.join(',')];
  for (const e of entries) {
    const row = exportEntry(e);
    lines.push(COMPLIANCE_CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
