/** The gallery's sections, in page order: each is a `gallery-<id>` test id and an anchor of the contents. */
export const GALLERY_SECTIONS = [
  'colors',
  'typography',
  'buttons',
  'inputs',
  'notices',
  'messages',
  'toasts',
  'modal',
  'spinner',
  'skeleton',
  'cards',
  'icons',
  'money',
] as const;
export type GallerySection = (typeof GALLERY_SECTIONS)[number];
