/**
 * Loopback load on GET /api/site-config, next to its floor: the sandbox API (in-memory database, migrated and
 * seeded) and a minimal Fastify server answering the same bytes, measured in the same run, interleaved, with
 * the same autocannon settings. autocannon runs in a worker thread, so the servers' event loop is theirs.
 * The ratio product/reference is the figure that holds on a busy machine. Run directly:
 * `npx tsx sandbox/bench.ts` (SANDBOX_API_PORT picks the sandbox's port; the reference takes a free one).
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildPlatform } from './platform';
import { readSandboxConfig } from './config';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { seed } from './seed';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface SiteConfigBench {
  /** Plain answers (no Accept-Encoding), as the reference sends them. */
  product: LoadFigures;
  /** The minimal Fastify server returning the same body bytes. */
  reference: LoadFigures;
  /** A browser's request (Accept-Encoding: gzip, deflate, br): the brotli bytes, cached. */
  productBrotli: LoadFigures;
  /** The reference answering the same brotli bytes (Content-Encoding: br). */
  referenceBrotli: LoadFigures;
  /**
   * product / reference requests per second, plain: the median of the ratios of back-to-back pairs of rounds
   * (a burst of load elsewhere lands on both rounds of a pair far more often than on one side's median).
   */
  ratio: number;
  /** The same for the brotli answers. */
  ratioBrotli: number;
  /** Every round's figures, in the order measured (for the reader who suspects noise). */
  roundsMeasured: {
    product: LoadFigures[];
    reference: LoadFigures[];
    productBrotli: LoadFigures[];
    referenceBrotli: LoadFigures[];
  };
  bodyBytes: number;
  brotliBytes: number;
  connections: number;
  rounds: number;
  secondsPerRound: number;
  goals: { requestsPerSecond: number; p99Ms: number; ratio: number };
}

export const SITE_CONFIG_GOALS = { requestsPerSecond: 10_000, p99Ms: 10, ratio: 0.6 } as const;
const CONNECTIONS = 10;
const ROUNDS = 6;
const SECONDS_PER_ROUND = 1.5;
const PATH = '/api/site-config?domain=localhost&t=1';

export async function benchSiteConfig(
  opts: { port?: number; rounds?: number; seconds?: number } = {},
): Promise<SiteConfigBench> {
  const rounds = opts.rounds ?? ROUNDS;
  const seconds = opts.seconds ?? SECONDS_PER_ROUND;
  const db = await openPglite();
  const config = readSandboxConfig({});
  const app = buildPlatform({ db, config: { ...config, apiPort: opts.port ?? 0 } });
  const reference = Fastify({ logger: false });
  try {
    await migrate(db);
    await seed(db);
    const productUrl = await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
    const plain = await fetch(`${productUrl}${PATH}`, { headers: { 'accept-encoding': 'identity' } });
    if (plain.status !== 200) throw new Error(`site-config bench: the sandbox answered ${plain.status}`);
    const body = Buffer.from(await plain.arrayBuffer());
    const cacheControl = plain.headers.get('cache-control') ?? 'no-store';
    const brotliBytes = Number(
      (await fetch(`${productUrl}${PATH}`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-length'),
    );
    const brotli = Buffer.from(
      await (await fetch(`${productUrl}${PATH}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer(),
    );
    reference.get('/api/site-config', (request, reply) => {
      reply.type('application/json; charset=utf-8').header('cache-control', cacheControl);
      if (!request.headers['accept-encoding']?.includes('br')) return reply.send(body);
      return reply.header('content-encoding', 'br').send(brotli);
    });
    const referenceUrl = await reference.listen({ host: '127.0.0.1', port: 0 });

    const runs = {
      product: [] as LoadFigures[],
      reference: [] as LoadFigures[],
      productBrotli: [] as LoadFigures[],
      referenceBrotli: [] as LoadFigures[],
    };
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const urls = { product: `${productUrl}${PATH}`, reference: `${referenceUrl}${PATH}` };
    // Warm-up (JIT, connection setup), not counted.
    await load(urls.reference, 1);
    await load(urls.product, 1);
    for (let round = 0; round < rounds; round += 1) {
      // Back-to-back pairs, alternating which goes first, so a burst of load elsewhere hits both.
      const order = round % 2 === 0 ? (['reference', 'product'] as const) : (['product', 'reference'] as const);
      for (const side of order) runs[side].push(await load(urls[side], seconds));
      for (const side of order) runs[`${side}Brotli`].push(await load(urls[side], seconds, browser));
    }
    const pairRatio = (a: LoadFigures[], b: LoadFigures[]) =>
      Math.round(medianOf(a.map((x, i) => x.requestsPerSecond / (b[i]?.requestsPerSecond ?? Number.NaN))) * 100) / 100;
    return {
      product: median(runs.product),
      reference: median(runs.reference),
      productBrotli: median(runs.productBrotli),
      referenceBrotli: median(runs.referenceBrotli),
      ratio: pairRatio(runs.product, runs.reference),
      ratioBrotli: pairRatio(runs.productBrotli, runs.referenceBrotli),
      roundsMeasured: runs,
      bodyBytes: body.length,
      brotliBytes,
      connections: CONNECTIONS,
      rounds,
      secondsPerRound: seconds,
      goals: SITE_CONFIG_GOALS,
    };
  } finally {
    await reference.close();
    await app.close();
    await db.close();
  }
}

async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`site-config bench: ${result.non2xx} non-2xx answers, ${result.errors} errors at ${url}`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The round with the median requests per second (its own latencies: figures of one real run). */
function median(runs: LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('site-config bench: no rounds');
  return middle;
}

/** GET /casinos/games: a page (24 games) must answer within this p99 with the 600-game catalogue. */
export const GAMES_GOALS = { p99Ms: 15 } as const;

/** The lobby calls of the bench, cycled in order by every connection: pages, searches, filters, combinations. */
export const GAMES_MIX = [
  '/api/casinos/games',
  '/api/casinos/games?page=3',
  '/api/casinos/games?searchTerm=fortuna',
  '/api/casinos/games?searchTerm=CASSINO%20royale',
  '/api/casinos/games?provider=samba&category=live',
  '/api/casinos/games?category=slots&bonuses=true&page=2',
  '/api/casinos/games?searchTerm=roleta&type=tables',
  '/api/casinos/games?provider=neon&searchTerm=mega',
  '/api/casinos/games?category=crash&page=2',
  '/api/casinos/games?searchTerm=touro%20dourado&bonuses=true',
];

/** GET /featured/home-games: every row of the home page (featured, per category, per provider; 12 games each). */
export const HOME_GAMES_PATH = '/api/featured/home-games?locale=pt';

export interface GamesBenchRun extends LoadFigures {
  caller: 'guest' | 'player';
  connections: number;
}

export interface GamesBench {
  /** Median round (by requests per second) of each caller and concurrency. */
  runs: GamesBenchRun[];
  /** The worst p99 among the one-connection runs: how long one page takes (the goal). */
  pageP99Ms: number;
  /**
   * Floor: GET /api/categories (the same pipeline: contract check, brand lookup, one small query), one guest
   * connection, one round before each round of the one-connection runs (page and home, guest and player).
   */
  floor: LoadFigures;
  /**
   * floor p99 ÷ one-connection p99, the median over rounds of the ratio to the floor round just before:
   * 1 is as fast as the floor. `ratioP99` is the guest's page (kept for older results), the others by name.
   */
  ratioP99: number;
  ratiosP99: { guestPage: number; playerPage: number; guestHome: number; playerHome: number };
  /** GET /featured/home-games, one connection, median round: a guest and a player (their flags added). */
  homeGames: { guest: LoadFigures; player: LoadFigures; rows: number; bodyBytes: number; path: string };
  games: number;
  mix: string[];
  rounds: number;
  secondsPerRound: number;
  goals: typeof GAMES_GOALS;
}

/**
 * Loopback load on GET /api/casinos/games (the sandbox with its seeded 600-game catalogue, PGlite in memory):
 * a mix of pages, searches and filters, as a guest and as a signed-in player (whose likes and favourites are
 * read too), with one connection (a page's own latency: the goal) and with ten (queueing on the one database
 * connection PGlite has); and GET /featured/home-games as a guest and as a player, one connection. Each round
 * of the one-connection runs follows a round of the floor, so a ratio compares figures taken moments apart.
 */
export async function benchGames(opts: { port?: number; rounds?: number; seconds?: number } = {}): Promise<GamesBench> {
  const rounds = opts.rounds ?? 3;
  const seconds = opts.seconds ?? 2;
  const db = await openPglite();
  const app = buildPlatform({ db, config: { ...readSandboxConfig({}), apiPort: opts.port ?? 0 } });
  try {
    await migrate(db);
    await seed(db);
    const base = await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'localhost' },
      body: JSON.stringify({ email: 'ana@sorteverde.test', password: 'Senha@123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const callers = { guest: { 'guest-id': 'guest-bench0001' }, player: { authorization: `Bearer ${token}` } };
    let games = 0;
    for (const path of GAMES_MIX) {
      const res = await fetch(`${base}${path}`);
      const body = (await res.json()) as { data?: unknown[]; total?: number };
      if (res.status !== 200 || !Array.isArray(body.data))
        throw new Error(`games bench: ${path} answered ${res.status}`);
      if (path === GAMES_MIX[0]) games = body.total ?? 0;
    }
    const home = await fetch(`${base}${HOME_GAMES_PATH}`, { headers: callers.player });
    const homeBody = await home.text();
    const homeRows = (JSON.parse(homeBody) as { data?: unknown[] }).data?.length ?? 0;
    if (home.status !== 200 || homeRows === 0) throw new Error(`games bench: home-games answered ${home.status}`);
    // Warm-up (JIT, plans), not counted.
    await loadMix(base, callers.guest, 1, 1);
    await loadMix(base, callers.player, 1, 1, [HOME_GAMES_PATH]);
    const oneConnection = {
      guestPage: { headers: callers.guest, paths: GAMES_MIX },
      playerPage: { headers: callers.player, paths: GAMES_MIX },
      guestHome: { headers: callers.guest, paths: [HOME_GAMES_PATH] },
      playerHome: { headers: callers.player, paths: [HOME_GAMES_PATH] },
    } as const;
    type Series = keyof typeof oneConnection;
    const series = Object.keys(oneConnection) as Series[];
    const measured = Object.fromEntries(series.map((name) => [name, [] as LoadFigures[]])) as Record<
      Series,
      LoadFigures[]
    >;
    const pairs = Object.fromEntries(series.map((name) => [name, [] as number[]])) as Record<Series, number[]>;
    const floor: LoadFigures[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // The order turns each round, so no series always runs right after the floor.
      for (const [i, name] of series.entries()) {
        const next = series[(i + round) % series.length] ?? name;
        const floorRound = await loadMix(base, callers.guest, 1, seconds, ['/api/categories']);
        floor.push(floorRound);
        const { headers, paths } = oneConnection[next];
        const figures = await loadMix(base, headers, 1, seconds, [...paths]);
        measured[next].push(figures);
        pairs[next].push(floorRound.p99Ms / Math.max(1, figures.p99Ms));
      }
    }
    const runs: GamesBenchRun[] = [
      { caller: 'guest', connections: 1, ...median(measured.guestPage) },
      { caller: 'player', connections: 1, ...median(measured.playerPage) },
    ];
    for (const caller of ['guest', 'player'] as const) {
      const busy: LoadFigures[] = [];
      for (let round = 0; round < rounds; round += 1) busy.push(await loadMix(base, callers[caller], 10, seconds));
      runs.push({ caller, connections: 10, ...median(busy) });
    }
    const ratio = (name: Series) => Math.round(medianOf(pairs[name]) * 100) / 100;
    return {
      runs,
      pageP99Ms: Math.max(...runs.filter((r) => r.connections === 1).map((r) => r.p99Ms)),
      floor: median(floor),
      ratioP99: ratio('guestPage'),
      ratiosP99: {
        guestPage: ratio('guestPage'),
        playerPage: ratio('playerPage'),
        guestHome: ratio('guestHome'),
        playerHome: ratio('playerHome'),
      },
      homeGames: {
        guest: median(measured.guestHome),
        player: median(measured.playerHome),
        rows: homeRows,
        bodyBytes: Buffer.byteLength(homeBody),
        path: HOME_GAMES_PATH,
      },
      games,
      mix: GAMES_MIX,
      rounds,
      secondsPerRound: seconds,
      goals: GAMES_GOALS,
    };
  } finally {
    await app.close();
    await db.close();
  }
}

async function loadMix(
  base: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  paths: string[] = GAMES_MIX,
): Promise<LoadFigures> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    workers: 1,
    requests: paths.map((path) => ({ method: 'GET' as const, path, headers })),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`games bench: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = process.env.SANDBOX_API_PORT ? Number(process.env.SANDBOX_API_PORT) : undefined;
  const only = process.argv[2];
  if (only !== 'games') console.log(JSON.stringify(await benchSiteConfig({ port }), null, 2));
  if (only !== 'site-config') console.log(JSON.stringify(await benchGames({ port }), null, 2));
}
