/**
 * Faults on demand (QA panel): answer a chosen contract operation with a chosen status, after a chosen delay,
 * a number of times or until cleared. A fault answers before the operation's handler runs, so nothing of the
 * request is written: QA sees what the player sees when the platform fails, and that nothing was half-done.
 * Every call to a faulted operation is counted, so a test can tell a retried read from a write sent once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Fault, FaultTable } from '../api/faults';
import { html, type Html } from './layout';

/** Statuses the panel offers (spec §8's catalogue); any 4xx/5xx can be typed. */
export const FAULT_STATUSES = [408, 429, 500, 502, 503, 504] as const;
export const MAX_FAULT_DELAY_MS = 60_000;

type Form = Record<string, string | string[] | undefined>;
const field = (body: Form | undefined, name: string) => {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

export interface FaultRouteHelpers {
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

/** Reads the panel's form: an operation of the contract, a status or none, a delay, a count. */
export function parseFaultForm(body: Form | undefined, operationIds: readonly string[]): Omit<Fault, 'hits'> | string {
  const operationId = field(body, 'operation');
  if (!operationIds.includes(operationId)) return `Operação desconhecida: "${operationId}".`;
  const statusText = field(body, 'status');
  const status = statusText === '' ? null : Number(statusText);
  if (status !== null && (!Number.isInteger(status) || status < 400 || status > 599))
    return 'Status inválido (400 a 599, ou vazio).';
  const delayText = field(body, 'delay_ms');
  const delayMs = delayText === '' ? 0 : Number(delayText);
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_FAULT_DELAY_MS)
    return `Atraso inválido (0 a ${MAX_FAULT_DELAY_MS} ms).`;
  if (status === null && delayMs === 0) return 'Escolha um status, um atraso, ou os dois.';
  const timesText = field(body, 'times');
  const remaining = timesText === '' || timesText === 'always' ? null : Number(timesText);
  if (remaining !== null && (!Number.isInteger(remaining) || remaining < 1 || remaining > 1000))
    return 'Quantidade inválida (1 a 1000).';
  return { operationId, status, delayMs, remaining };
}

export function renderFaultSection(table: FaultTable, operationIds: readonly string[]): Html {
  const faults = table.list();
  return html`<section id="faults">
    <h2>Falhas sob demanda</h2>
    <p class="muted">
      Responde uma operação do contrato com um status e/ou um atraso, antes do handler: nada da chamada é gravado.
      Leituras (GET) são repetidas pelo app em 408, 429, 500, 502, 503 e 504; escritas nunca.
    </p>
    <form method="post" action="/sandbox/faults" data-testid="fault-form">
      <label
        >Operação
        <select name="operation">
          ${operationIds.map((id) => html`<option value="${id}">${id}</option>`)}
        </select></label
      >
      <label
        >Status
        <input type="text" inputmode="numeric" name="status" list="fault-statuses" placeholder="sem status" size="5"
      /></label>
      <datalist id="fault-statuses">${FAULT_STATUSES.map((s) => html`<option value="${s}"></option>`)}</datalist>
      <label>Atraso (ms) <input type="text" inputmode="numeric" name="delay_ms" value="0" size="6" /></label>
      <label
        >Vezes <input type="text" inputmode="numeric" name="times" value="1" size="6" placeholder="always"
      /></label>
      <button>Aplicar falha</button>
    </form>
    ${
      faults.length === 0
        ? html`<p class="muted" data-testid="faults-none">Nenhuma falha ativa.</p>`
        : html`<table data-testid="faults">
              <tr>
                <th>Operação</th>
                <th>Status</th>
                <th>Atraso</th>
                <th>Restantes</th>
                <th>Chamadas</th>
                <th></th>
              </tr>
              ${faults.map(
                (f) =>
                  html`<tr data-operation="${f.operationId}">
                    <td><code>${f.operationId}</code></td>
                    <td>${f.status ?? '—'}</td>
                    <td>${f.delayMs} ms</td>
                    <td>${f.remaining ?? 'até limpar'}</td>
                    <td data-testid="fault-hits">${f.hits}</td>
                    <td>
                      <form class="inline" method="post" action="/sandbox/faults/clear">
                        <input type="hidden" name="operation" value="${f.operationId}" /><button class="secondary">
                          Limpar
                        </button>
                      </form>
                    </td>
                  </tr>`,
              )}
            </table>
            <form class="inline" method="post" action="/sandbox/faults/clear">
              <button class="secondary">Limpar todas</button>
            </form>`
    }
  </section>`;
}

/** POST /sandbox/faults (set) and POST /sandbox/faults/clear (one, or all without `operation`). */
export function registerFaultRoutes(
  app: FastifyInstance,
  table: FaultTable,
  operationIds: readonly string[],
  h: FaultRouteHelpers,
): void {
  app.post<{ Body: Form }>('/sandbox/faults', async (request: FastifyRequest<{ Body: Form }>, reply) => {
    const parsed = parseFaultForm(request.body, operationIds);
    if (typeof parsed === 'string') return h.back(reply, 'faults', parsed, true);
    table.set(parsed);
    const what = [
      parsed.status ? `status ${parsed.status}` : '',
      parsed.delayMs ? `atraso de ${parsed.delayMs} ms` : '',
    ]
      .filter(Boolean)
      .join(' e ');
    return h.back(
      reply,
      'faults',
      `Falha em ${parsed.operationId}: ${what}, ${parsed.remaining ?? 'até limpar'}${parsed.remaining ? ' vez(es)' : ''}.`,
    );
  });
  app.post<{ Body: Form }>('/sandbox/faults/clear', async (request: FastifyRequest<{ Body: Form }>, reply) => {
    const operationId = field(request.body, 'operation');
    table.clear(operationId || undefined);
    return h.back(reply, 'faults', operationId ? `Falha em ${operationId} removida.` : 'Todas as falhas removidas.');
  });
}
