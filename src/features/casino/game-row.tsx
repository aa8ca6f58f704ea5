import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { GameTile, GameTileSkeleton } from './game-tile';
import type { GameCardView } from './types';
import './casino.css';

export interface GameRowView {
  id: string;
  title: string;
  /** Where "see all" leads (the lobby filtered to this row). */
  moreHref: string | null;
  games: readonly GameCardView[];
}

/** A titled, horizontally scrolling row of games (swipe on phones), as on the home page. */
export function GameRow({ row, loading }: { row: GameRowView; loading?: boolean }) {
  const intl = useIntl();
  const headingId = `row-${row.id}`;
  return (
    <section className="game-row-section" aria-labelledby={headingId} data-testid={`game-row-${row.id}`}>
      <div className="game-row-section__head">
        <h2 id={headingId} className="home__section-title">
          {row.title}
        </h2>
        {row.moreHref ? (
          <Link to={row.moreHref} className="game-row-section__more">
            {intl.formatMessage({ id: 'casino.row.see_all' })}
          </Link>
        ) : null}
      </div>
      <ul className="game-row">
        {loading
          ? Array.from({ length: 7 }, (_, i) => (
              <li key={i}>
                <GameTileSkeleton />
              </li>
            ))
          : row.games.map((game) => (
              <li key={game.id}>
                <GameTile game={game} />
              </li>
            ))}
      </ul>
    </section>
  );
}
