import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { connectSite } from '../../../machines/site/site.connect';
import '../../features/casino/casino.css';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { Skeleton } from '../../ui/skeleton';
import { useApp } from '../app-context';

/** /casino/providers: every game provider with its logo and number of games, leading to its lobby. */
export function ProvidersRoute() {
  const intl = useIntl();
  const { site } = useApp();
  const locale = localeFromPath(useLocation().pathname);
  const providers = useSelector(site, (s) => connectSite(s).providers);
  return (
    <div className="lobby" data-testid="providers-page">
      <h1 className="lobby__title">{intl.formatMessage({ id: 'shell.page.casino-providers.title' })}</h1>
      <ul className="providers-grid" aria-busy={providers.loading}>
        {providers.loading
          ? Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <Skeleton height={120} radius={12} />
              </li>
            ))
          : providers.list.map((provider) => (
              <li key={provider.id}>
                <Link
                  className="provider-card"
                  to={`${localizePath('/casino/games', locale)}?provider=${encodeURIComponent(provider.code)}`}
                  data-testid="provider-card"
                >
                  <img src={provider.image} alt="" width={160} height={64} loading="lazy" decoding="async" />
                  <span className="provider-card__name">{provider.name}</span>
                  <span className="provider-card__count">
                    {intl.formatMessage({ id: 'home.provider_games' }, { count: provider.games_count })}
                  </span>
                </Link>
              </li>
            ))}
      </ul>
    </div>
  );
}
