/**
 * Return to player (RTP), in integer basis points (9259 = 92.59%): the minimum a game offered by a licensed operator
 * returns (Portaria SPA/MF 1.207/2024: 85%). The sandbox's provider and operator refuse a game under it on a
 * regulated brand; the app words the refusal with it.
 */
export const MIN_RTP_BP = 8_500;
