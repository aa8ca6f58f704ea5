/**
 * The QA panel's web push: send a push (title, text, the page its click opens) to every browser
 * subscription of a player, with the sandbox's VAPID keys through `web-push`, and see what each push service
 * answered. A subscription on the local stand-in (sandbox/push/stand-in.ts) shows what arrived there.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import type { PushSender } from '../push/sender';
import { sendToPlayer } from '../push/store';
import { formatDateTime, html, type Html } from './layout';

export interface PushPanelDeps {
  db: Db;
  now: () => Date;
  push?: PushSender | undefined;
}

export interface PushRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

export const PUSH_LIMITS = { title: 80, body: 240, url: 500 } as const;

type Form = Record<string, string | string[] | undefined>;
const field = (body: Form | undefined, name: string) => {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** A path of the app (`/casino`, `/en/…`) or an http(s) URL; null otherwise (never `javascript:` and the like). */
export function pushUrlOf(input: string): string | null {
  if (input === '') return '/';
  if (/^\/(?!\/)[^\s]*$/.test(input)) return input;
  try {
    const url = new URL(input);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

interface PlayerChoice {
  id: number;
  email: string;
  brand_name: string;
  subscriptions: number;
}

interface SendRow {
  id: number;
  email: string;
  endpoint: string;
  title: string;
  status: number | null;
  error: string | null;
  sent_at: Date;
}

/** An endpoint as the panel shows it: its origin and the start of its path (the rest is the browser's secret). */
const shortEndpoint = (endpoint: string) => (endpoint.length > 70 ? `${endpoint.slice(0, 70)}…` : endpoint);

export async function renderPushSection(deps: PushPanelDeps): Promise<Html> {
  const players = await deps.db.query<PlayerChoice>(
    `SELECT u.id, u.email, b.name AS brand_name, count(s.id)::int AS subscriptions
       FROM users u JOIN brands b ON b.id = u.brand_id LEFT JOIN push_subscriptions s ON s.user_id = u.id
      GROUP BY u.id, b.name ORDER BY count(s.id) DESC, u.id LIMIT 200`,
  );
  const sends = await deps.db.query<SendRow>(
    `SELECT p.id, u.email, p.endpoint, p.title, p.status, p.error, p.sent_at
       FROM push_sends p JOIN users u ON u.id = p.user_id ORDER BY p.id DESC LIMIT 20`,
  );
  return html`<section id="push">
    <h2>Web push</h2>
    <p class="muted">
      Envia com as chaves VAPID do sandbox (web-push) para cada inscrição do jogador. Serviços de push reais não são
      alcançáveis offline; inscrições em <code>/push-stand-in/…</code> chegam ao substituto local do sandbox.
    </p>
    <form method="post" action="/sandbox/push/send">
      <fieldset>
        <legend>Enviar push</legend>
        <label
          >Jogador
          <select name="user_id" required>
            ${players.map(
              (p) =>
                html`<option value="${p.id}">${p.email} · ${p.brand_name} · ${p.subscriptions} inscrição(ões)</option>`,
            )}
          </select></label
        >
        <label>Título <input type="text" name="title" maxlength="${PUSH_LIMITS.title}" required /></label>
        <label>Texto <input type="text" name="body" maxlength="${PUSH_LIMITS.body}" required /></label>
        <label
          >Abrir ao clicar (caminho ou URL)
          <input type="text" name="url" maxlength="${PUSH_LIMITS.url}" placeholder="/casino"
        /></label>
        <button>Enviar push</button>
      </fieldset>
    </form>
    <h3>Últimos envios</h3>
    ${
      sends.length === 0
        ? html`<p class="muted">Nenhum push enviado.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>Id</th>
                <th>Jogador</th>
                <th>Título</th>
                <th>Inscrição</th>
                <th>Resposta</th>
                <th>Quando</th>
              </tr>
            </thead>
            <tbody>
              ${sends.map(
                (s) =>
                  html`<tr id="push-send-${s.id}">
                    <td>${s.id}</td>
                    <td>${s.email}</td>
                    <td>${s.title}</td>
                    <td><code>${shortEndpoint(s.endpoint)}</code></td>
                    <td>${s.status ?? s.error ?? '—'}</td>
                    <td>${formatDateTime(s.sent_at)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
  </section>`;
}

export function registerPushRoutes(app: FastifyInstance, deps: PushPanelDeps, helpers: PushRouteHelpers): void {
  app.post<{ Body: Form }>('/sandbox/push/send', async (request, reply) => {
    if (!helpers.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    if (!deps.push) return helpers.back(reply, 'push', 'Web push não configurado neste sandbox.', true);
    const userId = Number(field(request.body, 'user_id'));
    const title = field(request.body, 'title');
    const body = field(request.body, 'body');
    const url = pushUrlOf(field(request.body, 'url'));
    if (!Number.isSafeInteger(userId) || userId <= 0) return helpers.back(reply, 'push', 'Escolha um jogador.', true);
    if (!title || title.length > PUSH_LIMITS.title)
      return helpers.back(reply, 'push', `O título é obrigatório (até ${PUSH_LIMITS.title} caracteres).`, true);
    if (!body || body.length > PUSH_LIMITS.body)
      return helpers.back(reply, 'push', `O texto é obrigatório (até ${PUSH_LIMITS.body} caracteres).`, true);
    if (url === null || url.length > PUSH_LIMITS.url)
      return helpers.back(reply, 'push', 'Use um caminho do site (/casino) ou uma URL http(s).', true);
    const deliveries = await sendToPlayer(deps.db, deps.push, userId, { title, body, url }, deps.now);
    if (deliveries.length === 0)
      return helpers.back(reply, 'push', `O jogador ${userId} não tem inscrições de push.`, true);
    const delivered = deliveries.filter((d) => d.status !== null && d.status >= 200 && d.status < 300).length;
    const removed = deliveries.filter((d) => d.removed).length;
    const text =
      `Push enviado a ${delivered} de ${deliveries.length} inscrição(ões) do jogador ${userId}` +
      (removed > 0 ? `; ${removed} expirada(s) removida(s).` : '.');
    return helpers.back(reply, 'push', text, delivered === 0);
  });
}
