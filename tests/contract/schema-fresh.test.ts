import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

/** shared/api/schema.d.ts must be what `npm run openapi:types` makes from openapi/ right now. */
const SPEC = new URL('../../openapi/openapi.yaml', import.meta.url);
const GENERATED = fileURLToPath(new URL('../../shared/api/schema.d.ts', import.meta.url));

describe('generated API types', () => {
  it('shared/api/schema.d.ts is fresh (run `npm run openapi:types` after changing openapi/)', async () => {
    const expected = COMMENT_HEADER + astToString(await openapiTS(SPEC, { silent: true }));
    const actual = readFileSync(GENERATED, 'utf8');
    expect(actual === expected, 'schema.d.ts is stale: run `npm run openapi:types`').toBe(true);
  });
});
