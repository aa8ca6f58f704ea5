import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Reply } from './context';

/**
 * GET /site-config answered from memory: one entry per brand domain and locale (the `t` cache buster and
 * `lmcp` are not part of the key), serialised once, compressed once (gzip and brotli) and tagged once. The
 * owner empties it on every write that can change a site configuration (`invalidate`, wired to the database
 * in app.ts); an entry being built while a write happens is not kept.
 */
export interface CachedAnswer {
  status: number;
  etag: string;
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Unknown domains are answered too (`systemExists: false`): the number of entries is bounded. */
const MAX_ENTRIES = 512;

export class SiteConfigCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  private generation = 0;

  static key(domain: string, locale: string): string {
    return `${locale} ${domain}`;
  }

  /** Forgets every entry; a fill in flight is answered but not kept. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached answer, or `fill`'s once it is serialised (concurrent misses share one fill). */
  get(key: string, fill: () => Promise<Reply>): CachedAnswer | Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const building = fill().then(
      (reply) => {
        const answer = serialise(reply);
        if (this.generation === generation && this.pending.get(key) === building) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          // A 500 (a contract mismatch) is answered but never kept.
          if (answer.status < 500) this.entries.set(key, answer);
        }
        if (this.pending.get(key) === building) this.pending.delete(key);
        return answer;
      },
      (error: unknown) => {
        if (this.pending.get(key) === building) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, building);
    return building;
  }
}

export function serialise(reply: Reply): CachedAnswer {
  const identity = Buffer.from(JSON.stringify(reply.body), 'utf8');
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  return {
    status: reply.status,
    etag,
    headers: reply.headers ?? {},
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

/** The coding to answer with for an `Accept-Encoding` header: br, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** `If-None-Match` names this entity tag (weak comparison, as RFC 9110 asks for GET), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine);
}
