/**
 * The QA panel's ledger: the invariant of every wallet (sandbox/money/invariant.ts), checked as the page is drawn,
 * and the newest ledger rows, so QA and a reviewer see each money movement with its kind, account and reference.
 */
import type { Queryable } from '../db/types';
import { ledgerInvariant, LEDGER_RULES } from '../money/invariant';
import { formatCentavos, formatDateTime, html } from './layout';

const ROWS = 30;

export const ledgerSection = {
  id: 'ledger',
  title: 'Livro-razão',
  async render(db: Queryable) {
    const report = await ledgerInvariant(db);
    const rows = await db.query<{
      id: number;
      email: string;
      account: string;
      kind: string;
      amount: number;
      balance_after: number;
      ref_type: string | null;
      ref_id: string | null;
      created_at: Date;
    }>(
      `SELECT l.id, u.email, l.account, l.kind, l.amount, l.balance_after, l.ref_type, l.ref_id, l.created_at
         FROM ledger_entries l JOIN users u ON u.id = l.user_id ORDER BY l.id DESC LIMIT $1`,
      [ROWS],
    );
    return html`<p data-testid="ledger-invariant" data-ok="${String(report.ok)}">
        Invariante (${LEDGER_RULES.join(', ')}):
        ${
          report.ok
            ? html`<strong>válida</strong> para ${report.players} carteiras e ${report.rows} lançamentos.`
            : html`<strong class="error">${report.violations.length} violação(ões)</strong>`
        }
      </p>
      ${
        report.ok
          ? ''
          : html`<ul>
              ${report.violations.map((v) => html`<li>${v.rule}: jogador ${v.userId ?? '-'}: ${v.detail}</li>`)}
            </ul>`
      }
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Jogador</th>
            <th>Conta</th>
            <th>Tipo</th>
            <th>Valor</th>
            <th>Saldo depois</th>
            <th>Referência</th>
            <th>Quando</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (r) =>
              html`<tr>
                <td>${r.id}</td>
                <td>${r.email}</td>
                <td>${r.account === 'bonus' ? 'bônus' : 'saldo'}</td>
                <td>${r.kind}</td>
                <td>${formatCentavos(r.amount)}</td>
                <td>${formatCentavos(r.balance_after)}</td>
                <td>${r.ref_type ? `${r.ref_type} ${r.ref_id ?? ''}` : ''}</td>
                <td>${formatDateTime(r.created_at)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  },
};
