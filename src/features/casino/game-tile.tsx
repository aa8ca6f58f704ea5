import { memo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { useGameMarks } from './reactions';
import type { GameCardView } from './types';
import { useT } from '../../i18n/use-t';

/** An RTP in basis points as the player's language writes a percentage (9259 → "92,59%" / "92.59%"). */
export function formatRtp(intl: Pick<IntlShape, 'formatNumber'>, rtpBp: number): string {
  return intl.formatNumber(rtpBp / 10_000, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export interface GameTileProps {
  game: GameCardView;
  /** The first tiles of a page are above the fold: fetched at once instead of lazily. */
  eager?: boolean;
}

/**
 * A game tile: its art (fixed 3:4 box, lazily loaded, so nothing shifts as art arrives), title and provider, and
 * the like and favorite toggles. Titles and art URLs are text: nothing here is injected as HTML.
 */
export const GameTile = memo(function GameTile({ game, eager = false }: GameTileProps) {
  const marks = useGameMarks(game);
  const intl = useIntl();
  const t = useT();
  return (
    <article className="game-tile" data-testid="game-tile" data-game={game.gamecode} data-provider={game.providerCode}>
      <Link to={game.to} className="game-tile__link" data-testid="game-tile-link">
        <span className="game-tile__art">
          <picture>
            <source media="(max-width: 639px)" srcSet={game.imageMobile} />
            <img src={game.image} alt="" width={300} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
          </picture>
          {game.onlyDemo ? <span className="game-tile__badge">{t('casino.tile.demo_only')}</span> : null}
          {game.hasTables ? (
            <span className="game-tile__badge game-tile__badge--live">{t('casino.tile.live')}</span>
          ) : null}
          <span className="game-tile__play" aria-hidden="true">
            ▶
          </span>
        </span>
        <span className="game-tile__title">{game.title}</span>
        <span className="game-tile__provider">{game.providerName}</span>
        <span className="game-tile__rtp" data-testid="game-rtp">
          {t('casino.tile.rtp', { rtp: formatRtp(intl, game.rtpBp) })}
        </span>
      </Link>
      <div className="game-tile__actions">
        <button
          type="button"
          className="game-tile__toggle"
          aria-pressed={marks.liked}
          aria-busy={marks.pending}
          aria-label={t(marks.liked ? 'casino.tile.unlike' : 'casino.tile.like', { title: game.title })}
          data-testid="game-like"
          onClick={marks.toggleLike}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 4.3 2.4.7-1.2 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
          </svg>
          <span data-testid="game-likes">{intl.formatNumber(marks.likes, { notation: 'compact' })}</span>
        </button>
        <button
          type="button"
          className="game-tile__toggle"
          aria-pressed={marks.favorite}
          aria-label={t(marks.favorite ? 'casino.tile.unfavorite' : 'casino.tile.favorite', { title: game.title })}
          data-testid="game-favorite"
          onClick={marks.toggleFavorite}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />
          </svg>
        </button>
      </div>
    </article>
  );
});

/** A tile-shaped placeholder while a page of games loads. */
export function GameTileSkeleton() {
  return (
    <div className="game-tile game-tile--skeleton" aria-hidden="true" data-testid="game-tile-skeleton">
      <span className="game-tile__art skeleton" />
      <span className="skeleton game-tile__skeleton-line" />
      <span className="skeleton game-tile__skeleton-line game-tile__skeleton-line--short" />
    </div>
  );
}
