import { useIntl } from 'react-intl';
import { formatBRL } from './money';
import { statusLabelId } from './status';
import type { TransactionsViewModel } from '../../../machines/transactions/transactions.connect';
import './wallet.css';
import { useT } from '../../i18n/use-t';

/** /user/edit/transaction: the money history with §4 status labels, paginated. */
export function TransactionsPage({
  vm,
  onPage,
  onRetry,
}: {
  vm: TransactionsViewModel;
  onPage(page: number): void;
  onRetry(): void;
}) {
  const intl = useIntl();
  const t = useT();
  const date = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <article className="page wallet" data-testid="transactions-page">
      <h1 className="page__title">{t('shell.page.user-edit-transaction.title')}</h1>
      {vm.status === 'failed' ? (
        <p role="alert">
          {t('wallet.transactions.failed')}{' '}
          <button type="button" onClick={onRetry}>
            {t('wallet.retry')}
          </button>
        </p>
      ) : null}
      {vm.status === 'loading' ? <p role="status">{t('wallet.loading')}</p> : null}
      {vm.status === 'shown' && vm.rows.length === 0 ? <p>{t('wallet.transactions.empty')}</p> : null}
      {vm.rows.length > 0 ? (
        <table className="wallet__table">
          <thead>
            <tr>
              <th>{t('wallet.transactions.date')}</th>
              <th>{t('wallet.transactions.type')}</th>
              <th>{t('wallet.transactions.amount')}</th>
              <th>{t('wallet.transactions.status')}</th>
            </tr>
          </thead>
          <tbody>
            {vm.rows.map((r) => (
              <tr key={r.id} data-testid="transaction-row" data-type={r.type} data-status={r.status}>
                <td>{date.format(new Date(r.created_at))}</td>
                <td>{t(`wallet.type.${r.type}`)}</td>
                <td>{formatBRL(intl.locale, r.amount)}</td>
                <td data-testid="transaction-status">{t(statusLabelId(r.status))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <nav className="wallet__pager" aria-label={t('wallet.transactions.pages')}>
        <button type="button" disabled={!vm.canPrevious} onClick={() => onPage(vm.page - 1)}>
          {t('wallet.transactions.previous')}
        </button>
        <span>{t('wallet.transactions.pageOf', { page: vm.page, last: vm.lastPage })}</span>
        <button type="button" disabled={!vm.canNext} onClick={() => onPage(vm.page + 1)}>
          {t('wallet.transactions.next')}
        </button>
      </nav>
    </article>
  );
}
