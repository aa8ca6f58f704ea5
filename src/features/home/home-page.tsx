import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LiveBetsViewModel } from '../../../machines/bets-feed/bets-feed.connect';
import type { BetsFeedTab } from '../../../machines/bets-feed/bets-feed.types';
import type { BrandViewModel, SiteViewModel } from '../../../machines/site/site.connect';
import { localizePath, type Locale } from '../../i18n/locale';
import { buttonLook } from '../../ui/button';
import { Icon, type IconName } from '../../ui/icon';
import { useSecondPass } from '../../ui/second-pass';
import { Skeleton } from '../../ui/skeleton';
import { BannerCarousel } from './banner-carousel';
import { LiveBetsLazy } from './live-bets-lazy';
import './home.css';
import { useT } from '../../i18n/use-t';

interface Tile {
  id: string;
  to: string;
  labelId: string;
  icon: IconName;
  feature?: keyof BrandViewModel['features'];
}

const TILES: Tile[] = [
  { id: 'casino', to: '/casino/games', labelId: 'shell.nav.casino', icon: 'casino' },
  { id: 'sports', to: '/sports', labelId: 'shell.nav.sports', icon: 'sports', feature: 'sports' },
  { id: 'crates', to: '/casino/crates', labelId: 'shell.nav.crates', icon: 'crates', feature: 'boxes' },
  { id: 'promotions', to: '/promotions', labelId: 'shell.nav.promotions', icon: 'promotions' },
  { id: 'ranking', to: '/ranking', labelId: 'shell.nav.ranking', icon: 'ranking' },
  { id: 'vip', to: '/rewards', labelId: 'shell.nav.vip_club', icon: 'vip' },
];

export interface HomePageProps {
  brand: BrandViewModel;
  providers: SiteViewModel['providers'];
  locale: Locale;
  /** The live bets feed (§4 Bets feed). */
  liveBets: LiveBetsViewModel;
  /** The player picks a live bets tab. */
  onShowLiveBetsTab?: (tab: BetsFeedTab) => void;
  /** A guest on the "my bets" tab asks to sign in. */
  onSignIn?: () => void;
  /**
   * Who is looking: `checking` while a stored token is being checked (no call to action yet), a guest, or a
   * signed-in player (greeted by first name, offered a deposit instead of an account).
   */
  visitor: HomeVisitor;
  /** Rows of games (featured, by category, by provider), rendered by the route from the home rows flow. */
  gameRows?: ReactNode;
}

export type HomeVisitor = { kind: 'checking' } | { kind: 'guest' } | { kind: 'player'; firstName: string };

/** The home page: banners, a welcome for guests or players, the areas of the site, live bets, the providers. */
export function HomePage({
  brand,
  providers,
  locale,
  liveBets,
  onShowLiveBetsTab,
  onSignIn,
  visitor,
  gameRows,
}: HomePageProps) {
  const t = useT();
  const banners = brand.banners.filter((b) => b.position === 'home');
  const tiles = TILES.filter((tile) => !tile.feature || brand.features[tile.feature]);
  // Below the welcome: rendered in a second pass, after the banner's paint (src/ui/second-pass.ts).
  const belowTheFold = useSecondPass();

  return (
    <div className="home" data-testid="home-page">
      <h1 className="visually-hidden">{brand.title}</h1>
      {/* A regulated brand's withheld bonuses are named for a reviewer in the QA panel's compliance view, never to
          the player (sandbox/panel/compliance-rewards.ts). */}
      {banners.length > 0 ? <BannerCarousel banners={banners} locale={locale} /> : null}

      <section className="home__welcome" data-testid="home-welcome" data-visitor={visitor.kind}>
        {visitor.kind === 'player' ? (
          <>
            <div>
              <h2 className="home__title">{t('home.player_title', { name: visitor.firstName })}</h2>
              <p className="home__lead">{t('home.player_text')}</p>
            </div>
            <div className="home__actions">
              <Link
                to={`${localizePath('/account/wallet', locale)}?tab=deposit`}
                {...buttonLook({ variant: 'secondary' })}
                data-testid="home-deposit"
              >
                <Icon name="deposit" size={18} />
                {t('home.cta_deposit')}
              </Link>
              <Link to={localizePath('/casino/games', locale)} {...buttonLook({ variant: 'outline' })}>
                {t('home.cta_games')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <div>
              <h2 className="home__title">{t('home.welcome_title', { site: brand.siteName })}</h2>
              <p className="home__lead">{t('home.welcome_text')}</p>
            </div>
            {/* While the stored token is checked nobody is offered an account they may already have. */}
            <div className="home__actions">
              {visitor.kind === 'guest' ? (
                <Link
                  to={localizePath('/register', locale)}
                  {...buttonLook({ variant: 'secondary' })}
                  data-testid="home-register"
                >
                  {t('home.cta_register')}
                </Link>
              ) : null}
            </div>
          </>
        )}
      </section>

      {belowTheFold ? (
        <>
          <section aria-labelledby="home-areas">
            <h2 id="home-areas" className="home__section-title">
              {t('home.areas_title')}
            </h2>
            <ul className="home__tiles">
              {tiles.map((tile) => (
                <li key={tile.id}>
                  <Link to={localizePath(tile.to, locale)} className="home__tile" data-testid={`home-tile-${tile.id}`}>
                    <Icon name={tile.icon} size={28} />
                    <span>{t(tile.labelId)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          {gameRows}

          <LiveBetsLazy vm={liveBets} onShowTab={onShowLiveBetsTab} onSignIn={onSignIn} />

          <section aria-labelledby="home-providers" aria-busy={providers.loading}>
            <h2 id="home-providers" className="home__section-title">
              {t('home.providers_title')}
            </h2>
            <ul className="home__providers" data-testid="home-providers">
              {providers.loading
                ? Array.from({ length: 6 }, (_, i) => (
                    <li key={i}>
                      <Skeleton height={92} />
                    </li>
                  ))
                : providers.list.map((provider) => (
                    <li key={provider.id}>
                      <Link
                        className="home__provider"
                        to={`${localizePath('/casino/games', locale)}?provider=${encodeURIComponent(provider.code)}`}
                      >
                        <img src={provider.image} alt="" width={48} height={48} loading="lazy" decoding="async" />
                        <span className="home__provider-name">{provider.name}</span>
                        <span className="home__provider-count">
                          {t('home.provider_games', { count: provider.games_count })}
                        </span>
                      </Link>
                    </li>
                  ))}
            </ul>
            {!providers.loading && providers.list.length === 0 ? (
              <p className="home__empty">{t('home.providers_empty')}</p>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
