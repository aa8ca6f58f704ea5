import { setup } from 'xstate';
import type { GalleryContext, GalleryEvent } from './gallery.types';

/**
 * The living gallery of `src/ui` (§2.2 /NewComponents): the demos that have a state of their own.
 * Regions: modal (closed, open: the demo dialog), notice (shown, dismissed: the demo notices' close button hides
 * them, "show again" brings them back). Every other component of the gallery is drawn in each of its states at once.
 */
export const galleryMachine = setup({
  types: {
    context: {} as GalleryContext,
    events: {} as GalleryEvent,
  },
}).createMachine({
  id: 'gallery',
  type: 'parallel',
  context: {},
  states: {
    modal: {
      initial: 'closed',
      states: {
        closed: { on: { 'gallery.modal.open': { target: 'open' } } },
        open: { on: { 'gallery.modal.close': { target: 'closed' } } },
      },
    },
    notice: {
      initial: 'shown',
      states: {
        shown: { on: { 'gallery.notice.dismiss': { target: 'dismissed' } } },
        dismissed: { on: { 'gallery.notice.restore': { target: 'shown' } } },
      },
    },
  },
});
