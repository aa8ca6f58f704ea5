/**
 * Failed calls, as every machine reads them (spec §8). The actors the app supplies reject with the normalised
 * `ApiError` of src/lib/api (status, messages, fields, body); machines never import it and read its plain shape
 * here instead. Anything else an actor throws (a payload that failed its schema, a bug) is `unexpected`.
 */

/** A message to show: a catalogue id (with values) or a server text already in the player's language. */
export type UiMessage = { id: string; values?: Record<string, string | number> } | { text: string };

/** A failed call as a form shows it: the messages and per-field texts, never the body. */
export interface Failure {
  /** HTTP status; 0 for a network error or for a failure that was not a call's. */
  status: number;
  /** Never empty: the server's messages, else §8's fallback for the status. */
  messages: UiMessage[];
  fields: Record<string, string[]>;
}

export const UNEXPECTED_MESSAGE_ID = 'error_messages.unexpected';
export const NETWORK_MESSAGE_ID = 'error_messages.network';

/** The statuses that have an `error_messages.{status}` entry in the catalogues (spec §8). */
export const CATALOGUE_STATUSES: readonly number[] = [
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 422, 429, 500, 501, 502,
  503, 504, 505,
];
const catalogued = new Set(CATALOGUE_STATUSES);

/** §8: `error_messages.{status}` when the catalogue has that status, else `error_messages.unexpected`. */
export function statusMessageId(status: number): string {
  return catalogued.has(status) ? `error_messages.${status}` : UNEXPECTED_MESSAGE_ID;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The HTTP status of a rejected call (0 for network errors), or null when the error is not a call's. */
export function statusOf(error: unknown): number | null {
  return isRecord(error) && typeof error.status === 'number' ? error.status : null;
}

/** The seconds a rejected call's `Retry-After` asked to wait (rounded up), or null when it did not say. */
export function retryAfterSecondsOf(error: unknown): number | null {
  return isRecord(error) && typeof error.retryAfterMs === 'number' && error.retryAfterMs > 0
    ? Math.ceil(error.retryAfterMs / 1000)
    : null;
}

/** The parsed response body of a rejected call (e.g. a 403's `selfExcluded`), or null. */
export function bodyOf(error: unknown): Record<string, unknown> | null {
  return isRecord(error) && isRecord(error.body) ? error.body : null;
}

/** §8's message when a failure carries none of its own: network, the status's catalogue entry, or unexpected. */
export function fallbackMessageId(error: unknown): string {
  const status = statusOf(error);
  if (status === null) return UNEXPECTED_MESSAGE_ID;
  return status === 0 ? NETWORK_MESSAGE_ID : statusMessageId(status);
}

/** The messages of a failed call (never empty). */
export function messagesOf(error: unknown): UiMessage[] {
  const messages =
    isRecord(error) && Array.isArray(error.messages)
      ? error.messages.flatMap((m: unknown): UiMessage[] => {
          if (isRecord(m) && typeof m.text === 'string') return [{ text: m.text }];
          if (isRecord(m) && typeof m.id === 'string') {
            return [
              isRecord(m.values) ? { id: m.id, values: m.values as Record<string, string | number> } : { id: m.id },
            ];
          }
          return [];
        })
      : [];
  return messages.length > 0 ? messages : [{ id: fallbackMessageId(error) }];
}

/** The catalogue id of a failure shown as one line (the first id, else §8's fallback). */
export function messageIdOf(error: unknown): string {
  const first = messagesOf(error).find((m): m is Extract<UiMessage, { id: string }> => 'id' in m);
  return first?.id ?? fallbackMessageId(error);
}

/** The one normaliser: status (0 when unknown), messages (never empty) and per-field texts of any failure. */
export function failureOf(error: unknown): Failure {
  const fields: Record<string, string[]> = {};
  if (isRecord(error) && isRecord(error.fields)) {
    for (const [key, value] of Object.entries(error.fields)) {
      if (Array.isArray(value)) fields[key] = value.filter((v): v is string => typeof v === 'string');
    }
  }
  return { status: statusOf(error) ?? 0, messages: messagesOf(error), fields };
}

/** The error of a failed invoke's event, for `params` and `assign` (`{ type: 'keepFailure', params: errorOf }`). */
export const errorOf = ({ event }: { event: { error: unknown } }): unknown => event.error;
