import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { isRareOrAbove, type OpeningView } from '../../../machines/boxes/boxes.connect';
import type { BoxPrize } from '../../../machines/boxes/boxes.types';
import { REEL_ITEM_WIDTH } from '../../../machines/boxes/reel';
import { formatBRL } from './format';

function Tile({ prize, winner }: { prize: BoxPrize; winner?: boolean }) {
  const intl = useIntl();
  return (
    <li className="reel__tile" data-rarity={prize.rarity} data-winner={winner ? 'true' : undefined}>
      <img src={prize.image} alt="" width={72} height={72} />
      <span className="reel__name">{prize.name}</span>
      <span className="reel__value">{formatBRL(intl.locale, prize.value)}</span>
    </li>
  );
}

/**
 * The opening reel: a horizontal strip under a glowing marker. While the draw is awaited the box's
 * prizes turn in a loop; once it is in, the strip built for the drawn prize slides (a CSS animation of the
 * transform, `landMs` long) to the offset that puts it under the marker. With reduced motion nothing slides: the
 * strip shows where it stops.
 */
export function Reel({ view, onCelebrate }: { view: OpeningView; onCelebrate?: (element: Element) => void }) {
  const intl = useIntl();
  const marker = useRef<HTMLDivElement>(null);
  const revealed = view.status === 'revealed' || view.status === 'selling' || view.status === 'done';
  const rare = view.prize ? isRareOrAbove(view.prize.prize.rarity) : false;
  const prizeId = view.prize?.id;
  // A rare or better prize throws confetti once when it is revealed (drawing, not a flow: nothing is sent).
  useEffect(() => {
    if (revealed && rare && marker.current) onCelebrate?.(marker.current);
  }, [revealed, rare, prizeId, onCelebrate]);
  const landing = view.reel && (view.status === 'landing' || revealed);
  const phase = landing ? (revealed ? 'revealed' : 'landing') : view.status === 'spinning' ? 'spinning' : 'idle';
  const tiles = landing && view.reel ? view.reel.tiles : view.idleStrip;
  const style = {
    '--reel-item': `${REEL_ITEM_WIDTH}px`,
    '--reel-to': `${-(view.reel?.offset ?? 0)}px`,
    '--reel-from': `${-(REEL_ITEM_WIDTH * 2.5)}px`,
    '--reel-land': `${view.landMs}ms`,
  } as React.CSSProperties;
  return (
    <div
      className="reel"
      data-phase={phase}
      data-reduced={view.reducedMotion ? 'true' : undefined}
      data-testid="reel"
      role="img"
      aria-label={
        revealed && view.prize
          ? intl.formatMessage({ id: 'boxes.reel.won' }, { name: view.prize.prize.name })
          : intl.formatMessage({ id: 'boxes.reel.label' })
      }
      style={style}
    >
      <ol className="reel__strip" aria-hidden="true">
        {tiles.map((prize, index) => (
          <Tile key={index} prize={prize} winner={revealed && index === view.reel?.targetIndex} />
        ))}
      </ol>
      <div className="reel__marker" ref={marker} aria-hidden="true" />
      <div className="reel__fade" aria-hidden="true" />
    </div>
  );
}
