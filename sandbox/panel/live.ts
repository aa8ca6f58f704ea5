/**
 * The QA panel's live block (spec §7 Live channels, §4 Bets feed): publish a test bet on a brand's public
 * channel through the `pusher` SDK, and stop or start the sandbox's realtime server (same port) to see the
 * app's connection indicator and its reconnect.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listBrands } from '../api/brands';
import type { Db, Queryable } from '../db/types';
import type { LivePublisher, RealtimeControl } from '../realtime/control';
import { betPair, maskName } from '../realtime/public-bets';
import { publicChannel } from '../../shared/channels';
import { formatCentavos, html, onOff, type Html } from './layout';

const TRANSACTION = /^[A-Za-z0-9_-]{1,40}$/;

export interface LivePanelDeps {
  db: Db;
  now: () => Date;
  publisher?: LivePublisher | undefined;
  realtime?: RealtimeControl | undefined;
}

async function sampleGame(db: Queryable, index: number): Promise<string> {
  const games = await db.query<{ title: string }>('SELECT title FROM games ORDER BY id LIMIT 20');
  return games.length > 0 ? (games[index % games.length]?.title ?? 'Fortune Tiger') : 'Fortune Tiger';
}

async function samplePlayer(db: Queryable, brandId: number, index: number): Promise<string> {
  const players = await db.query<{ first_name: string }>(
    'SELECT first_name FROM users WHERE brand_id = $1 ORDER BY id LIMIT 20',
    [brandId],
  );
  return players.length > 0 ? (players[index % players.length]?.first_name ?? 'Jogador') : 'Jogador';
}

/** The block rendered at the top of GET /sandbox. */
export async function renderLiveSection(deps: LivePanelDeps): Promise<Html> {
  const brands = await listBrands(deps.db);
  const control = deps.realtime;
  return html`<section id="realtime">
    <h2>Tempo real (Pusher)</h2>
    <div>
      Servidor realtime${control ? html` (porta ${control.port})` : ''}:
      ${control ? onOff(control.running(), 'rodando', 'parado') : html`<span class="muted">não controlado por este processo</span>`}
      ${
        control
          ? html`<form class="inline" method="post" action="/sandbox/realtime/${control.running() ? 'stop' : 'start'}">
              <button class="secondary" data-testid="realtime-toggle">
                ${control.running() ? 'Parar servidor realtime' : 'Iniciar servidor realtime'}
              </button>
            </form>`
          : ''
      }
    </div>
    ${deps.publisher ? '' : html`<p class="muted">Sem publicador: as apostas de teste não podem ser enviadas.</p>`}
    ${brands.map(
      (brand) =>
        html`<form method="post" action="/sandbox/brands/${brand.id}/bets" id="bets-${brand.id}">
          <fieldset>
            <legend>${brand.name}: apostas ao vivo em <code>${publicChannel(brand.id)}</code></legend>
            <label
              >Aposta (R$) <input class="money" type="text" inputmode="decimal" name="amount" value="5.00" required
            /></label>
            <label
              >Ganho (R$) <input class="money" type="text" inputmode="decimal" name="win" value="12.50" required
            /></label>
            <label
              >Transação <input type="text" name="transaction" pattern="[A-Za-z0-9_-]{1,40}" placeholder="automática"
            /></label>
            <button>Publicar aposta de teste</button>
          </fieldset>
        </form>`,
    )}
  </section>`;
}

type Form = Record<string, string | string[] | undefined>;

function field(body: Form | undefined, name: string): string | undefined {
  const value = body?.[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface LiveRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
  centavosOf(input: string | undefined): number;
  isInputError(error: unknown): boolean;
}

/** POST /sandbox/brands/:id/bets, POST /sandbox/realtime/stop, POST /sandbox/realtime/start. */
export function registerLiveRoutes(app: FastifyInstance, deps: LivePanelDeps, h: LiveRouteHelpers): void {
  let published = 0;
  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/brands/:id/bets', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    if (!/^\d+$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const brandId = Number(request.params.id);
    const [brand] = await deps.db.query<{ id: number }>('SELECT id FROM brands WHERE id = $1', [brandId]);
    if (!brand) return reply.code(404).send({ message: 'Marca não encontrada.' });
    if (!deps.publisher) return h.back(reply, 'realtime', 'Sem publicador realtime neste processo.', true);

    let bet: number;
    let win: number;
    try {
      bet = h.centavosOf(field(request.body, 'amount'));
      win = h.centavosOf(field(request.body, 'win'));
    } catch (error) {
      if (h.isInputError(error)) return h.back(reply, 'realtime', (error as Error).message, true);
      throw error;
    }
    if (bet <= 0) return h.back(reply, 'realtime', 'A aposta deve ser maior que zero.', true);
    const given = field(request.body, 'transaction')?.trim() ?? '';
    if (given !== '' && !TRANSACTION.test(given))
      return h.back(reply, 'realtime', 'Transação inválida (letras, números, - e _).', true);
    const transaction = given || `sbx-${randomBytes(6).toString('hex')}`;
    const n = published++;
    const [game, player] = await Promise.all([sampleGame(deps.db, n), samplePlayer(deps.db, brandId, n)]);
    const channel = publicChannel(brandId);
    try {
      // In order: the feed holds the bet, then the win with the same transaction settles it (§4 Bets feed).
      for (const payload of betPair({ transaction, game, user: maskName(player), bet, win, date: deps.now() })) {
        await deps.publisher.trigger(channel, 'BetPlaced', payload);
      }
    } catch {
      return h.back(
        reply,
        'realtime',
        `Não foi possível publicar em ${channel}: o servidor realtime está parado?`,
        true,
      );
    }
    return h.back(
      reply,
      'realtime',
      `Aposta ${transaction} publicada em ${channel} (${formatCentavos(bet)} → ${formatCentavos(win)}).`,
    );
  });

  const control = (path: 'stop' | 'start') =>
    app.post(`/sandbox/realtime/${path}`, async (request, reply) => {
      if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
      if (!deps.realtime)
        return h.back(reply, 'realtime', 'O servidor realtime não é controlado por este processo.', true);
      if (path === 'stop') await deps.realtime.stop();
      else await deps.realtime.start();
      return h.back(
        reply,
        'realtime',
        path === 'stop' ? 'Servidor realtime parado.' : `Servidor realtime iniciado na porta ${deps.realtime.port}.`,
      );
    });
  control('stop');
  control('start');
}
