import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import './casino.css';
import { useT } from '../../i18n/use-t';

export type SportsStatus = 'loading' | 'ready' | 'signInRequired' | 'failed';

export interface SportsView {
  status: SportsStatus;
  url: string | null;
  /** `view`: a guest browsing odds (the slip asks to sign in); `real`: a player's bets move money. */
  mode: 'real' | 'view' | null;
}

/** /sports: the sportsbook in a sandboxed iframe on its provider's origin (a player's session never goes there). */
export function SportsPage({
  view,
  onRetry,
  onSignIn,
}: {
  view: SportsView;
  onRetry: () => void;
  onSignIn: () => void;
}) {
  const t = useT();
  return (
    <div className="sports-page" data-testid="sports-page" data-status={view.status} data-mode={view.mode ?? ''}>
      <h1 className="visually-hidden">{t('shell.page.sports.title')}</h1>
      {view.status === 'ready' && view.url ? (
        <>
          {view.mode === 'view' ? (
            <p className="game-page__note" data-testid="sports-view-note">
              {t('casino.sports.view_note')}{' '}
              <button type="button" className="link-button" onClick={onSignIn}>
                {t('casino.game.sign_in_to_play')}
              </button>
            </p>
          ) : null}
          <iframe
            key={view.url}
            className="sports-page__frame"
            src={view.url}
            title={t('shell.page.sports.title')}
            sandbox="allow-scripts allow-same-origin allow-forms"
            referrerPolicy="no-referrer"
            data-testid="sports-frame"
          />
        </>
      ) : view.status === 'signInRequired' ? (
        <div className="game-page__message" data-testid="sports-sign-in">
          <p className="lobby__empty-title">{t('casino.sports.sign_in_title')}</p>
          <Button onClick={onSignIn}>{t('casino.game.sign_in_to_play')}</Button>
        </div>
      ) : view.status === 'failed' ? (
        <div className="game-page__message" role="alert" data-testid="sports-failed">
          <p>{t('casino.sports.failed')}</p>
          <Button variant="outline" onClick={onRetry}>
            {t('casino.game.retry')}
          </Button>
        </div>
      ) : (
        <div className="game-page__loading" role="status" data-testid="sports-loading">
          <Spinner />
          <span>{t('casino.game.loading')}</span>
        </div>
      )}
    </div>
  );
}
