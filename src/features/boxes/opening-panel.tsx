import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { OpeningView } from '../../../machines/boxes/boxes.connect';
import { Button } from '../../ui/button';
import { UiMessages } from '../../ui/ui-message';
import { formatBRL } from './format';
import { Reel } from './reel';
import { useT } from '../../i18n/use-t';

export interface OpeningHandlers {
  onSpin(): void;
  onRetrySpin(): void;
  onCollect(): void;
  onSellPrize(): void;
  /** Closes the reel before spinning (the box stays the player's, unopened). */
  onLater(): void;
  onCelebrate?: (element: Element) => void;
}

/** An owned box on the reel: open, the spin, the prize won with keep or sell, a refusal with retry. */
export function OpeningPanel({
  opening,
  itemsHref,
  onSpin,
  onRetrySpin,
  onCollect,
  onSellPrize,
  onLater,
  onCelebrate,
}: OpeningHandlers & { opening: OpeningView; itemsHref: string }) {
  const intl = useIntl();
  const t = useT();
  const money = (centavos: number) => formatBRL(intl.locale, centavos);
  const prizeWon = opening.prize;
  return (
    <section className="box-opening" aria-live="polite" data-testid="box-opening" data-status={opening.status}>
      <Reel view={opening} {...(onCelebrate ? { onCelebrate } : {})} />
      {opening.status === 'ready' ? (
        <div className="box-opening__actions">
          <Button onClick={onSpin} data-testid="box-spin" className="box-cta">
            {t('boxes.open.spin')}
          </Button>
          <Button variant="ghost" onClick={onLater}>
            {t('boxes.open.later')}
          </Button>
        </div>
      ) : null}
      {opening.status === 'spinning' || opening.status === 'landing' ? (
        <p className="box-opening__status" role="status">
          {t('boxes.open.spinning')}
        </p>
      ) : null}
      {opening.status === 'failed' ? (
        <div className="box-opening__actions">
          <UiMessages messages={opening.failure?.messages ?? []} />
          <Button onClick={onRetrySpin}>{t('boxes.retry')}</Button>
          <Button variant="ghost" onClick={onLater}>
            {t('boxes.open.later')}
          </Button>
        </div>
      ) : null}
      {(opening.status === 'revealed' || opening.status === 'selling') && prizeWon ? (
        <div className="box-won" data-rarity={prizeWon.prize.rarity} data-testid="box-won">
          <p className="box-won__title">{t('boxes.open.won', { name: prizeWon.prize.name })}</p>
          <p className="box-won__value">
            {t(`boxes.rarity.${prizeWon.prize.rarity}`)} · {money(prizeWon.prize.value)}
          </p>
          {opening.failure ? <UiMessages messages={opening.failure.messages} /> : null}
          <div className="box-opening__actions">
            <Button onClick={onCollect} disabled={opening.status === 'selling'} data-testid="box-collect">
              {t('boxes.open.collect')}
            </Button>
            <Button
              variant="outline"
              onClick={onSellPrize}
              disabled={opening.status === 'selling'}
              data-testid="box-sell-prize"
            >
              {t('boxes.open.sell', { value: money(prizeWon.prize.sell_value) })}
            </Button>
          </div>
          <p className="box-won__hint">
            <Link to={itemsHref}>{t('boxes.open.items_link')}</Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}
