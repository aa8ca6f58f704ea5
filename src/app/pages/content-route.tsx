import { useLocation } from 'react-router-dom';
import { ContentPage } from '../../features/content/content-page';
import { NotFoundPage } from '../../features/errors/error-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { Skeleton } from '../../ui/skeleton';
import { useAppChild } from '../app-context';
import { useCurrentEntry } from '../route-handle';
import { contentSlugOf } from '../routes';

/** A content or legal page: its flow is the root app machine's `contentPage` child, for this slug and language. */
export function ContentRoute() {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const { entry, params } = useCurrentEntry();
  const slug = entry ? contentSlugOf(entry, params) : undefined;
  const actor = useAppChild('contentPage');
  const notFound = <NotFoundPage path={pathname} homeHref={localizePath('/', locale)} />;
  if (!slug) return notFound;
  const context = actor?.getSnapshot().context;
  if (!actor || context?.slug !== slug || context.locale !== locale) {
    // The root starts the page's flow as the router reports the route: the same moment, before this renders.
    return (
      <article className="content-page" aria-busy="true" data-testid="content-loading">
        <Skeleton width="60%" height={36} />
      </article>
    );
  }
  return <ContentPage key={actor.id + slug + locale} actor={actor} notFound={notFound} />;
}
