import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { cpfDigits } from '../../../shared/cpf';
import { Button } from '../../ui/button';
import { aria, FailureBanner, Field, fieldMessage, useT } from './form-parts';
import { GoogleButton } from './google-button';
import { identifierField, loginSchema, zodResolver, type LoginValues } from './schemas';
import type { SessionFormsProps } from './form-props';

/** Sign-in by e-mail, phone or CPF as the brand requires (§3 login_requires_*), or with Google. */
export function LoginForm({ brand, session, drop, sendSession, sendModal, locale }: SessionFormsProps) {
  const t = useT();
  const form = useForm<LoginValues>({
    mode: 'onChange',
    resolver: zodResolver(loginSchema(brand.loginBy)),
    defaultValues: { identifier: '', password: '' },
  });
  const { errors } = form.formState;
  const server = session.failure?.fields ?? {};
  const onSubmit = form.handleSubmit((values) => {
    const field = identifierField(values.identifier, brand.loginBy);
    if (!field) return;
    const value = field === 'cpf' ? cpfDigits(values.identifier) : values.identifier.trim();
    drop.put('login', { identifier: { field, value }, password: values.password });
    sendSession({ type: 'session.login' });
  });
  const identifierError = fieldMessage(t, errors.identifier, server.email ?? server.cpf ?? server.phone);
  const passwordError = fieldMessage(t, errors.password, server.password);
  const onGoogle = useCallback(
    (idToken: string) => {
      drop.put('google', { idToken });
      sendSession({ type: 'session.google' });
    },
    [drop, sendSession],
  );
  const label = `session.login.identifier.${brand.loginBy.join('_')}`;
  return (
    <form onSubmit={onSubmit} noValidate className="session-form" data-testid="login-form">
      <FailureBanner
        failure={session.failure}
        shownFields={identifierError ? ['email', 'cpf', 'phone', 'password'] : ['password']}
      />
      <Field id="login-identifier" label={t(label)} error={identifierError}>
        <input
          {...aria('login-identifier', identifierError)}
          className="input"
          autoComplete="username"
          {...form.register('identifier')}
        />
      </Field>
      <Field id="login-password" label={t('session.field.password')} error={passwordError}>
        <input
          {...aria('login-password', passwordError)}
          className="input"
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </Field>
      <button
        type="button"
        className="link-button"
        onClick={() => sendModal({ type: 'loginModal.open', tab: 'recovery' })}
      >
        {t('session.login.forgot')}
      </button>
      <p className="session-form__warning" role="note" data-testid="rg-warning">
        {t('session.warning.addiction')}
      </p>
      <Button type="submit" block disabled={session.busy} data-testid="login-submit">
        {t(session.busy ? 'session.busy' : 'session.login.submit')}
      </Button>
      {brand.googleClientId ? (
        <GoogleButton
          clientId={brand.googleClientId}
          locale={locale}
          orLabel={t('session.or')}
          onCredential={onGoogle}
        />
      ) : null}
    </form>
  );
}
