/**
 * The sign-in forms (login, register, recovery): react-hook-form + zod, validated on change (§5), messages from
 * the catalogs. Loaded lazily by the login modal, so none of this is in the initial bundle.
 * Values are handed to the actors through the one-shot drop; the machines only get bare events.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { LoginModalViewModel } from '../../../machines/login-modal/login-modal.connect';
import type { LoginModalEvent, LoginModalTab } from '../../../machines/login-modal/login-modal.types';
import type { SessionBrandSettings, SessionViewModel } from '../../../machines/session/session.connect';
import type { SessionCommand } from '../../../machines/session/session.types';
import { intlLocale } from '../../i18n/locale';
import { cpfDigits, isValidCpf, maskCpf } from '../../lib/cpf';
import { dateOrder, datePattern } from '../../lib/date-text';
import { internationalPhone, maskBrazilianPhone } from '../../lib/phone';
import type { SecretDrop } from '../../lib/secret-drop';
import { Button } from '../../ui/button';
import { DateInput } from '../../ui/date-input';
import { Captcha } from './captcha';
import { GoogleButton } from './google-button';
import {
  identifierField,
  loginSchema,
  passwordsMatch,
  recoveryCodeSchema,
  recoveryEmailSchema,
  recoveryPasswordSchema,
  registerSchema,
  zodResolver,
} from './schemas';

export interface SessionFormServicesView {
  validateCpf(cpf: string): Promise<string | null>;
  geo(): Promise<{ countryCode: string; callingCode: string }>;
  referralCode(): string | null;
  localCaptchaToken: string | null;
}

export interface SessionFormsProps {
  tab: LoginModalTab;
  brand: SessionBrandSettings;
  locale: 'pt' | 'en';
  session: SessionViewModel;
  recovery: LoginModalViewModel['recovery'];
  drop: SecretDrop;
  forms: SessionFormServicesView;
  sendSession: (event: SessionCommand) => void;
  sendModal: (event: LoginModalEvent) => void;
}

type Failure = SessionViewModel['failure'];

function useT() {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
}

/** A field's message: the form's own (a catalog id) or the server's text for that field. */
function fieldMessage(t: (id: string) => string, error: FieldError | undefined, server: string[] | undefined): string | undefined {
  if (error?.message) return t(error.message);
  return server?.[0];
}

function Field({ id, label, error, children, hint }: { id: string; label: string; error: string | undefined; children: ReactNode; hint?: string }) {
  return (
    <div className="field" data-invalid={Boolean(error)}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Messages of a refused call that no field shows. */
function FailureBanner({ failure, shownFields }: { failure: Failure; shownFields: string[] }) {
  const t = useT();
  if (!failure) return null;
  const fieldTexts = new Set(shownFields.flatMap((f) => failure.fields[f] ?? []));
  const rest = failure.messages.filter((m) => !('text' in m) || !fieldTexts.has(m.text));
  if (rest.length === 0) return null;
  return (
    <div className="form-error" role="alert" data-testid="form-failure">
      {rest.map((m, i) => (
        <p key={i}>{'text' in m ? m.text : t(m.id)}</p>
      ))}
    </div>
  );
}

const aria = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

function LoginForm({ brand, session, drop, sendSession, sendModal, locale }: SessionFormsProps) {
  const t = useT();
  const form = useForm<{ identifier: string; password: string }>({
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
      <FailureBanner failure={session.failure} shownFields={identifierError ? ['email', 'cpf', 'phone', 'password'] : ['password']} />
      <Field id="login-identifier" label={t(label)} error={identifierError}>
        <input {...aria('login-identifier', identifierError)} className="input" autoComplete="username" {...form.register('identifier')} />
      </Field>
      <Field id="login-password" label={t('session.field.password')} error={passwordError}>
        <input {...aria('login-password', passwordError)} className="input" type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <button type="button" className="link-button" onClick={() => sendModal({ type: 'loginModal.open', tab: 'recovery' })}>
        {t('session.login.forgot')}
      </button>
      <Button type="submit" block disabled={session.busy} data-testid="login-submit">
        {t(session.busy ? 'session.busy' : 'session.login.submit')}
      </Button>
      {brand.googleClientId ? (
        <GoogleButton clientId={brand.googleClientId} locale={locale} orLabel={t('session.or')} onCredential={onGoogle} />
      ) : null}
    </form>
  );
}

interface RegisterFields {
  name: string;
  email: string;
  phone: string;
  cpf: string;
  birth_date: string;
  password: string;
  password_confirmation: string;
  terms: boolean;
  captcha_token: string;
  referral_code: string;
}

function RegisterForm({ brand, session, drop, forms, sendSession, locale }: SessionFormsProps) {
  const t = useT();
  const [geo, setGeo] = useState({ countryCode: 'BR', callingCode: '55' });
  const [cpfCheck, setCpfCheck] = useState<{ digits: string; message: string | null } | null>(null);
  useEffect(() => {
    let alive = true;
    void forms.geo().then((g) => alive && setGeo(g));
    return () => {
      alive = false;
    };
  }, [forms]);
  // The birth date is typed in the page's own order (DD/MM/AAAA in pt, MM/DD/YYYY in en).
  const birthOrder = dateOrder(intlLocale(locale));
  const schema = registerSchema({ cpf: brand.registerCpf, phone: brand.registerPhone, callingCode: geo.callingCode, dateOrder: birthOrder });
  const form = useForm<RegisterFields>({
    mode: 'onChange',
    resolver: zodResolver(schema, passwordsMatch),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      cpf: '',
      birth_date: '',
      password: '',
      password_confirmation: '',
      terms: false as unknown as boolean,
      captcha_token: '',
      referral_code: forms.referralCode() ?? '',
    },
  });
  const { errors } = form.formState;
  const server = session.failure?.fields ?? {};
  const cpfValue = form.watch('cpf');
  const captcha = form.watch('captcha_token');

  // §5: the server CPF check, once the CPF passes the algorithm.
  useEffect(() => {
    if (!brand.registerCpf || !isValidCpf(cpfValue)) return;
    const digits = cpfDigits(cpfValue);
    let alive = true;
    forms
      .validateCpf(digits)
      .then((message) => alive && setCpfCheck({ digits, message }))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [brand.registerCpf, cpfValue, forms]);
  const cpfServerMessage = cpfCheck && cpfCheck.digits === cpfDigits(cpfValue) ? cpfCheck.message : null;

  const onSubmit = form.handleSubmit((v) => {
    if (cpfServerMessage) return;
    drop.put('register', {
      name: v.name.trim().replace(/\s+/g, ' '),
      email: v.email.trim(),
      ...(brand.registerPhone && v.phone ? { phone: internationalPhone(v.phone, geo.callingCode) } : {}),
      ...(brand.registerCpf ? { cpf: cpfDigits(v.cpf) } : {}),
      password: v.password,
      password_confirmation: v.password_confirmation,
      birth_date: v.birth_date,
      terms: true,
      captcha_token: v.captcha_token,
      referral_code: v.referral_code.trim() || null,
      language: locale,
    });
    sendSession({ type: 'session.register' });
  });
  const onToken = useCallback(
    (token: string) => form.setValue('captcha_token', token, { shouldValidate: true }),
    [form],
  );
  const err = (name: keyof RegisterFields, serverKey: string = name) => fieldMessage(t, errors[name], server[serverKey]);
  const e = {
    name: err('name'),
    email: err('email'),
    phone: err('phone'),
    cpf: fieldMessage(t, errors.cpf, undefined) ?? cpfServerMessage ?? server.cpf?.[0],
    birth: err('birth_date'),
    password: err('password'),
    confirmation: err('password_confirmation'),
    terms: err('terms'),
    captcha: err('captcha_token'),
    referral: err('referral_code'),
  };
  const masked = (name: 'cpf' | 'phone', mask: (v: string) => string) => {
    const registered = form.register(name);
    return {
      ...registered,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.target.value = mask(event.target.value);
        return registered.onChange(event);
      },
    };
  };
  return (
    <form onSubmit={onSubmit} noValidate className="session-form" data-testid="register-form">
      <FailureBanner failure={session.failure} shownFields={Object.keys(server)} />
      <Field id="register-name" label={t('session.field.full_name')} error={e.name}>
        <input {...aria('register-name', e.name)} className="input" autoComplete="name" {...form.register('name')} />
      </Field>
      <Field id="register-email" label={t('session.field.email')} error={e.email}>
        <input {...aria('register-email', e.email)} className="input" type="email" autoComplete="email" maxLength={30} {...form.register('email')} />
      </Field>
      {brand.registerPhone ? (
        <Field id="register-phone" label={t('session.field.phone')} error={e.phone}>
          <div className="input-group">
            <span className="input-group__prefix" aria-hidden="true">{`+${geo.callingCode}`}</span>
            <input {...aria('register-phone', e.phone)} className="input" type="tel" inputMode="tel" autoComplete="tel-national" placeholder="(11) 91234-5678" {...masked('phone', maskBrazilianPhone)} />
          </div>
        </Field>
      ) : null}
      {brand.registerCpf ? (
        <Field id="register-cpf" label={t('session.field.cpf')} error={e.cpf}>
          <input {...aria('register-cpf', e.cpf)} className="input" inputMode="numeric" autoComplete="off" placeholder="000.000.000-00" {...masked('cpf', maskCpf)} />
        </Field>
      ) : null}
      <Field id="register-birth" label={t('session.field.birth_date')} error={e.birth}>
        <DateInput
          {...aria('register-birth', e.birth)}
          className="input"
          autoComplete="bday"
          order={birthOrder}
          pattern={datePattern(birthOrder, {
            day: t('session.field.date_letters.day'),
            month: t('session.field.date_letters.month'),
            year: t('session.field.date_letters.year'),
          })}
          {...form.register('birth_date')}
        />
      </Field>
      <Field id="register-password" label={t('session.field.password')} error={e.password} hint={t('session.field.password_hint')}>
        <input {...aria('register-password', e.password)} className="input" type="password" autoComplete="new-password" {...form.register('password', { deps: ['password_confirmation'] })} />
      </Field>
      <Field id="register-confirmation" label={t('session.field.password_confirmation')} error={e.confirmation}>
        <input
          {...aria('register-confirmation', e.confirmation)}
          className="input"
          type="password"
          autoComplete="new-password"
          {...form.register('password_confirmation')}
        />
      </Field>
      <Field id="register-referral" label={t('session.field.referral_code')} error={e.referral}>
        <input {...aria('register-referral', e.referral)} className="input" autoComplete="off" {...form.register('referral_code')} />
      </Field>
      <div className="field" data-invalid={Boolean(e.terms)}>
        <label className="checkbox">
          <input type="checkbox" {...aria('register-terms', e.terms)} {...form.register('terms')} />
          <span>{t('session.field.terms')}</span>
        </label>
        {e.terms ? <p id="register-terms-error" className="field__error" role="alert">{e.terms}</p> : null}
      </div>
      <div className="field" data-invalid={Boolean(e.captcha)}>
        <Captcha siteKey={brand.turnstileSiteKey} localToken={forms.localCaptchaToken} value={captcha} onToken={onToken} locale={locale} error={e.captcha} />
        {e.captcha ? <p className="field__error" role="alert">{e.captcha}</p> : null}
      </div>
      <p className="session-form__age">{t('session.register.age_notice')}</p>
      <Button type="submit" block disabled={session.busy} data-testid="register-submit">
        {t(session.busy ? 'session.busy' : 'session.register.submit')}
      </Button>
    </form>
  );
}

function RecoveryForm({ recovery, drop, sendModal }: SessionFormsProps) {
  const t = useT();
  // What was entered on earlier steps (e-mail, code): needed by the later calls.
  const [entered, setEntered] = useState({ email: '', code: '' });
  const emailForm = useForm<{ email: string }>({ mode: 'onChange', resolver: zodResolver(recoveryEmailSchema), defaultValues: { email: '' } });
  const codeForm = useForm<{ code: string }>({ mode: 'onChange', resolver: zodResolver(recoveryCodeSchema), defaultValues: { code: '' } });
  const passwordForm = useForm<{ password: string; password_confirmation: string }>({
    mode: 'onChange',
    resolver: zodResolver(recoveryPasswordSchema, passwordsMatch),
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
  const banner = <FailureBanner failure={recovery.failure} shownFields={stepFields[recovery.step].filter((f) => f in server)} />;

  if (recovery.step === 'email') {
    const error = fieldMessage(t, emailForm.formState.errors.email, server.email);
    return (
      <form
        noValidate
        className="session-form"
        data-testid="recovery-email-form"
        onSubmit={emailForm.handleSubmit((v) => {
          const email = v.email.trim();
          setEntered({ email, code: '' });
          drop.put('recovery', { email });
          sendModal({ type: 'recovery.submitEmail' });
        })}
      >
        <p>{t('session.recovery.email_intro')}</p>
        {banner}
        <Field id="recovery-email" label={t('session.field.email')} error={error}>
          <input {...aria('recovery-email', error)} className="input" type="email" autoComplete="email" {...emailForm.register('email')} />
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
        onSubmit={codeForm.handleSubmit((v) => {
          setEntered((prev) => ({ ...prev, code: v.code }));
          drop.put('recovery', { email: entered.email, code: v.code });
          sendModal({ type: 'recovery.submitCode' });
        })}
      >
        <p>{t('session.recovery.code_intro', { email: entered.email })}</p>
        {banner}
        <Field id="recovery-code" label={t('session.field.code')} error={error}>
          <input {...aria('recovery-code', error)} className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...codeForm.register('code')} />
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
            onClick={() => {
              drop.put('recovery', { email: entered.email });
              sendModal({ type: 'recovery.resend' });
            }}
          >
            {t(recovery.canResend ? 'session.recovery.resend' : 'session.recovery.resend_wait')}
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
          drop.put('recovery', { email: entered.email, code: entered.code, ...v });
          sendModal({ type: 'recovery.submitPassword' });
        })}
      >
        {banner}
        <Field id="recovery-password" label={t('session.field.new_password')} error={pe} hint={t('session.field.password_hint')}>
          <input {...aria('recovery-password', pe)} className="input" type="password" autoComplete="new-password" {...passwordForm.register('password', { deps: ['password_confirmation'] })} />
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

/** The tab's form. */
export default function SessionForms(props: SessionFormsProps) {
  if (props.tab === 'register') return <RegisterForm {...props} />;
  if (props.tab === 'recovery') return <RecoveryForm {...props} />;
  return <LoginForm {...props} />;
}
