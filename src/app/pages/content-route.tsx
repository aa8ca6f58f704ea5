import { useLocation } from 'react-router-dom';
import { ContentPage } from '../../features/content/content-page';
import { NotFoundPage } from '../../features/errors/error-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { useApp } from '../app-context';
import { useCurrentEntry } from '../route-handle';
import { contentSlugOf } from '../routes';

export function ContentRoute() {
  const { services } = useApp();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const { entry, params } = useCurrentEntry();
  const slug = entry ? contentSlugOf(entry, params) : undefined;
  const notFound = <NotFoundPage path={pathname} homeHref={localizePath('/', locale)} />;
  if (!slug) return notFound;
  return (
    <ContentPage
      key={`${slug}:${locale}`}
      logic={services.contentPageLogic}
      slug={slug}
      locale={locale}
      notFound={notFound}
    />
  );
}
