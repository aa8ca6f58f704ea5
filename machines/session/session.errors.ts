/**
 * Reading failed calls inside the session machine without importing the API client: the actors reject with the
 * normalised `ApiError` of src/lib/api (status, messages, fields, body); these helpers read its plain shape.
 */
import type { SelfExclusion, SessionFailure } from './session.types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The HTTP status of a rejected call (0 for network errors), or null when the error is not a call's. */
export function statusOf(error: unknown): number | null {
  return isRecord(error) && typeof error.status === 'number' ? error.status : null;
}

/** §4: a 401 or 403 on the session check means the stored token is no good. */
export function isAuthRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || status === 403;
}

/** The self-exclusion a 403 reported (`selfExcluded: true`, `start_at`, `end_at`), or null. */
export function selfExclusionOf(error: unknown): SelfExclusion | null {
  if (statusOf(error) !== 403 || !isRecord(error) || !isRecord(error.body)) return null;
  const body = error.body;
  if (body.selfExcluded !== true || typeof body.start_at !== 'string') return null;
  return { startAt: body.start_at, endAt: typeof body.end_at === 'string' ? body.end_at : null };
}

/** What a form shows for a failed call: the messages and per-field texts, never the body. */
export function failureOf(error: unknown): SessionFailure {
  const status = statusOf(error) ?? 0;
  const messages =
    isRecord(error) && Array.isArray(error.messages)
      ? (error.messages as unknown[]).flatMap((m): SessionFailure['messages'] => {
          if (isRecord(m) && typeof m.text === 'string') return [{ text: m.text }];
          if (isRecord(m) && typeof m.id === 'string') return [{ id: m.id }];
          return [];
        })
      : [];
  const fields: Record<string, string[]> = {};
  if (isRecord(error) && isRecord(error.fields)) {
    for (const [key, value] of Object.entries(error.fields)) {
      if (Array.isArray(value)) fields[key] = value.filter((v): v is string => typeof v === 'string');
    }
  }
  return {
    status,
    messages: messages.length > 0 ? messages : [{ id: 'error_messages.unexpected' }],
    fields,
  };
}
