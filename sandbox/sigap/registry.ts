/**
 * The sandbox's stand-in for SIGAP, the national register a licensed operator consults for each CPF (IN SPA/MF
 * 31/2025: the central self-exclusion platform; IN SPA/MF 22/2025 and Portaria SPA/MF 2.217/2025: Bolsa Família
 * and BPC beneficiaries). Its own small service: a table of answers per CPF the QA panel switches (table
 * `sigap_registry`, migration 026); a CPF it does not list is "Não Impedido", as the real register answers for
 * everyone else. Nothing here knows the operator's players: `checks.ts` is the operator's side.
 */
import { cpfDigits, isValidCpf } from '../../shared/cpf';
import { isSigapStatus, type SigapStatus } from '../../shared/sigap';
import type { Queryable } from '../db/types';

/** What SIGAP answers for a CPF now. */
export async function consultSigap(db: Queryable, cpf: string): Promise<SigapStatus> {
  const [row] = await db.query<{ status: string }>('SELECT status FROM sigap_registry WHERE cpf = $1', [
    cpfDigits(cpf),
  ]);
  return row && isSigapStatus(row.status) ? row.status : 'nao_impedido';
}

/** The QA panel's switch: the answer SIGAP will give for the CPF from now on. False for an invalid CPF. */
export async function setSigapStatus(db: Queryable, cpf: string, status: SigapStatus, now: Date): Promise<boolean> {
  if (!isValidCpf(cpf)) return false;
  await db.query(
    `INSERT INTO sigap_registry (cpf, status, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (cpf) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
    [cpfDigits(cpf), status, now],
  );
  return true;
}

/** Every CPF the register lists with an answer other than the default (the panel's table). */
export async function listSigapRegistry(
  db: Queryable,
): Promise<{ cpf: string; status: SigapStatus; updated_at: Date }[]> {
  const rows = await db.query<{ cpf: string; status: string; updated_at: Date }>(
    'SELECT cpf, status, updated_at FROM sigap_registry ORDER BY updated_at DESC, cpf',
  );
  return rows.flatMap((r) =>
    isSigapStatus(r.status) ? [{ cpf: r.cpf, status: r.status, updated_at: r.updated_at }] : [],
  );
}
