import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { pixMachine } from '../../../machines/pix/pix.machine';
import type { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import { DepositPanel } from './deposit-panel';
import { formatBRL } from './money';
import { WithdrawPanel } from './withdraw-panel';
import './wallet.css';
import { useT } from '../../i18n/use-t';

export type WalletTab = 'deposit' | 'withdraw';

export interface WalletPageProps {
  tab: WalletTab;
  /** Balance to show (centavos), null while unknown. */
  balance: number | null;
  /** Bonus money (centavos): shown apart, never withdrawable; 0 or absent when there is none. */
  bonusBalance?: number | null;
  pix: ActorRefFrom<typeof pixMachine> | null;
  withdrawal: ActorRefFrom<typeof withdrawalMachine> | null;
  /** Guest: sign in first. */
  signedOut: boolean;
  onTab(tab: WalletTab): void;
  transactionsHref: string;
  /** /user/edit/verification, where a withdrawal refused for kyc sends the player. */
  verificationHref: string;
}

/**
 * /account/wallet (Carteira): the balance summary beside the deposit / withdraw panel on wide screens (the
 * panel keeps a readable width, the whole centred), stacked on phones.
 */
export function WalletPage(props: WalletPageProps) {
  const intl = useIntl();
  const t = useT();
  return (
    <article className="wallet wallet-page" data-testid="wallet-page">
      <h1 className="wallet__title">{t('shell.page.account-wallet.title')}</h1>
      {props.signedOut ? (
        <p role="alert" className="wallet__card">
          {t('wallet.signIn')}
        </p>
      ) : (
        <div className="wallet__layout">
          <section className="wallet__card wallet__summary" aria-labelledby="wallet-summary-label">
            <h2 id="wallet-summary-label" className="wallet__summary-label">
              {t('wallet.summary.label')}
            </h2>
            {props.balance !== null ? (
              <p className="wallet__summary-amount" data-testid="wallet-balance">
                {formatBRL(intl.locale, props.balance)}
              </p>
            ) : null}
            {props.bonusBalance ? (
              <p className="wallet__summary-bonus" data-testid="wallet-bonus-balance">
                {t('wallet.summary.bonus', { amount: formatBRL(intl.locale, props.bonusBalance) })}
              </p>
            ) : null}
            <p className="wallet__hint">{t('wallet.summary.text')}</p>
            <Link to={props.transactionsHref} className="wallet__history" data-testid="wallet-history-link">
              {t('wallet.history')}
            </Link>
          </section>
          <section className="wallet__card wallet__main">
            <div role="tablist" aria-label={t('wallet.tabs_label')} className="wallet__tabs">
              {(['deposit', 'withdraw'] as const).map((tab) => (
                <button
                  key={tab}
                  id={`wallet-tab-${tab}`}
                  role="tab"
                  type="button"
                  aria-selected={props.tab === tab}
                  aria-controls="wallet-tabpanel"
                  data-testid={`wallet-tab-${tab}`}
                  onClick={() => props.onTab(tab)}
                >
                  {t(`wallet.tab.${tab}`)}
                </button>
              ))}
            </div>
            <div role="tabpanel" id="wallet-tabpanel" aria-labelledby={`wallet-tab-${props.tab}`}>
              {props.tab === 'deposit' && props.pix ? <DepositPanel pix={props.pix} balance={props.balance} /> : null}
              {props.tab === 'withdraw' && props.withdrawal ? (
                <WithdrawPanel withdrawal={props.withdrawal} verificationHref={props.verificationHref} />
              ) : null}
            </div>
          </section>
        </div>
      )}
    </article>
  );
}
