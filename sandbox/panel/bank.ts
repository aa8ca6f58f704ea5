/**
 * The QA panel's bank: pending pix with Pay and Refuse (status 2) buttons, withdrawals in process with the bank's
 * decisions (status codes 0–5 of spec §4), and the bank settings (pix expiry, auto-pay delay).
 * Money moves in sandbox/pix/bank.ts, one database transaction per move.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxConfig } from '../config';
import type { Db } from '../db/types';
import {
  bankSettings,
  decideWithdrawal,
  expireDeposits,
  maskCpf,
  payDeposit,
  refuseDeposit,
  TX_STATUS,
  type TxStatus,
} from '../pix/bank';
import type { Publisher } from '../realtime/control';
import { formatCentavos, formatDateTime, html, type Html } from './layout';

export interface BankPanelDeps {
  db: Db;
  config: SandboxConfig;
  now: () => Date;
  publisher?: Publisher | undefined;
}

export interface BankRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

/** pt-BR labels of the status codes, as the panel shows them. */
export const STATUS_LABELS: Record<TxStatus, string> = {
  0: 'pendente',
  1: 'aprovado',
  2: 'cancelado',
  3: 'chave pix inválida (valor liberado)',
  4: 'processando',
  5: 'em análise',
};

/** The bank's decisions on a withdrawal, by the path segment of their form. */
export const WITHDRAWAL_ACTIONS = {
  approve: { status: TX_STATUS.approved, label: 'Aprovar (1)' },
  cancel: { status: TX_STATUS.cancelled, label: 'Cancelar (2)' },
  'invalid-key': { status: TX_STATUS.invalidKey, label: 'Chave pix inválida (3)' },
  processing: { status: TX_STATUS.processing, label: 'Processando (4)' },
  review: { status: TX_STATUS.underReview, label: 'Em análise (5)' },
} as const;
type WithdrawalAction = keyof typeof WITHDRAWAL_ACTIONS;

interface PanelTx {
  id: number;
  type: 'deposit' | 'withdrawal';
  amount: number;
  status: TxStatus;
  txid: string | null;
  expires_at: Date | null;
  created_at: Date;
  email: string;
  brand_name: string;
  pix_key: string | null;
}

const PANEL_TX = `SELECT t.id, t.type, t.amount, t.status, t.txid, t.expires_at, t.created_at, u.email, b.name AS brand_name, a.pix_key
  FROM wallet_transactions t JOIN users u ON u.id = t.user_id JOIN brands b ON b.id = t.brand_id
  LEFT JOIN pix_addresses a ON a.id = t.address_id`;

export async function renderBankSection(deps: BankPanelDeps): Promise<Html> {
  const now = deps.now();
  await expireDeposits(deps.db, now);
  const settings = await bankSettings(deps.db, deps.config);
  const pendingPix = await deps.db.query<PanelTx>(
    `${PANEL_TX} WHERE t.type = 'deposit' AND t.status = 0 ORDER BY t.id DESC LIMIT 50`,
  );
  const withdrawals = await deps.db.query<PanelTx>(
    `${PANEL_TX} WHERE t.type = 'withdrawal' AND t.status IN (0, 4, 5) ORDER BY t.id DESC LIMIT 50`,
  );
  const recent = await deps.db.query<PanelTx>(`${PANEL_TX} ORDER BY t.id DESC LIMIT 20`);
  return html`<section id="bank">
    <h2>Banco (pix e saques)</h2>
    <form method="post" action="/sandbox/bank/settings">
      <fieldset>
        <legend>Configurações do banco</legend>
        <label
          >Validade do pix (segundos)
          <input
            type="text"
            inputmode="numeric"
            name="pix_expiry_seconds"
            value="${Math.round(settings.pixExpiryMs / 1000)}"
            required
        /></label>
        <label
          >Pagar sozinho após (ms; vazio = desligado)
          <input type="text" inputmode="numeric" name="autopay_ms" value="${settings.autopayMs ?? ''}"
        /></label>
        <button>Salvar configurações do banco</button>
        <span class="muted">Padrões: SANDBOX_PIX_EXPIRY_MS (5 min), SANDBOX_PIX_AUTOPAY_MS (desligado).</span>
      </fieldset>
    </form>
    <h3>Pix pendentes</h3>
    ${
      pendingPix.length === 0
        ? html`<p class="muted">Nenhum pix pendente.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>Id</th>
                <th>Marca</th>
                <th>Jogador</th>
                <th>Valor</th>
                <th>txid</th>
                <th>Expira</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              ${pendingPix.map(
                (t) =>
                  html`<tr id="pix-${t.id}" data-txid="${t.txid ?? ''}">
                    <td>${t.id}</td>
                    <td>${t.brand_name}</td>
                    <td>${t.email}</td>
                    <td>${formatCentavos(t.amount)}</td>
                    <td><code>${t.txid ?? ''}</code></td>
                    <td>${formatDateTime(t.expires_at)}</td>
                    <td>
                      <form class="inline" method="post" action="/sandbox/bank/deposits/${t.id}/pay">
                        <button>Pagar</button>
                      </form>
                      <form class="inline" method="post" action="/sandbox/bank/deposits/${t.id}/refuse">
                        <button class="secondary">Recusar (2)</button>
                      </form>
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <h3>Saques em processamento</h3>
    ${
      withdrawals.length === 0
        ? html`<p class="muted">Nenhum saque em processamento.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>Id</th>
                <th>Marca</th>
                <th>Jogador</th>
                <th>Valor</th>
                <th>Chave</th>
                <th>Estado</th>
                <th>Decisão do banco</th>
              </tr>
            </thead>
            <tbody>
              ${withdrawals.map(
                (t) =>
                  html`<tr id="withdrawal-${t.id}">
                    <td>${t.id}</td>
                    <td>${t.brand_name}</td>
                    <td>${t.email}</td>
                    <td>${formatCentavos(t.amount)}</td>
                    <td>${t.pix_key ? maskCpf(t.pix_key) : ''}</td>
                    <td>${t.status} · ${STATUS_LABELS[t.status]}</td>
                    <td>
                      ${(Object.keys(WITHDRAWAL_ACTIONS) as WithdrawalAction[]).map(
                        (action) =>
                          html`<form class="inline" method="post" action="/sandbox/bank/withdrawals/${t.id}/${action}">
                            <button class="secondary">${WITHDRAWAL_ACTIONS[action].label}</button>
                          </form>`,
                      )}
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <h3>Últimas transações</h3>
    <table>
      <thead>
        <tr>
          <th>Id</th>
          <th>Tipo</th>
          <th>Jogador</th>
          <th>Valor</th>
          <th>Estado</th>
          <th>Criada</th>
        </tr>
      </thead>
      <tbody>
        ${recent.map(
          (t) =>
            html`<tr>
              <td>${t.id}</td>
              <td>${t.type === 'deposit' ? 'depósito' : 'saque'}</td>
              <td>${t.email}</td>
              <td>${formatCentavos(t.amount)}</td>
              <td>${t.status} · ${STATUS_LABELS[t.status]}</td>
              <td>${formatDateTime(t.created_at)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

type Form = Record<string, string | string[] | undefined>;
const first = (body: Form | undefined, name: string) => {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

const PAY_MESSAGES = {
  'not-found': 'Pix não encontrado.',
  'already-paid': 'Este pix já foi pago: nada foi creditado de novo.',
  expired: 'Este pix expirou e não pode mais ser pago.',
  'not-pending': 'Este pix não está mais pendente.',
} as const;

const REFUSE_MESSAGES = {
  'not-found': 'Pix não encontrado.',
  'already-paid': 'Este pix já foi pago e não pode mais ser recusado.',
  expired: 'Este pix expirou: não há mais o que recusar.',
  'not-pending': 'Este pix não está mais pendente.',
} as const;

/** POST /sandbox/bank/deposits/:id/pay, /sandbox/bank/deposits/:id/refuse, /sandbox/bank/withdrawals/:id/:action, /sandbox/bank/settings. */
export function registerBankRoutes(app: FastifyInstance, deps: BankPanelDeps, h: BankRouteHelpers): void {
  app.post<{ Params: { id: string } }>('/sandbox/bank/deposits/:id/pay', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    if (!/^\d+$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const result = await payDeposit(deps.db, Number(request.params.id), deps.now(), deps.publisher, 'panel');
    if (!result.paid) return h.back(reply, 'bank', PAY_MESSAGES[result.reason], true);
    return h.back(
      reply,
      'bank',
      `Pix ${request.params.id} pago: ${formatCentavos(result.amount)} creditados (saldo ${formatCentavos(result.balance)}).`,
    );
  });

  app.post<{ Params: { id: string } }>('/sandbox/bank/deposits/:id/refuse', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    if (!/^\d+$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const result = await refuseDeposit(deps.db, Number(request.params.id), deps.now(), deps.publisher);
    if (!result.refused) return h.back(reply, 'bank', REFUSE_MESSAGES[result.reason], true);
    return h.back(
      reply,
      'bank',
      `Pix ${request.params.id} recusado pelo banco (${STATUS_LABELS[TX_STATUS.cancelled]}): nada foi creditado.`,
    );
  });

  app.post<{ Params: { id: string; action: string } }>(
    '/sandbox/bank/withdrawals/:id/:action',
    async (request, reply) => {
      if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
      const { id, action } = request.params;
      if (!/^\d+$/.test(id) || !Object.hasOwn(WITHDRAWAL_ACTIONS, action))
        return reply.code(404).send({ message: 'Não encontrado.' });
      const { status } = WITHDRAWAL_ACTIONS[action as WithdrawalAction];
      const result = await decideWithdrawal(deps.db, { id: Number(id), status, now: deps.now() }, deps.publisher);
      if (!result.ok) {
        const text =
          result.reason === 'not-found'
            ? 'Saque não encontrado.'
            : `O saque ${id} não pode ir de "${STATUS_LABELS[result.transaction?.status ?? 0]}" para "${STATUS_LABELS[status]}".`;
        return h.back(reply, 'bank', text, true);
      }
      return h.back(
        reply,
        'bank',
        `Saque ${id}: ${STATUS_LABELS[status]}${result.released ? ` (${formatCentavos(result.transaction.amount)} devolvidos ao saldo)` : ''}.`,
      );
    },
  );

  app.post<{ Body: Form }>('/sandbox/bank/settings', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const seconds = first(request.body, 'pix_expiry_seconds');
    const autopay = first(request.body, 'autopay_ms');
    if (!/^\d{1,6}$/.test(seconds) || Number(seconds) < 1)
      return h.back(reply, 'bank', 'Validade inválida: informe segundos (1 ou mais).', true);
    if (autopay !== '' && !/^\d{1,7}$/.test(autopay))
      return h.back(reply, 'bank', 'Atraso de pagamento automático inválido.', true);
    await deps.db.query('UPDATE sandbox_bank_settings SET pix_expiry_ms = $1, autopay_ms = $2 WHERE id = 1', [
      Number(seconds) * 1000,
      autopay === '' ? null : Number(autopay),
    ]);
    return h.back(
      reply,
      'bank',
      `Banco: pix válido por ${seconds} s; pagamento automático ${autopay === '' ? 'desligado' : `após ${autopay} ms`}.`,
    );
  });
}
