import { Link } from 'react-router-dom';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { formatRtp, GameTile, GameTileSkeleton } from './game-tile';
import type { GameCardView } from './types';
import './casino.css';
import { useT } from '../../i18n/use-t';
import { useIntl } from 'react-intl';
import { MIN_RTP_BP } from '../../../shared/rtp';

export type GamePageStatus = 'loading' | 'notFound' | 'launching' | 'maintenance' | 'refused' | 'playing';

export interface GamePageView {
  status: GamePageStatus;
  game: GameCardView | null;
  mode: 'demo' | 'real' | null;
  /** The launch URL (the provider's origin, a single-use game session: never the player's token). */
  url: string | null;
  /** A signed-in player on a game that has a real mode: they may switch between real and demo. */
  canSwitchMode: boolean;
  /** A guest on a game with a real mode: signing in plays for real. */
  guestDemo: boolean;
  related: readonly GameCardView[];
  relatedLoading: boolean;
  /** The game refused a real bet for lack of funds: a deposit is offered. */
  shortOfFunds: boolean;
}

export interface GamePageProps {
  view: GamePageView;
  lobbyHref: string;
  /** The wallet's deposit tab. */
  depositHref: string;
  onSwitchMode: (mode: 'demo' | 'real') => void;
  onRetry: () => void;
  onSignIn: () => void;
}

/**
 * §4 Game page: loading, not found, maintenance (no launch URL to be had), or the game in a sandboxed iframe on
 * the provider's own origin, in demo or real mode, with related games under it.
 */
export function GamePage(props: GamePageProps) {
  const { view } = props;
  const t = useT();
  const intl = useIntl();
  if (view.status === 'notFound') {
    return (
      <div className="game-page__message" role="alert" data-testid="game-not-found">
        <h1 className="lobby__title">{t('casino.game.not_found_title')}</h1>
        <p>{t('casino.game.not_found_text')}</p>
        <Link to={props.lobbyHref} className="btn" data-variant="outline" data-size="md" data-block="false">
          {t('casino.game.back_to_lobby')}
        </Link>
      </div>
    );
  }
  const game = view.game;
  return (
    <div className="game-page" data-testid="game-page" data-status={view.status} data-mode={view.mode ?? ''}>
      <div className="game-page__bar">
        <div className="game-page__heading">
          <h1 className="game-page__title">{game?.title ?? t('casino.game.loading')}</h1>
          {game ? <span className="game-page__provider">{game.providerName}</span> : null}
          {game ? (
            <span className="game-page__rtp" data-testid="game-page-rtp">
              {t('casino.game.rtp', { rtp: formatRtp(intl, game.rtpBp) })}
            </span>
          ) : null}
        </div>
        {view.canSwitchMode && view.mode ? (
          <div className="game-page__modes" role="group" aria-label={t('casino.game.mode_label')}>
            <button
              type="button"
              className="chip"
              aria-pressed={view.mode === 'real'}
              onClick={() => props.onSwitchMode('real')}
              data-testid="game-mode-real"
            >
              {t('casino.game.mode_real')}
            </button>
            <button
              type="button"
              className="chip"
              aria-pressed={view.mode === 'demo'}
              onClick={() => props.onSwitchMode('demo')}
              data-testid="game-mode-demo"
            >
              {t('casino.game.mode_demo')}
            </button>
          </div>
        ) : null}
      </div>

      <div className="game-page__stage">
        {view.status === 'playing' && view.url && game ? (
          <iframe
            key={view.url}
            className="game-page__frame"
            src={view.url}
            title={game.title}
            // The provider's own origin: scripts and its own storage, forms, full screen; nothing else.
            sandbox="allow-scripts allow-same-origin allow-forms"
            allow="fullscreen; autoplay"
            referrerPolicy="no-referrer"
            data-testid="game-frame"
          />
        ) : view.status === 'refused' && game ? (
          <div className="game-page__message" role="alert" data-testid="game-rtp-refused">
            <p className="lobby__empty-title">{t('casino.game.rtp_refused_title')}</p>
            <p>
              {t('casino.game.rtp_refused_text', {
                rtp: formatRtp(intl, game.rtpBp),
                min: formatRtp(intl, MIN_RTP_BP),
              })}
            </p>
            <Link to={props.lobbyHref} className="btn" data-variant="outline" data-size="md" data-block="false">
              {t('casino.game.back_to_lobby')}
            </Link>
          </div>
        ) : view.status === 'maintenance' ? (
          <div className="game-page__message" role="alert" data-testid="game-maintenance">
            <p className="lobby__empty-title">{t('casino.game.maintenance_title')}</p>
            <p>{t('casino.game.maintenance_text')}</p>
            <Button variant="outline" onClick={props.onRetry} data-testid="game-retry">
              {t('casino.game.retry')}
            </Button>
          </div>
        ) : (
          <div className="game-page__loading" role="status" data-testid="game-loading">
            <Spinner />
            <span>{t('casino.game.loading')}</span>
          </div>
        )}
      </div>

      {view.status === 'playing' && view.shortOfFunds ? (
        <p className="game-page__funds" role="alert" data-testid="game-short-of-funds">
          {t('casino.game.short_of_funds')}{' '}
          <Link to={props.depositHref} className="btn" data-variant="secondary" data-size="sm" data-block="false">
            {t('shell.nav.deposit')}
          </Link>
        </p>
      ) : null}

      {view.status === 'playing' && view.mode === 'demo' ? (
        <p className="game-page__note" data-testid="game-demo-note">
          {game?.onlyDemo ? t('casino.game.demo_only_note') : t('casino.game.demo_note')}{' '}
          {view.guestDemo ? (
            <button type="button" className="link-button" onClick={props.onSignIn} data-testid="game-sign-in">
              {t('casino.game.sign_in_to_play')}
            </button>
          ) : null}
        </p>
      ) : null}

      <section className="game-page__related" aria-labelledby="game-related">
        <h2 id="game-related" className="home__section-title">
          {t('casino.game.related')}
        </h2>
        <ul className="game-row" data-testid="game-related">
          {view.relatedLoading
            ? Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <GameTileSkeleton />
                </li>
              ))
            : view.related.map((related) => (
                <li key={related.id}>
                  <GameTile game={related} />
                </li>
              ))}
        </ul>
      </section>
    </div>
  );
}
