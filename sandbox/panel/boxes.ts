/**
 * The QA panel's boxes page of a player: the player's boxes and prizes, and a form that grants one of the
 * brand's published boxes for free. A grant is bound to the player's committed seeds like a purchase, is audited
 * (`box.granted`, actor panel) and publishes `NotifyNewUserBox { user_box }` on `private-universal.{id}`, so an open
 * app shows it at once. Writes pass the panel's Origin/Host check (routes.ts) like every other panel form.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acquireBox, listBoxes, userBoxes, userPrizes } from '../api/boxes';
import { formatCentavos, formatDateTime, html, page } from './layout';
import type { PanelDeps } from './panel-deps';

type Form = Record<string, string | string[] | undefined>;

const STATUS_LABEL = { owned: 'fechada', opened: 'aberta', sold: 'vendida' } as const;
const PRIZE_STATUS_LABEL = { owned: 'com o jogador', sold: 'vendido' } as const;

async function playerOf(deps: Pick<PanelDeps, 'db'>, id: string) {
  if (!/^\d{1,15}$/.test(id)) return null;
  const [row] = await deps.db.query<{ id: number; brand_id: number; first_name: string; last_name: string }>(
    'SELECT id, brand_id, first_name, last_name FROM users WHERE id = $1',
    [Number(id)],
  );
  return row ?? null;
}

const backTo = (reply: FastifyReply, id: number, text: string, error = false) =>
  reply.redirect(
    `/sandbox/players/${id}/boxes?${new URLSearchParams({ [error ? 'error' : 'notice']: text }).toString()}`,
    303,
  );

export function registerBoxRoutes(
  app: FastifyInstance,
  deps: PanelDeps,
  helpers: { sameOrigin(request: FastifyRequest): boolean },
): void {
  const { db } = deps;

  app.get<{ Params: { id: string }; Querystring: { notice?: string; error?: string } }>(
    '/sandbox/players/:id/boxes',
    async (request, reply) => {
      const player = await playerOf(deps, request.params.id);
      if (!player) return reply.code(404).send({ message: 'Jogador não encontrado.' });
      const [catalogue, boxes, prizes] = await Promise.all([
        listBoxes(db, player.brand_id, 'pt'),
        userBoxes(db, player.id, 'pt'),
        userPrizes(db, player.id, 'pt'),
      ]);
      const { notice, error } = request.query;
      const body = html`<section id="player-boxes">
          <h2>Caixas do jogador ${player.id} (${player.first_name} ${player.last_name})</h2>
          <p>
            <a href="/sandbox#player-${player.id}">← Jogadores</a> ·
            <a href="/sandbox/players/${player.id}/audit">Auditoria</a>
          </p>
          ${
            catalogue.length === 0
              ? html`<p class="muted">A marca do jogador não tem caixas publicadas (hasBoxes desligado?).</p>`
              : html`<form method="post" action="/sandbox/players/${player.id}/boxes/grant">
                  <label
                    >Caixa
                    <select name="box_id" required>
                      ${catalogue.map(
                        (b) =>
                          html`<option value="${b.id}">${b.title} · ${b.color} · ${formatCentavos(b.price)}</option>`,
                      )}
                    </select></label
                  >
                  <button>Dar caixa (NotifyNewUserBox)</button>
                </form>`
          }
          ${
            boxes.length === 0
              ? html`<p class="muted">Nenhuma caixa.</p>`
              : html`<table>
                  <thead>
                    <tr>
                      <th>#</th>
                      <th>Caixa</th>
                      <th>Situação</th>
                      <th>Comprada / dada</th>
                      <th>Nonce · hash da semente</th>
                      <th>Prêmio</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${boxes.map(
                      (b) =>
                        html`<tr data-status="${b.status}">
                          <td>${b.id}</td>
                          <td>${b.box.title} <span class="muted">${formatCentavos(b.box.price)}</span></td>
                          <td>${STATUS_LABEL[b.status]}</td>
                          <td>${formatDateTime(new Date(b.purchased_at))}</td>
                          <td><code>${b.nonce} · ${b.server_seed_hash.slice(0, 16)}…</code></td>
                          <td>
                            ${b.prize ? html`${b.prize.prize.name} <span class="muted">(roll ${b.roll})</span>` : '—'}
                          </td>
                        </tr>`,
                    )}
                  </tbody>
                </table>`
          }
        </section>
        <section id="player-prizes">
          <h2>Prêmios</h2>
          ${
            prizes.length === 0
              ? html`<p class="muted">Nenhum prêmio.</p>`
              : html`<table>
                  <thead>
                    <tr>
                      <th>#</th>
                      <th>Prêmio</th>
                      <th>Caixa</th>
                      <th>Valor de venda</th>
                      <th>Situação</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${prizes.map(
                      (p) =>
                        html`<tr>
                          <td>${p.id}</td>
                          <td>${p.prize.name}</td>
                          <td>${p.box_title}</td>
                          <td>${formatCentavos(p.prize.sell_value)}</td>
                          <td>${PRIZE_STATUS_LABEL[p.status]}</td>
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
        .send(
          page(
            `Sandbox · caixas do jogador ${player.id}`,
            body,
            error ? { text: error, error: true } : notice ? { text: notice, error: false } : undefined,
          ),
        );
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/players/:id/boxes/grant', async (request, reply) => {
    if (!helpers.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const player = await playerOf(deps, request.params.id);
    if (!player) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    const raw = request.body?.box_id;
    const boxId = Array.isArray(raw) ? raw[0] : raw;
    if (!boxId || !/^\d{1,9}$/.test(boxId)) return backTo(reply, player.id, 'Escolha uma caixa.', true);
    const result = await acquireBox(
      db,
      {
        userId: player.id,
        brandId: player.brand_id,
        boxId: Number(boxId),
        source: 'grant',
        now: deps.now(),
        locale: 'pt',
        actor: 'panel',
      },
      deps.publisher,
    );
    if (!result.ok) return backTo(reply, player.id, 'Caixa não encontrada entre as publicadas da marca.', true);
    return backTo(
      reply,
      player.id,
      `${result.userBox.box.title} dada ao jogador ${player.id} (caixa #${result.userBox.id}).`,
    );
  });
}
