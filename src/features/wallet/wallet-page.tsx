import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { pixMachine } from '../../../machines/pix/pix.machine';
import type { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import { DepositPanel } from './deposit-panel';
import { formatBRL } from './money';
import { WithdrawPanel } from './withdraw-panel';
import './wallet.css';

export type WalletTab = 'deposit' | 'withdraw';

export interface WalletPageProps {
  tab: WalletTab;
  /** Balance to show (centavos), null while unknown. */
  balance: number | null;
  pix: ActorRefFrom<typeof pixMachine> | null;
  withdrawal: ActorRefFrom<typeof withdrawalMachine> | null;
  /** Guest: sign in first. */
  signedOut: boolean;
  onTab(tab: WalletTab): void;
  transactionsHref: string;
}

/** /account/wallet (Carteira): balance, and the deposit and withdraw tabs. */
export function WalletPage(props: WalletPageProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <article className="page wallet" data-testid="wallet-page">
      <h1 className="page__title">{t('shell.page.account-wallet.title')}</h1>
      {props.signedOut ? <p role="alert">{t('wallet.signIn')}</p> : null}
      {props.balance !== null ? (
        <p className="wallet__balance" data-testid="wallet-balance">
          {t('wallet.balance', { balance: formatBRL(intl.locale, props.balance) })}
        </p>
      ) : null}
      <div role="tablist" className="wallet__tabs">
        {(['deposit', 'withdraw'] as const).map((tab) => (
          <button key={tab} role="tab" type="button" aria-selected={props.tab === tab} data-testid={`wallet-tab-${tab}`} onClick={() => props.onTab(tab)}>
            {t(`wallet.tab.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {props.tab === 'deposit' && props.pix ? <DepositPanel pix={props.pix} /> : null}
        {props.tab === 'withdraw' && props.withdrawal ? <WithdrawPanel withdrawal={props.withdrawal} /> : null}
      </div>
      <p>
        <a href={props.transactionsHref} data-testid="wallet-history-link">{t('wallet.history')}</a>
      </p>
    </article>
  );
}
