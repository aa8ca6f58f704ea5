import { useDeferredValue, useId } from 'react';
import { Button } from '../../ui/button';
import { GameGrid } from './game-grid';
import type { GameCardView } from './types';
import './casino.css';
import { useT } from '../../i18n/use-t';

export type LobbyStatus = 'loading' | 'ready' | 'loadingMore' | 'failed';

/** The catalogue as the lobby shows it (built from the catalogue machine's snapshot). */
export interface LobbyView {
  status: LobbyStatus;
  /** A filter change is waiting for the player to stop typing (the old results stay, dimmed). */
  pending: boolean;
  games: readonly GameCardView[];
  total: number;
  canLoadMore: boolean;
  searchTerm: string;
  category: string | null;
  provider: string | null;
  /** Catalog id of the failure's text (§8), when failed. */
  errorId: string | null;
}

export interface LobbyChoice {
  value: string;
  label: string;
}

export interface LobbyPageProps {
  /** The page heading (already in the player's language). */
  title: string;
  view: LobbyView;
  categories: readonly LobbyChoice[];
  providers: readonly LobbyChoice[];
  /** A category page (/casino/category/:filter) or a provider page keeps that part of the filter fixed. */
  fixed?: { category?: boolean; provider?: boolean; search?: boolean };
  onSearch: (term: string) => void;
  onCategory: (slug: string | null) => void;
  onProvider: (code: string | null) => void;
  onLoadMore: () => void;
  onRetry: () => void;
}

/**
 * The lobby: a sticky search with category chips and a provider choice, then the grid of games (24 a page,
 * "load more"), skeletons while a page loads, an empty state and a retry on failure.
 */
export function LobbyPage(props: LobbyPageProps) {
  const { view } = props;
  // The results (the count, the grid and its states) render in the background, yielding to the browser every few
  // milliseconds, and the old ones stay until they are ready (a page of tiles was one 67 ms task at 4x
  // CPU slowdown); the search field and the filters answer at once. The lobby's status is the results' shown.
  const shown = useDeferredValue(view);
  const t = useT();
  const searchId = useId();
  const providerId = useId();
  const firstLoad = shown.status === 'loading' && shown.games.length === 0;
  const empty = shown.status === 'ready' && shown.games.length === 0;
  return (
    <div className="lobby" data-testid="lobby" data-status={shown.status} data-pending={shown.pending}>
      <h1 className="lobby__title">{props.title}</h1>
      {props.fixed?.search ? null : (
        <div className="lobby__filters" role="search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('casino.search.label')}
          </label>
          <div className="lobby__search">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M10.5 3a7.5 7.5 0 1 0 4.6 13.4l4.7 4.7 1.4-1.4-4.7-4.7A7.5 7.5 0 0 0 10.5 3zm0 2a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11z" />
            </svg>
            <input
              id={searchId}
              type="search"
              inputMode="search"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={100}
              placeholder={t('casino.search.placeholder')}
              value={view.searchTerm}
              onChange={(event) => props.onSearch(event.target.value)}
              data-testid="lobby-search"
            />
          </div>
          {props.fixed?.category ? null : (
            <div className="lobby__chips" role="group" aria-label={t('casino.filter.categories')}>
              <button
                type="button"
                className="chip"
                aria-pressed={view.category === null}
                onClick={() => props.onCategory(null)}
              >
                {t('casino.filter.all')}
              </button>
              {props.categories.map((category) => (
                <button
                  key={category.value}
                  type="button"
                  className="chip"
                  aria-pressed={view.category === category.value}
                  data-testid={`lobby-category-${category.value}`}
                  onClick={() => props.onCategory(view.category === category.value ? null : category.value)}
                >
                  {category.label}
                </button>
              ))}
            </div>
          )}
          {props.fixed?.provider ? null : (
            <div className="lobby__provider">
              <label htmlFor={providerId}>{t('casino.filter.provider')}</label>
              <select
                id={providerId}
                value={view.provider ?? ''}
                onChange={(event) => props.onProvider(event.target.value || null)}
                data-testid="lobby-provider"
              >
                <option value="">{t('casino.filter.all_providers')}</option>
                {props.providers.map((provider) => (
                  <option key={provider.value} value={provider.value}>
                    {provider.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}

      <p className="lobby__count" role="status" aria-live="polite" data-testid="lobby-count">
        {shown.status === 'loading' || shown.pending
          ? t('casino.lobby.searching')
          : shown.status === 'failed'
            ? ''
            : t('casino.lobby.count', { shown: shown.games.length, total: shown.total })}
      </p>

      {shown.status === 'failed' ? (
        <div className="lobby__message" role="alert" data-testid="lobby-error">
          <p>{t(shown.errorId ?? 'error_messages.unexpected')}</p>
          <Button variant="outline" onClick={props.onRetry} data-testid="lobby-retry">
            {t('casino.lobby.retry')}
          </Button>
        </div>
      ) : null}

      {empty ? (
        <div className="lobby__message" data-testid="lobby-empty">
          <p className="lobby__empty-title">{t('casino.lobby.empty_title')}</p>
          <p>{t('casino.lobby.empty_text')}</p>
        </div>
      ) : (
        <div className={shown.pending ? 'lobby__results lobby__results--pending' : 'lobby__results'}>
          <GameGrid
            games={shown.games}
            skeletons={firstLoad ? 12 : shown.status === 'loadingMore' ? 6 : 0}
            label={props.title}
          />
        </div>
      )}

      {shown.canLoadMore ? (
        <div className="lobby__more">
          <Button
            variant="outline"
            onClick={props.onLoadMore}
            disabled={shown.status === 'loadingMore'}
            aria-busy={shown.status === 'loadingMore'}
            data-testid="lobby-load-more"
          >
            {t('casino.lobby.load_more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The chips and grid's shape while nothing is known yet (route chunk loading). */
export function LobbySkeleton({ title }: { title: string }) {
  return (
    <div className="lobby" aria-busy="true">
      <h1 className="lobby__title">{title}</h1>
      <GameGrid games={[]} skeletons={12} label={title} />
    </div>
  );
}
export type { GameCardView };
