import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import { NATIONAL_SELF_EXCLUSION_URL } from '../../../shared/self-exclusion';
import { Button, buttonLook } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { UiMessages } from '../../ui/ui-message';
import './session.css';
import { useT } from '../../i18n/use-t';

/** The national self-exclusion platform (Portaria 2.579/2025: the site must link to it). */
export const CENTRAL_SELF_EXCLUSION_URL = NATIONAL_SELF_EXCLUSION_URL;

/**
 * The player is self-excluded (§4 Self-exclusion): a sign-in refused, a stored token refused at start-up, or a
 * session ended because a self-exclusion started (any signed-in call refused, or `SelfExclusionStarted` on the
 * user channel). Both dates in the locale's format, a link to our responsible-gaming page and to the central
 * platform.
 */
export function SelfExcludedDialog({
  selfExclusion,
  responsibleGamingHref,
  onClose,
  ended = false,
  failure = null,
  onEnd,
  onSignIn,
}: {
  selfExclusion:
    (Partial<NonNullable<SessionViewModel['selfExclusion']>> & { startAt: string; endAt: string | null }) | null;
  responsibleGamingHref: string;
  onClose: () => void;
  /** An indefinite exclusion was just ended. */
  ended?: boolean;
  failure?: SessionViewModel['failure'];
  onEnd?: () => void;
  onSignIn?: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'long' });
  if (ended) {
    return (
      <Modal
        open
        title={t('session.self_excluded.ended_title')}
        closeLabel={t('shell.close')}
        onClose={onClose}
        testId="self-exclusion-ended"
      >
        <div className="self-excluded">
          <p>{t('session.self_excluded.ended_text')}</p>
          {onSignIn ? (
            <Button block onClick={onSignIn} data-testid="self-exclusion-ended-sign-in">
              {t('session.self_excluded.sign_in')}
            </Button>
          ) : null}
        </div>
      </Modal>
    );
  }
  if (!selfExclusion) return null;
  const removableAt = selfExclusion.removableAt ?? null;
  return (
    <Modal
      open
      title={t('session.self_excluded.title')}
      closeLabel={t('shell.close')}
      onClose={onClose}
      testId="self-excluded"
    >
      <div className="self-excluded">
        <p>{t('session.self_excluded.text')}</p>
        <dl className="self-excluded__dates">
          <div>
            <dt>{t('session.self_excluded.start')}</dt>
            <dd data-testid="self-excluded-start">{date(selfExclusion.startAt)}</dd>
          </div>
          <div>
            <dt>{t('session.self_excluded.end')}</dt>
            <dd data-testid="self-excluded-end">
              {selfExclusion.endAt ? date(selfExclusion.endAt) : t('session.self_excluded.indefinite')}
            </dd>
          </div>
        </dl>
        {removableAt !== null ? (
          <div className="self-excluded__removal" data-testid="self-exclusion-removal">
            <p>{t('session.self_excluded.removable_from', { date: date(removableAt) })}</p>
            <Button
              variant="outline"
              block
              onClick={onEnd}
              disabled={selfExclusion.ending}
              data-testid="self-exclusion-end"
            >
              {t(selfExclusion.ending ? 'session.busy' : 'session.self_excluded.end_button')}
            </Button>
          </div>
        ) : null}
        {failure ? <UiMessages messages={failure.messages} testId="self-exclusion-failure" /> : null}
        <p>{t('session.self_excluded.help')}</p>
        <div className="self-excluded__links">
          <Link to={responsibleGamingHref} {...buttonLook({ variant: 'primary', block: true })} onClick={onClose}>
            {t('session.self_excluded.responsible_gaming')}
          </Link>
          <a
            href={CENTRAL_SELF_EXCLUSION_URL}
            target="_blank"
            rel="noopener noreferrer"
            {...buttonLook({ variant: 'outline', block: true })}
          >
            {t('session.self_excluded.central')}
          </a>
        </div>
      </div>
    </Modal>
  );
}
