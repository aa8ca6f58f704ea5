/**
 * The boxes pages' browser side: what is read when the player acts (reduced motion, a purchase's key) and
 * the confetti the reel throws when a rare prize is revealed (drawing only: nothing is sent to a flow).
 */
import { burstFrom } from '../../lib/confetti/confetti';

/** The player's system asks for reduced motion (read when they press open). */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A purchase's idempotency key: one per confirmation (POST /boxes/buy `request_id`). */
export const newRequestId = () => globalThis.crypto.randomUUID();

/** Confetti from the reel's marker (./src/lib/confetti: fetched on first use, nothing with reduced motion). */
export const celebrate = (element: Element) => void burstFrom(element).catch(() => undefined);
