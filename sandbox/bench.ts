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
import { buildApi } from './api/app';
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
  const app = buildApi({ db, config: { ...config, apiPort: opts.port ?? 0 } });
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = process.env.SANDBOX_API_PORT ? Number(process.env.SANDBOX_API_PORT) : undefined;
  console.log(JSON.stringify(await benchSiteConfig({ port }), null, 2));
}
