import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { RankLevelView, RankView } from '../../../machines/bonus/rank.connect';
import { rankBadgePath } from '../../../machines/bonus/rank-progress';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { ProgressBar } from '../../ui/progress-bar';
import { UiMessages } from '../../ui/ui-message';
import './ranking.css';
import { useT } from '../../i18n/use-t';

export interface RankingPageProps {
  view: RankView;
  /** No one is signed in: the levels and a sign-in call. */
  guest: boolean;
  onSignIn: () => void;
  onRetry: () => void;
  onDismiss: () => void;
  /** Throws confetti from an element (nothing with reduced motion). */
  onCelebrate: (element: Element) => void;
}

/** The perks the app words (openapi RankingPerk); an unknown key is not shown. */
const PERKS = new Set([
  'missions',
  'chat_badge',
  'priority_support',
  'faster_withdrawals',
  'vip_manager',
  'exclusive_events',
  'elite_club',
]);

/** §2.3: the level's badge; level 1's when the image cannot be loaded. */
export function RankBadge({ level, alt, className }: { level: number; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? rankBadgePath(1) : rankBadgePath(level);
  return (
    <img
      className={className ?? 'rank-badge'}
      src={src}
      alt={alt}
      width={128}
      height={128}
      loading="lazy"
      decoding="async"
      data-testid="rank-badge"
      data-level={failed ? 1 : level}
      onError={() => setFailed(true)}
    />
  );
}

function Perks({ perks }: { perks: string[] }) {
  const intl = useIntl();
  const shown = perks.filter((p) => PERKS.has(p));
  if (shown.length === 0) return null;
  return (
    <ul className="rank-perks">
      {shown.map((perk) => (
        <li key={perk} className="rank-perks__item">
          {intl.formatMessage({ id: `ranking.perk.${perk}` })}
        </li>
      ))}
    </ul>
  );
}

function LevelCard({ level, player }: { level: RankLevelView; player: boolean }) {
  const intl = useIntl();
  const t = useT();
  const state = !player ? null : level.current ? 'current' : level.reached ? 'reached' : 'locked';
  return (
    <li
      className={`rank-level${state ? ` rank-level--${state}` : ''}`}
      data-testid="rank-level"
      data-level={level.level}
      data-state={state ?? 'guest'}
      aria-current={level.current ? 'true' : undefined}
    >
      <div className="rank-level__head">
        <RankBadge level={level.level} alt="" className="rank-level__badge" />
        <div className="rank-level__body">
          <p className="rank-level__number">
            <span>{t('ranking.level.number', { level: level.level })}</span>
            {state ? (
              <span className={`rank-level__chip rank-level__chip--${state}`}>{t(`ranking.level.${state}`)}</span>
            ) : null}
          </p>
          <h3 className="rank-level__name">{level.name}</h3>
          <p className="rank-level__need">
            {level.totalBet === 0
              ? t('ranking.level.start')
              : t('ranking.level.need', { amount: formatBRL(intl.locale, level.totalBet) })}
          </p>
        </div>
      </div>
      {level.adds ? (
        <>
          <p className="rank-level__inherits">
            {t('ranking.level.inherits', { level: level.adds.below.level, name: level.adds.below.name })}
          </p>
          <Perks perks={level.adds.perks} />
        </>
      ) : (
        <Perks perks={level.perks} />
      )}
    </li>
  );
}

/** The player's level, badge and §4 progress to the next level. */
function Standing({ view }: { view: RankView }) {
  const intl = useIntl();
  const t = useT();
  const { progress, vip } = view;
  if (!progress || !vip) return null;
  return (
    <section className="rank-standing" aria-labelledby="rank-standing-title" data-testid="rank-standing">
      <div className="rank-standing__badge-wrap">
        <RankBadge
          level={progress.level}
          alt={t('ranking.standing.badge_alt', { name: view.levelName })}
          className="rank-standing__badge"
        />
      </div>
      <div className="rank-standing__body">
        <p className="rank-standing__eyebrow">{t('ranking.standing.eyebrow')}</p>
        <h2 id="rank-standing-title" className="rank-standing__title" data-testid="rank-current">
          {t('ranking.standing.title', { level: progress.level, name: view.levelName })}
        </h2>
        <div className="rank-progress-row">
          <ProgressBar
            className="rank-progress"
            fillClassName="rank-progress__fill"
            percent={progress.percent}
            label={t('ranking.standing.progress_label')}
            testId="rank-progress"
          />
          {progress.nextLevel !== null ? (
            <RankBadge level={progress.nextLevel} alt="" className="rank-progress-row__next" />
          ) : null}
        </div>
        <p className="rank-standing__next" data-testid="rank-next">
          <strong>{progress.percent}%</strong>{' '}
          {progress.nextLevel === null || progress.needed === null
            ? t('ranking.standing.top')
            : t('ranking.standing.to_next', {
                amount: formatBRL(intl.locale, progress.needed),
                level: progress.nextLevel,
                name: view.nextName,
              })}
          {view.refreshing ? (
            <span className="rank-standing__updating"> · {t('ranking.standing.updating')}</span>
          ) : null}
        </p>
        <dl className="rank-standing__stats">
          <div>
            <dt>{t('ranking.standing.total_bet')}</dt>
            <dd data-testid="rank-total-bet">{formatBRL(intl.locale, vip.totalBet)}</dd>
          </div>
          <div>
            <dt>{t('ranking.vip.points')}</dt>
            <dd data-testid="vip-points">{intl.formatNumber(vip.points)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

/** The VIP section (GET /profile/vip): points, what the level gives, the VIP team when the level has one. */
function Vip({ view }: { view: RankView }) {
  const t = useT();
  const { vip } = view;
  if (!vip) return null;
  const managerFrom = view.levels.find((l) => l.perks.includes('vip_manager'));
  return (
    <section className="rank-vip" aria-labelledby="rank-vip-title" data-testid="vip-section">
      <h2 id="rank-vip-title" className="rank-section-title">
        {t('ranking.vip.title')}
      </h2>
      <p className="rank-vip__lead">{t('ranking.vip.lead', { name: view.levelName })}</p>
      <Perks perks={vip.perks} />
      {vip.manager ? (
        <div className="rank-vip__manager" data-testid="vip-manager">
          <p className="rank-vip__manager-title">{t('ranking.vip.manager')}</p>
          <p>
            {vip.manager.name} ·{' '}
            <a className="rank-vip__mail" href={`mailto:${vip.manager.email}`}>
              {vip.manager.email}
            </a>
          </p>
        </div>
      ) : managerFrom ? (
        <p className="rank-vip__hint" data-testid="vip-manager-hint">
          {t('ranking.vip.manager_from', { name: managerFrom.name, level: managerFrom.level })}
        </p>
      ) : null}
    </section>
  );
}

/** The level-up moment: the new badge, confetti from it (none with reduced motion), a button to go on. */
function Celebration({
  celebration,
  onDismiss,
  onCelebrate,
}: {
  celebration: NonNullable<RankView['celebration']>;
  onDismiss: () => void;
  onCelebrate: (element: Element) => void;
}) {
  const t = useT();
  const badgeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (badgeRef.current) onCelebrate(badgeRef.current);
  }, [celebration.to, onCelebrate]);
  return (
    <Modal
      open
      title={t('ranking.levelup.title')}
      closeLabel={t('ranking.levelup.close')}
      onClose={onDismiss}
      testId="rank-celebration"
    >
      <div className="rank-celebration" data-level={celebration.to}>
        <div ref={badgeRef} className="rank-celebration__badge-wrap">
          <RankBadge level={celebration.to} alt="" className="rank-celebration__badge" />
        </div>
        <p className="rank-celebration__text">
          {t('ranking.levelup.text', { level: celebration.to, name: celebration.name })}
        </p>
        <Button onClick={onDismiss} data-testid="rank-celebration-ok">
          {t('ranking.levelup.ok')}
        </Button>
      </div>
    </Modal>
  );
}

/** /ranking: the player's level and progress, the VIP section, the brand's levels; a guest's sign-in call. */
export function RankingPage({ view, guest, onSignIn, onRetry, onDismiss, onCelebrate }: RankingPageProps) {
  const t = useT();
  return (
    <div className="page ranking" data-testid="ranking-page" data-status={view.status}>
      <header className="ranking__hero">
        <div className="ranking__hero-art" aria-hidden="true">
          {[3, 6, 5].map((level) => (
            <img key={level} src={rankBadgePath(level)} alt="" width={120} height={120} />
          ))}
        </div>
        <h1 className="ranking__title">{t('ranking.page.title')}</h1>
        <p className="ranking__lead">{t('ranking.page.lead')}</p>
        {guest ? (
          <div className="ranking__guest" data-testid="ranking-guest">
            <p>{t('ranking.page.guest')}</p>
            <Button onClick={onSignIn} data-testid="ranking-sign-in">
              {t('ranking.page.sign_in')}
            </Button>
          </div>
        ) : null}
      </header>

      {view.status === 'loading' ? (
        <p role="status" data-testid="ranking-loading">
          {t('ranking.page.loading')}
        </p>
      ) : null}
      {view.status === 'failed' ? (
        <div className="ranking__failed" data-testid="ranking-failed">
          <UiMessages messages={view.messages} />
          <Button variant="secondary" onClick={onRetry}>
            {t('ranking.page.retry')}
          </Button>
        </div>
      ) : null}

      {!guest && view.status === 'ready' ? (
        <div className="ranking__top">
          <Standing view={view} />
          <Vip view={view} />
        </div>
      ) : null}

      {view.levels.length > 0 ? (
        <section aria-labelledby="rank-levels-title">
          <h2 id="rank-levels-title" className="rank-section-title">
            {t('ranking.levels.title')}
          </h2>
          <ol className="rank-levels" data-testid="rank-levels">
            {view.levels.map((level) => (
              <LevelCard key={level.level} level={level} player={!guest} />
            ))}
          </ol>
        </section>
      ) : null}

      {view.celebration ? (
        <Celebration celebration={view.celebration} onDismiss={onDismiss} onCelebrate={onCelebrate} />
      ) : null}
    </div>
  );
}
