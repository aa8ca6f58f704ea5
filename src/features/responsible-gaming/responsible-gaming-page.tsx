import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Failure, UiMessage } from '../../../machines/kernel/api-error';
import type {
  LimitRowView,
  ResponsibleGamingView,
  SelfExclusionView,
} from '../../../machines/responsible-gaming/responsible-gaming.connect';
import type {
  LimitKind,
  LimitPeriod,
  RealityCheckMinutes,
  SelfExclusionValue,
} from '../../../machines/responsible-gaming/responsible-gaming.types';
import { REALITY_CHECK_CHOICES } from '../../../machines/responsible-gaming/responsible-gaming.types';
import { NATIONAL_SELF_EXCLUSION_URL, SELF_EXCLUSION_VALUES } from '../../../shared/self-exclusion';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { formatBRL } from '../../../shared/money';
import { UiMessages } from '../../ui/ui-message';
import './responsible-gaming.css';
import { useT } from '../../i18n/use-t';

export interface ResponsibleGamingPageProps {
  settings: ResponsibleGamingView;
  exclusion: SelfExclusionView | null;
  onSaveLimit(kind: LimitKind, period: LimitPeriod, text: string): void;
  onSaveRealityCheck(minutes: RealityCheckMinutes): void;
  onRetry(): void;
  onDismiss(): void;
  onChooseExclusion(value: SelfExclusionValue): void;
  onReviewExclusion(): void;
  onBackExclusion(): void;
  onConfirmExclusion(): void;
}

const failureMessages = (failure: Failure | null): UiMessage[] => failure?.messages ?? [];

/**
 * /responsible-gambling (Portaria 2.579/2025): the player's deposit, loss and play-time limits with what
 * each period has used and any raise waiting for its cooling-off; how often the reality check pauses play; and
 * self-exclusion with a confirmation that says exactly what happens, beside the national platform's link.
 */
export function ResponsibleGamingPage(props: ResponsibleGamingPageProps) {
  const { settings } = props;
  const t = useT();
  return (
    <article className="page rg" data-testid="responsible-gaming-page">
      <header className="rg__intro">
        <h1 className="page__title">{t('shell.page.responsible-gambling.title')}</h1>
        <p>{t('rg.intro')}</p>
      </header>
      {settings.status === 'loading' ? (
        <p role="status" data-testid="rg-loading">
          {t('rg.loading')}
        </p>
      ) : null}
      {settings.status === 'failed' ? (
        <div className="surface-card" role="alert" data-testid="rg-failed">
          <UiMessages messages={failureMessages(settings.failure)} />
          <Button variant="outline" onClick={props.onRetry}>
            {t('rg.retry')}
          </Button>
        </div>
      ) : null}
      {settings.status === 'ready' ? (
        <>
          <Notice
            notice={settings.notice}
            failure={settings.failure}
            closeLabel={t('rg.dismiss')}
            onClose={props.onDismiss}
            testId="rg-notice"
          />
          <LimitSection kind="deposit" {...props} />
          <LimitSection kind="loss" {...props} />
          <LimitSection kind="session" {...props} />
          <RealityCheckSection {...props} />
        </>
      ) : null}
      <SelfExclusionSection {...props} />
    </article>
  );
}

function LimitSection({ kind, settings, onSaveLimit }: ResponsibleGamingPageProps & { kind: LimitKind }) {
  const t = useT();
  const rows = settings.rows.filter((row) => row.kind === kind);
  return (
    <section className="surface-card" aria-labelledby={`rg-${kind}`} data-testid={`rg-section-${kind}`}>
      <h2 id={`rg-${kind}`}>{t(`rg.limits.${kind}.title`)}</h2>
      <p className="rg__hint">{t(`rg.limits.${kind}.hint`, { hours: settings.coolingOffHours ?? 24 })}</p>
      <div className="rg__rows">
        {rows.map((row) => (
          <LimitRow
            key={`${row.kind}-${row.period}`}
            row={row}
            busy={settings.busy}
            onSave={(text) => onSaveLimit(row.kind, row.period, text)}
          />
        ))}
      </div>
    </section>
  );
}

function LimitRow({ row, busy, onSave }: { row: LimitRowView; busy: boolean; onSave(text: string): void }) {
  const intl = useIntl();
  const t = useT();
  const amountText = (amount: number) =>
    row.kind === 'session' ? t('rg.minutes', { minutes: amount }) : formatBRL(intl.locale, amount);
  const date = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'short', timeStyle: 'short' });
  const inputId = `rg-input-${row.kind}-${row.period}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('amount');
    onSave(typeof text === 'string' ? text : '');
  };
  const share = row.amount ? Math.min(100, Math.round((row.used / row.amount) * 100)) : 0;
  return (
    <form className="rg__row" onSubmit={submit} data-testid={`rg-limit-${row.kind}-${row.period}`} noValidate>
      <div className="rg__row-head">
        <label htmlFor={inputId} className="rg__row-label">
          {t(`rg.period.${row.period}`)}
        </label>
        <span className="rg__row-value" data-testid="rg-limit-amount">
          {row.amount === null ? t('rg.limits.none') : amountText(row.amount)}
        </span>
      </div>
      {row.amount !== null ? (
        <div className="rg__meter" aria-hidden="true">
          <span style={{ width: `${share}%` }} data-full={share >= 100} />
        </div>
      ) : null}
      {row.amount !== null ? (
        <p className="rg__used" data-testid="rg-limit-used">
          {t('rg.limits.used', { used: amountText(row.used), limit: amountText(row.amount) })}
        </p>
      ) : null}
      {row.pending ? (
        <p className="rg__pending" data-testid="rg-limit-pending">
          {row.pending.amount === null
            ? t('rg.limits.pendingRemoval', { date: date.format(new Date(row.pending.from)) })
            : t('rg.limits.pendingRaise', {
                amount: amountText(row.pending.amount),
                date: date.format(new Date(row.pending.from)),
              })}
        </p>
      ) : null}
      <div className="inline-form">
        <input
          id={inputId}
          name="amount"
          inputMode={row.kind === 'session' ? 'numeric' : 'decimal'}
          autoComplete="off"
          placeholder={row.kind === 'session' ? t('rg.limits.placeholderMinutes') : t('rg.limits.placeholderMoney')}
          aria-invalid={row.problem ? true : undefined}
          aria-describedby={row.problem ? `${inputId}-problem` : undefined}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {row.saving ? t('rg.saving') : t('rg.save')}
        </Button>
      </div>
      {row.problem ? (
        <p className="rg__problem" id={`${inputId}-problem`} role="alert">
          <ProblemText message={row.problem} />
        </p>
      ) : null}
    </form>
  );
}

/** A limit problem: its bounds are money (centavos) or minutes. */
function ProblemText({ message }: { message: UiMessage }) {
  const intl = useIntl();
  if ('text' in message) return <>{message.text}</>;
  const values = message.values ?? {};
  const format = (v: string | number | undefined) =>
    typeof v === 'number'
      ? values.unit === 'minutes'
        ? intl.formatMessage({ id: 'rg.minutes' }, { minutes: v })
        : formatBRL(intl.locale, v)
      : String(v ?? '');
  return <>{intl.formatMessage({ id: message.id }, { min: format(values.min), max: format(values.max) })}</>;
}

function RealityCheckSection({ settings, onSaveRealityCheck }: ResponsibleGamingPageProps) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minutes = Number(new FormData(event.currentTarget).get('minutes'));
    if ((REALITY_CHECK_CHOICES as readonly number[]).includes(minutes))
      onSaveRealityCheck(minutes as RealityCheckMinutes);
  };
  return (
    <section className="surface-card" aria-labelledby="rg-reality" data-testid="rg-section-reality">
      <h2 id="rg-reality">{t('rg.reality.title')}</h2>
      <p className="rg__hint">{t('rg.reality.hint')}</p>
      <form onSubmit={submit} className="rg__choices-form">
        <fieldset className="rg__choices">
          <legend className="visually-hidden">{t('rg.reality.title')}</legend>
          {REALITY_CHECK_CHOICES.map((minutes) => (
            <label key={minutes} className="rg__choice">
              <input
                type="radio"
                name="minutes"
                value={minutes}
                defaultChecked={settings.realityCheckMinutes === minutes}
                key={`${minutes}-${settings.realityCheckMinutes}`}
              />
              <span>{t('rg.minutes', { minutes })}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" size="sm" disabled={settings.busy}>
          {t('rg.save')}
        </Button>
      </form>
    </section>
  );
}

function SelfExclusionSection(props: ResponsibleGamingPageProps) {
  const { exclusion } = props;
  const intl = useIntl();
  const t = useT();
  const choiceLabel = (value: SelfExclusionValue) =>
    value === 'indefinite' ? t('rg.exclusion.indefinite') : t('rg.exclusion.months', { months: Number(value) });
  const endText = (endDate: string | null) =>
    endDate === null
      ? t('rg.exclusion.confirm.untilIndefinite', { days: props.settings.indefiniteWaitDays ?? 30 })
      : t('rg.exclusion.confirm.until', {
          date: new Intl.DateTimeFormat(intl.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
            new Date(`${endDate}T12:00:00Z`),
          ),
        });
  return (
    <section
      className="surface-card rg__card--exclusion"
      aria-labelledby="rg-exclusion"
      data-testid="rg-section-exclusion"
    >
      <h2 id="rg-exclusion">{t('rg.exclusion.title')}</h2>
      <p className="rg__hint">{t('rg.exclusion.hint')}</p>
      {exclusion ? (
        <>
          <fieldset className="rg__choices rg__choices--grid" disabled={exclusion.step !== 'choosing'}>
            <legend className="visually-hidden">{t('rg.exclusion.title')}</legend>
            {SELF_EXCLUSION_VALUES.map((value) => (
              <label key={value} className="rg__choice">
                <input
                  type="radio"
                  name="exclusion"
                  value={value}
                  checked={exclusion.value === value}
                  onChange={() => props.onChooseExclusion(value)}
                />
                <span>{choiceLabel(value)}</span>
              </label>
            ))}
          </fieldset>
          <Button
            variant="outline"
            onClick={props.onReviewExclusion}
            disabled={exclusion.value === null || exclusion.step !== 'choosing'}
            data-testid="rg-exclusion-review"
          >
            {t('rg.exclusion.review')}
          </Button>
          <Modal
            open={exclusion.step === 'confirming' || exclusion.step === 'submitting'}
            title={t('rg.exclusion.confirm.title')}
            closeLabel={t('rg.close')}
            onClose={props.onBackExclusion}
            testId="rg-exclusion-confirm"
          >
            <div className="rg__confirm">
              <p className="rg__confirm-until" data-testid="rg-exclusion-until">
                <strong>{exclusion.value ? choiceLabel(exclusion.value) : null}</strong> · {endText(exclusion.endDate)}
              </p>
              <ul className="rg__consequences">
                <li>{t('rg.exclusion.confirm.signedOut')}</li>
                <li>{t('rg.exclusion.confirm.noLogin')}</li>
                <li>{t('rg.exclusion.confirm.pix')}</li>
                <li>{t('rg.exclusion.confirm.balance')}</li>
                <li>
                  {exclusion.endDate === null
                    ? t('rg.exclusion.confirm.indefiniteRule', { days: props.settings.indefiniteWaitDays ?? 30 })
                    : t('rg.exclusion.confirm.fixedRule')}
                </li>
              </ul>
              <p className="rg__national">
                {t('rg.exclusion.national')}{' '}
                <a href={NATIONAL_SELF_EXCLUSION_URL} target="_blank" rel="noopener noreferrer">
                  gov.br/autoexclusaoapostas
                </a>
              </p>
              {exclusion.failure ? (
                <UiMessages messages={exclusion.failure.messages} testId="rg-exclusion-failure" />
              ) : null}
              <div className="rg__confirm-actions">
                <Button variant="ghost" onClick={props.onBackExclusion} disabled={exclusion.step === 'submitting'}>
                  {t('rg.exclusion.confirm.back')}
                </Button>
                <Button
                  variant="primary"
                  className="rg__danger"
                  onClick={props.onConfirmExclusion}
                  disabled={exclusion.step === 'submitting'}
                  data-testid="rg-exclusion-confirm-button"
                >
                  {exclusion.step === 'submitting' ? t('rg.saving') : t('rg.exclusion.confirm.button')}
                </Button>
              </div>
            </div>
          </Modal>
        </>
      ) : (
        <p role="status">{t('rg.loading')}</p>
      )}
      <p className="rg__national">
        {t('rg.exclusion.national')}{' '}
        <a href={NATIONAL_SELF_EXCLUSION_URL} target="_blank" rel="noopener noreferrer" data-testid="rg-national-link">
          gov.br/autoexclusaoapostas
        </a>
      </p>
    </section>
  );
}
