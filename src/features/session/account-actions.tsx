import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import { buttonLook, Button } from '../../ui/button';
import './session.css';

/** Header actions: sign in / register for guests; balance, name and sign out once signed in. */
export function AccountActions({
  vm,
  loginHref,
  registerHref,
  onLogout,
}: {
  vm: SessionViewModel;
  loginHref: string;
  registerHref: string;
  onLogout: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (vm.signedIn && vm.user) {
    const balance =
      vm.balance === null
        ? '—'
        : new Intl.NumberFormat(intl.locale, { style: 'currency', currency: 'BRL' }).format(vm.balance / 100);
    return (
      <div className="account-actions" data-testid="account">
        <span className="account-actions__balance" data-testid="balance" aria-label={t('session.account.balance')}>
          {balance}
        </span>
        <details className="account-menu">
          <summary className="account-menu__summary" data-testid="account-menu">
            {vm.user.firstName}
          </summary>
          <div className="account-menu__panel">
            <p className="account-menu__name">{vm.user.name}</p>
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
