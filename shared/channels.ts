/**
 * The realtime channel names (§7 Realtime): a player's (or a guest's) private channel, the brand's public channel
 * and its presence channel. One place for the app and the sandbox, so the name a flow joins is the name the
 * platform publishes on. Pure: no imports.
 */

/** A signed-in player's channel (their user id), or a guest's (their Guest-ID). */
export const playerChannel = (id: number | string): string => `private-universal.${id}`;

/** The brand's public channel (bets, chat messages, global notifications). */
export const publicChannel = (casinoId: number): string => `universal-public.${casinoId}`;

/** The brand's presence channel (who is online). */
export const presenceChannel = (casinoId: number): string => `presence-universal-public.${casinoId}`;
