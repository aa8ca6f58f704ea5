/**
 * The QA panel's games block: the game provider's switches (maintenance: POST
 * /games/url answers 503; the operator's wallet slow or failing, to watch the game's and the app's error
 * states), and per player the forced outcome of their next slot round and their rounds with every wallet call
 * (operation, idempotency key, signature verdict, result), as the operator logged them (`seamless_calls`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import type { ForcedOutcome } from '../provider/fair';
import {
  forcedOutcomes,
  forceNextOutcome,
  MAX_WALLET_DELAY_MS,
  providerSettings,
  updateProviderSettings,
  type WalletFail,
} from '../provider/settings';
import { formatCentavos, formatDateTime, html, onOff, type Html } from './layout';

export interface GamesPanelDeps {
  db: Db;
  now: () => Date;
}

export interface GamesRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

export const FORCED_LABELS: Record<ForcedOutcome, string> = {
  lose: 'perder',
  small: 'ganho pequeno (1,5×)',
  big: 'ganho grande (80×)',
};
const FAIL_LABELS: Record<WalletFail, string> = {
  off: 'responde normalmente',
  next: 'falha na próxima chamada (500)',
  always: 'falha em toda chamada (500)',
};

interface CallRow {
  id: number;
  operation: string;
  transaction_id: string | null;
  round_id: string | null;
  game_code: string | null;
  user_id: number | null;
  amount: number | null;
  signature_valid: boolean;
  replay: boolean;
  status: 'OK' | 'ERROR';
  code: string | null;
  http_status: number;
  balance: number | null;
  duration_ms: number;
  created_at: Date;
}

interface RoundRow {
  round_id: string;
  engine: string;
  bet: number;
  win: number;
  status: string;
  forced: string | null;
  outcome: { crash?: number; target?: number } | null;
}

/** The group of a player's calls that belong to no round (authenticate, balance). */
const OUTSIDE_ROUNDS = '';

const money = (centavos: number | null) => (centavos === null ? '—' : formatCentavos(centavos));

function callRow(call: CallRow): Html {
  return html`<tr data-testid="wallet-call">
    <td>${formatDateTime(call.created_at)}</td>
    <td><code>${call.operation}</code></td>
    <td>
      <code>${call.transaction_id ?? '—'}</code>${call.replay ? html` <span class="muted">(repetição)</span>` : ''}
    </td>
    <td>${call.amount === null ? '—' : money(call.amount)}</td>
    <td>${onOff(call.signature_valid, 'válida', 'inválida')}</td>
    <td>
      ${call.status === 'OK' ? html`<span class="on">OK</span>` : html`<span class="off">${call.code ?? 'ERROR'}</span>`}
      <span class="muted">HTTP ${call.http_status} · ${call.duration_ms} ms</span>
    </td>
    <td>${money(call.balance)}</td>
  </tr>`;
}

function roundSummary(round: RoundRow | undefined): Html {
  if (!round) return html`<span class="muted">rodada de outro jogo (sem registro do provedor)</span>`;
  const crash =
    round.engine === 'crash' && round.outcome?.crash
      ? html` · crash ${(round.outcome.crash / 100).toFixed(2)}× (saque
        ${((round.outcome.target ?? 0) / 100).toFixed(2)}×)`
      : '';
  return html`${round.engine} · aposta ${formatCentavos(round.bet)} · ganho ${formatCentavos(round.win)} ·
    <strong>${round.status}</strong
    >${crash}${round.forced ? html` · <span class="off">forçado: ${round.forced}</span>` : ''}`;
}

export async function renderGamesSection(deps: GamesPanelDeps): Promise<Html> {
  const { db } = deps;
  const settings = await providerSettings(db);
  const forced = await forcedOutcomes(db);
  const players = await db.query<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    brand_name: string;
  }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, b.name AS brand_name
       FROM users u JOIN brands b ON b.id = u.brand_id ORDER BY u.brand_id, u.id LIMIT 200`,
  );
  const calls = await db.query<CallRow>('SELECT * FROM seamless_calls ORDER BY id DESC LIMIT 400');
  const roundIds = [...new Set(calls.map((c) => c.round_id).filter((id): id is string => id !== null))];
  const rounds = new Map(
    (
      await db.query<RoundRow>(
        'SELECT round_id, engine, bet, win, status, forced, outcome FROM provider_rounds WHERE round_id = ANY($1::text[])',
        [roundIds],
      )
    ).map((r) => [r.round_id, r]),
  );
  // player → round → calls, newest round first, calls in the order they came.
  const byPlayer = new Map<number, Map<string, CallRow[]>>();
  const unattributed: CallRow[] = [];
  for (const call of calls) {
    if (call.user_id === null) {
      unattributed.push(call);
      continue;
    }
    const playerRounds = byPlayer.get(call.user_id) ?? new Map<string, CallRow[]>();
    byPlayer.set(call.user_id, playerRounds);
    const key = call.round_id ?? OUTSIDE_ROUNDS;
    playerRounds.set(key, [call, ...(playerRounds.get(key) ?? [])]);
  }

  const callTable = (rows: CallRow[]) =>
    html`<table>
      <thead>
        <tr>
          <th>Quando</th>
          <th>Operação</th>
          <th>Transação (chave de idempotência)</th>
          <th>Valor</th>
          <th>Assinatura</th>
          <th>Resultado</th>
          <th>Saldo</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(callRow)}
      </tbody>
    </table>`;

  return html`<section id="games">
    <h2>Jogos (provedor sandbox e carteira seamless)</h2>
    <div>
      Provedor: ${onOff(settings.maintenance, 'em manutenção (POST /games/url responde 503)', 'no ar', false)}
      <form class="inline" method="post" action="/sandbox/games/maintenance">
        <button class="secondary" data-testid="games-maintenance">
          ${settings.maintenance ? 'Tirar da manutenção' : 'Colocar em manutenção'}
        </button>
      </form>
    </div>
    <form method="post" action="/sandbox/games/wallet" data-testid="games-wallet-form">
      <fieldset>
        <legend>Carteira do operador (chamadas do provedor)</legend>
        <label
          >Atraso (ms)
          <input type="text" inputmode="numeric" name="delay_ms" value="${settings.walletDelayMs}" size="6"
        /></label>
        <label
          >Falha
          <select name="fail">
            ${(Object.keys(FAIL_LABELS) as WalletFail[]).map(
              (key) =>
                html`<option value="${key}" ${settings.walletFail === key ? html`selected` : ''}>
                  ${FAIL_LABELS[key]}
                </option>`,
            )}
          </select></label
        >
        <button>Aplicar</button>
        <span class="muted"
          >Um débito sem resposta em 10 s é desfeito pelo provedor (rollback); um crédito é repetido com a mesma
          transação.</span
        >
      </fieldset>
    </form>
    <h3>Por jogador</h3>
    ${players.map((p) => {
      const playerRounds = [...(byPlayer.get(p.id) ?? new Map<string, CallRow[]>()).entries()].slice(0, 10);
      const next = forced.get(String(p.id));
      return html`<div id="games-player-${p.id}" data-testid="games-player">
        <h3>${p.first_name} ${p.last_name} <span class="muted">#${p.id} · ${p.brand_name} · ${p.email}</span></h3>
        <form class="inline" method="post" action="/sandbox/games/players/${p.id}/force">
          <label
            >Próxima rodada de slot
            <select name="outcome">
              <option value="none">do RNG (sem forçar)</option>
              ${(Object.keys(FORCED_LABELS) as ForcedOutcome[]).map(
                (key) =>
                  html`<option value="${key}" ${next === key ? html`selected` : ''}>${FORCED_LABELS[key]}</option>`,
              )}
            </select></label
          >
          <button class="secondary">Forçar</button>
          ${next ? html`<span class="off">forçada: ${FORCED_LABELS[next]}</span>` : ''}
        </form>
        ${
          playerRounds.length === 0
            ? html`<p class="muted">Nenhuma chamada de carteira.</p>`
            : playerRounds.map(
                ([roundId, roundCalls]) =>
                  html`<p>
                      ${
                        roundId === OUTSIDE_ROUNDS
                          ? html`<strong>Fora de rodada</strong> <span class="muted">(authenticate, balance)</span>`
                          : html`<strong>Rodada <code>${roundId}</code></strong> · ${roundSummary(rounds.get(roundId))}`
                      }
                    </p>
                    ${callTable(roundCalls)}`,
              )
        }
      </div>`;
    })}
    <h3>Chamadas sem jogador (assinatura inválida, sessão desconhecida…)</h3>
    ${unattributed.length === 0 ? html`<p class="muted">Nenhuma.</p>` : callTable(unattributed.slice(0, 30))}
  </section>`;
}

type Form = Record<string, string | string[] | undefined>;
const field = (body: Form | undefined, name: string) => {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** POST /sandbox/games/maintenance, /sandbox/games/wallet, /sandbox/games/players/:id/force. */
export function registerGamesRoutes(app: FastifyInstance, deps: GamesPanelDeps, h: GamesRouteHelpers): void {
  const refuse = (reply: FastifyReply) => reply.code(403).send({ message: 'Origem não permitida.' });

  app.post('/sandbox/games/maintenance', async (request, reply) => {
    if (!h.sameOrigin(request)) return refuse(reply);
    const { maintenance } = await providerSettings(deps.db);
    await updateProviderSettings(deps.db, { maintenance: !maintenance });
    return h.back(reply, 'games', maintenance ? 'Provedor de jogos no ar.' : 'Provedor de jogos em manutenção.');
  });

  app.post<{ Body: Form }>('/sandbox/games/wallet', async (request, reply) => {
    if (!h.sameOrigin(request)) return refuse(reply);
    const delayText = field(request.body, 'delay_ms') || '0';
    const delay = Number(delayText);
    if (!/^\d+$/.test(delayText) || delay > MAX_WALLET_DELAY_MS)
      return h.back(reply, 'games', `Atraso inválido (0 a ${MAX_WALLET_DELAY_MS} ms).`, true);
    const fail = field(request.body, 'fail') as WalletFail;
    if (!(fail in FAIL_LABELS)) return h.back(reply, 'games', 'Modo de falha inválido.', true);
    await updateProviderSettings(deps.db, { walletDelayMs: delay, walletFail: fail });
    return h.back(reply, 'games', `Carteira: atraso de ${delay} ms, ${FAIL_LABELS[fail]}.`);
  });

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/games/players/:id/force', async (request, reply) => {
    if (!h.sameOrigin(request)) return refuse(reply);
    if (!/^\d{1,12}$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const [player] = await deps.db.query<{ id: number }>('SELECT id FROM users WHERE id = $1', [
      Number(request.params.id),
    ]);
    if (!player) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    const outcome = field(request.body, 'outcome');
    if (outcome !== 'none' && !(outcome in FORCED_LABELS)) return h.back(reply, 'games', 'Resultado inválido.', true);
    await forceNextOutcome(deps.db, String(player.id), outcome === 'none' ? null : (outcome as ForcedOutcome));
    return h.back(
      reply,
      `games-player-${player.id}`,
      outcome === 'none'
        ? `Próxima rodada do jogador ${player.id}: do RNG.`
        : `Próxima rodada de slot do jogador ${player.id}: ${FORCED_LABELS[outcome as ForcedOutcome]}.`,
    );
  });
}
