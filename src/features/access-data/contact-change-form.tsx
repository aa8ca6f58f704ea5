/**
 * The e-mail or phone change of /user/edit/access-data: the new value and the current password
 * (react-hook-form with a zod/mini schema whose messages are catalog ids), then the code sent to the new address.
 * Rendered from the contact change machine's view; the password goes to the route, which puts it in the drop.
 */
import { useEffect, type ChangeEvent, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ContactChangeView } from '../../../machines/access-data/access-data.connect';
import type { UiMessage } from '../../../machines/kernel/api-error';
import { maskBrazilianPhone, normalizeBrazilianPhone } from '../../../shared/phone';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { UiMessages } from '../../ui/ui-message';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX, EMAIL_PATTERN } from '../../lib/email-rule';

type T = (id: string, values?: Record<string, string | number>) => string;

const M = {
  required: 'profile.access.change.validation.required',
  email: 'profile.access.change.validation.email',
  phone: 'profile.access.change.validation.phone',
} as const;

/** A Brazilian mobile (the code goes by SMS), in E.164, or null. */
export function brazilianMobile(input: string): string | null {
  const phone = normalizeBrazilianPhone(input);
  return phone && /^\+55\d{2}9\d{8}$/.test(phone) ? phone : null;
}

/** §5's e-mail rule, or a Brazilian mobile number; the current password is only required here (the platform checks it). */
export function contactChangeSchema(channel: 'email' | 'phone') {
  return z.object({
    value:
      channel === 'email'
        ? z
            .string()
            .check(
              z.trim(),
              z.minLength(1, M.required),
              z.maxLength(EMAIL_MAX, M.email),
              z.regex(EMAIL_PATTERN, M.email),
            )
        : z.string().check(
            z.minLength(1, M.required),
            z.refine((v) => brazilianMobile(v) !== null, M.phone),
          ),
    password: z.string().check(z.minLength(1, M.required)),
  });
}
type ChangeValues = { value: string; password: string };

/** +5511987654321 → (11) 98765-4321, the way the player types it. */
const phoneShown = (phone: string) => maskBrazilianPhone(phone);

function messageText(t: T, message: UiMessage | null): string | null {
  if (!message) return null;
  return 'text' in message ? message.text : t(message.id, message.values);
}

export interface ContactChangeProps {
  vm: ContactChangeView;
  t: T;
  onEvent(event: 'open' | 'resend' | 'cancel' | 'dismiss'): void;
  /** The new value (e-mail trimmed, phone in E.164) and the current password; the route keeps the password out. */
  onSubmit(values: ChangeValues): void;
  onCode(code: string): void;
}

function ChangeForm({ vm, t, onEvent, onSubmit }: ContactChangeProps) {
  const id = `access-${vm.channel}-change`;
  const form = useForm<ChangeValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(contactChangeSchema(vm.channel)),
    defaultValues: { value: vm.channel === 'phone' ? phoneShown(vm.value) : vm.value, password: '' },
  });
  // A refused request: the password typed is gone (it went through the drop); the player types it again.
  const refused = vm.fields.password !== null || vm.fields.value !== null;
  useEffect(() => {
    if (refused) form.setValue('password', '');
  }, [refused, vm.fields, form]);
  const errors = form.formState.errors;
  const valueError = errors.value?.message ? t(errors.value.message) : messageText(t, vm.fields.value);
  const passwordError = errors.password?.message ? t(errors.password.message) : messageText(t, vm.fields.password);
  const valueField = form.register('value');
  const submit = form.handleSubmit((values) => {
    const value = vm.channel === 'phone' ? (brazilianMobile(values.value) ?? values.value) : values.value.trim();
    form.setValue('password', '');
    onSubmit({ value, password: values.password });
  });
  return (
    <form className="access__change" onSubmit={submit} noValidate data-testid={`${id}-form`}>
      <p className="access__hint">{t(`profile.access.change.${vm.channel}_intro`)}</p>
      {vm.failure ? (
        <div className="notice" data-kind="error" role="alert">
          <UiMessages messages={vm.failure.messages} />
        </div>
      ) : null}
      <label htmlFor={`${id}-value`}>{t(`profile.access.change.${vm.channel}_new`)}</label>
      <input
        id={`${id}-value`}
        className="input"
        type={vm.channel === 'email' ? 'email' : 'tel'}
        inputMode={vm.channel === 'email' ? 'email' : 'tel'}
        autoComplete={vm.channel === 'email' ? 'email' : 'tel-national'}
        placeholder={vm.channel === 'phone' ? '(11) 91234-5678' : undefined}
        aria-invalid={valueError ? true : undefined}
        aria-describedby={valueError ? `${id}-value-error` : undefined}
        {...valueField}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (vm.channel === 'phone') event.target.value = maskBrazilianPhone(event.target.value);
          return valueField.onChange(event);
        }}
      />
      {valueError ? (
        <p className="access__problem" id={`${id}-value-error`} role="alert" data-testid={`${id}-value-error`}>
          {valueError}
        </p>
      ) : null}
      <label htmlFor={`${id}-password`}>{t('profile.access.change.password')}</label>
      <input
        id={`${id}-password`}
        className="input"
        type="password"
        autoComplete="current-password"
        aria-invalid={passwordError ? true : undefined}
        aria-describedby={`${id}-password-hint`}
        {...form.register('password')}
      />
      <p
        className={passwordError ? 'access__problem' : 'access__hint'}
        id={`${id}-password-hint`}
        role={passwordError ? 'alert' : undefined}
        data-testid={passwordError ? `${id}-password-error` : undefined}
      >
        {passwordError ?? t('profile.access.change.password_hint')}
      </p>
      <div className="access__actions">
        <Button type="submit" disabled={vm.busy} data-testid={`${id}-send`}>
          {vm.busy ? t('profile.access.code.sending') : t('profile.access.change.send')}
        </Button>
        <Button variant="ghost" onClick={() => onEvent('cancel')}>
          {t('profile.access.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ChangeCode({ vm, t, onEvent, onCode }: ContactChangeProps) {
  const id = `access-${vm.channel}-change`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get('code');
    onCode(typeof code === 'string' ? code : '');
  };
  const problem = vm.problem ? t(vm.problem) : messageText(t, vm.fields.value);
  const address = vm.channel === 'phone' ? phoneShown(vm.value) : vm.value;
  return (
    <form className="access__code" onSubmit={submit} noValidate data-testid={`${id}-code-form`}>
      <p className="access__hint">{t(`profile.access.change.${vm.channel}_code_intro`, { address })}</p>
      {vm.failure ? (
        <div className="notice" data-kind="error" role="alert">
          <UiMessages messages={vm.failure.messages} />
        </div>
      ) : null}
      <label htmlFor={`${id}-code`}>{t('profile.access.code.label')}</label>
      <div className="access__code-row">
        <input
          id={`${id}-code`}
          name="code"
          className="access__code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-code-problem` : undefined}
        />
        <Button type="submit" size="sm" disabled={vm.busy} data-testid={`${id}-code-submit`}>
          {t('profile.access.change.confirm')}
        </Button>
      </div>
      {problem ? (
        <p className="access__problem" id={`${id}-code-problem`} role="alert" data-testid={`${id}-code-problem`}>
          {problem}
        </p>
      ) : null}
      <div className="access__resend">
        <Button
          variant="ghost"
          size="sm"
          disabled={!vm.canResend || vm.busy}
          onClick={() => onEvent('resend')}
          data-testid={`${id}-resend`}
        >
          {vm.canResend
            ? t('profile.access.change.resend_again')
            : t('profile.access.code.resend_in', { seconds: vm.resendIn })}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onEvent('cancel')} data-testid={`${id}-cancel`}>
          {t('profile.access.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The change part of an e-mail or phone card: a button, the form, or the code step. */
export function ContactChange(props: ContactChangeProps) {
  const { vm, t, onEvent } = props;
  const notice = (
    <Notice
      notice={vm.notice}
      failure={null}
      closeLabel={t('profile.close')}
      onClose={() => onEvent('dismiss')}
      testId={`access-${vm.channel}-change-notice`}
    />
  );
  if (vm.step === 'editing' || vm.step === 'code') {
    return (
      <div className="access__change-step">
        {notice}
        {vm.step === 'editing' ? <ChangeForm {...props} /> : <ChangeCode {...props} />}
      </div>
    );
  }
  const label =
    vm.channel === 'email'
      ? t('profile.access.change.email_start')
      : vm.current
        ? t('profile.access.change.phone_start')
        : t('profile.access.change.phone_add');
  return (
    <div className="access__change-open">
      {notice}
      <Button variant="outline" size="sm" onClick={() => onEvent('open')} data-testid={`access-${vm.channel}-change`}>
        {label}
      </Button>
    </div>
  );
}
