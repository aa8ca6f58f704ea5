import { SIGAP_IMPEDIDO_CODE } from '../../../shared/sigap';
import {
  CATALOGUE_STATUSES,
  NETWORK_MESSAGE_ID,
  statusMessageId,
  UNEXPECTED_MESSAGE_ID,
} from '../../../machines/kernel/api-error';
import type { components } from '../../../shared/api/schema';

/** A message to show: a catalogue id (rendered in the player's language) or text the server already wrote. */
export type ApiMessage = { id: string; values?: Record<string, string> } | { text: string };

/** Every failed call, normalised per spec §8's generic rule. */
export interface ApiErrorShape {
  /** HTTP status; 0 for a network error. */
  status: number;
  /** false for 403 and 490, which are passed on without being shown. */
  shown: boolean;
  messages: ApiMessage[];
  /** Server messages per field (from the body's `errors` object), for forms. */
  fields: Record<string, string[]>;
  /** The parsed response body, for callers that need more (e.g. login's selfExcluded, start_at, end_at). */
  body: unknown;
  /** How long the platform asked to wait (`Retry-After` of a 429 or 503), when it said. */
  retryAfterMs?: number;
}

/** Thrown by `unwrap()` and by the client on network errors; carries the normalised shape. */
export class ApiError extends Error implements ApiErrorShape {
  readonly status: number;
  readonly shown: boolean;
  readonly messages: ApiMessage[];
  readonly fields: Record<string, string[]>;
  readonly body: unknown;
  readonly retryAfterMs?: number;

  constructor(shape: ApiErrorShape, options?: { cause?: unknown }) {
    // The message names the status only: bodies may echo what the player typed.
    super(shape.status === 0 ? 'Network error' : `API error ${shape.status}`, options);
    this.name = 'ApiError';
    this.status = shape.status;
    this.shown = shape.shown;
    this.messages = shape.messages;
    this.fields = shape.fields;
    this.body = shape.body;
    if (shape.retryAfterMs !== undefined) this.retryAfterMs = shape.retryAfterMs;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

// §8's catalogue statuses and message ids: one definition, in the machines' kernel (machines read failures too).
export { CATALOGUE_STATUSES, NETWORK_MESSAGE_ID, statusMessageId, UNEXPECTED_MESSAGE_ID };
/** Statuses passed on without being shown (spec §8). */
export const UNSHOWN_STATUSES: ReadonlySet<number> = new Set([403, 490]);

/** A call the caller cancelled: not a failure to report, retry or count. */
export function isAbortError(error: unknown, request: Request): boolean {
  return request.signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SIGAP_FIELDS = ['cpf', 'login', 'amount', 'game_id'] as const;

/**
 * The catalogue message of a `NationalListError` (`code: SIGAP_IMPEDIDO`): one per place it happens (sign-up `cpf`,
 * sign-in `login`, deposit `amount`, game launch `game_id`); null for any other body.
 */
export function sigapMessageId(body: unknown): string | null {
  if (!isRecord(body) || body.code !== SIGAP_IMPEDIDO_CODE) return null;
  const errors = isRecord(body.errors) ? body.errors : {};
  const field = SIGAP_FIELDS.find((f) => f in errors) ?? 'login';
  return `sigap.error.${field}`;
}

/** Field → messages from an `errors` object whose values are a message or a list of messages. */
function fieldMessages(errors: Record<string, unknown>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const list = (Array.isArray(value) ? value : [value]).filter(
      (m): m is string => typeof m === 'string' && m.trim() !== '',
    );
    if (list.length > 0) fields[field] = list;
  }
  return fields;
}

/**
 * Spec §8's generic rule. For any status other than 403 and 490: when the body has an `errors` object, all its
 * messages flattened (and kept per field); otherwise the message `error_messages.{status}` when the catalogue
 * has that status, else `error_messages.unexpected`. 403 and 490 get the same content but `shown: false`.
 */
/** The contract's `ErrorCode`s (openapi/openapi.yaml), each with an `error_codes.*` entry in both catalogues. */
export const ERROR_CODES: ReadonlySet<string> = new Set<components['schemas']['ErrorCode']>([
  'profile_incomplete',
  'second_factor_required',
  'second_factor_invalid',
  'second_factor_rate_limited',
  'second_factor_expired',
]);

export function normalizeApiError(status: number, body: unknown, retryAfterMs?: number): ApiError {
  const sigap = sigapMessageId(body);
  if (sigap) {
    // A SIGAP "Impedido" refusal (IN SPA/MF 31/2025, IN SPA/MF 22/2025): said in the player's language, by its code.
    return new ApiError({ status, shown: true, messages: [{ id: sigap }], fields: {}, body });
  }
  const errors = isRecord(body) && isRecord(body.errors) ? body.errors : undefined;
  const fields = errors ? fieldMessages(errors) : {};
  const texts = Object.values(fields).flat();
  // A reason the contract names (`code`: ErrorCode) is said from the catalogue, in the player's language.
  const coded = isRecord(body) && typeof body.code === 'string' && ERROR_CODES.has(body.code) ? body.code : null;
  const messages: ApiMessage[] = coded
    ? [{ id: `error_codes.${coded}` }]
    : texts.length > 0
      ? texts.map((text) => ({ text }))
      : [{ id: statusMessageId(status) }];
  return new ApiError({
    status,
    shown: !UNSHOWN_STATUSES.has(status),
    messages,
    fields,
    body,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/** A network error (no response): status 0, `error_messages.network`. */
export function networkApiError(cause?: unknown): ApiError {
  return new ApiError(
    { status: 0, shown: true, messages: [{ id: NETWORK_MESSAGE_ID }], fields: {}, body: undefined },
    { cause },
  );
}
