/**
 * The QA panel's sportsbook: open sports bets per player, with their wallet calls
 * (idempotency key, signature verdict, result), and buttons to settle each one won / lost / void. Settling is
 * the provider's move: a won bet is credited and a void one rolled back through the seamless wallet, signed, as
 * the sportsbook on the provider origin would (sandbox/sportsbook/bets.ts); settling twice changes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/types';
import { settleBet, type Outcome, type SportsBetRow } from '../sportsbook/bets';
import { providerOf, type SandboxConfig } from '../config';
import { WALLET_PREFIX } from '../api/provider-wallet';
import { createProviderWalletClient, type ProviderWalletClient } from '../provider/wallet-client';
import { formatCentavos, formatDateTime, html, type Html } from './layout';

export interface SportsPanelDeps {
  db: Db;
  now: () => Date;
  /** The seamless-wallet client the settlement calls go through (signed, as the provider sends them). */
  wallet: ProviderWalletClient;
}

export interface SportsRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

const STATUS_LABELS: Record<SportsBetRow['status'], string> = {
  placing: 'registrando',
  open: 'em aberto',
  refused: 'recusada',
  settling: 'liquidando',
  won: 'ganhou',
  lost: 'perdeu',
  void: 'anulada',
};

export const OUTCOMES: Record<Outcome, string> = { won: 'Ganhou', lost: 'Perdeu', void: 'Anular (estorno)' };

type PanelBet = SportsBetRow & { email: string; brand_name: string };
interface PanelCall {
  round_id: string;
  operation: string;
  transaction_id: string | null;
  signature_valid: boolean;
  replay: boolean;
  status: string;
  code: string | null;
  amount: number | null;
  created_at: Date;
}

const odds = (hundredths: number) => (hundredths / 100).toFixed(2);
const pickLabel = { '1': 'casa', X: 'empate', '2': 'fora' } as const;

async function callsOf(db: Queryable, bets: PanelBet[]): Promise<Map<string, PanelCall[]>> {
  const byRound = new Map<string, PanelCall[]>();
  if (bets.length === 0) return byRound;
  let calls: PanelCall[] = [];
  try {
    calls = await db.query<PanelCall>(
      `SELECT round_id, operation, transaction_id, signature_valid, replay, status, code, amount, created_at
         FROM seamless_calls WHERE round_id = ANY($1::text[]) ORDER BY id`,
      [bets.map((b) => `sb-${b.id}`)],
    );
  } catch {
    // The wallet's call log (migration 005) is not there: the bets show without their calls.
  }
  for (const call of calls) {
    const list = byRound.get(call.round_id) ?? [];
    list.push(call);
    byRound.set(call.round_id, list);
  }
  return byRound;
}

function betRow(bet: PanelBet, calls: PanelCall[]): Html {
  const open = bet.status === 'open';
  return html`<tr id="sports-bet-${bet.id}">
    <td>${bet.id}</td>
    <td>${bet.kind === 'multiple' ? 'múltipla' : 'simples'} @ ${odds(bet.odds)}</td>
    <td>${bet.selections.map((s) => html`<div>${s.home} x ${s.away} · ${pickLabel[s.pick]} ${odds(s.odds)}</div>`)}</td>
    <td>${formatCentavos(Number(bet.stake))}</td>
    <td>${formatCentavos(Number(bet.potential_win))}</td>
    <td>${STATUS_LABELS[bet.status]}${bet.error_code ? html`<br /><span class="off">${bet.error_code}</span>` : ''}</td>
    <td>${formatDateTime(bet.created_at)}</td>
    <td>
      ${
        calls.length === 0
          ? html`<span class="muted">—</span>`
          : calls.map(
              (c) =>
                html`<div>
                  <code>${c.operation}</code> <code>${c.transaction_id ?? ''}</code>
                  ${c.signature_valid ? 'assinatura ok' : html`<span class="off">assinatura inválida</span>`} ·
                  ${c.status}${c.code ? ` ${c.code}` : ''}${c.replay ? ' (repetida)' : ''}
                </div>`,
            )
      }
    </td>
    <td>
      ${
        open
          ? (Object.keys(OUTCOMES) as Outcome[]).map(
              (outcome) =>
                html`<form class="inline" method="post" action="/sandbox/sports/bets/${bet.id}/settle">
                  <input type="hidden" name="outcome" value="${outcome}" />
                  <button class="${outcome === 'won' ? '' : 'secondary'}">${OUTCOMES[outcome]}</button>
                </form>`,
            )
          : html`<span class="muted">${bet.settled_at ? formatDateTime(bet.settled_at) : ''}</span>`
      }
    </td>
  </tr>`;
}

export async function renderSportsSection(db: Queryable): Promise<Html> {
  const bets = await db.query<PanelBet>(
    `SELECT s.*, u.email, b.name AS brand_name
       FROM sports_bets s JOIN users u ON u.id = s.user_id JOIN brands b ON b.id = u.brand_id
      WHERE s.status IN ('open', 'settling') OR s.id IN (SELECT id FROM sports_bets ORDER BY id DESC LIMIT 20)
      ORDER BY s.user_id, (s.status IN ('open', 'settling')) DESC, s.id DESC LIMIT 300`,
  );
  const calls = await callsOf(db, bets);
  const players = new Map<number, PanelBet[]>();
  for (const bet of bets) players.set(bet.user_id, [...(players.get(bet.user_id) ?? []), bet]);
  return html`<section id="sports">
    <h2>Apostas esportivas</h2>
    <p class="muted">
      Apostas do sportsbook de demonstração (origem do provedor, <code>/sportsbook/</code>). Ganhou: crédito do ganho
      possível pela carteira; perdeu: nada; anular: estorno (rollback) do débito. Liquidar de novo não muda nada.
    </p>
    ${
      players.size === 0
        ? html`<p class="muted">Nenhuma aposta esportiva ainda.</p>`
        : [...players.values()].map(
            (list) =>
              html`<h3 id="sports-player-${list[0]?.user_id ?? 0}">
                  ${list[0]?.email ?? ''} <span class="muted">${list[0]?.brand_name ?? ''}</span>
                </h3>
                <table>
                  <thead>
                    <tr>
                      <th>Id</th>
                      <th>Tipo</th>
                      <th>Seleções</th>
                      <th>Valor</th>
                      <th>Ganho possível</th>
                      <th>Estado</th>
                      <th>Feita em</th>
                      <th>Chamadas à carteira</th>
                      <th>Liquidar</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${list.map((bet) => betRow(bet, calls.get(`sb-${bet.id}`) ?? []))}
                  </tbody>
                </table>`,
          )
    }
  </section>`;
}

const SETTLED_TEXT: Record<Outcome, string> = {
  won: 'ganhou: ganho creditado',
  lost: 'perdeu: nada movido',
  void: 'anulada: valor estornado',
};

export function registerSportsRoutes(app: FastifyInstance, deps: SportsPanelDeps, h: SportsRouteHelpers): void {
  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/sandbox/sports/bets/:id/settle',
    async (request, reply) => {
      if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
      if (!/^\d{1,15}$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
      const outcome = request.body?.outcome;
      if (outcome !== 'won' && outcome !== 'lost' && outcome !== 'void') {
        return h.back(reply, 'sports', 'Resultado inválido.', true);
      }
      const id = Number(request.params.id);
      const result = await settleBet(deps, id, outcome);
      if (!result.ok) return h.back(reply, 'sports', result.message, true);
      if (!result.changed) {
        return h.back(
          reply,
          `sports-bet-${id}`,
          `A aposta ${id} já está ${STATUS_LABELS[result.bet.status]}: nada mudou.`,
          true,
        );
      }
      const balance = result.balance === null ? '' : ` (saldo ${formatCentavos(result.balance)})`;
      return h.back(reply, `sports-bet-${id}`, `Aposta ${id} ${SETTLED_TEXT[outcome]}${balance}.`);
    },
  );
}

/**
 * The wallet client the panel settles with: the same signed calls the provider sends, delivered in-process to
 * this server's own /provider/wallet routes (Fastify's inject: the whole HTTP route, signature check included),
 * so settling works whatever address the API listens on, and in tests that never listen.
 */
export function panelWalletClient(app: FastifyInstance, config: SandboxConfig): ProviderWalletClient {
  return createProviderWalletClient({
    baseUrl: `http://sandbox.internal${WALLET_PREFIX}`,
    secret: providerOf(config).secret,
    fetch: async (url, init) => {
      const response = await app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: init.headers,
        payload: init.body,
      });
      return { status: response.statusCode, text: async () => response.body };
    },
  });
}
