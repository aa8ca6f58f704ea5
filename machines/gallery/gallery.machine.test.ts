import { describe, expect, it } from 'vitest';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectGallery } from './gallery.connect';
import { galleryMachine } from './gallery.machine';

describe('gallery: generated paths', () => {
  it('reaches every state of both regions and no path fails', () => {
    const result = reachability(galleryMachine, {
      events: [
        { type: 'gallery.modal.open' },
        { type: 'gallery.modal.close' },
        { type: 'gallery.notice.dismiss' },
        { type: 'gallery.notice.restore' },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('gallery: stories', () => {
  it('starts with the dialog closed and the notices shown', () => {
    const { actor } = createTestActor(galleryMachine);
    expect(connectGallery(actor.getSnapshot())).toEqual({ modalOpen: false, noticeShown: true });
  });

  it('the demo dialog opens from its button and closes again', () => {
    const { actor } = createTestActor(galleryMachine);
    actor.send({ type: 'gallery.modal.open' });
    expect(connectGallery(actor.getSnapshot()).modalOpen).toBe(true);
    actor.send({ type: 'gallery.modal.close' });
    expect(connectGallery(actor.getSnapshot()).modalOpen).toBe(false);
  });

  it('the demo notices are dismissed by their close button and shown again on request', () => {
    const { actor } = createTestActor(galleryMachine);
    actor.send({ type: 'gallery.notice.dismiss' });
    expect(connectGallery(actor.getSnapshot())).toEqual({ modalOpen: false, noticeShown: false });
    actor.send({ type: 'gallery.notice.restore' });
    expect(connectGallery(actor.getSnapshot()).noticeShown).toBe(true);
  });

  it('the two regions are independent: the dialog opens while the notices are dismissed', () => {
    const { actor } = createTestActor(galleryMachine);
    actor.send({ type: 'gallery.notice.dismiss' });
    actor.send({ type: 'gallery.modal.open' });
    expect(connectGallery(actor.getSnapshot())).toEqual({ modalOpen: true, noticeShown: false });
  });
});
