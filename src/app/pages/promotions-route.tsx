import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { connectPromotions } from '../../../machines/promotions/promotions.connect';
import type { DynamicChildren } from '../app-context';
import { useApp, useAppChild } from '../app-context';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { PromotionsPage } from '../../features/promotions/promotions-page';

/** /promotions and /promotion: rendered from the root's `promotions` flow and the brand's rules. */
export function PromotionsRoute() {
  const promotions = useAppChild('promotions');
  if (!promotions) {
    return (
      <p role="status" className="page" data-testid="promotions-waiting">
        <FormattedMessage id="promotions.page.loading" />
      </p>
    );
  }
  return <Page promotions={promotions} />;
}

function Page(props: Pick<DynamicChildren, 'promotions'>) {
  const { site } = useApp();
  const isRegulated = useSelector(site, (s) => s.context.config?.is_regulated === true);
  const view = useSelector(props.promotions, (s) => connectPromotions(s, isRegulated));
  const locale = localeFromPath(useLocation().pathname);
  return (
    <PromotionsPage
      view={view}
      localize={(path) => localizePath(path, locale)}
      onRetry={() => props.promotions.send({ type: 'promotions.retry' })}
    />
  );
}
