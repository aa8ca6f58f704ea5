import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Box } from '../../../machines/boxes/boxes.types';
import { formatBRL } from './format';

/** A box of the crates grid: its art on its colour, its price and its best prize. */
export function BoxCard({ box, href }: { box: Box; href: string }) {
  const intl = useIntl();
  return (
    <Link to={href} className="box-card" data-color={box.color} data-testid="box-card" aria-label={box.title}>
      <span className="box-card__glow" aria-hidden="true" />
      <img className="box-card__art" src={box.image} alt="" width={160} height={160} />
      <span className="box-card__title">{box.title}</span>
      <span className="box-card__best">
        <img src={box.best_prize.image} alt="" width={24} height={24} />
        <span>
          {intl.formatMessage(
            { id: 'boxes.card.best_prize' },
            { name: box.best_prize.name, value: formatBRL(intl.locale, box.best_prize.value) },
          )}
        </span>
      </span>
      <span className="box-card__price" data-testid="box-price">
        {formatBRL(intl.locale, box.price)}
      </span>
    </Link>
  );
}
