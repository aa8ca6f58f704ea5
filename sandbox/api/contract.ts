import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';

/**
 * The platform contract (openapi/openapi.yaml) loaded once and compiled into validators: the sandbox checks
 * every request with it, and tests check every response with it. Nothing here restates a schema.
 */
export const OPENAPI_FILE = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));
export const API_PREFIX = '/api';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
type Json = Record<string, unknown>;
type ParamLocation = 'path' | 'query' | 'header';

export type FieldErrors = Record<string, string[]>;

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** Path as written in the contract, e.g. `/pages/{slug}`. */
  path: string;
  /** Fastify route, e.g. `/api/pages/:slug`. */
  route: string;
  /** Parameter names by location (header names lower-cased). */
  parameters: Record<ParamLocation, string[]>;
  bodyRequired: boolean;
  bodyMediaTypes: string[];
  /** Documented response statuses. */
  statuses: number[];
  /** Security lists only bearerAuth: a signed-in player is required. */
  requiresPlayer: boolean;
  /** Documents 429: rate limited. */
  rateLimited: boolean;
}

export interface RequestParts {
  params: unknown;
  query: unknown;
  headers: unknown;
  body: unknown;
  contentType: string | undefined;
}

export type RequestCheck = { ok: true } | { ok: false; status: 400 | 422; message: string; errors: FieldErrors };

export interface Contract {
  document: Json;
  operations: Operation[];
  operation(operationId: string): Operation;
  /** Validates (and coerces/defaults in place) params, query and headers, then the body. */
  checkRequest(operation: Operation, parts: RequestParts): RequestCheck;
  /** null when the body matches the schema documented for the status; otherwise the problems. */
  checkResponse(operation: Operation, status: number, body: unknown): string[] | null;
}

const SCHEMA_ROOT_ID = 'openapi';
const ERROR_MESSAGE_KEYWORD = 'x-error-message';
export const INVALID_INPUT_MESSAGE = 'Os dados informados são inválidos.';

// ajv-formats is CommonJS; under ESM interop its default export is either the function or a namespace.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

let cached: Contract | undefined;

/** The contract, parsed and compiled once per process. */
export function loadContract(): Contract {
  cached ??= compileContract(parseYaml(readFileSync(OPENAPI_FILE, 'utf8')) as Json);
  return cached;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`) of a parameter, request body or response object. */
function deref(document: Json, value: unknown): Json {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 10) throw new Error(`$ref cycle at ${current.$ref}`);
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, key) => (isObject(node) ? node[key.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined),
        document,
      );
  }
  if (!isObject(current)) throw new Error('Unresolvable $ref in the OpenAPI document');
  return current;
}

/** Deep copy in which schema refs `#/components/schemas/X` point into the ajv root `openapi#/$defs/X`. */
function rebase<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(rebase) as T;
  if (!isObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', `${SCHEMA_ROOT_ID}#/$defs/`)
        : rebase(value),
    ]),
  ) as T;
}

/** Requests: defaults applied (params also coerced from strings). Responses: checked, never changed. */
function makeAjv(schemas: Json, mode: 'params' | 'body' | 'response'): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    verbose: true,
    allowUnionTypes: true,
    useDefaults: mode !== 'response',
    coerceTypes: mode === 'params',
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: ERROR_MESSAGE_KEYWORD, schemaType: 'string' });
  ajv.addSchema({ $id: SCHEMA_ROOT_ID, $defs: rebase(schemas) });
  return ajv;
}

function fieldOf(error: ErrorObject, prefix: string): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const segments = error.instancePath.split('/').filter(Boolean);
  const extra = params.missingProperty ?? params.additionalProperty;
  if (extra) segments.push(extra);
  const path = segments.map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~')).join('.');
  return path || prefix;
}

/** pt-BR message for one ajv error; a schema's `x-error-message` wins for its own value. */
function messageOf(error: ErrorObject, field: string): string {
  const custom = isObject(error.parentSchema) ? error.parentSchema[ERROR_MESSAGE_KEYWORD] : undefined;
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'required':
      return 'Este é um campo obrigatório.';
    case 'additionalProperties':
      return `O campo ${field} não é permitido.`;
    case 'minProperties':
      return 'Informe ao menos um campo.';
    default:
      if (typeof custom === 'string') return custom;
  }
  switch (error.keyword) {
    case 'minLength':
      return limit === 1 ? 'Este é um campo obrigatório.' : `O campo ${field} deve ter pelo menos ${limit} caracteres.`;
    case 'maxLength':
      return `O campo ${field} deve ter no máximo ${limit} caracteres.`;
    case 'minimum':
      return `O campo ${field} deve ser no mínimo ${limit}.`;
    case 'maximum':
      return `O campo ${field} deve ser no máximo ${limit}.`;
    default:
      return `O campo ${field} não é válido.`;
  }
}

export function toFieldErrors(errors: readonly ErrorObject[], prefix: string, into: FieldErrors = {}): FieldErrors {
  for (const error of errors) {
    const field = fieldOf(error, prefix);
    const message = messageOf(error, field);
    const list = (into[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return into;
}

/** The contract's `x-text-policy`: strings that may never reach a handler (control characters). */
interface TextPolicy {
  forbidden: RegExp;
  message: string;
}

function textPolicyOf(document: Json): TextPolicy {
  const policy = isObject(document['x-text-policy']) ? document['x-text-policy'] : {};
  const { forbidden, message } = policy;
  if (typeof forbidden !== 'string' || typeof message !== 'string')
    throw new Error('openapi: x-text-policy needs forbidden and message');
  return { forbidden: new RegExp(forbidden), message };
}

/** Adds an error under every field (dotted path, as toFieldErrors names them) whose text breaks the policy. */
export function checkTextPolicy(policy: TextPolicy, value: unknown, field: string, into: FieldErrors, depth = 0): void {
  if (depth > 32) return;
  if (typeof value === 'string') {
    if (policy.forbidden.test(value)) {
      const list = (into[field] ??= []);
      if (!list.includes(policy.message)) list.push(policy.message);
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkTextPolicy(policy, item, `${field}.${index}`, into, depth + 1));
    return;
  }
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      // A key is text of the request too.
      if (policy.forbidden.test(key)) checkTextPolicy(policy, key, field, into, depth + 1);
      else
        checkTextPolicy(
          policy,
          item,
          field === 'body' || field === 'query' || field === 'path' ? key : `${field}.${key}`,
          into,
          depth + 1,
        );
    }
  }
}

function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

interface CompiledOperation {
  params: Record<ParamLocation, ValidateFunction>;
  bodies: Map<string, ValidateFunction>;
  responses: Map<number, ValidateFunction | null>;
}

function compileContract(document: Json): Contract {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const paramAjv = makeAjv(schemas, 'params');
  const bodyAjv = makeAjv(schemas, 'body');
  const responseAjv = makeAjv(schemas, 'response');
  const globalSecurity = Array.isArray(document.security) ? document.security : [];
  const textPolicy = textPolicyOf(document);

  const operations: Operation[] = [];
  const compiled = new Map<string, CompiledOperation>();
  const paths = isObject(document.paths) ? document.paths : {};

  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = deref(document, rawItem);
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of HTTP_METHODS) {
      if (!isObject(pathItem[method])) continue;
      const op = pathItem[method];
      const operationId = String(op.operationId);

      const paramSchemas: Record<ParamLocation, { properties: Json; required: string[] }> = {
        path: { properties: {}, required: [] },
        query: { properties: {}, required: [] },
        header: { properties: {}, required: [] },
      };
      for (const raw of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        const param = deref(document, raw);
        const location = param.in as ParamLocation;
        if (!(location in paramSchemas)) continue;
        const name = location === 'header' ? String(param.name).toLowerCase() : String(param.name);
        paramSchemas[location].properties[name] = rebase(param.schema ?? {});
        if (param.required === true) paramSchemas[location].required.push(name);
      }
      const compileParams = (location: ParamLocation) =>
        paramAjv.compile({ type: 'object', ...paramSchemas[location] });

      const requestBody = op.requestBody === undefined ? undefined : deref(document, op.requestBody);
      const content = requestBody && isObject(requestBody.content) ? requestBody.content : {};
      const bodies = new Map<string, ValidateFunction>();
      for (const [mediaType, media] of Object.entries(content)) {
        if (isObject(media)) bodies.set(mediaType, bodyAjv.compile(rebase(media.schema ?? {})));
      }

      const responses = isObject(op.responses) ? op.responses : {};
      const security = Array.isArray(op.security) ? op.security : globalSecurity;
      const operation: Operation = {
        operationId,
        method,
        path,
        route: API_PREFIX + path.replace(/\{([^}]+)\}/g, ':$1'),
        parameters: {
          path: Object.keys(paramSchemas.path.properties),
          query: Object.keys(paramSchemas.query.properties),
          header: Object.keys(paramSchemas.header.properties),
        },
        bodyRequired: requestBody?.required === true,
        bodyMediaTypes: [...bodies.keys()],
        statuses: Object.keys(responses).map(Number),
        requiresPlayer:
          security.length > 0 &&
          security.every((req) => isObject(req) && Object.keys(req).length === 1 && 'bearerAuth' in req),
        rateLimited: '429' in responses,
      };
      operations.push(operation);
      compiled.set(operationId, {
        params: { path: compileParams('path'), query: compileParams('query'), header: compileParams('header') },
        bodies,
        responses: new Map(),
      });
    }
  }

  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const compiledOf = (operation: Operation): CompiledOperation => {
    const entry = compiled.get(operation.operationId);
    if (!entry) throw new Error(`Unknown operation ${operation.operationId}`);
    return entry;
  };

  const responseValidator = (operation: Operation, status: number): ValidateFunction | null | undefined => {
    const entry = compiledOf(operation);
    if (!entry.responses.has(status)) {
      const paths = document.paths as Json;
      const op = (deref(document, paths[operation.path]) as Json)[operation.method] as Json;
      const raw = (op.responses as Json)[String(status)];
      if (raw === undefined) return undefined;
      const response = deref(document, raw);
      const media = isObject(response.content) ? response.content['application/json'] : undefined;
      entry.responses.set(status, isObject(media) ? responseAjv.compile(rebase(media.schema ?? {})) : null);
    }
    return entry.responses.get(status);
  };

  return {
    document,
    operations,
    operation(operationId) {
      const op = byId.get(operationId);
      if (!op) throw new Error(`No operation ${operationId} in the contract`);
      return op;
    },
    checkRequest(operation, parts) {
      const entry = compiledOf(operation);
      const errors: FieldErrors = {};
      const locations: [ParamLocation, unknown][] = [
        ['path', parts.params ?? {}],
        ['query', parts.query ?? {}],
        ['header', parts.headers ?? {}],
      ];
      for (const [location, value] of locations) {
        const validate = entry.params[location];
        if (!validate(value)) toFieldErrors(validate.errors ?? [], location, errors);
      }

      const hasBody = parts.body !== undefined && parts.body !== null && parts.body !== '';
      if (!hasBody) {
        if (operation.bodyRequired) errors.body = ['O corpo da requisição é obrigatório.'];
      } else if (operation.bodyMediaTypes.length === 0) {
        return { ok: false, status: 400, message: 'Esta chamada não aceita corpo.', errors: {} };
      } else {
        const validate = entry.bodies.get(mediaTypeOf(parts.contentType) ?? '');
        if (!validate) {
          return {
            ok: false,
            status: 400,
            message: `Tipo de conteúdo não suportado; use ${operation.bodyMediaTypes.join(' ou ')}.`,
            errors: {},
          };
        }
        if (!validate(parts.body)) toFieldErrors(validate.errors ?? [], 'body', errors);
      }
      // Control characters are refused wherever they are, before any handler or query sees them.
      checkTextPolicy(textPolicy, parts.params ?? {}, 'path', errors);
      checkTextPolicy(textPolicy, parts.query ?? {}, 'query', errors);
      if (hasBody) checkTextPolicy(textPolicy, parts.body, 'body', errors);
      return Object.keys(errors).length === 0
        ? { ok: true }
        : { ok: false, status: 422, message: INVALID_INPUT_MESSAGE, errors };
    },
    checkResponse(operation, status, body) {
      const validate = responseValidator(operation, status);
      if (validate === undefined) return [`status ${status} is not documented for ${operation.operationId}`];
      if (validate === null) return null;
      return validate(body)
        ? null
        : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
    },
  };
}
