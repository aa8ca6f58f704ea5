import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../features/errors/error-page';
import { localeFromPath, localizePath } from '../../i18n/locale';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} homeHref={localizePath('/', localeFromPath(pathname))} />;
}
