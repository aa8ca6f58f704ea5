/**
 * The provably-fair draw of a prize box, shared by the sandbox (which draws) and the app (which shows how
 * to verify a draw). Pure, no Node or DOM dependency beyond Web Crypto (`globalThis.crypto.subtle`, in browsers and
 * Node 20) for the async helpers.
 *
 * 1. Before a purchase the platform commits to a random 32-byte server seed by showing its SHA-256 (hex).
 * 2. The purchase binds the box to that server seed, the player's client seed and his nonce (0, 1, 2, … per player).
 * 3. On opening: digest = HMAC-SHA256(key = the server seed's 64-character hex text as ASCII bytes,
 *    message = `${client_seed}:${nonce}`); u = the digest's first 4 bytes as a big-endian unsigned integer;
 *    roll = floor(u × 10000 / 2^32), in 0…9999 (each roll has 429 496 or 429 497 of the 2^32 values of u).
 * 4. Walking the box's prizes by ascending id and summing their `odds_bp` (a box sums to exactly 10000), the prize
 *    is the first whose running sum exceeds the roll.
 * 5. After opening the server seed is revealed: SHA-256(server seed) must equal the hash shown in step 1.
 */

/** Basis points of a whole box: its prizes' `odds_bp` sum to exactly this. */
export const ODDS_TOTAL_BP = 10_000;

/** The algorithm in words, as `BoxFairness.algorithm` carries it (Portuguese, like the platform's other texts). */
export const FAIRNESS_ALGORITHM =
  'roll = floor(u × 10000 / 2^32), onde u são os 4 primeiros bytes (big-endian, sem sinal) de ' +
  'HMAC-SHA256(chave = server_seed em texto hexadecimal, mensagem = "{client_seed}:{nonce}"); ' +
  'o prêmio é o primeiro, em ordem crescente de id, cuja soma acumulada de odds_bp passa de roll. ' +
  'SHA-256(server_seed) é o hash mostrado antes da compra.';

/** The HMAC message of a draw. */
export const drawMessage = (clientSeed: string, nonce: number): string => `${clientSeed}:${nonce}`;

/** Step 3: the roll (0…9999) of an HMAC-SHA256 digest. */
export function rollFromDigest(digest: Uint8Array): number {
  if (digest.length < 4) throw new RangeError('digest too short');
  const u = ((digest[0]! << 24) >>> 0) + (digest[1]! << 16) + (digest[2]! << 8) + digest[3]!;
  return Math.floor((u * ODDS_TOTAL_BP) / 2 ** 32);
}

/** True when the prizes' odds are integers in 1…10000 that sum to exactly 10000 (a box that may be published). */
export function oddsAreComplete(prizes: readonly { odds_bp: number }[]): boolean {
  return (
    prizes.length > 0 &&
    prizes.every((p) => Number.isInteger(p.odds_bp) && p.odds_bp >= 1 && p.odds_bp <= ODDS_TOTAL_BP) &&
    prizes.reduce((sum, p) => sum + p.odds_bp, 0) === ODDS_TOTAL_BP
  );
}

/** Step 4: the prize a roll lands on, walking the prizes by ascending id. */
export function pickPrize<P extends { id: number; odds_bp: number }>(prizes: readonly P[], roll: number): P {
  if (!oddsAreComplete(prizes)) throw new RangeError('the odds do not sum to 10000');
  if (!Number.isInteger(roll) || roll < 0 || roll >= ODDS_TOTAL_BP) throw new RangeError(`bad roll ${roll}`);
  let sum = 0;
  for (const prize of [...prizes].sort((a, b) => a.id - b.id)) {
    sum += prize.odds_bp;
    if (sum > roll) return prize;
  }
  throw new RangeError('unreachable: the odds sum to 10000');
}

const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 hex of a text (UTF-8), with Web Crypto. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Steps 3 with Web Crypto: the roll of a revealed draw, to verify it. */
export async function computeRoll(draw: { serverSeed: string; clientSeed: string; nonce: number }): Promise<number> {
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(draw.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = await globalThis.crypto.subtle.sign(
    'HMAC',
    key,
    encoder.encode(drawMessage(draw.clientSeed, draw.nonce)),
  );
  return rollFromDigest(new Uint8Array(digest));
}

/** The whole check of an opened box: the hash matches the revealed seed, and the roll and prize re-compute. */
export async function verifyDraw<P extends { id: number; odds_bp: number }>(
  draw: {
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
    roll: number;
    prizeId: number;
  },
  prizes: readonly P[],
): Promise<{ hashMatches: boolean; roll: number; prize: P; ok: boolean }> {
  const [hash, roll] = await Promise.all([sha256Hex(draw.serverSeed), computeRoll(draw)]);
  const prize = pickPrize(prizes, roll);
  const hashMatches = hash === draw.serverSeedHash;
  return { hashMatches, roll, prize, ok: hashMatches && roll === draw.roll && prize.id === draw.prizeId };
}
