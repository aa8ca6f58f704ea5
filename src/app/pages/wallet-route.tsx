import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useMatches, useSearchParams } from 'react-router-dom';
import { connectSession } from '../../../machines/session/session.connect';
import { WalletPage, type WalletTab } from '../../features/wallet/wallet-page';
import { useApp, useAppChild } from '../app-context';
import type { Locale } from '../../i18n/locale';
import type { RouteHandle } from '../route-handle';
import { localizedRoutePath } from '../routes';

/**
 * /account/wallet (Carteira): deposit by pix and withdraw, tab from `?tab=deposit|withdraw` (menu links). The pix
 * and withdrawal flows are children of the root app machine (started for a signed-in player on this route, and
 * dropped when they stop being signed in); the balance is the session's. A guest meets the root's route guard
 * (the login modal) and sees the signed-out wallet behind it.
 */
export function WalletRoute() {
  const { site, session } = useApp();
  const locale = useRouteLocale();
  const [params, setParams] = useSearchParams();
  const config = useSelector(site, (s) => s.context.config);
  const vm = useSelector(session, connectSession);
  const pix = useAppChild('pix');
  const withdrawal = useAppChild('withdrawal');
  if (!config || vm.status === 'checking' || (vm.signedIn && (!pix || !withdrawal || vm.balance === null))) {
    return (
      <p role="status" className="page">
        <FormattedMessage id="wallet.loading" />
      </p>
    );
  }
  if (!vm.signedIn || !pix || !withdrawal || vm.balance === null) {
    return (
      <WalletPage
        tab="deposit"
        balance={null}
        pix={null}
        withdrawal={null}
        signedOut
        onTab={() => undefined}
        transactionsHref="#"
        verificationHref="#"
      />
    );
  }
  const tab: WalletTab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  return (
    <WalletPage
      tab={tab}
      balance={vm.balance}
      bonusBalance={vm.bonusBalance}
      pix={pix}
      withdrawal={withdrawal}
      signedOut={false}
      onTab={(next) => setParams({ tab: next }, { replace: true })}
      transactionsHref={localizedRoutePath({ path: '/user/edit/transaction' }, locale)}
      verificationHref={localizedRoutePath({ path: '/user/edit/verification' }, locale)}
    />
  );
}

/** The locale of the matched route (its handle), pt by default. */
export function useRouteLocale(): Locale {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as Partial<RouteHandle> | undefined;
    if (handle?.locale) return handle.locale;
  }
  return 'pt';
}
