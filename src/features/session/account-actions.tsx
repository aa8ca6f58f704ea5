import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import { buttonLook, Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Icon } from '../../ui/icon';
import './account-actions.css';
import { useT } from '../../i18n/use-t';

/**
 * Header actions: sign in and register for guests; for a player the balance joined to a deposit button (one
 * link to the wallet's deposit tab) and the account menu (wallet, history, sign out). Both fit a 390 px phone.
 */
export function AccountActions({
  vm,
  loginHref,
  registerHref,
  walletHref,
  transactionsHref,
  onLogout,
}: {
  vm: SessionViewModel;
  loginHref: string;
  registerHref: string;
  /** The wallet page; the balance opens its deposit tab. */
  walletHref: string;
  transactionsHref: string;
  onLogout: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  if (vm.status === 'checking') {
    // A stored token is being checked: neither the guest's buttons nor a player yet (no flash of "Entrar").
    return (
      <div className="account-actions" role="status" aria-busy="true" data-testid="account-checking">
        <Skeleton width={112} height={36} radius={18} />
        <span className="visually-hidden">{t('session.account.checking')}</span>
      </div>
    );
  }
  if (vm.signedIn && vm.user) {
    const money = new Intl.NumberFormat(intl.locale, { style: 'currency', currency: 'BRL' });
    const balance = vm.balance === null ? '—' : money.format(vm.balance / 100);
    // Bonus money is shown apart from the cash (it cannot be withdrawn), only when there is some.
    const bonus =
      vm.bonusBalance !== null && vm.bonusBalance > 0
        ? intl.formatMessage({ id: 'session.account.bonus_balance' }, { amount: money.format(vm.bonusBalance / 100) })
        : null;
    return (
      <div className="account-actions" data-testid="account">
        <Link
          to={`${walletHref}?tab=deposit`}
          className="account-actions__wallet"
          data-testid="deposit"
          aria-label={`${t('session.account.balance')} ${balance}${bonus ? ` ${bonus}` : ''}. ${t('shell.nav.deposit')}`}
        >
          <span className="account-actions__amounts">
            <span className="account-actions__balance" data-testid="balance">
              {balance}
            </span>
            {bonus ? (
              <span className="account-actions__bonus" data-testid="bonus-balance">
                {bonus}
              </span>
            ) : null}
          </span>
          <span className="account-actions__deposit" aria-hidden="true">
            {t('shell.nav.deposit')}
          </span>
        </Link>
        <details className="account-menu">
          <summary className="account-menu__summary" data-testid="account-menu">
            <Icon name="user" size={20} />
            <span className="account-menu__first-name">{vm.user.firstName}</span>
          </summary>
          <div className="account-menu__panel" data-testid="account-menu-panel">
            <p className="account-menu__name">{vm.user.name}</p>
            <Link to={walletHref} {...buttonLook({ variant: 'ghost', size: 'sm', block: true })}>
              {t('shell.page.account-wallet.title')}
            </Link>
            <Link to={transactionsHref} {...buttonLook({ variant: 'ghost', size: 'sm', block: true })}>
              {t('shell.page.user-edit-transaction.title')}
            </Link>
            <Button variant="ghost" size="sm" block onClick={onLogout} data-testid="logout" disabled={vm.busy}>
              {t('session.account.logout')}
            </Button>
          </div>
        </details>
      </div>
    );
  }
  return (
    <>
      <Link to={loginHref} {...buttonLook({ variant: 'outline', size: 'sm' })} data-testid="sign-in">
        {t('shell.sign_in')}
      </Link>
      <Link to={registerHref} {...buttonLook({ variant: 'primary', size: 'sm' })} data-testid="register">
        {t('shell.register')}
      </Link>
    </>
  );
}
