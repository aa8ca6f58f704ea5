import { lazy, Suspense, useLayoutEffect, useRef, useState, type RefObject } from 'react';
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

/** The virtualiser (@tanstack/react-virtual) is fetched only when a lobby holds more than three pages. */
const VirtualRows = lazy(() => import('./virtual-rows').then((m) => ({ default: m.VirtualRows })));

/**
 * The grid's columns (from its width) and its top in the document (where the window's virtual rows start).
 * Measured by a ResizeObserver, whose first answer comes after the browser's own layout: reading the box in a layout
 * effect forced a layout of the whole page inside React's commit (51 of the 195 ms of the lobby's first
 * render task at 4x CPU slowdown). The first render guesses the columns from the window (3 on a phone, as measured).
 */
function useGridBox(ref: RefObject<HTMLElement | null>, needsTop: boolean): { columns: number; top: number } {
  const [box, setBox] = useState(() => ({
    columns: columnsFor(typeof window === 'undefined' ? 390 : Math.min(window.innerWidth, 1200)),
    top: 0,
  }));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (width: number) => {
      const columns = columnsFor(width || window.innerWidth);
      // The top only matters to the virtual rows; read after layout (in the observer), it costs no extra layout.
      const top = needsTop ? Math.round(element.getBoundingClientRect().top + window.scrollY) : 0;
      setBox((last) => (last.columns === columns && last.top === top ? last : { columns, top }));
    };
    if (typeof ResizeObserver === 'undefined') {
      measure(element.clientWidth);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, needsTop]);
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
  const virtual = props.games.length > VIRTUALIZE_AFTER;
  const { columns, top } = useGridBox(ref, virtual);
  return (
    <div ref={ref} className="game-grid-host" style={{ ['--columns' as string]: columns }}>
      {virtual ? (
        <Suspense fallback={<PlainGrid {...props} columns={columns} />}>
          <VirtualRows {...props} columns={columns} top={top} />
        </Suspense>
      ) : (
        <PlainGrid {...props} columns={columns} />
      )}
    </div>
  );
}

/** Every game in the DOM (a short list; the fallback while the virtualiser is fetched). */
function PlainGrid(props: GameGridProps & { columns: number }) {
  const { columns } = props;
  return (
    <ul className="game-grid" aria-label={props.label} data-testid="game-grid">
      {props.games.map((game, index) => (
        <li key={game.id}>
          <GameTile game={game} eager={index < columns * 2} />
        </li>
      ))}
      {Array.from({ length: props.skeletons ?? 0 }, (_, i) => (
        <li key={`skeleton-${i}`}>
          <GameTileSkeleton />
        </li>
      ))}
    </ul>
  );
}
