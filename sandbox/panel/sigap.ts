/**
 * The QA panel's SIGAP block (IN SPA/MF 31/2025, IN SPA/MF 22/2025): switch the stand-in's answer for a CPF ("Não
 * Impedido" / "Impedido – Autoexclusão Centralizada" / "Impedido – Beneficiário"), optionally consult the players
 * with that CPF at once (moment `panel`), and run the scheduled job now (the 15-day checks and the refunds whose 2
 * days are over) at the platform's clock. Lists the register and the last consultations (CPFs masked).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cpfDigits, isValidCpf } from '../../shared/cpf';
import { isSigapStatus, SIGAP_LABELS, SIGAP_STATUSES } from '../../shared/sigap';
import { maskCpfLike } from '../audit/trail';
import type { Db } from '../db/types';
import type { Publisher } from '../realtime/control';
import { checkPlayer } from '../sigap/checks';
import { listSigapRegistry, setSigapStatus } from '../sigap/registry';
import { runSigapJobs } from '../sigap/scheduler';
import { formatCentavos, formatDateTime, html, type Html } from './layout';

export interface SigapPanelDeps {
  db: Db;
  now: () => Date;
  publisher?: Publisher | undefined;
}

type Form = Record<string, string | string[] | undefined>;

const field = (body: Form | undefined, name: string) => {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const label = (status: string) => (isSigapStatus(status) ? SIGAP_LABELS[status] : status);

export async function renderSigapSection(deps: SigapPanelDeps): Promise<Html> {
  const registry = await listSigapRegistry(deps.db);
  const checks = await deps.db.query<{
    brand_id: number;
    user_id: number | null;
    cpf_masked: string;
    moment: string;
    result: string;
    at: Date;
  }>('SELECT brand_id, user_id, cpf_masked, moment, result, at FROM sigap_checks ORDER BY id DESC LIMIT 20');
  return html`<section id="sigap">
    <h2>SIGAP (listas nacionais)</h2>
    <p class="muted">
      A resposta do SIGAP por CPF (IN SPA/MF 31/2025 e 22/2025). Consultado no cadastro, no primeiro login de cada dia
      (São Paulo) e a cada 15 dias, nas marcas reguladas. "Impedido": 2 dias só para saque, depois o saldo é devolvido
      ao pix do próprio CPF e a conta é encerrada (tarefa agendada, no relógio do sandbox).
    </p>
    <form method="post" action="/sandbox/sigap" data-testid="sigap-form">
      <fieldset>
        <legend>Resposta do SIGAP para um CPF</legend>
        <label>CPF <input name="cpf" required inputmode="numeric" autocomplete="off" /></label>
        <label
          >Resposta
          <select name="status">
            ${SIGAP_STATUSES.map((s) => html`<option value="${s}">${SIGAP_LABELS[s]}</option>`)}
          </select></label
        >
        <label
          ><input type="checkbox" name="check_now" value="1" checked /> Consultar agora os jogadores com este CPF</label
        >
        <button>Salvar</button>
      </fieldset>
    </form>
    <form method="post" action="/sandbox/sigap/run">
      <button data-testid="sigap-run">Executar a tarefa agendada agora</button>
    </form>
    <table>
      <caption>
        Registro (CPFs com resposta definida)
      </caption>
      <tr>
        <th>CPF</th>
        <th>Resposta</th>
        <th>Desde</th>
      </tr>
      ${registry.map(
        (r) =>
          html`<tr>
            <td>${maskCpfLike(r.cpf)}</td>
            <td>${label(r.status)}</td>
            <td>${formatDateTime(r.updated_at)}</td>
          </tr>`,
      )}
    </table>
    <table data-testid="sigap-checks">
      <caption>
        Últimas consultas
      </caption>
      <tr>
        <th>Quando</th>
        <th>Marca</th>
        <th>Jogador</th>
        <th>CPF</th>
        <th>Momento</th>
        <th>Resposta</th>
      </tr>
      ${checks.map(
        (c) =>
          html`<tr>
            <td>${formatDateTime(c.at)}</td>
            <td>${String(c.brand_id)}</td>
            <td>${c.user_id === null ? '— (cadastro)' : String(c.user_id)}</td>
            <td>${c.cpf_masked}</td>
            <td>${c.moment}</td>
            <td>${label(c.result)}</td>
          </tr>`,
      )}
    </table>
  </section>`;
}

export interface SigapRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

export function registerSigapRoutes(app: FastifyInstance, deps: SigapPanelDeps, h: SigapRouteHelpers): void {
  app.post<{ Body: Form }>('/sandbox/sigap', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const cpf = field(request.body, 'cpf');
    const status = field(request.body, 'status');
    if (!isValidCpf(cpf)) return h.back(reply, 'sigap', 'CPF inválido.', true);
    if (!isSigapStatus(status)) return h.back(reply, 'sigap', 'Resposta inválida.', true);
    const now = deps.now();
    await setSigapStatus(deps.db, cpf, status, now);
    let consulted = 0;
    if (field(request.body, 'check_now') === '1') {
      const players = await deps.db.query<{ id: number }>('SELECT id FROM users WHERE cpf = $1 ORDER BY id', [
        cpfDigits(cpf),
      ]);
      for (const { id } of players) if (await checkPlayer(deps, id, 'panel', now, 'panel')) consulted += 1;
    }
    return h.back(
      reply,
      'sigap',
      `SIGAP responde "${SIGAP_LABELS[status]}" para ${maskCpfLike(cpf)}; ${consulted} jogador(es) consultado(s).`,
    );
  });
  app.post('/sandbox/sigap/run', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const result = await runSigapJobs(deps, deps.now());
    const refunded = result.closed.reduce((sum, c) => sum + c.refunded, 0);
    return h.back(
      reply,
      'sigap',
      `Tarefa executada: ${result.checked.length} consulta(s) de 15 dias, ${result.closed.length} conta(s) encerrada(s), ${formatCentavos(refunded)} devolvido(s).`,
    );
  });
}
