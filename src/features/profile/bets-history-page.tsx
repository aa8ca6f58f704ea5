import { useIntl } from 'react-intl';
import type { BetsHistoryView } from '../../../machines/bets-history/bets-history.connect';
import type { BetRow } from '../../../machines/bets-history/bets-history.types';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../ui/button';
import { UiMessages } from '../../ui/ui-message';
import './profile.css';
import './user-pages.css';
import { useT } from '../../i18n/use-t';

const resultOf = (row: BetRow): 'open' | 'won' | 'lost' | 'even' =>
  !row.settled ? 'open' : row.win > row.bet ? 'won' : row.win === row.bet ? 'even' : 'lost';

/** /user/edit/history-casino: the player's casino rounds and sports bets, 15 a page, amounts in R$. */
export function BetsHistoryPage({
  vm,
  onPage,
  onRetry,
}: {
  vm: BetsHistoryView;
  onPage(page: number): void;
  onRetry(): void;
}) {
  const intl = useIntl();
  const t = useT();
  const date = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'short', timeStyle: 'short' });
  const money = (centavos: number) => formatBRL(intl.locale, centavos);
  return (
    <article className="page profile bets" data-testid="bets-history-page" data-status={vm.status}>
      <h1 className="page__title">{t('shell.page.user-edit-history-casino.title')}</h1>
      {vm.status === 'loading' && vm.rows.length === 0 ? <p role="status">{t('profile.history.loading')}</p> : null}
      {vm.status === 'failed' ? (
        <div className="surface-card" role="alert" data-testid="bets-failed">
          <p>{t('profile.history.failed')}</p>
          <UiMessages messages={vm.failure?.messages ?? []} />
          <Button variant="outline" onClick={onRetry} data-testid="bets-retry">
            {t('profile.retry')}
          </Button>
        </div>
      ) : null}
      {vm.status === 'empty' ? (
        <div className="surface-card" data-testid="bets-empty">
          <h2>{t('profile.history.empty.title')}</h2>
          <p className="profile__muted">{t('profile.history.empty.text')}</p>
        </div>
      ) : null}
      {vm.rows.length > 0 ? (
        <>
          <p className="profile__muted" data-testid="bets-total">
            {t('profile.history.total', { total: vm.total })}
          </p>
          <ul className="bets__list" aria-busy={vm.status === 'loading'}>
            {vm.rows.map((r) => {
              const result = resultOf(r);
              return (
                <li key={r.id} className="bets__row" data-testid="bet-row" data-kind={r.kind} data-result={result}>
                  <div className="bets__what">
                    <span className="bets__kind" data-kind={r.kind}>
                      {t(`profile.history.kind.${r.kind}`)}
                    </span>
                    <strong className="bets__game">{r.game}</strong>
                    <time className="profile__muted" dateTime={r.createdAt}>
                      {date.format(new Date(r.createdAt))}
                    </time>
                  </div>
                  <dl className="bets__money">
                    <div>
                      <dt>{t('profile.history.stake')}</dt>
                      <dd data-testid="bet-stake">{money(r.bet)}</dd>
                    </div>
                    <div>
                      <dt>{t('profile.history.payout')}</dt>
                      <dd data-testid="bet-payout">{r.settled ? money(r.win) : '—'}</dd>
                    </div>
                    <div>
                      <dt>{t('profile.history.result')}</dt>
                      <dd className="bets__result" data-result={result}>
                        {t(`profile.history.result.${result}`)}
                      </dd>
                    </div>
                  </dl>
                </li>
              );
            })}
          </ul>
          <nav className="bets__pager" aria-label={t('profile.history.pages')}>
            <Button
              variant="outline"
              size="sm"
              disabled={!vm.canPrevious}
              onClick={() => onPage(vm.page - 1)}
              data-testid="bets-previous"
            >
              {t('profile.history.previous')}
            </Button>
            <span data-testid="bets-page">{t('profile.history.pageOf', { page: vm.page, last: vm.lastPage })}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={!vm.canNext}
              onClick={() => onPage(vm.page + 1)}
              data-testid="bets-next"
            >
              {t('profile.history.next')}
            </Button>
          </nav>
        </>
      ) : null}
    </article>
  );
}
