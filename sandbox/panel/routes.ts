import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidGtmId, tagManagerScriptUrl } from '../../shared/tag-manager';
import { parseReais } from '../../shared/money';
import type { SandboxConfig } from '../config';
import { FEATURE_SWITCHES, LIMIT_FIELDS, type BrandLimits, type BrandRedirect } from '../api/brands';
import { releaseResendWait } from '../api/codes';
import { hashPassword } from '../api/passwords';
import { endSelfExclusion, startSelfExclusion } from '../api/self-exclusion';
import { revokeAllSessions } from '../api/sessions';
import { registerAuditRoutes } from './audit';
import { registerComplianceRoutes } from './compliance';
import { registerBoxRoutes } from './boxes';
import type { PanelDeps } from './panel-deps';
import { registerOutboxRoutes } from './outbox';
import { registerBankRoutes, renderBankSection } from './bank';
import { registerDocumentRoutes } from './documents';
import { registerFaultRoutes, renderFaultSection } from './faults';
import { registerGamesRoutes, renderGamesSection } from './games';
import { html, page } from './layout';
import { registerChatRoutes, renderChatSection } from './chat';
import { registerNotificationRoutes, renderNotificationsSection } from './notifications';
import { registerLiveRoutes, renderLiveSection } from './live';
import { PANEL_SECTIONS } from './sections';
import { registerPushRoutes, renderPushSection } from './push';
import { registerRewardsRoutes, renderRewardsSection } from './rewards';
import { registerClockRoutes, renderClockSection } from './clock';
import { registerSigapRoutes, renderSigapSection } from './sigap';
import { panelWalletClient, registerSportsRoutes, renderSportsSection } from './sports';

type Form = Record<string, string | string[] | undefined>;
type IdParams = { Params: { id: string }; Body: Form };

class PanelInputError extends Error {}

/** "10,50", "10.50" or "1.234,56" reais → centavos (the players' rule, shared/money.ts); anything else is refused. */
export function centavosOf(input: string | undefined): number {
  const parsed = parseReais(input ?? '');
  if (!parsed.ok) throw new PanelInputError(`Valor inválido: "${input ?? ''}"`);
  return parsed.centavos;
}

/** Redirect rules ("/from to" a line) and extra origins (one a line), checked as the contract's SiteRedirect does. */
export function parseRedirects(
  rulesText: string,
  originsText: string,
): { redirects: BrandRedirect[]; redirect_origins: string[] } {
  const lines = (text: string) =>
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
  const redirects = lines(rulesText).map((line) => {
    const [from = '', to = '', ...rest] = line.split(/\s+/);
    if (rest.length > 0 || !/^\/[^/?#\s][^?#\s]*$/.test(from) || from.length > 200 || !to || to.length > 2000) {
      throw new PanelInputError(`Redirecionamento inválido: "${line}" (use "/caminho destino")`);
    }
    return { from, to };
  });
  const redirect_origins = lines(originsText);
  const badOrigin = redirect_origins.find((o) => !/^https?:\/\/[^/?#\s]+$/.test(o));
  if (badOrigin !== undefined) throw new PanelInputError(`Origem inválida: "${badOrigin}" (use https://host)`);
  if (redirects.length > 200 || redirect_origins.length > 50) throw new PanelInputError('Redirecionamentos demais.');
  return { redirects, redirect_origins };
}

function field(body: Form | undefined, name: string): string | undefined {
  const value = body?.[name];
  return Array.isArray(value) ? value[0] : value;
}

function back(reply: FastifyReply, anchor: string, text: string, error = false): FastifyReply {
  const query = new URLSearchParams({ [error ? 'error' : 'notice']: text });
  return reply.redirect(`/sandbox?${query.toString()}#${anchor}`, 303);
}

/** POSTs from another site's page are refused (the panel has no login; it is a loopback QA tool). */
/**
 * The addresses the panel answers writes on: its own listening address (and `localhost` for a loopback one).
 * A write whose Host is anything else (DNS rebinding: a hostile name resolved to this machine) is refused.
 */
export function panelHosts(config: Pick<SandboxConfig, 'apiHost' | 'apiPort'>): Set<string> {
  const hosts = new Set([`${config.apiHost}:${config.apiPort}`]);
  if (config.apiHost === '127.0.0.1' || config.apiHost === 'localhost' || config.apiHost === '::1') {
    hosts.add(`127.0.0.1:${config.apiPort}`).add(`localhost:${config.apiPort}`).add(`[::1]:${config.apiPort}`);
  }
  return hosts;
}

/**
 * A panel write is allowed only from the panel's own page: an Origin header naming the same host, and a Host
 * header that is the panel's own address. No Origin (a script, curl, a cross-site form with a stripped
 * header) is refused too.
 */
export function panelWriteAllowed(request: FastifyRequest, hosts: Set<string>): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host || !hosts.has(host)) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
  } catch {
    return false;
  }
}

/** The QA control panel: GET /sandbox, and the POST forms it submits. */
export function registerPanel(app: FastifyInstance, deps: PanelDeps): void {
  const { db } = deps;
  const hosts = panelHosts(deps.config);
  const sameOrigin = (request: FastifyRequest) => panelWriteAllowed(request, hosts);
  // Every write of the panel, whatever route adds it later, passes the same check first.
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.url.startsWith('/sandbox') &&
      !sameOrigin(request)
    ) {
      return reply.code(403).send({ message: 'Origem não permitida.' });
    }
  });

  app.get<{ Querystring: { notice?: string; error?: string } }>('/sandbox', async (request, reply) => {
    const now = deps.now();
    const sections = await Promise.all(
      PANEL_SECTIONS.map(
        async (s) =>
          html`<section id="${s.id}">
            <h2>${s.title}</h2>
            ${await s.render(db, now)}
          </section>`,
      ),
    );
    const live = await renderLiveSection(deps);
    const bank = await renderBankSection(deps);
    const games = await renderGamesSection(deps);
    const sports = await renderSportsSection(db);
    const chat = await renderChatSection(deps);
    const notifications = await renderNotificationsSection(deps);
    const push = await renderPushSection(deps);
    const rewards = await renderRewardsSection(deps);
    const clock = renderClockSection(deps.clock);
    const sigap = await renderSigapSection(deps);
    const faults = deps.faults ? renderFaultSection(deps.faults, deps.operationIds ?? []) : '';
    const { notice, error } = request.query;
    const message = error ? { text: error, error: true } : notice ? { text: notice, error: false } : undefined;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'",
      )
      .send(
        page(
          'Sandbox · painel de QA',
          html`${live}${chat}${notifications}${bank}${games}${sports}${push}${rewards}${sigap}${clock}${faults}${sections}`,
          message,
        ),
      );
  });

  registerBankRoutes(app, deps, { sameOrigin, back });
  registerAuditRoutes(app, { db });
  registerComplianceRoutes(app, { db, now: deps.now });
  registerBoxRoutes(app, deps, { sameOrigin });
  registerOutboxRoutes(app, { db, now: deps.now });
  registerDocumentRoutes(app, deps, { sameOrigin, panelHost: (request) => hosts.has(request.headers.host ?? '') });
  registerGamesRoutes(app, deps, { sameOrigin, back });
  registerChatRoutes(app, deps, { sameOrigin, back });
  registerNotificationRoutes(app, deps, { sameOrigin, back });
  registerPushRoutes(app, deps, { sameOrigin, back });
  registerRewardsRoutes(app, deps, { sameOrigin, back });
  if (deps.clock) registerClockRoutes(app, deps.clock, { sameOrigin, back });
  registerSigapRoutes(app, deps, { sameOrigin, back });
  if (deps.faults) registerFaultRoutes(app, deps.faults, deps.operationIds ?? [], { back });
  registerLiveRoutes(app, deps, { sameOrigin, back, centavosOf, isInputError: (e) => e instanceof PanelInputError });
  registerSportsRoutes(app, { db, now: deps.now, wallet: panelWalletClient(app, deps.config) }, { sameOrigin, back });

  const action = (
    url: string,
    run: (request: FastifyRequest<IdParams>, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    app.post<IdParams>(url, async (request, reply) => {
      if (!sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
      if (!/^\d+$/.test(request.params.id)) return reply.code(404).send({ message: 'Não encontrado.' });
      try {
        return await run(request, reply);
      } catch (error) {
        if (error instanceof PanelInputError) return back(reply, 'brands', error.message, true);
        throw error;
      }
    });

  action('/sandbox/brands/:id/maintenance', async (request, reply) => {
    await db.query('UPDATE brands SET maintenance = NOT maintenance WHERE id = $1', [Number(request.params.id)]);
    return back(reply, `brand-${request.params.id}`, 'Modo de manutenção alterado.');
  });

  action('/sandbox/brands/:id/active', async (request, reply) => {
    await db.query('UPDATE brands SET active = NOT active WHERE id = $1', [Number(request.params.id)]);
    return back(reply, `brand-${request.params.id}`, 'Estado da marca alterado.');
  });

  action('/sandbox/brands/:id/settings', async (request, reply) => {
    const limits = Object.fromEntries(
      LIMIT_FIELDS.map((name) => [name, centavosOf(field(request.body, name))]),
    ) as BrandLimits;
    if (limits.min_deposit <= 0 || limits.min_withdrawal <= 0)
      throw new PanelInputError('Os mínimos devem ser maiores que zero.');
    if (limits.min_deposit > limits.max_deposit || limits.min_withdrawal > limits.max_withdrawal) {
      throw new PanelInputError('O mínimo não pode ser maior que o máximo.');
    }
    const features = Object.fromEntries(FEATURE_SWITCHES.map((name) => [name, field(request.body, name) === 'on']));
    await db.query(
      `UPDATE brands SET min_deposit = $2, max_deposit = $3, min_withdrawal = $4, max_withdrawal = $5, features = $6::jsonb
        WHERE id = $1`,
      [
        Number(request.params.id),
        limits.min_deposit,
        limits.max_deposit,
        limits.min_withdrawal,
        limits.max_withdrawal,
        JSON.stringify(features),
      ],
    );
    return back(reply, `brand-${request.params.id}`, 'Limites e funcionalidades salvos.');
  });

  action('/sandbox/brands/:id/redirects', async (request, reply) => {
    const redirects = parseRedirects(
      field(request.body, 'redirects') ?? '',
      field(request.body, 'redirect_origins') ?? '',
    );
    await db.query('UPDATE brands SET settings = settings || $2::jsonb WHERE id = $1', [
      Number(request.params.id),
      JSON.stringify(redirects),
    ]);
    return back(reply, `brand-${request.params.id}`, 'Redirecionamentos salvos.');
  });

  // The tag manager and the custom snippet (§2.3). The id must pass §5 (GTM- then letters or digits) and
  // the source be an http(s) address; empty fields clear the setting. The snippet is kept as written: the app
  // sanitises it (src/app/tag-manager.ts).
  action('/sandbox/brands/:id/integrations', async (request, reply) => {
    const value = (name: string) => (field(request.body, name) ?? '').trim() || null;
    const gtmId = value('gtmId');
    const gtmSource = value('gtmSource');
    const snippet = value('html');
    if (gtmId !== null && !isValidGtmId(gtmId)) throw new PanelInputError(`ID do GTM inválido: "${gtmId}"`);
    if (gtmSource !== null && tagManagerScriptUrl({ gtmId: 'GTM-CHECK', gtmSource }) === null) {
      throw new PanelInputError(`Origem do GTM inválida: "${gtmSource}"`);
    }
    if (snippet !== null && snippet.length > 20_000) throw new PanelInputError('O snippet passa de 20.000 caracteres.');
    await db.query('UPDATE brands SET settings = settings || $2::jsonb WHERE id = $1', [
      Number(request.params.id),
      JSON.stringify({ gtmId, gtmSource, html: snippet }),
    ]);
    return back(reply, `brand-${request.params.id}`, 'Tag manager e snippet salvos.');
  });

  action('/sandbox/players/:id/password', async (request, reply) => {
    const password = field(request.body, 'password') ?? '';
    if (password.length < 8) return back(reply, 'players', 'A senha deve ter pelo menos 8 caracteres.', true);
    const id = Number(request.params.id);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
      await revokeAllSessions(tx, id, deps.now());
    });
    return back(reply, `player-${id}`, `Senha do jogador ${id} redefinida; sessões encerradas.`);
  });

  // QA: §9's 20 s wait before another code ends at once (a test that fast-forwards the page's clock asks again).
  action('/sandbox/players/:id/codes/release', async (request, reply) => {
    const id = Number(request.params.id);
    await db.transaction((tx) => releaseResendWait(tx, id, deps.now()));
    return back(reply, `player-${id}`, `Jogador ${id} pode pedir um novo código agora.`);
  });

  // QA: the regulated profile (Portaria SPA/MF 2.579/2025) as chosen earlier (gender "undisclosed", no limit rows:
  // a test about something else stakes and deposits) or pending again (the sign-in form asks for it).
  action('/sandbox/players/:id/regulated-profile', async (request, reply) => {
    const id = Number(request.params.id);
    const pending = field(request.body, 'state') === 'pending';
    await db.query(
      pending
        ? 'UPDATE users SET gender = NULL, regulated_profile_at = NULL WHERE id = $1'
        : "UPDATE users SET gender = coalesce(gender, 'undisclosed'), regulated_profile_at = coalesce(regulated_profile_at, $2) WHERE id = $1",
      pending ? [id] : [id, deps.now()],
    );
    return back(reply, `player-${id}`, `Perfil regulado do jogador ${id}: ${pending ? 'pendente' : 'escolhido'}.`);
  });

  action('/sandbox/players/:id/self-exclusion', async (request, reply) => {
    const until = field(request.body, 'until') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) return back(reply, 'players', 'Data inválida.', true);
    const end = new Date(`${until}T23:59:59-03:00`);
    const now = deps.now();
    if (Number.isNaN(end.getTime()) || end <= now) return back(reply, 'players', 'A data deve ser futura.', true);
    await startSelfExclusion(
      { db, publisher: deps.publisher, realtime: deps.realtime },
      Number(request.params.id),
      { start: now, end },
      { actor: 'panel', now },
    );
    return back(reply, `player-${request.params.id}`, `Jogador ${request.params.id} autoexcluído até ${until}.`);
  });

  // QA: an indefinite self-exclusion that began on a past day, to replay its removal once the wait is over.
  action('/sandbox/players/:id/self-exclusion/indefinite', async (request, reply) => {
    const since = field(request.body, 'since') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since)) return back(reply, 'players', 'Data inválida.', true);
    const start = new Date(`${since}T00:00:00-03:00`);
    const now = deps.now();
    if (Number.isNaN(start.getTime()) || start > now)
      return back(reply, 'players', 'A data não pode ser futura.', true);
    await startSelfExclusion(
      { db, publisher: deps.publisher, realtime: deps.realtime },
      Number(request.params.id),
      { start, end: null },
      { actor: 'panel', now, endEverything: true },
    );
    return back(
      reply,
      `player-${request.params.id}`,
      `Jogador ${request.params.id} autoexcluído por tempo indeterminado desde ${since}.`,
    );
  });

  action('/sandbox/players/:id/self-exclusion/remove', async (request, reply) => {
    await db.transaction((tx) => endSelfExclusion(tx, Number(request.params.id), deps.now(), 'panel'));
    return back(reply, `player-${request.params.id}`, `Autoexclusão do jogador ${request.params.id} removida.`);
  });
}
