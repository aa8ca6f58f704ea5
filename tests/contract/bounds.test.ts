/**
 * Bounds in the contract: every integer a request carries (body, query, path, header) has a `maximum` the database
 * can hold, so an out-of-range value is a 422 with its field named (the contract check), never a database error.
 * Checked over both contracts, every operation, every schema reached from a request.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

type Schema = {
  $ref?: string;
  type?: string | string[];
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  schema?: Schema;
  name?: string;
};
interface Doc {
  paths: Record<string, Record<string, { parameters?: Schema[]; requestBody?: { content?: Record<string, Schema> } }>>;
  components: { schemas?: Record<string, Schema>; parameters?: Record<string, Schema> };
}

/** Largest integer PostgreSQL's bigint holds that JavaScript still reads exactly. */
const LARGEST = Number.MAX_SAFE_INTEGER;

function unbounded(doc: Doc): string[] {
  const found: string[] = [];
  const seen = new Set<Schema>();
  const resolve = (s: Schema): Schema => {
    if (!s.$ref) return s;
    const [, , kind, name] = s.$ref.split('/');
    const target = (doc.components as Record<string, Record<string, Schema> | undefined>)[kind ?? '']?.[name ?? ''];
    if (!target) throw new Error(`unresolved ${s.$ref}`);
    return resolve(target);
  };
  const walk = (raw: Schema, where: string) => {
    const s = resolve(raw);
    if (seen.has(s)) return;
    seen.add(s);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('integer') && s.enum === undefined && s.const === undefined) {
      if (s.maximum === undefined || s.maximum > LARGEST) found.push(where);
    }
    for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, `${where}.${key}`);
    if (s.items) walk(s.items, `${where}[]`);
    for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(part, where);
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method === 'parameters') continue;
      for (const p of [...((item.parameters as unknown as Schema[]) ?? []), ...(operation.parameters ?? [])]) {
        const param = resolve(p);
        if (param.schema) walk(param.schema, `${method.toUpperCase()} ${path} ${param.name}`);
      }
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        if (media.schema) walk(media.schema, `${method.toUpperCase()} ${path} body`);
    }
  }
  return found;
}

describe('every integer of a request has a maximum the database holds', () => {
  for (const file of ['openapi.yaml', 'provider-wallet.yaml']) {
    it(file, () => {
      const doc = parse(readFileSync(new URL(`../../openapi/${file}`, import.meta.url), 'utf8')) as Doc;
      expect(unbounded(doc)).toEqual([]);
    });
  }

  it('the check itself finds an unbounded integer', () => {
    const doc: Doc = {
      paths: {
        '/x': {
          post: {
            requestBody: { content: { 'application/json': { schema: { properties: { id: { type: 'integer' } } } } } },
          },
        },
      },
      components: {},
    };
    expect(unbounded(doc)).toEqual(['POST /x body.id']);
  });
});
