/**
 * §8 Mission claim: "a non-200 status or server error shows the server message, else 'Falha ao reivindicar a
 * recompensa.' or 'Erro desconhecido ao reivindicar a recompensa.'"
 *
 * Read as: the server's own text when the refusal carries one (src/lib/api keeps a body's messages as texts); else `missions.claim.failed` (the first text)
 * when the server answered with a status other than 200; else `missions.claim.unknown` (the second) when no
 * answer came (network, status 0) or the failure was not a call's.
 */
import { messagesOf, statusOf, type UiMessage } from '../kernel/api-error';

export const CLAIM_FAILED_ID = 'missions.claim.failed';
export const CLAIM_UNKNOWN_ID = 'missions.claim.unknown';

/** The server's own text if the refusal carries one (the api layer's fallbacks are catalogue ids, not texts). */
export function claimMessageOf(error: unknown): UiMessage {
  const own = messagesOf(error).find((m) => 'text' in m && m.text.trim() !== '');
  if (own) return own;
  const status = statusOf(error);
  return status !== null && status !== 0 ? { id: CLAIM_FAILED_ID } : { id: CLAIM_UNKNOWN_ID };
}
