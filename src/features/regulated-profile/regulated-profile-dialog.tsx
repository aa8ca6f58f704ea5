import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  GENDERS,
  SUGGESTED_LIMITS,
  type MoneyChoice,
  type regulatedProfileMachine,
} from '../../../machines/regulated-profile/regulated-profile.machine';
import { formatBRL } from '../../../shared/money';
import { MONEY_LIMIT, SESSION_LIMIT, type LimitPeriod } from '../../../shared/responsible-limits';
import { useT } from '../../i18n/use-t';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { UiMessages } from '../../ui/ui-message';
import './regulated-profile.css';

type Ref = ActorRefFrom<typeof regulatedProfileMachine>;
const PERIODS: LimitPeriod[] = ['day', 'week', 'month'];

/** "500" or "500,00" (R$) → centavos, or null when it is not an amount in the limits' range. */
function centavosOf(text: string): number | null {
  const cleaned = text.trim().replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const value = Math.round(Number(cleaned) * 100);
  return value >= MONEY_LIMIT.min && value <= MONEY_LIMIT.max ? value : null;
}

const reais = (centavos: number) => (centavos / 100).toFixed(2).replace('.', ',');

/**
 * "Complete your profile" (Portaria SPA/MF 2.579/2025): shown at sign-in to a regulated brand's player who never
 * chose a gender and limits; it cannot be closed (stakes and deposits wait for it), only left by signing out. Every
 * field starts empty; the suggested limits are buttons the player may press. Renders the machine's snapshot.
 */
export function RegulatedProfileDialog({
  actorRef,
  locale,
  onSignOut,
}: {
  actorRef: Ref;
  locale: 'pt' | 'en';
  onSignOut(): void;
}) {
  const t = useT();
  const snapshot = useSelector(actorRef, (s) => s);
  const { context } = snapshot;
  const saving = snapshot.matches('saving');
  const money = (locale === 'pt' ? 'pt-BR' : 'en') as 'pt-BR';
  const missing = (value: unknown) => (context.tried && value === null ? t('rg.profile.missing') : null);

  const moneyField = (kind: 'deposit' | 'loss') => {
    const choice: MoneyChoice | null = context[kind];
    const suggestion = SUGGESTED_LIMITS[kind];
    const send = (next: MoneyChoice | null) =>
      actorRef.send(
        kind === 'deposit' ? { type: 'profile.deposit', choice: next } : { type: 'profile.loss', choice: next },
      );
    const problem = missing(choice);
    return (
      <fieldset className="regulated-profile__field" data-testid={`profile-${kind}`}>
        <legend>{t(`rg.profile.${kind}`)}</legend>
        <div className="regulated-profile__row">
          <label>
            {t('rg.profile.amount')}
            <input
              key={choice ? `${choice.amount}` : 'empty'}
              inputMode="decimal"
              defaultValue={choice ? reais(choice.amount) : ''}
              data-testid={`profile-${kind}-amount`}
              aria-invalid={problem ? true : undefined}
              onBlur={(e) => {
                const amount = centavosOf(e.currentTarget.value);
                send(amount === null ? null : { period: choice?.period ?? 'month', amount });
              }}
            />
          </label>
          <label>
            {t('rg.profile.period')}
            <select
              value={choice?.period ?? ''}
              data-testid={`profile-${kind}-period`}
              onChange={(e) => choice && send({ ...choice, period: e.currentTarget.value as LimitPeriod })}
              disabled={!choice}
            >
              {choice ? null : <option value="">—</option>}
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`rg.profile.period.${p}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => send({ ...suggestion })}
          data-testid={`profile-${kind}-suggest`}
        >
          {t('rg.profile.suggest_money', {
            amount: formatBRL(money, suggestion.amount),
            period: t(`rg.profile.period.${suggestion.period}`),
          })}
        </Button>
        {problem ? (
          <p role="alert">{problem}</p>
        ) : (
          <p className="regulated-profile__hint">{t('rg.profile.money_range')}</p>
        )}
      </fieldset>
    );
  };

  const minutesProblem = missing(context.sessionMinutes);
  return (
    <Modal
      open
      title={t('rg.profile.title')}
      closeLabel={t('rg.profile.sign_out')}
      onClose={onSignOut}
      testId="regulated-profile"
    >
      <form
        className="regulated-profile"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actorRef.send({ type: 'profile.submit' });
        }}
      >
        <p>{t('rg.profile.intro')}</p>
        <fieldset className="regulated-profile__field" data-testid="profile-gender">
          <legend>{t('rg.profile.gender')}</legend>
          <div className="regulated-profile__choices">
            {GENDERS.map((gender) => (
              <label key={gender} className="regulated-profile__choice">
                <input
                  type="radio"
                  name="gender"
                  value={gender}
                  checked={context.gender === gender}
                  onChange={() => actorRef.send({ type: 'profile.gender', gender })}
                  data-testid={`profile-gender-${gender}`}
                />
                {t(`rg.profile.gender.${gender}`)}
              </label>
            ))}
          </div>
          {missing(context.gender) ? <p role="alert">{missing(context.gender)}</p> : null}
        </fieldset>
        {moneyField('deposit')}
        {moneyField('loss')}
        <fieldset className="regulated-profile__field" data-testid="profile-session">
          <legend>{t('rg.profile.session')}</legend>
          <input
            key={context.sessionMinutes ?? 'empty'}
            inputMode="numeric"
            defaultValue={context.sessionMinutes ?? ''}
            aria-label={t('rg.profile.session')}
            aria-invalid={minutesProblem ? true : undefined}
            data-testid="profile-session-minutes"
            onBlur={(e) => {
              const value = Number(e.currentTarget.value.trim());
              const ok = Number.isInteger(value) && value >= SESSION_LIMIT.min && value <= SESSION_LIMIT.max;
              actorRef.send({ type: 'profile.session', minutes: ok ? value : null });
            }}
          />
          <Button
            size="sm"
            variant="ghost"
            onClick={() => actorRef.send({ type: 'profile.session', minutes: SUGGESTED_LIMITS.sessionMinutes })}
            data-testid="profile-session-suggest"
          >
            {t('rg.profile.suggest_minutes', { minutes: SUGGESTED_LIMITS.sessionMinutes })}
          </Button>
          {minutesProblem ? (
            <p role="alert">{minutesProblem}</p>
          ) : (
            <p className="regulated-profile__hint">{t('rg.profile.minutes_range')}</p>
          )}
        </fieldset>
        {context.failure ? <UiMessages messages={context.failure.messages} testId="profile-error" /> : null}
        <div className="regulated-profile__actions">
          <Button type="submit" disabled={saving} data-testid="profile-submit">
            {t('rg.profile.submit')}
          </Button>
          <Button variant="ghost" onClick={onSignOut}>
            {t('rg.profile.sign_out')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
