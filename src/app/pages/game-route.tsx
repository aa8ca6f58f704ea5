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
import type { GamePageView } from '../../features/casino/game-page';
import type { Locale } from '../../i18n/locale';
import { cardsOf, gameCardOf } from './casino-cards';

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

export function gamePageViewOf(snapshot: SnapshotFrom<typeof gamePageMachine>, locale: Locale): GamePageView {
  const { context } = snapshot;
  const status: GamePageView['status'] = snapshot.matches('notFound')
    ? 'notFound'
    : snapshot.matches({ ready: { launch: 'refused' } })
      ? 'refused'
      : snapshot.matches('failed') || snapshot.matches({ ready: { launch: 'maintenance' } })
        ? 'maintenance'
        : snapshot.matches({ ready: { launch: 'playing' } })
          ? 'playing'
          : snapshot.matches('ready')
            ? 'launching'
            : 'loading';
  const game = context.game;
  const playing = status === 'playing';
  return {
    status,
    game: game ? gameCardOf(game, locale) : null,
    mode: playing ? (context.launch?.mode ?? context.mode) : null,
    url: playing ? (context.launch?.url ?? null) : null,
    canSwitchMode: Boolean(game && !game.only_demo && context.signedIn && !context.selfExcluded),
    guestDemo: Boolean(game && !game.only_demo && !context.signedIn),
    related: cardsOf(context.related, locale),
    relatedLoading: snapshot.matches({ ready: { related: 'loading' } }) || !snapshot.matches('ready'),
    shortOfFunds: playing && context.shortOfFunds,
  };
}

export function sameGamePageView(a: GamePageView, b: GamePageView): boolean {
  return (
    a.status === b.status &&
    a.game?.id === b.game?.id &&
    a.game?.title === b.game?.title &&
    a.mode === b.mode &&
    a.url === b.url &&
    a.canSwitchMode === b.canSwitchMode &&
    a.guestDemo === b.guestDemo &&
    a.related === b.related &&
    a.relatedLoading === b.relatedLoading &&
    a.shortOfFunds === b.shortOfFunds
  );
}
