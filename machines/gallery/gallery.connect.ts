import type { SnapshotFrom } from 'xstate';
import type { galleryMachine } from './gallery.machine';

export interface GalleryView {
  /** The demo dialog is open. */
  modalOpen: boolean;
  /** The demo notices are shown (their close button dismisses them). */
  noticeShown: boolean;
}

export function connectGallery(snapshot: SnapshotFrom<typeof galleryMachine>): GalleryView {
  return {
    modalOpen: snapshot.matches({ modal: 'open' }),
    noticeShown: snapshot.matches({ notice: 'shown' }),
  };
}
