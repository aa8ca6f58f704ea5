/**
 * The QA panel's chat block: post to a brand's global chat as the house (optionally backdated, to
 * see the day separators, and pinned), pin a message for some minutes, unpin it, delete it. Every change is
 * published on the brand's public channel: MessageSent for a new, pinned or unpinned message, MessageDeleted for a
 * delete (open chats drop it at once).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listBrands } from '../api/brands';
import { deleteMessage, insertMessage, listMessages, pinMessage, publishMessage } from '../api/chat';
import type { Db } from '../db/types';
import { formatDateTime, html, type Html } from './layout';
import type { LivePublisher } from '../realtime/control';

export interface ChatPanelDeps {
  db: Db;
  now: () => Date;
  publisher?: LivePublisher | undefined;
}

export interface ChatRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

/** House texts: up to 2000 characters (the contract's), and 60 for the author's name. */
const HOUSE_MAX = 2000;
const NAME_MAX = 60;
/** A pin lasts at most 30 days; a backdate goes at most 30 days back. */
const MAX_MINUTES = 30 * 24 * 60;

type Form = Record<string, string | string[] | undefined>;
const field = (body: Form | undefined, name: string) => {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};
const minutes = (value: string): number | null => {
  if (!/^\d{1,6}$/.test(value.trim())) return null;
  const n = Number(value);
  return n <= MAX_MINUTES ? n : null;
};

export async function renderChatSection(deps: ChatPanelDeps): Promise<Html> {
  const brands = await listBrands(deps.db);
  const now = deps.now();
  const blocks = await Promise.all(
    brands.map(async (brand) => {
      const messages = (await listMessages(deps.db, brand.id, 20, now)).reverse();
      return html`<form method="post" action="/sandbox/brands/${brand.id}/chat" id="chat-${brand.id}">
          <fieldset>
            <legend>${brand.name}: postar no chat como a casa</legend>
            <label>Texto <input type="text" name="text" required maxlength="${HOUSE_MAX}" size="48" /></label>
            <label>Autor <input type="text" name="name" maxlength="${NAME_MAX}" placeholder="${brand.name}" /></label>
            <label
              >Minutos atrás <input type="text" name="minutes_ago" inputmode="numeric" size="6" placeholder="0"
            /></label>
            <label
              >Fixar por (min) <input type="text" name="pin_minutes" inputmode="numeric" size="6" placeholder="não"
            /></label>
            <button>Postar como a casa</button>
          </fieldset>
        </form>
        <table data-testid="chat-messages-${brand.id}">
          <thead>
            <tr>
              <th>id</th>
              <th>quando</th>
              <th>autor</th>
              <th>texto</th>
              <th>fixada até</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            ${
              messages.length === 0
                ? html`<tr>
                    <td colspan="6" class="muted">Nenhuma mensagem.</td>
                  </tr>`
                : messages.map(
                    (m) =>
                      html`<tr id="chat-message-${m.id}">
                        <td>${m.id}</td>
                        <td>${formatDateTime(new Date(m.time))}</td>
                        <td>${m.user.name}${m.user.house ? html` <span class="muted">(casa)</span>` : ''}</td>
                        <td>${m.text.length > 80 ? `${m.text.slice(0, 80)}…` : m.text}</td>
                        <td>${m.pinned_until ? formatDateTime(new Date(m.pinned_until)) : '—'}</td>
                        <td>
                          <form class="inline" method="post" action="/sandbox/chat/${m.id}/pin">
                            <input
                              type="text"
                              name="minutes"
                              value="60"
                              size="4"
                              inputmode="numeric"
                              aria-label="minutos"
                            />
                            <button class="secondary">Fixar</button>
                          </form>
                          ${
                            m.pinned_until
                              ? html`<form class="inline" method="post" action="/sandbox/chat/${m.id}/unpin">
                                  <button class="secondary">Desafixar</button>
                                </form>`
                              : ''
                          }
                          <form class="inline" method="post" action="/sandbox/chat/${m.id}/delete">
                            <button class="secondary">Apagar</button>
                          </form>
                        </td>
                      </tr>`,
                  )
            }
          </tbody>
        </table>`;
    }),
  );
  return html`<section id="chat">
    <h2>Chat global (chatglobal)</h2>
    <p class="muted">
      Regras para jogadores: até 280 caracteres e 4 linhas, sem links nem palavrões, 5 mensagens a cada 10 s. A casa não
      passa por elas. Mudanças são publicadas no canal público da marca: <code>MessageSent</code> (nova, fixada,
      desafixada) e <code>MessageDeleted</code> (apagada).
    </p>
    ${blocks}
  </section>`;
}

/** POST /sandbox/brands/:id/chat, /sandbox/chat/:id/pin, /sandbox/chat/:id/unpin, /sandbox/chat/:id/delete. */
export function registerChatRoutes(app: FastifyInstance, deps: ChatPanelDeps, h: ChatRouteHelpers): void {
  const guard = (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    if (!/^\d{1,12}$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
    return null;
  };

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/brands/:id/chat', async (request, reply) => {
    const refused = guard(request, reply);
    if (refused) return refused;
    const brandId = Number(request.params.id);
    const [brand] = await deps.db.query<{ name: string }>('SELECT name FROM brands WHERE id = $1', [brandId]);
    if (!brand) return reply.code(404).send({ message: 'Marca não encontrada.' });
    const text = field(request.body, 'text').replace(/\r\n?/g, '\n').trim();
    const name = field(request.body, 'name').trim() || brand.name;
    const ago = field(request.body, 'minutes_ago').trim() === '' ? 0 : minutes(field(request.body, 'minutes_ago'));
    const pin = field(request.body, 'pin_minutes').trim() === '' ? 0 : minutes(field(request.body, 'pin_minutes'));
    if (!text || text.length > HOUSE_MAX) return h.back(reply, 'chat', 'Texto vazio ou longo demais.', true);
    if (name.length > NAME_MAX) return h.back(reply, 'chat', 'Nome do autor longo demais.', true);
    if (ago === null || pin === null) return h.back(reply, 'chat', 'Minutos inválidos (0 a 43200).', true);
    const now = deps.now();
    const message = await insertMessage(deps.db, {
      brandId,
      userId: null,
      houseName: name,
      text,
      pinnedUntil: pin > 0 ? new Date(now.getTime() + pin * 60_000) : null,
      at: new Date(now.getTime() - ago * 60_000),
    });
    await publishMessage(deps.publisher, brandId, message);
    return h.back(reply, `chat-message-${message.id}`, `Mensagem ${message.id} postada no chat de ${brand.name}.`);
  });

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/chat/:id/pin', async (request, reply) => {
    const refused = guard(request, reply);
    if (refused) return refused;
    const span = minutes(field(request.body, 'minutes') || '60');
    if (!span) return h.back(reply, 'chat', 'Minutos inválidos (1 a 43200).', true);
    const now = deps.now();
    const message = await pinMessage(
      deps.db,
      deps.publisher,
      Number(request.params.id),
      new Date(now.getTime() + span * 60_000),
      now,
    );
    if (!message) return h.back(reply, 'chat', 'Mensagem não encontrada.', true);
    return h.back(reply, `chat-message-${message.id}`, `Mensagem ${message.id} fixada por ${span} min.`);
  });

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/chat/:id/unpin', async (request, reply) => {
    const refused = guard(request, reply);
    if (refused) return refused;
    const message = await pinMessage(deps.db, deps.publisher, Number(request.params.id), null, deps.now());
    if (!message) return h.back(reply, 'chat', 'Mensagem não encontrada.', true);
    return h.back(reply, `chat-message-${message.id}`, `Mensagem ${message.id} desafixada.`);
  });

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/chat/:id/delete', async (request, reply) => {
    const refused = guard(request, reply);
    if (refused) return refused;
    const deleted = await deleteMessage(deps.db, deps.publisher, Number(request.params.id), deps.now());
    return h.back(
      reply,
      'chat',
      deleted ? `Mensagem ${request.params.id} apagada.` : 'Mensagem não encontrada.',
      !deleted,
    );
  });
}
