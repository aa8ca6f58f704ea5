import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { connectChallenge, type ChallengeRef } from '../../../machines/second-factor/second-factor.connect';
import { useT } from '../../i18n/use-t';
import type { SecretDrop } from '../../lib/secret-drop';
import { Button } from '../../ui/button';
import { UiMessages } from '../../ui/ui-message';
import './second-factor-form.css';

/**
 * The sign-in's second factor (Portaria SPA/MF 722/2024) in the login modal: the authenticator's code, or the
 * lost-device path (a recovery code, then the e-mailed code). The code goes to the drop; the machine gets a bare
 * submit, so it never reaches an event, the inspector or a QA recording.
 */
export function SecondFactorChallengeForm({
  actorRef,
  drop,
  onCancel,
}: {
  actorRef: ChallengeRef;
  drop: SecretDrop;
  onCancel(): void;
}) {
  const t = useT();
  const vm = useSelector(actorRef, connectChallenge);
  const [formatProblem, setFormatProblem] = useState(false);
  const recovery = vm.step === 'recovery';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement | null;
    const raw = input?.value.trim() ?? '';
    const code = recovery ? raw : raw.replace(/\D/g, '');
    if (!recovery && code.length !== 6) {
      setFormatProblem(true);
      return;
    }
    setFormatProblem(false);
    if (input) input.value = '';
    drop.put('secondFactorCode', { code });
    actorRef.send({ type: 'secondFactor.submit' });
  };
  const intro =
    vm.step === 'recovery'
      ? 'session.second_factor.recovery_intro'
      : vm.step === 'emailCode'
        ? 'session.second_factor.email_intro'
        : 'session.second_factor.totp_intro';
  return (
    <div className="second-factor second-factor--challenge" data-testid="second-factor-challenge" data-step={vm.step}>
      <h3>{t('session.second_factor.title')}</h3>
      {vm.step === 'expired' ? (
        <p role="alert" data-testid="second-factor-expired">
          {t('session.second_factor.expired')}
        </p>
      ) : vm.step === 'locked' ? (
        <p role="alert" data-testid="second-factor-locked">
          {t('session.second_factor.locked', { minutes: vm.lockedMinutes ?? 15 })}
        </p>
      ) : (
        <form className="second-factor__form" onSubmit={submit} noValidate>
          <p>{t(intro)}</p>
          <label htmlFor="second-factor-code">
            {t(recovery ? 'session.second_factor.recovery_code' : 'session.second_factor.code')}
          </label>
          <input
            key={vm.step}
            id="second-factor-code"
            name="code"
            className="access__code-input"
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 20 : 6}
            placeholder={recovery ? 'xxxx-xxxx' : '000000'}
            aria-invalid={formatProblem || vm.failure ? true : undefined}
            data-testid="second-factor-code"
          />
          {formatProblem ? <p role="alert">{t('session.second_factor.code_format')}</p> : null}
          {vm.failure ? <UiMessages messages={vm.failure.messages} testId="second-factor-error" /> : null}
          <Button type="submit" disabled={vm.busy} data-testid="second-factor-submit">
            {t('session.second_factor.submit')}
          </Button>
          {vm.step === 'totp' ? (
            <Button
              variant="ghost"
              onClick={() => actorRef.send({ type: 'secondFactor.lostDevice' })}
              data-testid="second-factor-lost"
            >
              {t('session.second_factor.lost_device')}
            </Button>
          ) : null}
          {vm.step === 'recovery' ? (
            <Button variant="ghost" onClick={() => actorRef.send({ type: 'secondFactor.back' })}>
              {t('session.second_factor.back')}
            </Button>
          ) : null}
        </form>
      )}
      <Button variant="ghost" onClick={onCancel} data-testid="second-factor-cancel">
        {t('session.second_factor.cancel')}
      </Button>
    </div>
  );
}
