/**
 * The QA panel's notifications block (spec §4 Notifications, §7): send a notification to one
 * player (by id or e-mail) or to the whole brand (a global 'platform' one), pinned for some minutes or not. Title
 * and text are plain text: stored and published as typed (the app renders them as text, never HTML), and this page
 * escapes them too. The latest sent are listed with their read counts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listBrands } from '../api/brands';
import { MESSAGE_MAX, NotificationInputError, sendNotification, TITLE_MAX, channelOf } from '../api/notifications';
import type { Publisher } from '../realtime/control';
import type { Db } from '../db/types';
import { formatDateTime, html, type Html } from './layout';

export interface NotificationPanelDeps {
  db: Db;
  now: () => Date;
  publisher?: Publisher | undefined;
}

type Form = Record<string, string | string[] | undefined>;

function field(body: Form | undefined, name: string): string | undefined {
  const value = body?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Pinned for at most a week (minutes). */
const PIN_MAX_MINUTES = 7 * 24 * 60;

interface SentRow {
  id: number;
  brand_name: string;
  user_id: number | null;
  email: string | null;
  title: string;
  pinned_until: Date | null;
  created_at: Date;
  reads: number;
}

/** The block rendered on GET /sandbox. */
export async function renderNotificationsSection(deps: NotificationPanelDeps): Promise<Html> {
  const brands = await listBrands(deps.db);
  const sent = await deps.db.query<SentRow>(
    `SELECT n.id, b.name AS brand_name, n.user_id, u.email, n.title, n.pinned_until, n.created_at,
            (SELECT count(*)::int FROM notification_reads r WHERE r.notification_id = n.id) AS reads
       FROM notifications n JOIN brands b ON b.id = n.brand_id LEFT JOIN users u ON u.id = n.user_id
      ORDER BY n.id DESC LIMIT 15`,
  );
  return html`<section id="notifications">
    <h2>Notificações</h2>
    ${deps.publisher ? '' : html`<p class="muted">Sem publicador: gravadas, mas não enviadas ao vivo.</p>`}
    <p class="muted">
      Para um jogador: <code>NotificationSent</code> em <code>private-universal.{id}</code>. Para a marca toda (tipo
      'platform', lida por jogador): em <code>universal-public.{casino_id}</code>. Título e texto são texto puro.
    </p>
    <form method="post" action="/sandbox/notifications" data-testid="notification-form">
      <fieldset>
        <legend>Enviar notificação</legend>
        <label
          >Marca
          <select name="brand">
            ${brands.map((b) => html`<option value="${b.id}">${b.name} (casino_id ${b.id})</option>`)}
          </select></label
        >
        <label
          >Para
          <select name="audience">
            <option value="player">um jogador</option>
            <option value="brand">a marca toda (global)</option>
          </select></label
        >
        <label>Jogador (id ou e-mail) <input type="text" name="player" placeholder="ana@sorteverde.test" /></label>
        <br />
        <label>Título <input type="text" name="title" maxlength="${TITLE_MAX}" size="40" required /></label>
        <label>Texto <textarea name="message" rows="2" cols="50" maxlength="${MESSAGE_MAX}" required></textarea></label>
        <br />
        <label><input type="checkbox" name="pinned" value="on" /> fixada</label>
        <label>por (minutos) <input type="text" name="pinned_minutes" value="60" size="5" inputmode="numeric" /></label>
        <button>Enviar notificação</button>
      </fieldset>
    </form>
    <h3>Últimas enviadas</h3>
    <table>
      <thead>
        <tr>
          <th>Id</th>
          <th>Marca</th>
          <th>Para</th>
          <th>Título</th>
          <th>Fixada até</th>
          <th>Enviada</th>
          <th>Lida por</th>
        </tr>
      </thead>
      <tbody>
        ${sent.map(
          (n) =>
            html`<tr>
              <td>${n.id}</td>
              <td>${n.brand_name}</td>
              <td>${n.user_id === null ? html`<em>marca toda</em>` : (n.email ?? String(n.user_id))}</td>
              <td>${n.title}</td>
              <td>${n.pinned_until ? formatDateTime(n.pinned_until) : '—'}</td>
              <td>${formatDateTime(n.created_at)}</td>
              <td>${n.reads}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

export interface NotificationRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

/** The player a form names (an id or an e-mail) within the brand, or null. */
async function playerOf(db: Db, brandId: number, given: string): Promise<number | null> {
  const value = given.trim();
  if (!value) return null;
  const rows = /^\d{1,15}$/.test(value)
    ? await db.query<{ id: number }>('SELECT id FROM users WHERE id = $1 AND brand_id = $2', [Number(value), brandId])
    : await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1) AND brand_id = $2', [
        value,
        brandId,
      ]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** POST /sandbox/notifications. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: NotificationPanelDeps,
  h: NotificationRouteHelpers,
): void {
  app.post<{ Body: Form }>('/sandbox/notifications', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const body = request.body;
    const brandText = field(body, 'brand') ?? '';
    if (!/^\d{1,9}$/.test(brandText)) return h.back(reply, 'notifications', 'Marca inválida.', true);
    const brandId = Number(brandText);
    const [brand] = await deps.db.query<{ id: number }>('SELECT id FROM brands WHERE id = $1', [brandId]);
    if (!brand) return h.back(reply, 'notifications', 'Marca não encontrada.', true);

    const toBrand = field(body, 'audience') === 'brand';
    const userId = toBrand ? null : await playerOf(deps.db, brandId, field(body, 'player') ?? '');
    if (!toBrand && userId === null)
      return h.back(reply, 'notifications', 'Jogador não encontrado nesta marca (id ou e-mail).', true);

    let pinnedUntil: Date | null = null;
    if (field(body, 'pinned') === 'on') {
      const minutesText = (field(body, 'pinned_minutes') ?? '60').trim();
      const minutes = Number(minutesText);
      if (!/^\d{1,6}$/.test(minutesText) || minutes < 1 || minutes > PIN_MAX_MINUTES)
        return h.back(reply, 'notifications', `Minutos fixada: de 1 a ${PIN_MAX_MINUTES}.`, true);
      pinnedUntil = new Date(deps.now().getTime() + minutes * 60_000);
    }

    try {
      const { notification, published } = await sendNotification(deps.db, deps.publisher, {
        brandId,
        userId,
        type: 'info',
        title: field(body, 'title') ?? '',
        message: field(body, 'message') ?? '',
        pinnedUntil,
        now: deps.now(),
        sentBy: 'qa',
      });
      const channel = channelOf({ brandId, userId });
      return h.back(
        reply,
        'notifications',
        published
          ? `Notificação ${notification.id} enviada em ${channel}.`
          : `Notificação ${notification.id} gravada; não publicada em ${channel} (servidor realtime parado?).`,
        !published && deps.publisher !== undefined,
      );
    } catch (error) {
      if (error instanceof NotificationInputError) return h.back(reply, 'notifications', error.message, true);
      throw error;
    }
  });
}
