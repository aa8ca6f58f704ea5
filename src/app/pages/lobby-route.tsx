import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { gameCatalogueMachine } from '../../../machines/games/game-catalogue.machine';
import { connectSite } from '../../../machines/site/site.connect';
import { LobbyPage, LobbySkeleton } from '../../features/casino/lobby-page';
import { ReactionsContext } from '../../features/casino/reactions';
import { localeFromPath } from '../../i18n/locale';
import { useApp, useAppChild } from '../app-context';
import { useCurrentEntry } from '../route-handle';
import type { LobbyView } from '../../features/casino/lobby-page';
import type { Locale } from '../../i18n/locale';
import { cardsOf } from './casino-cards';

/**
 * The lobby routes (/casino/games, /casino/play, /casino/category/:filter, /casino/favorites, /casino/recent):
 * the root runs one catalogue flow per list, language and player (`catalogue`); the filter lives in the URL.
 */
export function LobbyRoute() {
  const intl = useIntl();
  const { entry } = useCurrentEntry();
  const actor = useAppChild('catalogue');
  const title = intl.formatMessage({ id: entry?.titleId ?? 'shell.page.casino-games.title' });
  if (!actor) return <LobbySkeleton title={title} />;
  return <Lobby key={actor.id} actor={actor} title={title} list={entry?.lobby ?? 'games'} />;
}

function Lobby({
  actor,
  title,
  list,
}: {
  actor: ActorRefFrom<typeof gameCatalogueMachine>;
  title: string;
  list: 'games' | 'category' | 'favorites' | 'recent';
}) {
  const { site, app } = useApp();
  const locale = localeFromPath(useLocation().pathname);
  const select = useCallback(
    (snapshot: SnapshotFrom<typeof gameCatalogueMachine>) => lobbyViewOf(snapshot, locale),
    [locale],
  );
  const view = useSelector(actor, select, sameLobbyView);
  const siteVm = useSelector(site, connectSite);
  const categories = useMemo(
    () => siteVm.categories.map((c) => ({ value: c.slug, label: c.names[locale] })),
    [siteVm.categories, locale],
  );
  const providers = useMemo(
    () => siteVm.providers.list.map((p) => ({ value: p.code, label: p.name })),
    [siteVm.providers.list],
  );
  const filtered = list === 'games' || list === 'category';
  return (
    <ReactionsContext.Provider value={app}>
      <LobbyPage
        title={title}
        view={view}
        categories={filtered ? categories : []}
        providers={filtered ? providers : []}
        fixed={filtered ? { category: list === 'category' } : { category: true, provider: true, search: true }}
        onSearch={(searchTerm) => actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm } })}
        onCategory={(category) => actor.send({ type: 'catalogue.filterChanged', filter: { category } })}
        onProvider={(provider) => actor.send({ type: 'catalogue.filterChanged', filter: { provider } })}
        onLoadMore={() => actor.send({ type: 'catalogue.loadMore' })}
        onRetry={() => actor.send({ type: 'catalogue.retry' })}
      />
    </ReactionsContext.Provider>
  );
}

export function lobbyViewOf(snapshot: SnapshotFrom<typeof gameCatalogueMachine>, locale: Locale): LobbyView {
  const { context } = snapshot;
  const status: LobbyView['status'] = snapshot.matches('failed')
    ? 'failed'
    : snapshot.matches('loadingMore')
      ? 'loadingMore'
      : snapshot.matches('loading')
        ? 'loading'
        : 'ready';
  return {
    status,
    pending: snapshot.matches('debouncing'),
    games: cardsOf(context.games, locale),
    total: context.total,
    canLoadMore: snapshot.matches({ ready: 'shown' }) && context.page < context.lastPage,
    searchTerm: context.filter.searchTerm,
    category: context.filter.category,
    provider: context.filter.provider,
    errorId: context.error ? context.error.messageId : null,
  };
}

export function sameLobbyView(a: LobbyView, b: LobbyView): boolean {
  return (
    a.status === b.status &&
    a.pending === b.pending &&
    a.games === b.games &&
    a.total === b.total &&
    a.canLoadMore === b.canLoadMore &&
    a.searchTerm === b.searchTerm &&
    a.category === b.category &&
    a.provider === b.provider &&
    a.errorId === b.errorId
  );
}
