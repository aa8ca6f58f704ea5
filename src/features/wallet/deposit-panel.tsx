import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectPix } from '../../../machines/pix/pix.connect';
import type { pixMachine } from '../../../machines/pix/pix.machine';
import type { couponMachine } from '../../../machines/bonus/coupon.machine';
import { Button } from '../../ui/button';
import { DepositCoupon } from './deposit-coupon';
import { formatBRL } from './money';
import { UiMessages, UiMessageText } from '../../ui/ui-message';
import { useT } from '../../i18n/use-t';

/** qrcode.react is its own chunk, loaded when the first code is shown. */
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

/**
 * The pix deposit panel. Every step's root carries `data-state` (the pix machine's state, e.g.
 * `awaitingPayment.waiting`, `refused`, `expired.unchecked`) for tests and QA. The balance is the page's (the
 * session owns it), never the pix machine's.
 */
export function DepositPanel({ pix, balance }: { pix: ActorRefFrom<typeof pixMachine>; balance: number | null }) {
  const intl = useIntl();
  const vm = useSelector(pix, connectPix);
  // The pix flow's coupon field: its child `coupon`, a coupon machine, where the brand offers one.
  const coupon = useSelector(pix, (s) => s.children.coupon) as ActorRefFrom<typeof couponMachine> | undefined;
  const [copied, setCopied] = useState(false); // purely visual feedback
  const t = useT();
  const money = (c: number) => formatBRL(intl.locale, c);

  if (vm.step === 'choosing' || vm.step === 'generating') {
    return (
      <form
        className="wallet__panel"
        data-testid="deposit-form"
        data-state={vm.state}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          pix.send({ type: 'pix.submit' });
        }}
      >
        <div className="wallet__presets" role="group" aria-label={t('wallet.deposit.presets')}>
          {vm.presets.map((p) => (
            <Button
              key={p.amount}
              variant={p.selected ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={p.selected}
              onClick={() => pix.send({ type: 'pix.presetChosen', amount: p.amount })}
            >
              {money(p.amount)}
            </Button>
          ))}
        </div>
        <label className="wallet__field">
          <span>{t('wallet.deposit.amount')}</span>
          <input
            inputMode="decimal"
            name="amount"
            data-testid="deposit-amount"
            value={vm.amountText}
            aria-invalid={vm.amountError !== null}
            aria-describedby="deposit-range"
            onChange={(e) => pix.send({ type: 'pix.amountChanged', text: e.target.value })}
          />
        </label>
        <p id="deposit-range" className="wallet__hint">
          {t('wallet.range', { min: money(vm.range.min), max: money(vm.range.max) })}
        </p>
        {vm.amountError ? (
          <p className="wallet__error" role="alert" data-testid="deposit-amount-error">
            <UiMessageText message={vm.amountError} />
          </p>
        ) : null}
        {vm.couponField === 'offered' && coupon ? <DepositCoupon coupon={coupon} /> : null}
        <Button type="submit" block disabled={vm.step === 'generating'} data-testid="deposit-submit">
          {t(vm.step === 'generating' ? 'wallet.deposit.generating' : 'wallet.deposit.generate')}
        </Button>
      </form>
    );
  }

  if (vm.step === 'failed') {
    return (
      <div className="wallet__panel" data-testid="deposit-failed" data-state={vm.state}>
        <UiMessages messages={vm.errors} />
        <Button onClick={() => pix.send({ type: 'pix.retry' })}>{t('wallet.retry')}</Button>{' '}
        <Button variant="ghost" onClick={() => pix.send({ type: 'pix.changeAmount' })}>
          {t('wallet.deposit.changeAmount')}
        </Button>
      </div>
    );
  }

  if (vm.step === 'paid') {
    return (
      <div className="wallet__panel wallet__done" data-testid="deposit-paid" data-state={vm.state} role="status">
        <h2>{t('wallet.deposit.paid')}</h2>
        {vm.code && vm.couponResult?.kind === 'bonus' ? (
          <p data-testid="deposit-paid-bonus">
            {t('wallet.deposit.paidWithBonus', {
              amount: money(vm.code.amount),
              bonus: money(vm.couponResult.bonus),
              multiple: vm.couponResult.wageringMultiple,
            })}
          </p>
        ) : vm.code ? (
          <p>{t('wallet.deposit.paidAmount', { amount: money(vm.code.amount) })}</p>
        ) : null}
        {vm.couponResult?.kind === 'refusal' ? (
          <p data-testid="deposit-coupon-refusal">{t(vm.couponResult.messageId, { code: vm.couponResult.code })}</p>
        ) : null}
        {balance !== null ? (
          <p data-testid="deposit-new-balance">{t('wallet.balance', { balance: money(balance) })}</p>
        ) : null}
        <Button onClick={() => pix.send({ type: 'pix.changeAmount' })}>{t('wallet.deposit.again')}</Button>
      </div>
    );
  }

  if (vm.step === 'expired') {
    return (
      <div className="wallet__panel" data-testid="deposit-expired" data-state={vm.state} role="status">
        <h2>{t('wallet.deposit.expired')}</h2>
        {vm.expiryConfirmed ? <p>{t('wallet.deposit.expiredConfirmed')}</p> : null}
        {vm.canRecheck ? (
          <>
            <p>{t('wallet.deposit.expiredUnchecked')}</p>
            <UiMessages messages={vm.errors} />
            <Button variant="outline" onClick={() => pix.send({ type: 'pix.recheck' })} data-testid="deposit-recheck">
              {t('wallet.deposit.recheck')}
            </Button>{' '}
          </>
        ) : null}
        <Button onClick={() => pix.send({ type: 'pix.newCode' })} data-testid="deposit-new-code">
          {t('wallet.deposit.newCode')}
        </Button>{' '}
        <Button variant="ghost" onClick={() => pix.send({ type: 'pix.changeAmount' })}>
          {t('wallet.deposit.changeAmount')}
        </Button>
      </div>
    );
  }

  if (vm.step === 'refused') {
    return (
      <div className="wallet__panel" data-testid="deposit-refused" data-state={vm.state} role="alert">
        <h2>{t('wallet.deposit.refused')}</h2>
        <p>{t('wallet.deposit.refusedText')}</p>
        <Button onClick={() => pix.send({ type: 'pix.newCode' })} data-testid="deposit-new-code">
          {t('wallet.deposit.newCode')}
        </Button>{' '}
        <Button variant="ghost" onClick={() => pix.send({ type: 'pix.changeAmount' })}>
          {t('wallet.deposit.changeAmount')}
        </Button>
      </div>
    );
  }

  // awaitingPayment, and confirmingExpiry (the timer ended; the server is being asked before "expired")
  const code = vm.code;
  const hint =
    vm.step === 'confirmingExpiry'
      ? 'wallet.deposit.confirming'
      : vm.checking
        ? 'wallet.deposit.checking'
        : 'wallet.deposit.waiting';
  return (
    <div
      className="wallet__panel wallet__qr"
      data-testid="deposit-qr"
      data-state={vm.state}
      data-server-status={vm.serverStatus ?? undefined}
    >
      <h2>{t('wallet.deposit.scan', { amount: code ? money(code.amount) : '' })}</h2>
      <div className="wallet__qr-box">
        <Suspense fallback={<div className="wallet__qr-placeholder" aria-hidden="true" />}>
          {code ? (
            <QRCodeSVG
              value={code.qrcode}
              size={220}
              marginSize={2}
              title={t('wallet.deposit.qrTitle')}
              data-testid="deposit-qr-image"
            />
          ) : null}
        </Suspense>
      </div>
      <p
        className="wallet__countdown"
        data-testid="deposit-countdown"
        aria-live="off"
        aria-label={t('wallet.deposit.countdownLabel', { seconds: vm.remainingSeconds })}
      >
        {t('wallet.deposit.expiresIn')} <strong>{vm.countdown}</strong>
      </p>
      <label className="wallet__field">
        <span>{t('wallet.deposit.copyPaste')}</span>
        <textarea
          readOnly
          rows={3}
          value={code?.qrcode ?? ''}
          data-testid="deposit-code"
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <Button
        block
        data-testid="deposit-copy"
        onClick={() => {
          if (code)
            void navigator.clipboard?.writeText(code.qrcode).then(
              () => setCopied(true),
              () => setCopied(false),
            );
        }}
      >
        {t(copied ? 'wallet.deposit.copied' : 'wallet.deposit.copy')}
      </Button>
      <p className="wallet__hint" role="status">
        {t(hint)}
      </p>
      <Button variant="ghost" size="sm" onClick={() => pix.send({ type: 'pix.changeAmount' })}>
        {t('wallet.deposit.changeAmount')}
      </Button>
    </div>
  );
}
