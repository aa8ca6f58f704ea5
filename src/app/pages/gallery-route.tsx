import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { connectGallery, type GalleryView } from '../../../machines/gallery/gallery.connect';
import type { galleryMachine } from '../../../machines/gallery/gallery.machine';
import { connectSite } from '../../../machines/site/site.connect';
import { GalleryPage } from '../../features/demo/gallery-page';
import { localeFromPath } from '../../i18n/locale';
import { useApp, useAppChild } from '../app-context';
import { useToasts } from '../toast-region';

/**
 * /NewComponents: the design-system gallery, rendered from the root's `gallery` flow (its demo dialog and notices);
 * until the flow's code has arrived the components are drawn and the demos wait. The demo toast goes through the
 * app's toast queue like any other.
 */
export function GalleryRoute() {
  const gallery = useAppChild('gallery');
  return gallery ? <Running actor={gallery} /> : <Gallery view={null} send={() => undefined} />;
}

function Running({ actor }: { actor: ActorRefFrom<typeof galleryMachine> }) {
  const view = useSelector(actor, connectGallery);
  return <Gallery view={view} send={(event) => actor.send(event)} />;
}

function Gallery({ view, send }: { view: GalleryView | null; send: ActorRefFrom<typeof galleryMachine>['send'] }) {
  const { site } = useApp();
  const brand = useSelector(site, (s) => connectSite(s).brand);
  const locale = localeFromPath(useLocation().pathname);
  const toasts = useToasts();
  return (
    <GalleryPage
      view={view}
      locale={locale}
      brandName={brand?.siteName ?? ''}
      cssVariables={brand?.cssVariables ?? {}}
      onOpenModal={() => send({ type: 'gallery.modal.open' })}
      onCloseModal={() => send({ type: 'gallery.modal.close' })}
      onDismissNotice={() => send({ type: 'gallery.notice.dismiss' })}
      onRestoreNotice={() => send({ type: 'gallery.notice.restore' })}
      onShowToast={() => toasts.show({ id: 'gallery-demo', kind: 'success', messageId: 'gallery.toasts.demo' })}
    />
  );
}
