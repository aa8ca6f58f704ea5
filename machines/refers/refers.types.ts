/** Types of /refers: the player's referral link and the players who registered with it. */
import type { Failure } from '../kernel/api-error';

export interface RefersInput {
  /** Where the link points: the site's origin and locale prefix (`https://azul.example` or `…/en`). */
  base: string;
  /** Whether the browser offers its share sheet (navigator.share). */
  canShare: boolean;
}

export interface RefersContext extends RefersInput {
  /** The last GET /profile/affiliates body read (kept while a reload runs or fails). */
  data: unknown;
  failure: Failure | null;
}

export interface RefersLinkInput {
  link: string;
}

export type RefersEvent =
  { type: 'refers.copy' } | { type: 'refers.share' } | { type: 'refers.retry' } | { type: 'refers.reload' };
