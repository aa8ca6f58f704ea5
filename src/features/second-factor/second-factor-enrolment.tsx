import { lazy, Suspense, type FormEvent } from 'react';
import type { EnrolmentView } from '../../../machines/second-factor/second-factor.connect';
import { useT } from '../../i18n/use-t';
import { Button } from '../../ui/button';
import { UiMessages } from '../../ui/ui-message';
import './second-factor.css';

/** qrcode.react is fetched only when a QR code is shown (the enrolment's scanning step). */
const QRCode = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

export interface SecondFactorEnrolmentProps {
  vm: EnrolmentView;
  onEvent(event: 'start' | 'cancel' | 'codesSaved' | 'dismiss'): void;
  /** The code typed: the route puts it in the drop and sends a bare submit. */
  onCode(code: string): void;
}

/**
 * The access-data page's second factor (Portaria SPA/MF 722/2024): off → the QR code and the key to type →
 * the authenticator's code → the recovery codes, once → on. Renders the enrolment machine's view only.
 */
export function SecondFactorEnrolment({ vm, onEvent, onCode }: SecondFactorEnrolmentProps) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement | null;
    const code = input?.value.replace(/\D/g, '') ?? '';
    if (input) input.value = '';
    onCode(code);
  };
  const enabled = vm.step === 'enrolled';
  return (
    <section
      className="surface-card access__card second-factor"
      aria-labelledby="access-2fa-title"
      data-testid="access-2fa"
    >
      <header className="access__head">
        <div className="access__head-text">
          <h2 id="access-2fa-title">{t('profile.access.second_factor.title')}</h2>
          <span
            className={`second-factor__state${enabled ? ' second-factor__state--on' : ''}`}
            data-testid="access-2fa-state"
          >
            {t(enabled ? 'profile.access.second_factor.enabled' : 'profile.access.second_factor.disabled')}
          </span>
          <p className="access__hint">{t('profile.access.second_factor.intro')}</p>
        </div>
      </header>
      {vm.failure && vm.step !== 'locked' ? (
        <UiMessages messages={vm.failure.messages} testId="access-2fa-error" />
      ) : null}
      {vm.step === 'idle' ? (
        <Button onClick={() => onEvent('start')} disabled={vm.busy} data-testid="access-2fa-start">
          {t('profile.access.second_factor.start')}
        </Button>
      ) : null}
      {vm.step === 'scanning' && vm.otpauthUri ? (
        <div className="second-factor__scan">
          <p>{t('profile.access.second_factor.scan')}</p>
          <div className="second-factor__qr" role="img" aria-label={t('profile.access.second_factor.qr_label')}>
            <Suspense fallback={<span>{t('profile.access.second_factor.loading_qr')}</span>}>
              <QRCode value={vm.otpauthUri} size={176} marginSize={2} />
            </Suspense>
          </div>
          <p className="second-factor__secret">
            {t('profile.access.second_factor.secret')}: <code data-testid="access-2fa-secret">{vm.secret}</code>
          </p>
          <form className="second-factor__form" onSubmit={submit} noValidate>
            <label htmlFor="access-2fa-code">{t('profile.access.second_factor.code')}</label>
            <input
              id="access-2fa-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="000000"
              className="access__code-input"
              data-testid="access-2fa-code"
            />
            <div className="second-factor__actions">
              <Button type="submit" disabled={vm.busy} data-testid="access-2fa-confirm">
                {t('profile.access.second_factor.confirm')}
              </Button>
              <Button variant="ghost" onClick={() => onEvent('cancel')}>
                {t('profile.access.second_factor.cancel')}
              </Button>
            </div>
          </form>
        </div>
      ) : null}
      {vm.step === 'locked' ? (
        <p role="alert" data-testid="access-2fa-locked">
          {t('profile.access.second_factor.locked', { minutes: vm.lockedMinutes ?? 15 })}
        </p>
      ) : null}
      {vm.step === 'showingCodes' && vm.recoveryCodes ? (
        <div className="second-factor__codes" data-testid="access-2fa-codes">
          <h3>{t('profile.access.second_factor.codes_title')}</h3>
          <p>{t('profile.access.second_factor.codes_intro')}</p>
          <ol>
            {vm.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <Button onClick={() => onEvent('codesSaved')} data-testid="access-2fa-codes-saved">
            {t('profile.access.second_factor.codes_saved')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
