import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { gamePageMachine } from '../../../machines/games/game-page.machine';
import { GamePage } from '../../features/casino/game-page';
import { ReactionsContext } from '../../features/casino/reactions';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { Skeleton } from '../../ui/skeleton';
import { useApp, useAppChild } from '../app-context';
import { gamePageViewOf, sameGamePageView } from './casino-view';

/** /casino/:provider/:game: the root's `gamePage` flow for this game (§4 Game page). */
export function GameRoute() {
  const actor = useAppChild('gamePage');
  if (!actor) {
    return (
      <div className="game-page" aria-busy="true">
        <Skeleton width="40%" height={28} />
        <div className="game-page__stage" />
      </div>
    );
  }
  return <Game key={actor.id} actor={actor} />;
}

function Game({ actor }: { actor: ActorRefFrom<typeof gamePageMachine> }) {
  const { app } = useApp();
  const locale = localeFromPath(useLocation().pathname);
  const select = useCallback(
    (snapshot: SnapshotFrom<typeof gamePageMachine>) => gamePageViewOf(snapshot, locale),
    [locale],
  );
  const view = useSelector(actor, select, sameGamePageView);
  return (
    <ReactionsContext.Provider value={app}>
      <GamePage
        view={view}
        lobbyHref={localizePath('/casino/games', locale)}
        depositHref={`${localizePath('/account/wallet', locale)}?tab=deposit`}
        onSwitchMode={(mode) => actor.send({ type: 'game.switchMode', mode })}
        onRetry={() => actor.send({ type: 'game.retry' })}
        onSignIn={() => app.send({ type: 'loginModal.open', tab: 'login' })}
      />
    </ReactionsContext.Provider>
  );
}
