import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectWithdrawal } from '../../../machines/withdrawal/withdrawal.connect';
import type { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import { Button } from '../../ui/button';
import { formatBRL } from './money';
import { statusLabelId } from './status';
import { UiMessages, UiMessageText } from '../../ui/ui-message';
import { useT } from '../../i18n/use-t';

export function WithdrawPanel({
  withdrawal,
  verificationHref,
}: {
  withdrawal: ActorRefFrom<typeof withdrawalMachine>;
  verificationHref: string;
}) {
  const intl = useIntl();
  const vm = useSelector(withdrawal, connectWithdrawal);
  const t = useT();
  const money = (c: number) => formatBRL(intl.locale, c);
  const send = withdrawal.send;

  if (vm.step === 'loading')
    return (
      <p className="wallet__panel" role="status">
        {t('wallet.loading')}
      </p>
    );
  if (vm.step === 'loadFailed') {
    return (
      <div className="wallet__panel">
        <UiMessages messages={vm.errors} />
        <Button onClick={() => send({ type: 'withdrawal.retry' })}>{t('wallet.retry')}</Button>
      </div>
    );
  }

  if (vm.step === 'inProcess' || vm.step === 'settled') {
    const w = vm.withdrawal;
    return (
      <div className="wallet__panel" data-testid="withdraw-status" data-status={w?.status}>
        <h2>{t('wallet.withdraw.requested', { amount: w ? money(w.amount) : '' })}</h2>
        {w ? (
          <p>
            {t('wallet.withdraw.status')}{' '}
            <strong data-testid="withdraw-status-label">{t(statusLabelId(w.status))}</strong>
          </p>
        ) : null}
        <UiMessages messages={vm.errors} />
        {vm.confirmingCancel ? (
          <div role="alertdialog" aria-labelledby="cancel-q" className="wallet__confirm">
            <p id="cancel-q">{t('wallet.withdraw.cancelQuestion')}</p>
            <Button onClick={() => send({ type: 'withdrawal.cancelConfirmed' })} data-testid="withdraw-cancel-confirm">
              {t('wallet.withdraw.cancelYes')}
            </Button>{' '}
            <Button variant="ghost" onClick={() => send({ type: 'withdrawal.cancelAborted' })}>
              {t('wallet.withdraw.cancelNo')}
            </Button>
          </div>
        ) : null}
        {vm.canCancel ? (
          <>
            <Button variant="outline" onClick={() => send({ type: 'withdrawal.cancel' })} data-testid="withdraw-cancel">
              {t('wallet.withdraw.cancel')}
            </Button>{' '}
            <Button variant="ghost" onClick={() => send({ type: 'withdrawal.refresh' })}>
              {t('wallet.withdraw.refresh')}
            </Button>
          </>
        ) : null}
        {vm.step === 'settled' ? (
          <Button onClick={() => send({ type: 'withdrawal.new' })}>{t('wallet.withdraw.again')}</Button>
        ) : null}
      </div>
    );
  }

  if (vm.step === 'confirming' || vm.step === 'requesting') {
    const key = vm.addresses.find((a) => a.selected);
    return (
      <div className="wallet__panel" data-testid="withdraw-confirm">
        <h2>{t('wallet.withdraw.confirmTitle')}</h2>
        <p>{t('wallet.withdraw.confirmText', { amount: money(vm.amount ?? 0), key: key?.key ?? '' })}</p>
        <Button
          onClick={() => send({ type: 'withdrawal.confirm' })}
          disabled={vm.busy}
          data-testid="withdraw-confirm-yes"
        >
          {t('wallet.withdraw.confirm')}
        </Button>{' '}
        <Button variant="ghost" onClick={() => send({ type: 'withdrawal.back' })} disabled={vm.busy}>
          {t('wallet.withdraw.back')}
        </Button>
      </div>
    );
  }

  return (
    <form
      className="wallet__panel"
      data-testid="withdraw-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'withdrawal.submit' });
      }}
    >
      <label className="wallet__field">
        <span>{t('wallet.withdraw.amount')}</span>
        <input
          inputMode="decimal"
          name="amount"
          data-testid="withdraw-amount"
          value={vm.amountText}
          aria-invalid={vm.amountError !== null}
          aria-describedby="withdraw-range"
          onChange={(e) => send({ type: 'withdrawal.amountChanged', text: e.target.value })}
        />
      </label>
      <p id="withdraw-range" className="wallet__hint">
        {t('wallet.range', { min: money(vm.range.min), max: money(vm.range.max) })}
      </p>
      {vm.amountError ? (
        <p className="wallet__error" role="alert">
          <UiMessageText message={vm.amountError} />
        </p>
      ) : null}
      <fieldset className="wallet__keys">
        <legend>{t('wallet.withdraw.key')}</legend>
        {vm.addresses.map((a) => (
          <label key={a.id}>
            <input
              type="radio"
              name="address"
              checked={a.selected}
              onChange={() => send({ type: 'withdrawal.addressChosen', id: a.id })}
            />{' '}
            CPF {a.key}
          </label>
        ))}
        {vm.canAddAddress ? (
          <div className="wallet__add-key">
            <label className="wallet__field">
              <span>{t('wallet.withdraw.addKey')}</span>
              <input
                inputMode="numeric"
                autoComplete="off"
                data-testid="withdraw-key"
                value={vm.keyText}
                onChange={(e) => send({ type: 'withdrawal.keyChanged', text: e.target.value })}
              />
            </label>
            {vm.keyNeedsCode ? (
              <label className="wallet__field">
                <span>{t('wallet.withdraw.keyCode')}</span>
                <input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  data-testid="withdraw-key-code"
                  value={vm.keyCodeText}
                  onChange={(e) => send({ type: 'withdrawal.keyCodeChanged', text: e.target.value })}
                />
              </label>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              disabled={vm.busy}
              onClick={() => send({ type: 'withdrawal.addKey' })}
              data-testid="withdraw-add-key"
            >
              {t('wallet.withdraw.saveKey')}
            </Button>
            <UiMessages messages={vm.keyErrors} />
          </div>
        ) : (
          <p className="wallet__hint">{t('wallet.withdraw.needsCpf')}</p>
        )}
        <p className="wallet__hint">{t('wallet.withdraw.ownKeyOnly')}</p>
        {vm.needsAddress ? (
          <p className="wallet__error" role="alert">
            {t('wallet.withdraw.chooseKey')}
          </p>
        ) : null}
      </fieldset>
      <UiMessages messages={vm.errors} />
      {vm.kycRequired ? (
        <Link to={verificationHref} className="wallet__verify" data-testid="withdraw-verify-link">
          {t('wallet.withdraw.verify_link')}
        </Link>
      ) : null}
      <Button type="submit" block data-testid="withdraw-submit">
        {t('wallet.withdraw.submit')}
      </Button>
    </form>
  );
}
