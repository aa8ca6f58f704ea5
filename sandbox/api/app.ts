import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type HTTPMethods,
} from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { SandboxConfig } from '../config';
import type { Db } from '../db/types';
import { watchWrites } from '../db/write-watch';
import type { RealtimeControl } from '../realtime/control';
import { createFaultTable, type FaultTable } from './faults';
import { findBrandByDomain, normalizeDomain } from './brands';
import type { Identity, Reply } from './context';
import { loadContract, type Contract, type Operation } from './contract';
import { ApiError, MESSAGES } from './errors';
import { brandOptionalHandlers, handlers } from './handlers/index';
import { registerGameArt } from './handlers/games';
import { registerChatUploads } from './chat';
import { contractView, MULTIPART_LIMITS, readMultipart } from './multipart';
import { registerAvatarUploads } from './handlers/avatar';
import { localeOf } from './handlers/site';
import { matchesEtag, pickEncoding, SiteConfigCache } from './site-config-cache';
import { assertNotSelfExcluded, findPlayerById } from './players';
import { lockWallet } from '../money/ledger';
import { expireBonuses } from '../money/bonus';
import { DEFAULT_SESSION_LIFETIME, findSessionPlayer, revokeSession } from './sessions';
import { minutesToday } from './responsible-gaming';

import { SESSION_ENDED_HEADER, SESSION_ENDED_PLAY_TIME } from '../../shared/session-ended';

/** 401 of a signed-in call once the daily play-time limit is used up (the session has just ended). */
export const PLAY_TIME_OVER_MESSAGE =
  'Seu limite diário de tempo de jogo foi atingido. A sessão foi encerrada; você poderá entrar de novo amanhã.';
import { registerProviderWallet } from './provider-wallet';
import { createPushSender, type PushSender } from '../push/sender';
import { registerPushStandIn } from '../push/stand-in';
import { generateVapidKeys } from '../push/vapid';
import { createSandboxClock, type SandboxClock } from './clock';
import { startSigapScheduler } from '../sigap/scheduler';

export interface ApiDeps {
  db: Db;
  config: SandboxConfig;
  now?: () => Date;
  /** True: the SIGAP job runs every minute in the background (the running sandbox; tests call `runSigapJobs`). */
  sigapSchedule?: boolean;
  /** The movable clock the QA panel sets; by default one over `now`. */
  clock?: SandboxClock;
  /** Check every answer of a contract operation against the contract; a mismatch becomes a 500 (tests). */
  validateResponses?: boolean;
  /** Per client address and operation, for the operations that document 429. */
  authRateLimit?: { max: number; timeWindowMs: number };
  /** Request log (method, path, status, time; never headers or bodies): true for stdout, or a stream. */
  log?: boolean | NodeJS.WritableStream;
  /** Publishes live events (§7) through the official `pusher` SDK (`createPublisher`); absent: nothing is published. */
  publisher?: { trigger(channels: string | string[], event: string, data: unknown): Promise<unknown> };
  /** The QA panel's stop/start handle on the realtime server (sandbox/main.ts). */
  realtimeControl?: RealtimeControl;
  /** Faults on demand (QA panel): a chosen operation answers a chosen status and/or after a delay. */
  faults?: FaultTable;
  /** Web push with the sandbox's VAPID keys (sandbox/main.ts: kept in the data folder); absent: a key pair of this process. */
  push?: PushSender;
}

/** What the API shares with what is mounted beside it (the QA panel: sandbox/platform.ts). */
export interface PlatformParts {
  db: Db;
  config: SandboxConfig;
  now: () => Date;
  clock: SandboxClock;
  publisher: ApiDeps['publisher'];
  realtime: RealtimeControl | undefined;
  faults: FaultTable;
  push: PushSender;
  operationIds: readonly string[];
}

export const DEFAULT_AUTH_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;
const GUEST_ID = /^guest-[A-Za-z0-9]{9}$/;

function loggerOptions(log: ApiDeps['log']): FastifyServerOptions['logger'] {
  if (!log) return false;
  return {
    level: 'info',
    ...(log === true ? {} : { stream: log }),
    // The request serializer keeps only these fields; redaction is a second line of defence.
    redact: {
      paths: ['req.headers.authorization', 'req.headers["guest-id"]', 'req.headers.cookie', 'req.body'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, path: req.url.split('?')[0], host: req.headers.host }),
    },
  };
}

/** The body of a simulated failure (spec §8: the app shows its own text for the status). */
function faultMessage(status: number): string {
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status >= 500) return MESSAGES.serverError;
  return `Falha simulada pelo painel de QA (status ${status}).`;
}

/** A log-safe description of an unexpected error: its class and code, never its message, parameters or stack. */
export function failureKind(error: unknown): { type: string; code?: string } {
  const type = error instanceof Error ? error.constructor.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/i.test(code) ? { type, code } : { type };
}

/**
 * The platform's player-facing HTTP server: every operation of openapi/ mounted under /api and validated against
 * the contract, the provider's wallet, the push stand-in and the served images. `mount` adds what sits above the
 * API on the same server (the QA panel: sandbox/platform.ts's buildPlatform). Call `listen` or use `inject`.
 */
export function buildApi(deps: ApiDeps, mount?: (app: FastifyInstance, parts: PlatformParts) => void): FastifyInstance {
  const contract = loadContract();
  // The platform's time: `now` (or the real time) moved by the QA panel's clock setting.
  const sandboxClock = deps.clock ?? createSandboxClock(deps.now);
  const clock = () => sandboxClock.now();
  const limit = deps.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT;
  const app = Fastify({ logger: loggerOptions(deps.log), trustProxy: false });
  const faults = deps.faults ?? createFaultTable();
  const push = deps.push ?? createPushSender(generateVapidKeys());
  // GET /site-config from memory, emptied by every write to the tables it is made of (whoever writes them).
  const siteConfig = new SiteConfigCache();
  const unwatch = watchWrites(deps.db, SITE_CONFIG_TABLES, () => siteConfig.invalidate());
  app.addHook('onClose', async () => unwatch());
  // The national list checks' scheduled job (sandbox/sigap/scheduler.ts) on the platform's clock: on in the running
  // sandbox (main.ts); tests run it themselves (`runSigapJobs`), as the panel's button does.
  if (deps.sigapSchedule === true) {
    const stop = startSigapScheduler({ db: deps.db, publisher: deps.publisher }, clock);
    app.addHook('onClose', async () => stop());
  }

  app.register(cors, {
    origin: true,
    allowedHeaders: ['Authorization', 'Content-Type', 'Guest-ID', 'lmcp', 'X-Brand-Domain'],
    exposedHeaders: ['Retry-After', SESSION_ENDED_HEADER],
    maxAge: 600,
  });
  app.register(formbody);
  // multipart/form-data (POST /documents/upload): read per request in runOperation, within MULTIPART_LIMITS (a larger file is cut and flagged, then refused).
  app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
  // gzip/brotli for every answer that asks for it; GET /site-config sends its own, compressed once.
  app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: MESSAGES.tooManyRequests }),
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.routeNotFound }));
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.body);
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: MESSAGES.tooManyRequests });
    if (status >= 400 && status < 500) return reply.code(400).send({ message: MESSAGES.badRequest });
    // Only what kind of failure it was: a database error carries the failed query's parameters (e-mail, CPF,
    // password hash), and a message may quote input; neither ever reaches the log.
    request.log.error({ failure: failureKind(error) }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.serverError });
  });

  app.register(async (api) => {
    for (const operation of contract.operations) {
      api.route({
        method: operation.method.toUpperCase() as HTTPMethods,
        url: operation.route,
        config: operation.rateLimited ? { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } : {},
        // GET /site-config sends bytes compressed once (site-config-cache.ts): no per-request (de)compression.
        ...(operation.operationId === 'getSiteConfig' ? { compress: false, decompress: false } : {}),
        handler: (request, reply) =>
          handleOperation(contract, { ...deps, push }, faults, clock, operation, request, reply, siteConfig),
      });
    }
  });
  // The seamless wallet a game provider calls (openapi/provider-wallet.yaml): outside /api, signed, raw bodies.
  registerProviderWallet(app, { db: deps.db, config: deps.config, now: clock, publisher: deps.publisher });
  // The local push-service stand-in web pushes of test subscriptions are delivered to (outside /api and /sandbox).
  registerPushStandIn(app, { db: deps.db, now: clock });
  // Game tiles (`image`, `image_mobile` of a Game): SVG in the brand's palette, outside the JSON contract.
  app.register(async (art) => registerGameArt(art, deps.db));
  // Chat images players uploaded (POST /chat/attachments), served as images only.
  app.register(async (uploads) => registerChatUploads(uploads, deps.db));
  // Players' avatars (POST /profile/uploadAvatar), served as images only.
  app.register(async (avatars) => registerAvatarUploads(avatars, deps.config));
  mount?.(app, {
    db: deps.db,
    config: deps.config,
    now: clock,
    clock: sandboxClock,
    publisher: deps.publisher,
    realtime: deps.realtimeControl,
    faults,
    push,
    operationIds: contract.operations.map((o) => o.operationId).sort(),
  });
  return app;
}

async function identify(deps: ApiDeps, request: FastifyRequest, brandId: number | undefined, now: Date) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) {
    const session =
      brandId === undefined
        ? null
        : await findSessionPlayer(deps.db, bearer, brandId, now, {
            idleMs: deps.config.sessionIdleMs ?? DEFAULT_SESSION_LIFETIME.idleMs,
            maxMs: deps.config.sessionMaxMs ?? DEFAULT_SESSION_LIFETIME.maxMs,
          });
    if (session) return { identity: { kind: 'player', ...session } as Identity, bearerRejected: false };
  }
  const guestId = request.headers['guest-id'];
  const identity: Identity =
    typeof guestId === 'string' && GUEST_ID.test(guestId) ? { kind: 'guest', guestId } : { kind: 'anonymous' };
  return { identity, bearerRejected: bearer !== undefined };
}

async function handleOperation(
  contract: Contract,
  deps: ApiDeps,
  faults: FaultTable,
  clock: () => Date,
  operation: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  siteConfig: SiteConfigCache,
): Promise<FastifyReply> {
  // A fault set from the QA panel answers before the handler: nothing of the request is written.
  const fault = faults.take(operation.operationId);
  if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  if (fault?.status) {
    const retryAfter: Record<string, string> =
      fault.status === 429 || fault.status === 503 ? { 'retry-after': '1' } : {};
    return reply
      .code(fault.status)
      .headers({ ...retryAfter, 'x-sandbox-fault': 'true' })
      .send({ message: faultMessage(fault.status) });
  }
  if (operation.operationId === 'getSiteConfig') {
    return serveSiteConfig(contract, deps, siteConfig, clock(), operation, request, reply);
  }
  let result: Reply;
  try {
    result = await runOperation(contract, deps, clock(), operation, request);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    result = { status: error.status, body: error.body };
  }
  if (deps.validateResponses) {
    const problems = contract.checkResponse(operation, result.status, result.body);
    if (problems) {
      result = {
        status: 500,
        body: {
          message: `Resposta fora do contrato (${operation.operationId} ${result.status}): ${problems.join('; ')}`,
        },
      };
    }
  }
  return reply
    .code(result.status)
    .headers(result.headers ?? {})
    .send(result.body);
}

async function runOperation(
  contract: Contract,
  deps: ApiDeps,
  now: Date,
  operation: Operation,
  request: FastifyRequest,
): Promise<Reply> {
  // A multipart body is read only by an operation that takes one; elsewhere it is an unsupported body (400).
  let body: unknown = request.body;
  let checkedBody: unknown = body;
  if (request.isMultipart()) {
    body = operation.bodyMediaTypes.includes('multipart/form-data') ? await readMultipart(request) : {};
    checkedBody = contractView(body as Record<string, unknown>);
  }
  const check = contract.checkRequest(operation, {
    params: request.params,
    query: request.query,
    headers: request.headers,
    body: checkedBody,
    contentType: request.headers['content-type'],
  });
  if (!check.ok) return { status: check.status, body: { message: check.message, errors: check.errors } };

  const query = (request.query ?? {}) as Record<string, unknown>;
  const brand = await findBrandByDomain(deps.db, domainOf(operation, query, request));
  let { identity, bearerRejected } = await identify(deps, request, brand?.id, now);
  if (identity.kind === 'player' && identity.player.bonus_ends_at !== null && identity.player.bonus_ends_at <= now) {
    // A bonus whose time has run out is forfeited before anything reads or moves the wallet (sandbox/money/bonus.ts).
    const { id } = identity.player;
    await deps.db.transaction(async (tx) => {
      await lockWallet(tx, id);
      await expireBonuses(tx, id, now);
    });
    const reloaded = await findPlayerById(deps.db, id);
    if (reloaded) identity = { ...identity, player: reloaded };
  }
  if (identity.kind === 'player' && identity.playTimeLimit !== null) {
    // The daily play-time limit: computed only for players who have one.
    const used = await minutesToday(deps.db, identity.player.id, now, { tokenHash: identity.tokenHash });
    if (used >= identity.playTimeLimit) {
      // Its last use is now (the recorded one may be up to a minute old): the next login counts all of it.
      await deps.db.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $2', [
        identity.tokenHash,
        now,
      ]);
      await revokeSession(deps.db, identity.tokenHash, now);
      // The header tells the app why (it says so in the player's language, not this Portuguese text).
      if (operation.requiresPlayer) {
        return {
          status: 401,
          body: { message: PLAY_TIME_OVER_MESSAGE },
          headers: { [SESSION_ENDED_HEADER]: SESSION_ENDED_PLAY_TIME },
        };
      }
      identity = { kind: 'anonymous' };
      bearerRejected = true;
    }
  }
  const base = {
    db: deps.db,
    config: deps.config,
    now,
    identity,
    bearerRejected,
    params: (request.params ?? {}) as Record<string, string>,
    query,
    body,
    request,
    publisher: deps.publisher,
    push: deps.push ?? createPushSender(generateVapidKeys()),
    realtime: deps.realtimeControl,
  };

  const brandOptional = brandOptionalHandlers[operation.operationId];
  if (brandOptional) return brandOptional({ ...base, brand });
  if (!brand) throw new ApiError(404, { message: MESSAGES.brandNotFound });

  if (operation.requiresPlayer) {
    if (identity.kind !== 'player') throw new ApiError(401, { message: MESSAGES.unauthenticated });
    if (operation.statuses.includes(403)) assertNotSelfExcluded(identity.player, now);
  }
  const handler = handlers[operation.operationId];
  if (!handler)
    return { status: 501, body: { message: `Operação ${operation.operationId} não implementada no sandbox.` } };
  return handler({ ...base, brand });
}

/** The tables a site configuration is made of (coupons: a banner's `bonus_kind`): a write to any of them empties the site-config cache. */
export const SITE_CONFIG_TABLES = ['brands', 'brand_domains', 'banners', 'coupons'] as const;

/** The brand's domain: the `domain` query parameter (where the contract has it), X-Brand-Domain, then Host. */
function domainOf(operation: Operation, query: Record<string, unknown>, request: FastifyRequest): string {
  const requested =
    typeof query.domain === 'string' && operation.parameters.query.includes('domain') ? query.domain : undefined;
  const brandHeader = request.headers['x-brand-domain'];
  return normalizeDomain(requested ?? (typeof brandHeader === 'string' ? brandHeader : request.headers.host));
}

/**
 * GET /site-config: checked against the contract like every call, then answered from the cache by domain and
 * locale (never `t`). A miss builds the answer with the handler, checks it against the contract once (tests)
 * and keeps it serialised and compressed; the answer carries a weak ETag and a matching If-None-Match gets 304.
 * The configuration depends on no identity, so no session is looked up (or touched).
 */
async function serveSiteConfig(
  contract: Contract,
  deps: ApiDeps,
  cache: SiteConfigCache,
  now: Date,
  operation: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const check = contract.checkRequest(operation, {
    params: request.params,
    query: request.query,
    headers: request.headers,
    body: request.body,
    contentType: request.headers['content-type'],
  });
  if (!check.ok) return reply.code(check.status).send({ message: check.message, errors: check.errors });
  const query = (request.query ?? {}) as Record<string, unknown>;
  const domain = domainOf(operation, query, request);
  const locale = localeOf(query);
  const answer = await cache.get(SiteConfigCache.key(domain, locale), async () => {
    const brand = await findBrandByDomain(deps.db, domain);
    let result: Reply;
    try {
      result = await (brandOptionalHandlers.getSiteConfig ?? notImplemented)({
        db: deps.db,
        config: deps.config,
        now,
        identity: { kind: 'anonymous' },
        bearerRejected: false,
        params: {},
        query: { ...query, t: undefined },
        body: undefined,
        request,
        publisher: deps.publisher,
        push: deps.push ?? createPushSender(generateVapidKeys()),
        brand,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result = { status: error.status, body: error.body };
    }
    const problems = deps.validateResponses ? contract.checkResponse(operation, result.status, result.body) : null;
    if (problems) {
      return {
        status: 500,
        body: { message: `Resposta fora do contrato (getSiteConfig ${result.status}): ${problems.join('; ')}` },
      };
    }
    return result;
  });
  reply.headers({ ...answer.headers, vary: 'Accept-Encoding' });
  if (answer.status === 200) {
    reply.header('etag', answer.etag);
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .code(answer.status)
    .type('application/json; charset=utf-8')
    .send(encoding ? answer[encoding] : answer.identity);
}

const notImplemented = async (): Promise<Reply> => ({ status: 501, body: { message: 'getSiteConfig' } });
