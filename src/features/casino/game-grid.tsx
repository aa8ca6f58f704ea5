import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { GameTile, GameTileSkeleton } from './game-tile';
import type { GameCardView } from './types';

/** Columns for a grid this wide (px): 3 on a phone, up to 7 on a wide screen. */
export function columnsFor(width: number): number {
  if (width < 520) return 3;
  if (width < 720) return 4;
  if (width < 940) return 5;
  if (width < 1160) return 6;
  return 7;
}

/** Beyond this many games (three pages of 24) only the rows in view are in the DOM. */
export const VIRTUALIZE_AFTER = 72;

/** The grid's columns (from its width) and its top in the document (where the window's virtual rows start). */
function useGridBox(ref: RefObject<HTMLElement | null>): { columns: number; top: number } {
  const [box, setBox] = useState(() => ({
    columns: columnsFor(typeof window === 'undefined' ? 390 : Math.min(window.innerWidth, 1200)),
    top: 0,
  }));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const columns = columnsFor(element.clientWidth || window.innerWidth);
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setBox((last) => (last.columns === columns && last.top === top ? last : { columns, top }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return box;
}

export interface GameGridProps {
  games: readonly GameCardView[];
  /** Skeleton tiles to show after the games (first load or a page being loaded). */
  skeletons?: number;
  label: string;
}

/** The lobby's grid: plain while short, virtualised by rows (window scrolling) once more than three pages are in. */
export function GameGrid(props: GameGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { columns, top } = useGridBox(ref);
  return (
    <div ref={ref} className="game-grid-host" style={{ ['--columns' as string]: columns }}>
      {props.games.length > VIRTUALIZE_AFTER ? (
        <VirtualRows {...props} columns={columns} top={top} />
      ) : (
        <ul className="game-grid" aria-label={props.label} data-testid="game-grid">
          {props.games.map((game, index) => (
            <li key={game.id}>
              <GameTile
                game={game}

                eager={index < columns * 2}
              />
            </li>
          ))}
          {Array.from({ length: props.skeletons ?? 0 }, (_, i) => (
            <li key={`skeleton-${i}`}>
              <GameTileSkeleton />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VirtualRows({ games, columns, top, skeletons = 0, label }: GameGridProps & { columns: number; top: number }) {
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
