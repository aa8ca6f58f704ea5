/** The design-system gallery (/NewComponents) has no data of its own: its demos are open or shown, or not. */
export type GalleryContext = Record<string, never>;

export type GalleryEvent =
  | { type: 'gallery.modal.open' }
  | { type: 'gallery.modal.close' }
  | { type: 'gallery.notice.dismiss' }
  | { type: 'gallery.notice.restore' };
