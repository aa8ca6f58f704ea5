import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { connectPlayTime, connectRealityCheck } from '../../../machines/responsible-gaming/responsible-gaming.connect';
import type { playTimeMachine } from '../../../machines/responsible-gaming/play-time.machine';
import type { realityCheckMachine } from '../../../machines/responsible-gaming/reality-check.machine';
import { Button, buttonLook } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { formatBRL } from '../../../shared/money';
import { UiMessages } from '../../ui/ui-message';
import './responsible-gaming.css';
import { useT } from '../../i18n/use-t';

/**
 * The reality check's pause: how long this session has lasted and its net result, with continue, the
 * history, or sign out. Closing it (Escape, the backdrop) is continuing.
 */
export function RealityCheckModal({
  actorRef,
  historyHref,
  onSignOut,
}: {
  actorRef: ActorRefFrom<typeof realityCheckMachine>;
  historyHref: string;
  onSignOut(): void;
}) {
  const vm = useSelector(actorRef, connectRealityCheck);
  const intl = useIntl();
  const t = useT();
  const proceed = () => actorRef.send({ type: 'realityCheck.continue' });
  const summary = vm.summary;
  const duration = (minutes: number) =>
    minutes >= 60
      ? t('rg.reality.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
      : t('rg.minutes', { minutes });
  return (
    <Modal
      open={vm.open}
      title={t('rg.reality.modalTitle')}
      closeLabel={t('rg.reality.continue')}
      onClose={proceed}
      testId="reality-check"
    >
      <div className="reality">
        <p>{t('rg.reality.lead', { minutes: vm.minutes })}</p>
        {summary ? (
          <dl className="reality__figures">
            <div>
              <dt>{t('rg.reality.time')}</dt>
              <dd data-testid="reality-time">{duration(summary.minutes)}</dd>
            </div>
            <div>
              <dt>{t('rg.reality.net')}</dt>
              <dd data-testid="reality-net" data-sign={summary.net < 0 ? 'loss' : summary.net > 0 ? 'gain' : 'even'}>
                {formatBRL(intl.locale, summary.net)}
              </dd>
            </div>
            <div>
              <dt>{t('rg.reality.staked')}</dt>
              <dd>{formatBRL(intl.locale, summary.staked)}</dd>
            </div>
            <div>
              <dt>{t('rg.reality.rounds')}</dt>
              <dd>{summary.rounds}</dd>
            </div>
          </dl>
        ) : null}
        {vm.failure ? <UiMessages messages={vm.failure.messages} /> : null}
        <div className="reality__actions">
          <Button onClick={proceed} data-testid="reality-continue">
            {t('rg.reality.continue')}
          </Button>
          <Link to={historyHref} onClick={proceed} {...buttonLook({ variant: 'outline' })}>
            {t('rg.reality.history')}
          </Link>
          <Button variant="ghost" onClick={onSignOut} data-testid="reality-sign-out">
            {t('rg.reality.signOut')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

type PlayTimeRef = ActorRefFrom<typeof playTimeMachine>;

/**
 * The warning before the daily play-time limit is used up: the minutes left, a link to the limits, and
 * a close button. It renders the reality check's `playTime` child.
 */
export function PlayTimeWarning({
  actorRef,
  limitsHref,
}: {
  actorRef: ActorRefFrom<typeof realityCheckMachine>;
  limitsHref: string;
}) {
  const playTime = useSelector(actorRef, (s) => s.children.playTime as PlayTimeRef | undefined);
  return playTime ? <PlayTimeBanner playTime={playTime} limitsHref={limitsHref} /> : null;
}

function PlayTimeBanner({ playTime, limitsHref }: { playTime: PlayTimeRef; limitsHref: string }) {
  const vm = useSelector(playTime, connectPlayTime);
  const intl = useIntl();
  if (!vm.warning) return null;
  return (
    <div className="play-time-warning" role="alert" data-testid="play-time-warning">
      <p>{intl.formatMessage({ id: 'rg.play_time.warning' }, { minutes: vm.minutesLeft })}</p>
      <Link to={limitsHref} className="play-time-warning__link">
        {intl.formatMessage({ id: 'rg.play_time.limits' })}
      </Link>
      <button
        type="button"
        className="play-time-warning__close"
        onClick={() => playTime.send({ type: 'playTime.dismiss' })}
        aria-label={intl.formatMessage({ id: 'rg.play_time.close' })}
      >
        ×
      </button>
    </div>
  );
}
