/**
 * Why the platform ended a session: a signed-in call answered 401 with this header when the player's
 * daily play-time limit is used up, so the app says that (in the player's language) instead of §8's "session
 * expired". Without the header a 401 is §8's.
 */
export const SESSION_ENDED_HEADER = 'X-Session-Ended';
export const SESSION_ENDED_PLAY_TIME = 'play-time-limit';
