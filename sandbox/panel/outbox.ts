/**
 * The QA panel's outbox of one player (/user/edit/access-data): every message the sandbox "sent" them
 * (e-mail and SMS codes: recovery, password change, e-mail and phone verification), the newest first, with the
 * 6-digit code in a column of its own and whether it still works (waiting, used or replaced, expired, burnt by 5
 * wrong guesses), and a button that ends §9's 20 s resend wait at once.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_CODE_ATTEMPTS } from '../api/codes';
import type { Db } from '../db/types';
import { formatDateTime, html, page } from './layout';

type CodeState = 'waiting' | 'used' | 'expired' | 'burnt' | 'none';
const STATE_LABEL: Record<CodeState, string> = {
  waiting: 'aguardando',
  used: 'usado ou substituído',
  expired: 'expirado',
  burnt: `bloqueado (${MAX_CODE_ATTEMPTS} erros)`,
  none: '—',
};

export interface OutboxRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
  state: CodeState;
}

/** The player's messages, newest first, each with the state of the code it carried. */
export async function playerOutbox(db: Db, playerId: number, now: Date): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `SELECT o.id, o.channel, o.recipient, o.subject, o.body, o.created_at,
            CASE WHEN c.id IS NULL THEN 'none'
                 WHEN c.used_at IS NOT NULL THEN 'used'
                 WHEN c.attempts >= $3 THEN 'burnt'
                 WHEN c.expires_at <= $2 THEN 'expired'
                 ELSE 'waiting' END AS state
       FROM outbox o
       LEFT JOIN LATERAL (SELECT * FROM verification_codes v
                           WHERE v.user_id = o.user_id AND v.created_at = o.created_at
                             AND (v.purpose IN ('phone', 'phone_change')) = (o.channel = 'sms')
                           ORDER BY v.id DESC LIMIT 1) c
              ON true
      WHERE o.user_id = $1 ORDER BY o.id DESC LIMIT 100`,
    [playerId, now, MAX_CODE_ATTEMPTS],
  );
}

export function registerOutboxRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  app.get<{ Params: { id: string } }>('/sandbox/players/:id/outbox', async (request, reply) => {
    if (!/^\d{1,15}$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const [player] = await deps.db.query<{ id: number; first_name: string; last_name: string; email: string }>(
      'SELECT id, first_name, last_name, email FROM users WHERE id = $1',
      [Number(request.params.id)],
    );
    if (!player) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    const rows = await playerOutbox(deps.db, player.id, deps.now());
    const body = html`<section id="player-outbox">
      <h2>Mensagens enviadas ao jogador ${player.id} (${player.first_name} ${player.last_name}, ${player.email})</h2>
      <p><a href="/sandbox#players">← Jogadores</a> · <a href="/sandbox/players/${player.id}/audit">Auditoria</a></p>
      <form method="post" action="/sandbox/players/${player.id}/codes/release">
        <button>Liberar novo código agora (sem esperar 20 s)</button>
      </form>
      ${
        rows.length === 0
          ? html`<p class="muted">Nenhuma mensagem ainda.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th>Quando</th>
                  <th>Canal</th>
                  <th>Para</th>
                  <th>Assunto</th>
                  <th>Código</th>
                  <th>Situação</th>
                </tr>
              </thead>
              <tbody>
                ${rows.map(
                  (m) =>
                    html`<tr data-channel="${m.channel}" data-state="${m.state}">
                      <td>${formatDateTime(m.created_at)}</td>
                      <td>${m.channel}</td>
                      <td>${m.recipient}</td>
                      <td>${m.subject}</td>
                      <td class="code"><code>${/\b(\d{6})\b/.exec(m.body)?.[1] ?? '—'}</code></td>
                      <td>${STATE_LABEL[m.state]}</td>
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
      .send(page(`Sandbox · mensagens do jogador ${player.id}`, body));
  });
}
