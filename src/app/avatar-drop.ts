/**
 * The image a player chose for their avatar, kept here and never in the flow (its events and context reach the
 * inspector): the page `put`s it and sends only its type and size; the upload `take`s it.
 */
export interface AvatarDrop {
  put(file: File): void;
  take(): File | undefined;
}

export function createAvatarDrop(): AvatarDrop {
  let chosen: File | undefined;
  return {
    put(file) {
      chosen = file;
    },
    take() {
      const file = chosen;
      chosen = undefined;
      return file;
    },
  };
}

/** The app's one avatar drop (the /user page puts, the profile flow's upload takes). */
export const avatarDrop: AvatarDrop = createAvatarDrop();
