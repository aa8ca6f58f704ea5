import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectCoupon } from '../../../machines/bonus/bonus.connect';
import type { couponMachine } from '../../../machines/bonus/coupon.machine';
import type { UiMessage } from '../../../machines/kernel/api-error';
import { Button } from '../../ui/button';
import { useT } from '../../i18n/use-t';

/** The coupon machine's own refusals, in the wallet's texts (the /bonus texts are another part of the catalogue). */
function messageText(intl: ReturnType<typeof useIntl>, m: UiMessage): string {
  if ('text' in m) return m.text;
  return intl.formatMessage({ id: m.id.replace(/^bonus\.coupon\./, 'wallet.deposit.coupon.') }, m.values);
}

/**
 * The deposit panel's optional coupon field, rendered from the pix flow's `coupon` child (the
 * coupon machine: checking, valid, invalid, cached, cleared). A valid coupon goes with the deposit.
 */
export function DepositCoupon({ coupon }: { coupon: ActorRefFrom<typeof couponMachine> }) {
  const intl = useIntl();
  const t = useT();
  const vm = useSelector(coupon, connectCoupon);
  const [code, setCode] = useState('');
  const check = () => coupon.send({ type: 'coupon.check', code: code.toUpperCase() });
  return (
    <div className="wallet__coupon" data-testid="deposit-coupon" data-status={vm.status}>
      <label className="wallet__field" htmlFor="deposit-coupon-input">
        <span>{t('wallet.deposit.coupon.label')}</span>
      </label>
      <div className="wallet__coupon-row">
        <input
          id="deposit-coupon-input"
          className="wallet__coupon-input"
          data-testid="deposit-coupon-input"
          value={code}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('wallet.deposit.coupon.placeholder')}
          aria-invalid={vm.status === 'invalid'}
          aria-describedby="deposit-coupon-status"
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the coupon; it does not submit the deposit.
            if (e.key === 'Enter') {
              e.preventDefault();
              check();
            }
          }}
        />
        {vm.status === 'valid' ? (
          <Button
            variant="outline"
            size="sm"
            data-testid="deposit-coupon-clear"
            onClick={() => {
              setCode('');
              coupon.send({ type: 'coupon.clear' });
            }}
          >
            {t('wallet.deposit.coupon.remove')}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            data-testid="deposit-coupon-apply"
            disabled={vm.status === 'checking' || code.trim() === ''}
            onClick={check}
          >
            {t(vm.status === 'checking' ? 'wallet.deposit.coupon.checking' : 'wallet.deposit.coupon.apply')}
          </Button>
        )}
      </div>
      <div id="deposit-coupon-status" aria-live="polite">
        {vm.status === 'valid' && vm.coupon ? (
          <p className="wallet__coupon-ok" data-testid="deposit-coupon-valid">
            {t('wallet.deposit.coupon.valid', { code: vm.coupon.code, title: vm.coupon.title })}
          </p>
        ) : null}
        {vm.status === 'invalid' && vm.messages.length > 0 ? (
          <p className="wallet__error" role="alert" data-testid="deposit-coupon-error">
            {vm.messages.map((m) => messageText(intl, m)).join(' ')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
