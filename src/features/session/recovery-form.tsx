import { useForm } from 'react-hook-form';
import { Button } from '../../ui/button';
import type { SessionFormsProps } from './form-props';
import { aria, FailureBanner, Field, fieldMessage, useT } from './form-parts';
import { recoveryCodeSchema, recoveryEmailSchema, recoveryPasswordSchema, zodResolver } from './schemas';

/**
 * Password recovery (§7 Auth): e-mail → code → new password → done. The step, the e-mail and the code are the
 * login modal machine's (its context while the recovery tab is open); the new password goes through the drop.
 */
export function RecoveryForm({ recovery, drop, sendModal }: SessionFormsProps) {
  const t = useT();
  const emailForm = useForm({
    mode: 'onChange',
    resolver: zodResolver(recoveryEmailSchema),
    defaultValues: { email: recovery.email },
  });
  const codeForm = useForm({
    mode: 'onChange',
    resolver: zodResolver(recoveryCodeSchema),
    defaultValues: { code: '' },
  });
  const passwordForm = useForm({
    mode: 'onChange',
    resolver: zodResolver(recoveryPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const server = recovery.failure?.fields ?? {};
  // Only the fields of the step on screen show their server message; the banner shows every other one.
  const stepFields: Record<typeof recovery.step, string[]> = {
    email: ['email'],
    code: ['code'],
    password: ['password', 'password_confirmation'],
    done: [],
  };
  const banner = (
    <FailureBanner failure={recovery.failure} shownFields={stepFields[recovery.step].filter((f) => f in server)} />
  );

  if (recovery.step === 'email') {
    const error = fieldMessage(t, emailForm.formState.errors.email, server.email);
    return (
      <form
        noValidate
        className="session-form"
        data-testid="recovery-email-form"
        onSubmit={emailForm.handleSubmit((v) => sendModal({ type: 'recovery.submitEmail', email: v.email.trim() }))}
      >
        <p>{t('session.recovery.email_intro')}</p>
        {banner}
        <Field id="recovery-email" label={t('session.field.email')} error={error}>
          <input
            {...aria('recovery-email', error)}
            className="input"
            type="email"
            autoComplete="email"
            {...emailForm.register('email')}
          />
        </Field>
        <Button type="submit" block disabled={recovery.busy}>
          {t('session.recovery.send_code')}
        </Button>
      </form>
    );
  }
  if (recovery.step === 'code') {
    const error = fieldMessage(t, codeForm.formState.errors.code, server.code);
    return (
      <form
        noValidate
        className="session-form"
        data-testid="recovery-code-form"
        onSubmit={codeForm.handleSubmit((v) => sendModal({ type: 'recovery.submitCode', code: v.code }))}
      >
        <p>{t('session.recovery.code_intro', { email: recovery.email })}</p>
        {banner}
        <Field id="recovery-code" label={t('session.field.code')} error={error}>
          <input
            {...aria('recovery-code', error)}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...codeForm.register('code')}
          />
        </Field>
        <Button type="submit" block disabled={recovery.busy}>
          {t('session.recovery.verify')}
        </Button>
        <div className="session-form__row">
          <Button
            variant="ghost"
            size="sm"
            disabled={!recovery.canResend}
            data-testid="recovery-resend"
            onClick={() => sendModal({ type: 'recovery.resend' })}
          >
            {recovery.canResend
              ? t('session.recovery.resend')
              : t('session.recovery.resend_wait', { seconds: recovery.resendIn })}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => sendModal({ type: 'recovery.changeEmail' })}>
            {t('session.recovery.change_email')}
          </Button>
        </div>
      </form>
    );
  }
  if (recovery.step === 'password') {
    const { errors } = passwordForm.formState;
    const pe = fieldMessage(t, errors.password, server.password);
    const ce = fieldMessage(t, errors.password_confirmation, server.password_confirmation);
    return (
      <form
        noValidate
        className="session-form"
        data-testid="recovery-password-form"
        onSubmit={passwordForm.handleSubmit((v) => {
          drop.put('recovery', { password: v.password, password_confirmation: v.password_confirmation });
          sendModal({ type: 'recovery.submitPassword' });
        })}
      >
        {banner}
        <Field
          id="recovery-password"
          label={t('session.field.new_password')}
          error={pe}
          hint={t('session.field.password_hint')}
        >
          <input
            {...aria('recovery-password', pe)}
            className="input"
            type="password"
            autoComplete="new-password"
            {...passwordForm.register('password', { deps: ['password_confirmation'] })}
          />
        </Field>
        <Field id="recovery-confirmation" label={t('session.field.password_confirmation')} error={ce}>
          <input
            {...aria('recovery-confirmation', ce)}
            className="input"
            type="password"
            autoComplete="new-password"
            {...passwordForm.register('password_confirmation')}
          />
        </Field>
        <Button type="submit" block disabled={recovery.busy}>
          {t('session.recovery.save')}
        </Button>
      </form>
    );
  }
  return (
    <div className="session-form" data-testid="recovery-done">
      <p role="status">{t('session.recovery.done')}</p>
      <Button block onClick={() => sendModal({ type: 'loginModal.open', tab: 'login' })}>
        {t('session.login.submit')}
      </Button>
    </div>
  );
}
