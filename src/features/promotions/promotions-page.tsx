import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { PromotionsView } from '../../../machines/promotions/promotions.connect';
import type { PromotionTheme, PromotionView } from '../../../machines/promotions/promotions.view';
import { sanitizeContentHtml } from '../../lib/sanitize-html';
import { Button, buttonLook } from '../../ui/button';
import { Icon, type IconName } from '../../ui/icon';
import { UiMessages } from '../../ui/ui-message';
import { formatInSaoPaulo } from '../../../shared/sao-paulo';
import './promotions.css';
import { useT } from '../../i18n/use-t';

const THEME_ICON: Record<PromotionTheme, IconName> = {
  welcome: 'bonus',
  cashback: 'deposit',
  spins: 'casino',
  tournament: 'ranking',
  referral: 'user',
  missions: 'promotions',
};

export interface PromotionsPageProps {
  view: PromotionsView;
  /** The page's language prefix applied: `/promotion?slug=x` → `/en/promotion?slug=x`. */
  localize: (path: string) => string;
  onRetry: () => void;
}

function Art({ theme, badge, large = false }: { theme: PromotionTheme; badge: string; large?: boolean }) {
  return (
    <div className="promo-art" data-theme={theme} data-large={large}>
      <span className="promo-art__glow" aria-hidden="true" />
      <span className="promo-art__icon">
        <Icon name={THEME_ICON[theme]} size={large ? 72 : 56} />
      </span>
      {badge && <span className="promo-art__badge">{badge}</span>}
    </div>
  );
}

function useEnds() {
  const intl = useIntl();
  return (p: PromotionView) =>
    p.endsAt
      ? intl.formatMessage(
          { id: 'promotions.page.ends' },
          {
            date: formatInSaoPaulo(p.endsAt, intl.locale, { day: '2-digit', month: 'short' }),
          },
        )
      : intl.formatMessage({ id: 'promotions.page.ongoing' });
}

/** /promotions: the brand's promotions as a grid of cards, each opening its page. */
export function PromotionsPage({ view, localize, onRetry }: PromotionsPageProps) {
  const t = useT();
  const ends = useEnds();
  if (view.mode === 'detail') return <PromotionDetail view={view} localize={localize} onRetry={onRetry} />;
  return (
    <div className="page promos" data-testid="promotions-page">
      <header className="promos__head">
        <h1 className="promos__title">{t('promotions.page.title')}</h1>
        <p className="promos__lead">{t('promotions.page.lead')}</p>
      </header>
      {view.loading && (
        <p role="status" className="promos__muted">
          {t('promotions.page.loading')}
        </p>
      )}
      <UiMessages messages={view.messages} testId="promotions-error" />
      {view.canRetry && (
        <Button variant="outline" onClick={onRetry} data-testid="promotions-retry">
          {t('promotions.page.retry')}
        </Button>
      )}
      {!view.loading && !view.canRetry && view.items.length === 0 && (
        <p className="promos__muted" data-testid="promotions-empty">
          {t('promotions.page.empty')}
        </p>
      )}
      <ul className="promos__grid">
        {view.items.map((p) => {
          const href = localize(`/promotion?slug=${p.slug}`);
          return (
            <li key={p.slug} className="promo-card" data-testid="promotion-card" data-slug={p.slug}>
              <Link to={href} className="promo-card__art-link" tabIndex={-1} aria-hidden="true">
                <Art theme={p.theme} badge={p.badge} />
              </Link>
              <div className="promo-card__body">
                <h2 className="promo-card__title">
                  <Link to={href} className="promo-card__link">
                    {p.title}
                  </Link>
                </h2>
                <p className="promo-card__summary">{p.summary}</p>
                <div className="promo-card__foot">
                  <span className="promo-card__ends">{ends(p)}</span>
                  <Link
                    to={href}
                    {...buttonLook({ size: 'sm' })}
                    aria-label={`${t('promotions.page.more')}: ${p.title}`}
                  >
                    {t('promotions.page.more')}
                  </Link>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** /promotion?slug=…: one promotion, its operator-authored HTML sanitised before rendering. */
export function PromotionDetail({ view, localize, onRetry }: PromotionsPageProps) {
  const t = useT();
  const ends = useEnds();
  const p = view.detail;
  const safeHtml = useMemo(() => (p ? sanitizeContentHtml(p.html) : ''), [p]);
  return (
    <div className="page promos" data-testid="promotion-page">
      <Link to={localize('/promotions')} className="promos__back" data-testid="promotion-back">
        ← {t('promotions.page.all')}
      </Link>
      {view.loading && (
        <p role="status" className="promos__muted">
          {t('promotions.page.loading')}
        </p>
      )}
      {view.notFound && (
        <div className="promos__head" data-testid="promotion-not-found">
          <h1 className="promos__title">{t('promotions.page.not_found')}</h1>
          <p className="promos__lead">{t('promotions.page.not_found_text')}</p>
        </div>
      )}
      <UiMessages messages={view.messages} testId="promotions-error" />
      {view.canRetry && (
        <Button variant="outline" onClick={onRetry} data-testid="promotions-retry">
          {t('promotions.page.retry')}
        </Button>
      )}
      {p && (
        <article className="promo-detail">
          <Art theme={p.theme} badge={p.badge} large />
          <div className="promo-detail__main">
            <h1 className="promos__title">{p.title}</h1>
            <p className="promos__lead">{p.summary}</p>
            <p className="promo-card__ends">{ends(p)}</p>
            {p.ctaPath && (
              <Link to={localize(p.ctaPath)} {...buttonLook()} data-testid="promotion-cta">
                {t('promotions.page.cta')}
              </Link>
            )}
            <div
              className="promo-detail__body"
              data-testid="promotion-body"
              // Sanitised by DOMPurify just above: no script, handler, frame, form or style survives.
              dangerouslySetInnerHTML={{ __html: safeHtml }}
            />
          </div>
        </article>
      )}
    </div>
  );
}
