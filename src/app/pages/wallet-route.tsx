import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useMatches, useSearchParams } from 'react-router-dom';
import type { SiteConfig } from '../../../machines/site/site.types';
import { WalletPage, type WalletTab } from '../../features/wallet/wallet-page';
import { inspector } from '../../lib/inspect';
import { useApp } from '../app-context';
import type { Locale } from '../../i18n/locale';
import type { RouteHandle } from '../route-handle';
import { localizedRoutePath } from '../routes';
import { createWalletServices, type Me, type WalletServices } from '../wallet';

/** /account/wallet (Carteira): deposit by pix and withdraw, tab from `?tab=deposit|withdraw` (menu links). */
export function WalletRoute() {
  const { services, site } = useApp();
  const wallet = useMemo(() => createWalletServices(services.api, services.live), [services]);
  const config = useSelector(site, (s) => s.context.config);
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void wallet.me().then((m) => live && setMe(m));
    return () => {
      live = false;
    };
  }, [wallet]);
  if (!config || me === undefined) return <p role="status" className="page">…</p>;
  if (me === null) {
    return <WalletPage tab="deposit" balance={null} pix={null} withdrawal={null} signedOut onTab={() => undefined} transactionsHref="#" />;
  }
  return <SignedInWallet wallet={wallet} me={me} config={config} />;
}

function SignedInWallet({ wallet, me, config }: { wallet: WalletServices; me: Me; config: SiteConfig }) {
  const locale = useRouteLocale();
  const [params, setParams] = useSearchParams();
  const tab: WalletTab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  const pix = useActorRef(wallet.pixLogic, {
    input: { minDeposit: config.min_deposit, maxDeposit: config.max_deposit, userId: me.id, depositCount: me.depositCount },
    inspect: inspector?.inspect,
  });
  const withdrawal = useActorRef(wallet.withdrawalLogic, {
    input: { minWithdrawal: config.min_withdrawal, maxWithdrawal: config.max_withdrawal, balance: me.balance },
    inspect: inspector?.inspect,
  });
  const pixBalance = useSelector(pix, (s) => s.context.balance);
  const withdrawalBalance = useSelector(withdrawal, (s) => s.context.balance);
  // The latest known balance: a withdrawal's (reserve or release) once one moved it, else a paid deposit's.
  // Known gap: a deposit paid after a withdrawal on the same visit is not merged (the session's wallet should own this).
  const balance = withdrawalBalance !== me.balance ? withdrawalBalance : (pixBalance ?? me.balance);
  return (
    <WalletPage
      tab={tab}
      balance={balance}
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
