/**
 * §9 "Names masked, showing the first 3 characters (4 for longer names)".
 *
 * "Longer" is decided here as **8 characters or more** (counted in Unicode code points, after trimming): the
 * same threshold the sandbox uses for the real bets it publishes (`sandbox/panel/live.ts` `maskName`), so real
 * and fictitious names look alike. At 8 characters, 4 shown still hides half the name; below it, 3 are shown.
 * The mask is always three asterisks, whatever the name's length, so the mask never tells how long a name is.
 */
export const MASK = '***';
/** A name this long (code points) or longer shows 4 characters; shorter ones show 3. */
export const LONG_NAME_MIN = 8;

/** How many leading characters of a name of `length` code points are shown. */
export const shownCharacters = (length: number): number => Math.min(length, length >= LONG_NAME_MIN ? 4 : 3);

export function maskName(name: string): string {
  const chars = [...name.trim()];
  return `${chars.slice(0, shownCharacters(chars.length)).join('')}${MASK}`;
}
