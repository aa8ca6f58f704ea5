/**
 * What the casino screens render: view models built from machine snapshots (src/app/pages/*-route.tsx), so the
 * components never read a machine or the network themselves.
 */

/** One game as a tile shows it. `to` is the localised game page path. */
export interface GameCardView {
  id: number;
  title: string;
  providerCode: string;
  providerName: string;
  gamecode: string;
  image: string;
  imageMobile: string;
  to: string;
  onlyDemo: boolean;
  hasTables: boolean;
  /** Return to player in basis points (9259 = 92.59%), shown on the tile and the game page (Portaria SPA/MF 1.231/2024 art. 4 II). */
  rtpBp: number;
  /** The list's marks for the player (a guest's are off): hasLike, totalLikes, hasFavorite. */
  liked: boolean;
  likes: number;
  favorite: boolean;
}

/** The player's marks on a game (from the reactions flow; a guest's are all off). */
export interface GameMarks {
  liked: boolean;
  likes: number;
  favorite: boolean;
  /** A like or favorite request is under way (the button says so; a second tap is kept, not raced). */
  pending: boolean;
}
