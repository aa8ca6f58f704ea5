/**
 * The QA panel's audit view of a player: every audited change in order (responsible gaming and
 * payments), the responsible-gaming warnings shown, and exports as CSV and JSON. Reads only (GET).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';
import { auditCsv, listAudit, listNotices, type AuditRow } from '../audit/trail';
import { formatDateTime, html, page } from './layout';

const ACTOR_LABEL = { player: 'jogador', panel: 'painel de QA', system: 'sistema' } as const;

const exportRow = (r: AuditRow) => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: r.actor,
  action: r.action,
  before: r.before,
  after: r.after,
});

async function playerOf(db: Db, id: number) {
  const [row] = await db.query<{ id: number; brand_id: number; first_name: string; last_name: string }>(
    'SELECT id, brand_id, first_name, last_name FROM users WHERE id = $1',
    [id],
  );
  return row ?? null;
}

export function registerAuditRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  app.get<{ Params: { id: string } }>('/sandbox/players/:id/audit', async (request, reply) => {
    if (!/^\d+$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const player = await playerOf(db, Number(request.params.id));
    if (!player) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    const [rows, notices] = await Promise.all([listAudit(db, player.id), listNotices(db, player.id)]);
    const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value));
    const body = html`<section id="audit">
        <h2>Auditoria do jogador ${player.id} (${player.first_name} ${player.last_name})</h2>
        <p>
          <a href="/sandbox#player-${player.id}">← Jogadores</a> · Exportar:
          <a href="/sandbox/players/${player.id}/audit.csv">CSV</a> ·
          <a href="/sandbox/players/${player.id}/audit.json">JSON</a>
        </p>
        ${
          rows.length === 0
            ? html`<p class="muted">Nenhum registro.</p>`
            : html`<table>
                <thead>
                  <tr>
                    <th>#</th>
                    <th>Quando</th>
                    <th>Quem</th>
                    <th>Ação</th>
                    <th>Antes</th>
                    <th>Depois</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows.map(
                    (r) =>
                      html`<tr>
                        <td>${r.id}</td>
                        <td>${formatDateTime(r.at)}</td>
                        <td>${ACTOR_LABEL[r.actor]}</td>
                        <td><code>${r.action}</code></td>
                        <td><code>${json(r.before)}</code></td>
                        <td><code>${json(r.after)}</code></td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>
      <section id="rg-notices">
        <h2>Avisos de jogo responsável exibidos</h2>
        ${
          notices.length === 0
            ? html`<p class="muted">Nenhum.</p>`
            : html`<table>
                <thead>
                  <tr>
                    <th>Quando</th>
                    <th>Tipo</th>
                  </tr>
                </thead>
                <tbody>
                  ${notices.map(
                    (n) =>
                      html`<tr>
                        <td>${formatDateTime(n.shown_at)}</td>
                        <td>${n.kind === 'login' ? 'login' : 'cadastro'}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .send(page(`Sandbox · auditoria do jogador ${player.id}`, body));
  });

  app.get<{ Params: { id: string } }>('/sandbox/players/:id/audit.csv', async (request, reply) => {
    if (!/^\d+$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const player = await playerOf(db, Number(request.params.id));
    if (!player) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="audit-player-${player.id}.csv"`)
      .send(auditCsv(await listAudit(db, player.id)));
  });

  app.get<{ Params: { id: string } }>('/sandbox/players/:id/audit.json', async (request, reply) => {
    if (!/^\d+$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const player = await playerOf(db, Number(request.params.id));
    if (!player) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    const [rows, notices] = await Promise.all([listAudit(db, player.id), listNotices(db, player.id)]);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="audit-player-${player.id}.json"`)
      .send({
        player_id: player.id,
        brand_id: player.brand_id,
        entries: rows.map(exportRow),
        rg_notices: notices.map((n) => ({ id: n.id, kind: n.kind, shown_at: n.shown_at.toISOString() })),
      });
  });
}
