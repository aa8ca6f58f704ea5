import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { GameTile, GameTileSkeleton } from './game-tile';
import type { GameGridProps } from './game-grid';

/** The lobby's grid by rows, only those near the window's view in the DOM (more than three pages loaded). */
export function VirtualRows({
  games,
  columns,
  top,
  skeletons = 0,
  label,
}: GameGridProps & { columns: number; top: number }) {
  const total = games.length + skeletons;
  const rows = Math.ceil(total / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => 260,
    overscan: 3,
    scrollMargin: top,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div
      role="list"
      aria-label={label}
      data-testid="game-grid"
      data-virtual="true"
      className="game-grid-virtual"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="game-grid game-grid--row"
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {Array.from({ length: columns }, (_, column) => {
            const index = row.index * columns + column;
            const game = games[index];
            if (game)
              return (
                <div role="listitem" key={game.id}>
                  <GameTile game={game} />
                </div>
              );
            return index < total ? (
              <div role="listitem" key={`skeleton-${index}`}>
                <GameTileSkeleton />
              </div>
            ) : null;
          })}
        </div>
      ))}
    </div>
  );
}
