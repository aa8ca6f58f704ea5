import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { connectCashback } from '../../../machines/bonus/bonus.connect';
import type { UiMessage } from '../../../machines/kernel/api-error';
import type { RankProgress } from '../../../machines/bonus/rank-progress';
import type { MissionView, MissionsView, WidgetView } from '../../../machines/missions/missions.connect';
import type { DynamicChildren } from '../../app/app-context';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { formatBRL } from '../../../shared/money';
import { Button, buttonLook } from '../../ui/button';
import { ProgressBar } from '../../ui/progress-bar';
import { UiMessageText, UiMessages } from '../../ui/ui-message';
import { useGoalText, useRewardText } from './reward-text';
import './rewards.css';

const useLocale = () => localeFromPath(useLocation().pathname);

/**
 * /rewards for a guest: what rewards are, and the way to sign in. A brand without cashback (a regulated one) names
 * its loyalty points instead (Portaria SPA/MF 1.231/2024 art. 43).
 */
export function RewardsGuest({ onSignIn, cashback = true }: { onSignIn: () => void; cashback?: boolean }) {
  const intl = useIntl();
  return (
    <div className="page rewards" data-testid="rewards-guest">
      <header className="rewards__hero">
        <h1 className="rewards__title">{intl.formatMessage({ id: 'missions.page.title' })}</h1>
        <p className="rewards__lead">{intl.formatMessage({ id: 'missions.page.guest' })}</p>
        <ul className="rewards__perks">
          {(['missions', 'level', cashback ? 'cashback' : 'points'] as const).map((k) => (
            <li key={k} className="rewards__perk">
              <strong>{intl.formatMessage({ id: `missions.page.perk_${k}` })}</strong>
              <span>{intl.formatMessage({ id: `missions.page.perk_${k}_text` })}</span>
            </li>
          ))}
        </ul>
        <Button onClick={onSignIn} data-testid="rewards-sign-in">
          {intl.formatMessage({ id: 'missions.page.sign_in' })}
        </Button>
      </header>
    </div>
  );
}

export interface RewardsPageProps {
  missions: MissionsView | null;
  widgets: WidgetView[];
  level: RankProgress | null;
  cashback: DynamicChildren['cashback'] | null;
  onAccept?: (id: number) => void;
  onClaim?: (id: number) => void;
}

export function RewardsPage({ missions, widgets, level, cashback, onAccept, onClaim }: RewardsPageProps) {
  const intl = useIntl();
  const active = missions?.missions.filter((m) => m.status !== 'claimed') ?? [];
  const done = missions?.missions.filter((m) => m.status === 'claimed') ?? [];
  return (
    <div className="page rewards" data-testid="rewards-page">
      <header className="rewards__hero">
        <h1 className="rewards__title">{intl.formatMessage({ id: 'missions.page.title' })}</h1>
        <p className="rewards__lead">{intl.formatMessage({ id: 'missions.page.lead' })}</p>
        <div className="rewards__summary">
          <LevelCard level={level} />
          {cashback ? <CashbackCard cashback={cashback} /> : <CashbackLink count={null} />}
        </div>
      </header>

      <section className="rewards__section" aria-labelledby="rewards-missions">
        <h2 className="rewards__heading" id="rewards-missions">
          {intl.formatMessage({ id: 'missions.page.active' })}
        </h2>
        {!missions || missions.loading ? (
          <p role="status" className="rewards__empty">
            {intl.formatMessage({ id: 'missions.page.loading' })}
          </p>
        ) : null}
        {missions ? <UiMessages messages={missions.messages} testId="missions-failure" /> : null}
        {missions && !missions.loading && active.length === 0 && missions.messages.length === 0 ? (
          <p className="rewards__empty">{intl.formatMessage({ id: 'missions.page.empty' })}</p>
        ) : null}
        <ul className="rewards__list">
          {active.map((m) => (
            <MissionCard
              key={m.id}
              mission={m}
              widget={widgets.find((w) => w.id === String(m.id)) ?? null}
              accepting={missions?.accepting === m.id}
              acceptMessages={missions?.acceptFailure?.id === m.id ? missions.acceptFailure.messages : []}
              onAccept={() => onAccept?.(m.id)}
              onClaim={() => onClaim?.(m.id)}
            />
          ))}
        </ul>
      </section>

      {done.length > 0 ? (
        <section className="rewards__section" aria-labelledby="rewards-claimed">
          <h2 className="rewards__heading" id="rewards-claimed">
            {intl.formatMessage({ id: 'missions.page.claimed' })}
          </h2>
          <ul className="rewards__list">
            {done.map((m) => (
              <MissionCard key={m.id} mission={m} widget={null} accepting={false} acceptMessages={[]} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function LevelCard({ level }: { level: RankProgress | null }) {
  const intl = useIntl();
  const [artFailed, setArtFailed] = useState<string | null>(null);
  if (!level) return null;
  return (
    <div className="rewards__card" data-testid="rewards-level">
      <span className="rewards__badge" aria-hidden="true">
        <span className="rewards__badge-level">{level.level}</span>
        {/* A level without its art yet: the level's number shows instead of a broken image. */}
        {artFailed === level.badge ? null : (
          <img src={level.badge} alt="" width={56} height={56} onError={() => setArtFailed(level.badge)} />
        )}
      </span>
      <div className="rewards__card-body">
        <p className="rewards__card-label">
          {intl.formatMessage({ id: 'missions.page.level' }, { level: level.level })}
        </p>
        <ProgressBar
          className="rewards__bar"
          percent={level.percent}
          label={intl.formatMessage({ id: 'missions.page.level_progress' })}
        />
        <p className="rewards__card-note">
          {level.nextLevel === null || level.needed === null
            ? intl.formatMessage({ id: 'missions.page.level_top' })
            : intl.formatMessage(
                { id: 'missions.page.level_next' },
                { amount: formatBRL(intl.locale, level.needed), level: level.nextLevel },
              )}
        </p>
      </div>
    </div>
  );
}

function CashbackCard({ cashback }: { cashback: NonNullable<DynamicChildren['cashback']> }) {
  const vm = useSelector(cashback, connectCashback);
  return <CashbackLink count={vm.loading ? null : vm.available} />;
}

function CashbackLink({ count }: { count: number | null }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <div className="rewards__card" data-testid="rewards-cashback">
      <span className="rewards__cash-icon" aria-hidden="true">
        %
      </span>
      <div className="rewards__card-body">
        <p className="rewards__card-label">{intl.formatMessage({ id: 'missions.page.cashback' })}</p>
        <p className="rewards__card-value">
          {count === null ? '…' : intl.formatMessage({ id: 'missions.page.cashback_available' }, { count })}
        </p>
        <Link to={localizePath('/bonus', locale)} {...buttonLook({ variant: 'outline', size: 'sm' })}>
          {intl.formatMessage({ id: 'missions.page.cashback_link' })}
        </Link>
      </div>
    </div>
  );
}

interface MissionCardProps {
  mission: MissionView;
  widget: WidgetView | null;
  accepting: boolean;
  acceptMessages: UiMessage[];
  onAccept?: () => void;
  onClaim?: () => void;
}

function MissionCard({ mission, widget, accepting, acceptMessages, onAccept, onClaim }: MissionCardProps) {
  const intl = useIntl();
  const reward = useRewardText();
  const goal = useGoalText();
  const claiming = widget?.claim === 'claiming';
  const claimed = mission.status === 'claimed' || widget?.claim === 'claimed';
  const status = claimed ? 'claimed' : mission.status;
  const titleId = `mission-${mission.id}-title`;
  const dateOf = (iso: string | null) =>
    iso ? intl.formatDate(iso, { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' }) : null;
  const when = claimed
    ? dateOf(mission.claimed_at)
    : status === 'completed'
      ? dateOf(mission.completed_at)
      : dateOf(mission.accepted_at);
  return (
    <li
      className="mission-card"
      data-status={status}
      data-testid="mission-card"
      data-mission={mission.id}
      aria-labelledby={titleId}
    >
      <div className="mission-card__top">
        <span className="mission-card__reward">{reward(mission)}</span>
        <span className="mission-card__status" data-status={status}>
          {intl.formatMessage({ id: `missions.status.${status}` })}
        </span>
      </div>
      <h3 className="mission-card__title" id={titleId}>
        {mission.title}
      </h3>
      <p className="mission-card__text">{mission.description}</p>
      <ProgressBar
        className="mission-card__bar"
        percent={mission.percent}
        label={intl.formatMessage({ id: 'missions.progress_label' }, { title: mission.title })}
      />
      <p className="mission-card__goal">
        <span data-testid="mission-progress">{goal(mission)}</span>
        <span>{mission.percent}%</span>
      </p>
      <p className="mission-card__when">
        {when
          ? intl.formatMessage({ id: `missions.when.${status}` }, { date: when })
          : intl.formatMessage({ id: 'missions.when.no_deadline' })}
      </p>
      <div className="mission-card__actions">
        {status === 'available' && onAccept ? (
          <Button size="sm" onClick={onAccept} disabled={accepting} aria-busy={accepting} data-testid="mission-accept">
            {intl.formatMessage({ id: accepting ? 'missions.action.accepting' : 'missions.action.accept' })}
          </Button>
        ) : null}
        {status === 'completed' && onClaim ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={onClaim}
            disabled={claiming || !widget}
            aria-busy={claiming}
            data-testid="mission-claim"
          >
            {intl.formatMessage({ id: claiming ? 'missions.action.claiming' : 'missions.action.claim' })}
          </Button>
        ) : null}
        {widget?.claimError ? (
          <p role="alert" className="mission-card__error" data-testid="mission-claim-error">
            <UiMessageText message={widget.claimError} />
          </p>
        ) : null}
        {acceptMessages[0] ? (
          <p role="alert" className="mission-card__error">
            <UiMessageText message={acceptMessages[0]} />
          </p>
        ) : null}
      </div>
    </li>
  );
}
