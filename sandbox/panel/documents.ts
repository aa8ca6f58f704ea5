/**
 * The QA panel's Documents page: the documents waiting for review, oldest first, each with a
 * preview and approve / reject (with the reason the player reads). The file is served only here, to the panel's
 * own address, as what its bytes are (never HTML): nosniff, a CSP sandbox, no caching, a download name.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentsDirOf, type SandboxConfig } from '../config';
import type { Db } from '../db/types';
import {
  findDocument,
  listPendingDocuments,
  readDocumentFile,
  REJECTION_REASON_MAX,
  reviewDocument,
} from '../api/documents';
import { sendNotification } from '../api/notifications';
import type { Publisher } from '../realtime/control';
import { formatDateTime, html, page } from './layout';

export const DOCUMENT_TYPE_LABEL = {
  id_front: 'Documento (frente)',
  id_back: 'Documento (verso)',
  selfie: 'Selfie com documento',
  proof_of_address: 'Comprovante de endereço',
} as const;

const EXTENSION = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;

type Form = Record<string, string | string[] | undefined>;

function field(body: Form | undefined, name: string): string {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function back(reply: FastifyReply, text: string, error = false): FastifyReply {
  const query = new URLSearchParams({ [error ? 'error' : 'notice']: text });
  return reply.redirect(`/sandbox/documents?${query.toString()}`, 303);
}

export function registerDocumentRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: SandboxConfig; now: () => Date; publisher?: Publisher | undefined },
  tools: { sameOrigin: (request: FastifyRequest) => boolean; panelHost: (request: FastifyRequest) => boolean },
): void {
  const { db } = deps;
  const dir = documentsDirOf(deps.config);

  app.get<{ Querystring: { notice?: string; error?: string } }>('/sandbox/documents', async (request, reply) => {
    const rows = await listPendingDocuments(db);
    const { notice, error } = request.query;
    const message = error ? { text: error, error: true } : notice ? { text: notice, error: false } : undefined;
    const body = html`<section id="documents">
      <h2>Documentos aguardando análise (${rows.length})</h2>
      <p><a href="/sandbox">← Painel</a></p>
      ${
        rows.length === 0
          ? html`<p class="muted">Nenhum documento aguardando análise.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th>#</th>
                  <th>Jogador</th>
                  <th>Documento</th>
                  <th>Enviado</th>
                  <th>Arquivo</th>
                  <th>Decisão</th>
                </tr>
              </thead>
              <tbody>
                ${rows.map(
                  (d) =>
                    html`<tr id="document-${d.id}" data-testid="panel-document-${d.id}">
                      <td>${d.id}</td>
                      <td>
                        ${d.first_name} ${d.last_name}<br /><span class="muted">${d.email} · ${d.brand_name}</span
                        ><br />
                        <a href="/sandbox/players/${d.user_id}/audit">auditoria</a>
                      </td>
                      <td>${DOCUMENT_TYPE_LABEL[d.type]}</td>
                      <td>${formatDateTime(d.created_at)}</td>
                      <td>
                        ${
                          d.content_type?.startsWith('image/')
                            ? html`<a href="/sandbox/documents/${d.id}/file"
                                ><img
                                  src="/sandbox/documents/${d.id}/file"
                                  alt="Prévia do documento ${d.id}"
                                  style="max-width:160px;max-height:120px;border:1px solid #d9dee5"
                              /></a>`
                            : html`<a href="/sandbox/documents/${d.id}/file">abrir PDF</a>`
                        }
                        <br /><span class="muted">${d.content_type} · ${Math.ceil(Number(d.size) / 1024)} KB</span>
                      </td>
                      <td>
                        <form class="inline" method="post" action="/sandbox/documents/${d.id}/approve">
                          <button type="submit">Aprovar</button>
                        </form>
                        <form class="inline" method="post" action="/sandbox/documents/${d.id}/reject">
                          <input
                            type="text"
                            name="reason"
                            required
                            maxlength="${REJECTION_REASON_MAX}"
                            placeholder="Motivo da recusa"
                            aria-label="Motivo da recusa do documento ${d.id}"
                          />
                          <button type="submit" class="secondary">Recusar</button>
                        </form>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
    </section>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'",
      )
      .send(page('Sandbox · documentos', body, message));
  });

  // The file: only to the panel's own address (not through the app's /api proxy, not to a rebound host name).
  app.get<{ Params: { id: string } }>('/sandbox/documents/:id/file', async (request, reply) => {
    if (!tools.panelHost(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    if (!/^\d{1,15}$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    const row = await findDocument(db, Number(request.params.id));
    const bytes = row?.content_type ? await readDocumentFile(dir, row.storage_name) : null;
    if (!row?.content_type || !bytes) return reply.code(404).send({ message: 'Documento não encontrado.' });
    return reply
      .type(row.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
      .header('content-disposition', `inline; filename="documento-${row.id}.${EXTENSION[row.content_type]}"`)
      .header('cache-control', 'no-store')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  });

  const decide = (decision: 'approved' | 'rejected') =>
    app.post<{ Params: { id: string }; Body: Form }>(
      `/sandbox/documents/:id/${decision === 'approved' ? 'approve' : 'reject'}`,
      async (request, reply) => {
        if (!tools.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
        if (!/^\d{1,15}$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
        const reason = field(request.body, 'reason').trim();
        if (decision === 'rejected' && (reason.length === 0 || reason.length > REJECTION_REASON_MAX)) {
          return back(reply, `Informe o motivo da recusa (até ${REJECTION_REASON_MAX} caracteres).`, true);
        }
        const id = Number(request.params.id);
        const result = await reviewDocument(db, { id, decision, reason, now: deps.now() });
        if (!result.ok) {
          return back(
            reply,
            result.reason === 'not-found'
              ? `Documento ${id} não encontrado.`
              : `O documento ${id} não está em análise.`,
            true,
          );
        }
        // The player hears of the decision at once (the bell, live), with the reason of a rejection.
        const { row } = result;
        const label = DOCUMENT_TYPE_LABEL[row.type];
        await sendNotification(db, deps.publisher, {
          brandId: row.brand_id,
          userId: row.user_id,
          type: 'verification',
          title: decision === 'approved' ? 'Documento aprovado' : 'Documento recusado',
          message:
            decision === 'approved'
              ? `${label}: aprovado. Veja o status em Verificar conta.`
              : `${label}: recusado. Motivo: ${row.reason ?? reason} Envie outro arquivo em Verificar conta.`,
          pinnedUntil: null,
          now: deps.now(),
        });
        return back(reply, decision === 'approved' ? `Documento ${id} aprovado.` : `Documento ${id} recusado.`);
      },
    );
  decide('approved');
  decide('rejected');
}
