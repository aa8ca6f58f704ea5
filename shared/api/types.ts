/**
 * Shorthands over the types generated from openapi/ (shared/api/schema.d.ts, `npm run openapi:types`), so the app
 * and the sandbox name a request or a schema the same way instead of restating it.
 */
import type { components, operations } from './schema';

export type { components, operations, paths } from './schema';

/** A named schema of the contract: `Schema<'Transaction'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The JSON body an operation accepts: `RequestBody<'register'>`. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
