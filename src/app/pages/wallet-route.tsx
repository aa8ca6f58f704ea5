import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useMatches, useSearchParams } from 'react-router-dom';
import { connectSession } from '../../../machines/session/session.connect';
import type { SiteConfig } from '../../../machines/site/site.types';
import { WalletPage, type WalletTab } from '../../features/wallet/wallet-page';
import { inspector } from '../../lib/inspect';
import { useStartedActor } from '../../lib/use-started-actor';
import { useApp } from '../app-context';
import type { Locale } from '../../i18n/locale';
import type { RouteHandle } from '../route-handle';
import { localizedRoutePath } from '../routes';
import { createWalletServices, type WalletServices } from '../wallet';

/** The signed-in player as the wallet needs them; all of it comes from the session machine. */
interface WalletPlayer {
  id: number;
  /** Integer centavos, kept live by the session (BalanceUpdated / PaymentApproved on the user channel). */
  balance: number;
  depositCount: number;
}

/** /account/wallet (Carteira): deposit by pix and withdraw, tab from `?tab=deposit|withdraw` (menu links). */
export function WalletRoute() {
  const { services, site, session } = useApp();
  const wallet = useMemo(() => createWalletServices(services.api, services.live), [services]);
  const config = useSelector(site, (s) => s.context.config);
  const vm = useSelector(session, connectSession);
  const depositCount = useSelector(session, (s) => s.context.wallet?.deposit_count ?? null);
  const signedInWithWallet = vm.signedIn && vm.user && vm.balance !== null && depositCount !== null;
  if (!config || vm.status === 'checking' || (vm.signedIn && !signedInWithWallet)) {
    return (
      <p role="status" className="page">
        <FormattedMessage id="wallet.loading" />
      </p>
    );
  }
  if (!vm.user || vm.balance === null || depositCount === null) {
    return <WalletPage tab="deposit" balance={null} pix={null} withdrawal={null} signedOut onTab={() => undefined} transactionsHref="#" />;
  }
  return (
    <SignedInWallet
      key={vm.user.id}
      wallet={wallet}
      player={{ id: vm.user.id, balance: vm.balance, depositCount }}
      config={config}
    />
  );
}

function SignedInWallet({ wallet, player, config }: { wallet: WalletServices; player: WalletPlayer; config: SiteConfig }) {
  const locale = useRouteLocale();
  const [params, setParams] = useSearchParams();
  const tab: WalletTab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  const pix = useStartedActor(wallet.pixLogic, {
    input: { minDeposit: config.min_deposit, maxDeposit: config.max_deposit, userId: player.id, depositCount: player.depositCount },
    inspect: inspector?.inspect,
  });
  const withdrawal = useStartedActor(wallet.withdrawalLogic, {
    input: { minWithdrawal: config.min_withdrawal, maxWithdrawal: config.max_withdrawal, balance: player.balance },
    inspect: inspector?.inspect,
  });
  // The session keeps the balance live; the withdrawal form checks amounts against it.
  useEffect(() => withdrawal.send({ type: 'withdrawal.balanceChanged', balance: player.balance }), [withdrawal, player.balance]);
  return (
    <WalletPage
      tab={tab}
      balance={player.balance}
      pix={pix}
      withdrawal={withdrawal}
      signedOut={false}
      onTab={(next) => setParams({ tab: next }, { replace: true })}
      transactionsHref={localizedRoutePath({ path: '/user/edit/transaction' }, locale)}
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
