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
