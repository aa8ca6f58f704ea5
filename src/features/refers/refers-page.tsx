import { useIntl } from 'react-intl';
import type { RefersView } from '../../../machines/refers/refers.connect';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../ui/button';
import { UiMessages } from '../../ui/ui-message';
import { formatInSaoPaulo } from '../../../shared/sao-paulo';
import '../../ui/page-panels.css';
import './refers.css';
import { useT } from '../../i18n/use-t';

export interface RefersPageProps {
  view: RefersView;
  onCopy: () => void;
  onShare: () => void;
  onRetry: () => void;
}

/** /refers: the player's referral link with its `ref`, how it works, and the players who registered. */
export function RefersPage({ view, onCopy, onShare, onRetry }: RefersPageProps) {
  const intl = useIntl();
  const t = useT();
  // A regulated brand's referral pays loyalty points, never cash (Lei 14.790/2023 art. 29).
  const money = (amount: number) =>
    view.affiliates?.unit === 'points'
      ? intl.formatMessage({ id: 'missions.reward.points' }, { count: amount })
      : formatBRL(intl.locale, amount);
  const date = (iso: string) =>
    iso ? formatInSaoPaulo(iso, intl.locale, { day: '2-digit', month: 'short', year: 'numeric' }) : '';
  const a = view.affiliates;
  const copyLabel =
    view.link === 'copied'
      ? t('refers.page.copied')
      : view.link === 'copyFailed'
        ? t('refers.page.copy_failed')
        : t('refers.page.copy');

  return (
    <div className="page page-panels refers" data-testid="refers-page">
      <header className="page-panels__hero refers__hero">
        <div>
          <h1 className="page-panels__title">{t('refers.page.title')}</h1>
          <p className="page-panels__lead">{t('refers.page.lead', { amount: money(a?.creditPerReferral ?? 0) })}</p>
        </div>
        {a && (
          <dl className="refers__stats">
            <div className="refers__stat">
              <dt>{t('refers.page.total')}</dt>
              <dd data-testid="refers-total">{money(a.totalEarned)}</dd>
            </div>
            <div className="refers__stat">
              <dt>{t('refers.page.count')}</dt>
              <dd data-testid="refers-count">{a.referrals.length}</dd>
            </div>
          </dl>
        )}
      </header>

      {view.loading && (
        <p role="status" className="refers__empty">
          {t('refers.page.loading')}
        </p>
      )}
      <UiMessages messages={view.messages} testId="refers-error" />
      {view.canRetry && (
        <Button variant="outline" onClick={onRetry} data-testid="refers-retry">
          {t('refers.page.retry')}
        </Button>
      )}

      {a && (
        <section className="page-panels__panel refers__link-panel" aria-labelledby="refers-link-title">
          <h2 id="refers-link-title" className="page-panels__heading">
            {t('refers.page.link_title')}
          </h2>
          <div className="refers__link-row">
            <label className="visually-hidden" htmlFor="refers-link">
              {t('refers.page.link_label')}
            </label>
            <input
              id="refers-link"
              className="refers__input refers__link"
              data-testid="refers-link"
              value={a.link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button onClick={onCopy} disabled={view.link === 'copying'} data-testid="refers-copy" aria-live="polite">
              {copyLabel}
            </Button>
            {view.canShare && (
              <Button variant="outline" onClick={onShare} disabled={view.link === 'sharing'} data-testid="refers-share">
                {t('refers.page.share')}
              </Button>
            )}
          </div>
          <p className="refers__row-meta">
            {t('refers.page.code')} <strong data-testid="refers-code">{a.code}</strong>
          </p>
          <ol className="refers__steps">
            <li>{t('refers.page.step1')}</li>
            <li>{t('refers.page.step2')}</li>
            <li>{t('refers.page.step3', { amount: money(a.creditPerReferral) })}</li>
          </ol>
        </section>
      )}

      {a && (
        <section className="page-panels__panel" aria-labelledby="refers-list-title" data-testid="refers-list">
          <div className="page-panels__panel-head">
            <h2 id="refers-list-title" className="page-panels__heading">
              {t('refers.page.list_title')}
            </h2>
            <span className="page-panels__pill">{t('refers.page.count_pill', { count: a.referrals.length })}</span>
          </div>
          {a.referrals.length === 0 ? (
            <p className="refers__empty" data-testid="refers-empty">
              {t('refers.page.empty')}
            </p>
          ) : (
            <ul className="refers__rows">
              {a.referrals.map((r, i) => (
                <li key={`${r.name}-${r.registeredAt}-${i}`} className="refers__row" data-testid="referral-row">
                  <div>
                    <p className="refers__row-title">{r.name}</p>
                    <p className="refers__row-meta">{t('refers.page.registered', { date: date(r.registeredAt) })}</p>
                  </div>
                  <span className="refers__amount" data-testid="referral-earned">
                    +{money(r.earned)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
