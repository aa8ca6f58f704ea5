import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type {
  AccessDataView,
  ContactChangeView,
  ContactView,
  PasswordChangeView,
  SessionRowView,
  SessionsView,
} from '../../../machines/access-data/access-data.connect';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { UiMessages } from '../../ui/ui-message';
import { ContactChange } from './contact-change-form';
import './access-data.css';

type T = (id: string, values?: Record<string, string | number>) => string;

export interface AccessDataPageProps {
  vm: AccessDataView;
  email: ContactView | null;
  phone: ContactView | null;
  password: PasswordChangeView | null;
  sessions: SessionsView | null;
  backTo: string;
  onRetry(): void;
  onContact(channel: 'email' | 'phone', event: 'send' | 'resend' | 'dismiss'): void;
  onContactCode(channel: 'email' | 'phone', code: string): void;
  emailChange?: ContactChangeView | null;
  phoneChange?: ContactChangeView | null;
  onChange?(channel: 'email' | 'phone', event: 'open' | 'resend' | 'cancel' | 'dismiss'): void;
  /** The new value and the current password; the route puts the password in the drop and sends only the value. */
  onChangeSubmit?(channel: 'email' | 'phone', values: { value: string; password: string }): void;
  onChangeCode?(channel: 'email' | 'phone', code: string): void;
  onPassword(event: 'start' | 'resend' | 'cancel' | 'dismiss'): void;
  onPasswordCode(code: string): void;
  /** The new password, already checked here; the route puts it in the drop and sends a bare event. */
  onPasswordSubmit(values: { password: string; password_confirmation: string }): void;
  onSessions(event: 'revokeOthers' | 'confirm' | 'cancel' | 'retry' | 'dismiss'): void;
  onRevoke(id: number): void;
  /** The second factor's section (Portaria SPA/MF 722/2024), rendered by the route from its machine. */
  secondFactor?: ReactNode;
}

/** §5 / the sign-up rule: at least 8 characters, a letter and a symbol. */
const PASSWORD_MIN = 8;
function passwordProblem(password: string, confirmation: string): { field: string; id: string } | null {
  if (password.length < PASSWORD_MIN || !/[A-Za-z]/.test(password) || !/[^A-Za-z0-9\s]/.test(password)) {
    return { field: 'password', id: 'profile.access.password.problem.rule' };
  }
  if (password !== confirmation)
    return { field: 'password_confirmation', id: 'profile.access.password.problem.mismatch' };
  return null;
}

/** +5511987654321 → +55 11 98765-4321 (other numbers as they are). */
function phoneText(phone: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(phone);
  return m ? `+55 ${m[1]} ${m[2]}-${m[3]}` : phone;
}

const ICONS = {
  email: 'M3 6h18v12H3z M3 7l9 6 9-6',
  phone: 'M7 3h10v18H7z M11 18h2',
  lock: 'M6 11h12v10H6z M8 11V8a4 4 0 0 1 8 0v3 M12 15v2',
  desktop: 'M3 4h18v12H3z M8 20h8 M12 16v4',
  mobile: 'M7 3h10v18H7z M11 18h2',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4',
} as const;

function Glyph({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="access__glyph" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Badge({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className="access__badge" data-ok={ok}>
      {children}
    </span>
  );
}

function CodeForm({
  id,
  t,
  busy,
  problem,
  canResend,
  resendIn,
  submitLabel,
  onSubmit,
  onResend,
  children,
}: {
  id: string;
  t: T;
  busy: boolean;
  problem: string | null;
  canResend: boolean;
  resendIn: number;
  submitLabel: string;
  onSubmit(code: string): void;
  onResend(): void;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get('code');
    onSubmit(typeof code === 'string' ? code : '');
  };
  return (
    <form className="access__code" onSubmit={submit} noValidate data-testid={`${id}-code-form`}>
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
        <Button type="submit" size="sm" disabled={busy} data-testid={`${id}-code-submit`}>
          {submitLabel}
        </Button>
      </div>
      {problem ? (
        <p className="access__problem" id={`${id}-code-problem`} role="alert" data-testid={`${id}-code-problem`}>
          {t(problem)}
        </p>
      ) : null}
      <div className="access__resend">
        <Button variant="ghost" size="sm" disabled={!canResend || busy} onClick={onResend} data-testid={`${id}-resend`}>
          {canResend ? t('profile.access.code.resend') : t('profile.access.code.resend_in', { seconds: resendIn })}
        </Button>
        {children}
      </div>
    </form>
  );
}

function ContactCard({
  vm,
  t,
  onEvent,
  onCode,
  change,
  changing,
}: {
  vm: ContactView;
  t: T;
  onEvent(event: 'send' | 'resend' | 'dismiss'): void;
  onCode(code: string): void;
  change: ReactNode;
  /** The change form or its code step is open: the verification of the current address steps aside. */
  changing: boolean;
}) {
  const id = `access-${vm.channel}`;
  const label = t(`profile.access.${vm.channel}.title`);
  return (
    <section className="surface-card access__card" aria-labelledby={`${id}-title`} data-testid={id}>
      <header className="access__head">
        <Glyph name={vm.channel} />
        <div className="access__head-text">
          <h2 id={`${id}-title`}>{label}</h2>
          <p className="access__value" data-testid={`${id}-address`}>
            {vm.address
              ? vm.channel === 'phone'
                ? phoneText(vm.address)
                : vm.address
              : t('profile.access.phone.none')}
          </p>
        </div>
        {vm.step === 'none' ? null : (
          <Badge ok={vm.verified}>
            {vm.verified ? t('profile.access.status.verified') : t('profile.access.status.unverified')}
          </Badge>
        )}
      </header>
      <Notice
        notice={vm.notice}
        failure={vm.failure}
        closeLabel={t('profile.close')}
        onClose={() => onEvent('dismiss')}
        testId={`${id}-notice`}
      />
      {vm.step === 'unverified' && !changing ? (
        <>
          <p className="access__hint">{t(`profile.access.${vm.channel}.why`)}</p>
          <Button variant="secondary" disabled={vm.busy} onClick={() => onEvent('send')} data-testid={`${id}-send`}>
            {vm.busy ? t('profile.access.code.sending') : t('profile.access.code.send')}
          </Button>
        </>
      ) : null}
      {vm.step === 'code' && !changing ? (
        <>
          <p className="access__hint">
            {t(`profile.access.${vm.channel}.code_intro`, {
              address: vm.address ? (vm.channel === 'phone' ? phoneText(vm.address) : vm.address) : '',
            })}
          </p>
          <CodeForm
            id={id}
            t={t}
            busy={vm.busy}
            problem={vm.problem}
            canResend={vm.canResend}
            resendIn={vm.resendIn}
            submitLabel={t('profile.access.code.verify')}
            onSubmit={onCode}
            onResend={() => onEvent('resend')}
          />
        </>
      ) : null}
      {change}
    </section>
  );
}

function PasswordCard({
  vm,
  t,
  onEvent,
  onCode,
  onSubmit,
}: {
  vm: PasswordChangeView;
  t: T;
  onEvent(event: 'start' | 'resend' | 'cancel' | 'dismiss'): void;
  onCode(code: string): void;
  onSubmit(values: { password: string; password_confirmation: string }): void;
}) {
  const [problem, setProblem] = useState<{ field: string; id: string } | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const read = (name: string) => {
      const value = new FormData(form).get(name);
      return typeof value === 'string' ? value : '';
    };
    const values = { password: read('password'), password_confirmation: read('password_confirmation') };
    const found = passwordProblem(values.password, values.password_confirmation);
    setProblem(found);
    if (!found) {
      form.reset();
      onSubmit(values);
    }
  };
  const server = vm.failure?.fields ?? {};
  const fieldProblem = (field: string) =>
    problem?.field === field ? t(problem.id) : (server[field]?.join(' ') ?? null);
  return (
    <section
      className="surface-card access__card"
      aria-labelledby="access-password-title"
      data-testid="access-password"
    >
      <header className="access__head">
        <Glyph name="lock" />
        <div className="access__head-text">
          <h2 id="access-password-title">{t('profile.access.password.title')}</h2>
          <p className="access__value">••••••••</p>
        </div>
      </header>
      <Notice
        notice={vm.notice}
        failure={vm.step === 'password' ? null : vm.failure}
        closeLabel={t('profile.close')}
        onClose={() => onEvent('dismiss')}
        testId="access-password-notice"
      />
      {vm.step === 'idle' || vm.step === 'done' ? (
        <>
          <p className="access__hint">{t('profile.access.password.intro', { email: vm.email })}</p>
          <Button
            variant="secondary"
            disabled={vm.busy}
            onClick={() => onEvent('start')}
            data-testid="access-password-start"
          >
            {vm.busy ? t('profile.access.code.sending') : t('profile.access.password.start')}
          </Button>
        </>
      ) : null}
      {vm.step === 'code' ? (
        <>
          <p className="access__hint">{t('profile.access.password.code_intro', { email: vm.email })}</p>
          <CodeForm
            id="access-password"
            t={t}
            busy={vm.busy}
            problem={vm.problem}
            canResend={vm.canResend}
            resendIn={vm.resendIn}
            submitLabel={t('profile.access.code.continue')}
            onSubmit={onCode}
            onResend={() => onEvent('resend')}
          >
            <Button variant="ghost" size="sm" onClick={() => onEvent('cancel')}>
              {t('profile.access.cancel')}
            </Button>
          </CodeForm>
        </>
      ) : null}
      {vm.step === 'password' ? (
        <form className="access__password" onSubmit={submit} noValidate data-testid="access-password-form">
          {vm.failure && !server.password && !server.password_confirmation ? (
            <div className="notice" data-kind="error" role="alert">
              <UiMessages messages={vm.failure.messages} />
            </div>
          ) : null}
          <label htmlFor="access-new-password">{t('profile.access.password.new')}</label>
          <input
            id="access-new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={fieldProblem('password') ? true : undefined}
            aria-describedby="access-new-password-hint"
          />
          <p className="access__hint" id="access-new-password-hint">
            {fieldProblem('password') ?? t('profile.access.password.rule')}
          </p>
          <label htmlFor="access-new-password-confirmation">{t('profile.access.password.confirm')}</label>
          <input
            id="access-new-password-confirmation"
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            aria-invalid={fieldProblem('password_confirmation') ? true : undefined}
          />
          {fieldProblem('password_confirmation') ? (
            <p className="access__problem" role="alert">
              {fieldProblem('password_confirmation')}
            </p>
          ) : null}
          <div className="access__actions">
            <Button type="submit" disabled={vm.busy} data-testid="access-password-save">
              {vm.busy ? t('profile.saving') : t('profile.access.password.save')}
            </Button>
            <Button variant="ghost" onClick={() => onEvent('cancel')}>
              {t('profile.access.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function SessionRow({ row, t, busy, onRevoke }: { row: SessionRowView; t: T; busy: boolean; onRevoke(): void }) {
  const intl = useIntl();
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'short' });
  const device =
    row.browser && row.os
      ? t('profile.access.sessions.device', { browser: row.browser, os: row.os })
      : (row.browser ?? row.os ?? t('profile.access.sessions.unknown'));
  return (
    <li className="access__session" data-current={row.current} data-testid="access-session">
      <Glyph name={row.mobile ? 'mobile' : 'desktop'} />
      <div className="access__session-text">
        <p className="access__session-device">
          {device}
          {row.current ? <Badge ok>{t('profile.access.sessions.this')}</Badge> : null}
        </p>
        <p className="access__hint">
          {t('profile.access.sessions.times', { since: when(row.createdAt), last: when(row.lastSeenAt) })}
        </p>
      </div>
      {row.current ? null : (
        <Button variant="outline" size="sm" disabled={busy} onClick={onRevoke} data-testid="access-session-revoke">
          {row.ending ? t('profile.access.sessions.ending') : t('profile.access.sessions.end')}
        </Button>
      )}
    </li>
  );
}

function SessionsCard({
  vm,
  t,
  onEvent,
  onRevoke,
}: {
  vm: SessionsView;
  t: T;
  onEvent(event: 'revokeOthers' | 'confirm' | 'cancel' | 'retry' | 'dismiss'): void;
  onRevoke(id: number): void;
}) {
  return (
    <section
      className="surface-card access__card"
      aria-labelledby="access-sessions-title"
      data-testid="access-sessions"
    >
      <header className="access__head">
        <Glyph name="shield" />
        <div className="access__head-text">
          <h2 id="access-sessions-title">{t('profile.access.sessions.title')}</h2>
          <p className="access__hint">{t('profile.access.sessions.intro')}</p>
        </div>
      </header>
      <Notice
        notice={vm.notice}
        failure={vm.failure}
        closeLabel={t('profile.close')}
        onClose={() => onEvent(vm.status === 'failed' ? 'retry' : 'dismiss')}
        testId="access-sessions-notice"
      />
      {vm.status === 'loading' ? <p role="status">{t('profile.loading')}</p> : null}
      {vm.status === 'failed' ? (
        <Button variant="outline" onClick={() => onEvent('retry')}>
          {t('profile.retry')}
        </Button>
      ) : null}
      {vm.status === 'ready' ? (
        <>
          <ul className="access__sessions">
            {vm.sessions.map((row) => (
              <SessionRow key={row.id} row={row} t={t} busy={vm.busy} onRevoke={() => onRevoke(row.id)} />
            ))}
          </ul>
          {vm.confirming ? (
            <div className="access__confirm" role="alertdialog" aria-labelledby="access-sessions-confirm">
              <p id="access-sessions-confirm">{t('profile.access.sessions.confirm', { count: vm.others })}</p>
              <div className="access__actions">
                <Button onClick={() => onEvent('confirm')} data-testid="access-sessions-confirm">
                  {t('profile.access.sessions.confirm_button')}
                </Button>
                <Button variant="ghost" onClick={() => onEvent('cancel')}>
                  {t('profile.access.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button
              variant="outline"
              block
              disabled={vm.busy || vm.others === 0}
              onClick={() => onEvent('revokeOthers')}
              data-testid="access-sessions-revoke-others"
            >
              {t('profile.access.sessions.revoke_others')}
            </Button>
          )}
        </>
      ) : null}
    </section>
  );
}

/**
 * /user/edit/access-data: the e-mail and phone with their verification, the password change and the player's
 * signed-in sessions, each a card rendered from its machine's view.
 */
export function AccessDataPage(props: AccessDataPageProps) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const { vm } = props;
  const changeOf = (channel: 'email' | 'phone') => {
    const view = channel === 'email' ? props.emailChange : props.phoneChange;
    if (!view) return null;
    return (
      <ContactChange
        vm={view}
        t={t}
        onEvent={(event) => props.onChange?.(channel, event)}
        onSubmit={(values) => props.onChangeSubmit?.(channel, values)}
        onCode={(code) => props.onChangeCode?.(channel, code)}
      />
    );
  };
  const changing = (channel: 'email' | 'phone') => {
    const step = (channel === 'email' ? props.emailChange : props.phoneChange)?.step;
    return step === 'editing' || step === 'code';
  };
  return (
    <article className="page access" data-testid="access-data-page">
      <nav className="access__crumbs" aria-label={t('profile.more')}>
        <Link to={props.backTo}>← {t('shell.page.user.title')}</Link>
      </nav>
      <h1 className="page__title">{t('shell.page.user-edit-access-data.title')}</h1>
      {vm.status === 'loading' ? <p role="status">{t('profile.loading')}</p> : null}
      {vm.status === 'failed' ? (
        <div className="surface-card" role="alert">
          <UiMessages messages={vm.failure?.messages ?? []} />
          <Button variant="outline" onClick={props.onRetry}>
            {t('profile.retry')}
          </Button>
        </div>
      ) : null}
      {props.email ? (
        <ContactCard
          vm={props.email}
          t={t}
          onEvent={(event) => props.onContact('email', event)}
          onCode={(code) => props.onContactCode('email', code)}
          change={changeOf('email')}
          changing={changing('email')}
        />
      ) : null}
      {props.phone ? (
        <ContactCard
          vm={props.phone}
          t={t}
          onEvent={(event) => props.onContact('phone', event)}
          onCode={(code) => props.onContactCode('phone', code)}
          change={changeOf('phone')}
          changing={changing('phone')}
        />
      ) : null}
      {props.password ? (
        <PasswordCard
          vm={props.password}
          t={t}
          onEvent={props.onPassword}
          onCode={props.onPasswordCode}
          onSubmit={props.onPasswordSubmit}
        />
      ) : null}
      {props.sessions ? (
        <SessionsCard vm={props.sessions} t={t} onEvent={props.onSessions} onRevoke={props.onRevoke} />
      ) : null}
      {props.secondFactor ?? null}
    </article>
  );
}
