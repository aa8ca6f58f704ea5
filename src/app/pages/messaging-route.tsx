import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { connectSite } from '../../../machines/site/site.connect';
import { MessagingPage } from '../../features/demo/messaging-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { useApp } from '../app-context';

/** /messaging-2: the empty layout's demo page (no header, menus or footer). */
export function MessagingRoute() {
  const { site } = useApp();
  const siteName = useSelector(site, (s) => connectSite(s).brand?.siteName ?? '');
  const locale = localeFromPath(useLocation().pathname);
  return <MessagingPage siteName={siteName} homeHref={localizePath('/', locale)} />;
}
