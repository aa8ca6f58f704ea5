import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { connectSite } from '../../../machines/site/site.connect';
import { OperatorIdentity } from '../../features/shell/operator-identity';
import { useT } from '../../i18n/use-t';
import { ContentPage } from '../../features/content/content-page';
import { NotFoundPage } from '../../features/errors/error-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { Skeleton } from '../../ui/skeleton';
import { useApp, useAppChild } from '../app-context';
import { useCurrentEntry } from '../route-handle';
import { contentSlugOf } from '../routes';

/** The compliance page's slug (§2.2 route table: /em-conformidade-com-a-regulamentacao). */
const COMPLIANCE_SLUG = 'em-conformidade-com-a-regulamentacao';

/** A content or legal page: its flow is the root app machine's `contentPage` child, for this slug and language. */
export function ContentRoute() {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const { entry, params } = useCurrentEntry();
  const slug = entry ? contentSlugOf(entry, params) : undefined;
  const actor = useAppChild('contentPage');
  const operator = useSelector(useApp().site, (s) => connectSite(s).brand?.operator ?? null);
  const t = useT();
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
  // Lei 14.790/2023 art. 15: the compliance page lists the operator's identity with its authorisation.
  const after =
    slug === COMPLIANCE_SLUG && operator ? (
      <section className="content-page__operator" data-testid="compliance-operator">
        <h2>{t('compliance.operator.title')}</h2>
        <p>{t('compliance.operator.intro')}</p>
        <OperatorIdentity operator={operator} variant="page" />
      </section>
    ) : null;
  return <ContentPage key={actor.id + slug + locale} actor={actor} notFound={notFound} after={after} />;
}
