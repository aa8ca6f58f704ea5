import { useIntl } from 'react-intl';
import type { BoxPrize } from '../../../machines/boxes/boxes.types';
import { formatBRL, formatOdds } from './format';

/** A box's prizes with their chance (basis points as a percentage) and rarity: shown to everyone, before buying. */
export function PrizeList({ prizes }: { prizes: BoxPrize[] }) {
  const intl = useIntl();
  return (
    <section className="box-odds" aria-labelledby="box-odds-title" data-testid="box-odds">
      <h2 id="box-odds-title" className="box-section__title">
        {intl.formatMessage({ id: 'boxes.box.odds_title' })}
      </h2>
      <p className="box-section__lead">{intl.formatMessage({ id: 'boxes.box.odds_lead' })}</p>
      <ul className="box-odds__grid">
        {prizes.map((prize) => (
          <li key={prize.id} className="prize-tile" data-rarity={prize.rarity} data-testid="box-prize">
            <span className="prize-tile__odds" data-testid="prize-odds">
              {formatOdds(intl.locale, prize.odds_bp)}
            </span>
            <img src={prize.image} alt="" width={88} height={88} loading="lazy" />
            <span className="prize-tile__name">{prize.name}</span>
            <span className="prize-tile__value">{formatBRL(intl.locale, prize.value)}</span>
            <span className="prize-tile__rarity">{intl.formatMessage({ id: `boxes.rarity.${prize.rarity}` })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
