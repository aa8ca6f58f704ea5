/**
 * A failed games call as the games machines keep it: a kind the screen maps to its own i18n key, the HTTP
 * status, and §8's catalogue id of the failure (machines/kernel/api-error). Never a text to show.
 */
import { bodyOf, messageIdOf, statusOf, UNEXPECTED_MESSAGE_ID } from '../kernel/api-error';

export type GamesErrorKind =
  /** No answer (status 0): offline, DNS, CORS, timeout. */
  | 'network'
  /** 404: unknown game, provider or page. */
  | 'notFound'
  /** 503 (or 402, §4 Site): the provider or the platform is in maintenance. */
  | 'maintenance'
  /** 401: the session is gone. */
  | 'unauthorized'
  /** 403 with `selfExcluded`: the player may not play for real (the session is told by the root). */
  | 'selfExcluded'
  /**
   * 403 with `code: RTP_BELOW_MINIMUM`: a regulated brand does not offer a game returning under 85% (Portaria SPA/MF
   * 1.207/2024). Not a retryable failure: the page says why and offers the way out.
   */
  | 'rtpBelowMinimum'
  /** Another 4xx: the request was refused. */
  | 'refused'
  /** A 5xx other than 503. */
  | 'server'
  /** The call answered, but not with what the machine needs (e.g. a launch answer without a URL). */
  | 'invalidAnswer'
  /** Anything that is not a call's failure (a bug, a payload that failed its schema). */
  | 'unexpected';

export interface GamesError {
  kind: GamesErrorKind;
  /** HTTP status; 0 when there was no answer or the failure was not a call's. */
  status: number;
  /** §8: the server's message id, else `error_messages.{status}`, network or unexpected. */
  messageId: string;
}

/** The kind of a rejected call, by its status (and the 403 body's `selfExcluded`). */
export function gamesErrorKind(error: unknown): GamesErrorKind {
  const status = statusOf(error);
  if (status === null) return 'unexpected';
  if (status === 0) return 'network';
  if (status === 404) return 'notFound';
  if (status === 402 || status === 503) return 'maintenance';
  if (status === 401) return 'unauthorized';
  if (status === 403 && bodyOf(error)?.selfExcluded === true) return 'selfExcluded';
  if (status === 403 && bodyOf(error)?.code === 'RTP_BELOW_MINIMUM') return 'rtpBelowMinimum';
  if (status >= 500) return 'server';
  if (status >= 400) return 'refused';
  return 'unexpected';
}

/** The one normaliser of the games machines: any rejection becomes a `GamesError`. */
export function gamesErrorOf(error: unknown): GamesError {
  return { kind: gamesErrorKind(error), status: statusOf(error) ?? 0, messageId: messageIdOf(error) };
}

/** A call that answered without what was needed (e.g. an empty launch URL). */
export const INVALID_ANSWER: GamesError = {
  kind: 'invalidAnswer',
  status: 0,
  messageId: UNEXPECTED_MESSAGE_ID,
};
