import { useSelector } from '@xstate/react';
import { useCallback, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { connectRegistration, REGISTRATION_IDLE } from '../../../machines/registration/registration.connect';
import { cpfDigits, isValidCpf, maskCpf } from '../../../shared/cpf';
import { intlLocale } from '../../i18n/locale';
import { dateOrder, datePattern } from '../../lib/date-text';
import { internationalPhone, maskBrazilianPhone } from '../../../shared/phone';
import { Button } from '../../ui/button';
import { DateInput } from '../../ui/date-input';
import { Captcha } from './captcha';
import type { SessionFormsProps } from './form-props';
import { aria, FailureBanner, Field, fieldMessage, useT } from './form-parts';
import { registerSchema, zodResolver, type RegisterOutput, type RegisterValues } from './schemas';

/**
 * Registration (§5). The geo lookup (the phone's calling code) and the server CPF check are the registration
 * machine's, invoked by the login modal while this tab is open: the form reads its snapshot, puts each complete,
 * valid CPF in the drop and tells the machine, which checks it (and cancels the check when the CPF changes).
 */
export function RegisterForm({ brand, session, drop, forms, registration, sendSession, locale }: SessionFormsProps) {
  const t = useT();
  const reg = useSelector(
    registration ?? undefined,
    (s) => (s ? connectRegistration(s) : REGISTRATION_IDLE),
    sameRegistration,
  );
  const { callingCode } = reg.geo;
  // The birth date is typed in the page's own order (DD/MM/AAAA in pt, MM/DD/YYYY in en).
  const birthOrder = dateOrder(intlLocale(locale));
  const schema = registerSchema({
    cpf: brand.registerCpf,
    phone: brand.registerPhone,
    callingCode,
    dateOrder: birthOrder,
  });
  const form = useForm<RegisterValues, unknown, RegisterOutput>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      cpf: '',
      birth_date: '',
      password: '',
      password_confirmation: '',
      terms: false as unknown as true,
      captcha_token: '',
      referral_code: forms.referralCode() ?? '',
    },
  });
  const { errors } = form.formState;
  const server = session.failure?.fields ?? {};
  const captcha = useWatch({ control: form.control, name: 'captcha_token' });

  /** §5: a complete CPF that passes the algorithm goes to the server check; editing it away cancels the check. */
  const cpfEdited = (next: string, previous: string) => {
    if (!brand.registerCpf || !registration || cpfDigits(next) === cpfDigits(previous)) return;
    if (isValidCpf(next)) {
      drop.put('cpf', { cpf: cpfDigits(next) });
      registration.send({ type: 'registration.cpfTyped' });
    } else if (isValidCpf(previous)) {
      registration.send({ type: 'registration.cpfCleared' });
    }
  };
  const retryCpfCheck = () => {
    const value = form.getValues('cpf') ?? '';
    if (!registration || !isValidCpf(value)) return;
    drop.put('cpf', { cpf: cpfDigits(value) });
    registration.send({ type: 'registration.cpfTyped' });
  };

  const onSubmit = form.handleSubmit((v) => {
    if (reg.cpf.blocksSubmit) return;
    drop.put('register', {
      name: v.name.trim().replace(/\s+/g, ' '),
      email: v.email.trim(),
      ...(brand.registerPhone && v.phone ? { phone: internationalPhone(v.phone, callingCode) } : {}),
      ...(brand.registerCpf && v.cpf ? { cpf: cpfDigits(v.cpf) } : {}),
      password: v.password,
      password_confirmation: v.password_confirmation,
      birth_date: v.birth_date,
      terms: true,
      captcha_token: v.captcha_token,
      referral_code: v.referral_code?.trim() || null,
      language: locale,
    });
    sendSession({ type: 'session.register' });
  });
  const onToken = useCallback(
    (token: string) => form.setValue('captcha_token', token, { shouldValidate: true }),
    [form],
  );
  const err = (name: keyof RegisterValues, serverKey: string = name) =>
    fieldMessage(t, errors[name], server[serverKey]);
  const e = {
    name: err('name'),
    email: err('email'),
    phone: err('phone'),
    cpf:
      fieldMessage(t, errors.cpf, undefined) ??
      (reg.cpf.messageId ? t(reg.cpf.messageId) : undefined) ??
      server.cpf?.[0],
    birth: err('birth_date'),
    password: err('password'),
    confirmation: err('password_confirmation'),
    terms: err('terms'),
    captcha: err('captcha_token'),
    referral: err('referral_code'),
  };
  const cpfHint =
    reg.cpf.state === 'checking' ? (
      <span data-testid="register-cpf-checking">{t('session.register.cpf_checking')}</span>
    ) : reg.cpf.state === 'failed' ? (
      <span data-testid="register-cpf-check-failed">
        {t('session.register.cpf_check_failed')}{' '}
        <button type="button" className="link-button" onClick={retryCpfCheck}>
          {t('session.register.cpf_check_retry')}
        </button>
      </span>
    ) : undefined;
  const masked = (name: 'cpf' | 'phone', mask: (v: string) => string) => {
    const registered = form.register(name);
    return {
      ...registered,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const previous = form.getValues(name) ?? '';
        event.target.value = mask(event.target.value);
        if (name === 'cpf') cpfEdited(event.target.value, previous);
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
        <input
          {...aria('register-email', e.email)}
          className="input"
          type="email"
          autoComplete="email"
          maxLength={30}
          {...form.register('email')}
        />
      </Field>
      {brand.registerPhone ? (
        <Field id="register-phone" label={t('session.field.phone')} error={e.phone}>
          <div className="input-group">
            <span className="input-group__prefix" aria-hidden="true">{`+${callingCode}`}</span>
            <input
              {...aria('register-phone', e.phone)}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(11) 91234-5678"
              {...masked('phone', maskBrazilianPhone)}
            />
          </div>
        </Field>
      ) : null}
      {brand.registerCpf ? (
        <Field id="register-cpf" label={t('session.field.cpf')} error={e.cpf} hint={e.cpf ? undefined : cpfHint}>
          <input
            {...aria('register-cpf', e.cpf)}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            {...masked('cpf', maskCpf)}
          />
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
      <Field
        id="register-password"
        label={t('session.field.password')}
        error={e.password}
        hint={t('session.field.password_hint')}
      >
        <input
          {...aria('register-password', e.password)}
          className="input"
          type="password"
          autoComplete="new-password"
          {...form.register('password', { deps: ['password_confirmation'] })}
        />
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
        <input
          {...aria('register-referral', e.referral)}
          className="input"
          autoComplete="off"
          {...form.register('referral_code')}
        />
      </Field>
      <div className="field" data-invalid={Boolean(e.terms)}>
        <label className="checkbox">
          <input type="checkbox" {...aria('register-terms', e.terms)} {...form.register('terms')} />
          <span>{t('session.field.terms')}</span>
        </label>
        {e.terms ? (
          <p id="register-terms-error" className="field__error" role="alert">
            {e.terms}
          </p>
        ) : null}
      </div>
      <div className="field" data-invalid={Boolean(e.captcha)}>
        <Captcha
          siteKey={brand.turnstileSiteKey}
          localToken={forms.localCaptchaToken}
          value={captcha}
          onToken={onToken}
          locale={locale}
          error={e.captcha}
        />
        {e.captcha ? (
          <p className="field__error" role="alert">
            {e.captcha}
          </p>
        ) : null}
      </div>
      <p className="session-form__age">{t('session.register.age_notice')}</p>
      <p className="session-form__warning" role="note" data-testid="rg-warning">
        {t('session.warning.addiction')}
      </p>
      <Button type="submit" block disabled={session.busy} data-testid="register-submit">
        {t(session.busy ? 'session.busy' : 'session.register.submit')}
      </Button>
    </form>
  );
}

function sameRegistration(
  a: ReturnType<typeof connectRegistration>,
  b: ReturnType<typeof connectRegistration>,
): boolean {
  return (
    a.geo.countryCode === b.geo.countryCode &&
    a.geo.callingCode === b.geo.callingCode &&
    a.geo.locating === b.geo.locating &&
    a.cpf.state === b.cpf.state &&
    a.cpf.messageId === b.cpf.messageId
  );
}
