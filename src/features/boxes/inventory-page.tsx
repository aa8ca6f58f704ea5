import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { InventoryView, OpeningView, SaleView } from '../../../machines/boxes/boxes.connect';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { UiMessages } from '../../ui/ui-message';
import { formatBRL, formatWhen } from './format';
import { OpeningPanel, type OpeningHandlers } from './opening-panel';
import { SaleDialog } from './sale-dialog';
import './boxes.css';
import { useT } from '../../i18n/use-t';

export interface InventoryHandlers extends OpeningHandlers {
  onRetry(): void;
  /** Opens one of the player's unopened boxes here, on the reel. */
  onOpen(id: number): void;
  onSell(kind: 'box' | 'prize', id: number): void;
  onConfirmSale(): void;
  onCancelSale(): void;
  onRetrySale(): void;
}

/**
 * /account/boxes and /account/items: the player's unopened boxes (open on the box's page, or sell back
 * with a confirmation) and their history, or their prizes (sell with a confirmation) and the ones sold.
 */
export function InventoryPage({
  tab,
  view,
  sale,
  opening,
  boxHref,
  boxesHref,
  itemsHref,
  cratesHref,
  ...on
}: InventoryHandlers & {
  tab: 'boxes' | 'items';
  view: InventoryView;
  sale: SaleView | null;
  opening: OpeningView | null;
  boxHref: (name: string) => string;
  boxesHref: string;
  itemsHref: string;
  cratesHref: string;
}) {
  const intl = useIntl();
  const t = useT();
  const money = (centavos: number) => formatBRL(intl.locale, centavos);
  const busy = view.selling !== null || view.opening !== null;
  const saleName = view.selling
    ? view.selling.kind === 'box'
      ? (view.owned.find((b) => b.id === view.selling?.id)?.box.title ?? '')
      : (view.ownedPrizes.find((p) => p.id === view.selling?.id)?.prize.name ?? '')
    : '';
  return (
    <article className="page boxes-page inventory" data-testid={`inventory-${tab}`}>
      <h1 className="page__title">
        {t(tab === 'boxes' ? 'boxes.inventory.boxes_title' : 'boxes.inventory.items_title')}
      </h1>
      <nav className="boxes-tabs" aria-label={t('boxes.inventory.nav')}>
        <Link to={boxesHref} aria-current={tab === 'boxes' ? 'page' : undefined}>
          {t('boxes.inventory.boxes_tab')}
        </Link>
        <Link to={itemsHref} aria-current={tab === 'items' ? 'page' : undefined}>
          {t('boxes.inventory.items_tab')}
        </Link>
      </nav>
      {view.failure ? (
        <div className="boxes-failure">
          <UiMessages messages={view.failure.messages} />
          {view.status === 'failed' ? <Button onClick={on.onRetry}>{t('boxes.retry')}</Button> : null}
        </div>
      ) : null}
      {view.status === 'loading' ? (
        <div className="inventory__list" aria-busy="true">
          <Skeleton height={88} />
          <Skeleton height={88} />
        </div>
      ) : null}
      {view.status === 'ready' && tab === 'boxes' ? (
        <>
          {view.opening ? (
            <section
              className="inventory__opening"
              data-color={view.opening.box.color}
              aria-label={view.opening.box.title}
            >
              <h2 className="box-section__title">{view.opening.box.title}</h2>
              {opening ? (
                <OpeningPanel
                  opening={opening}
                  itemsHref={itemsHref}
                  onSpin={on.onSpin}
                  onRetrySpin={on.onRetrySpin}
                  onCollect={on.onCollect}
                  onSellPrize={on.onSellPrize}
                  onLater={on.onLater}
                  {...(on.onCelebrate ? { onCelebrate: on.onCelebrate } : {})}
                />
              ) : (
                <p role="status">{t('boxes.loading')}</p>
              )}
            </section>
          ) : null}
          <section aria-labelledby="inv-owned">
            <h2 id="inv-owned" className="box-section__title">
              {t('boxes.inventory.owned')}
            </h2>
            {view.owned.length === 0 ? (
              <p className="boxes-empty">
                {t('boxes.inventory.no_boxes')} <Link to={cratesHref}>{t('boxes.inventory.to_crates')}</Link>
              </p>
            ) : (
              <ul className="inventory__list" data-testid="owned-boxes">
                {view.owned.map((b) => (
                  <li key={b.id} className="inventory__row" data-color={b.box.color} data-testid="owned-box">
                    <img src={b.box.image} alt="" width={64} height={64} />
                    <div className="inventory__text">
                      <Link to={boxHref(b.box.name)}>
                        <strong>{b.box.title}</strong>
                      </Link>
                      <span>{t('boxes.inventory.bought_at', { when: formatWhen(intl.locale, b.purchased_at) })}</span>
                    </div>
                    <div className="inventory__actions">
                      <Button size="sm" disabled={busy} onClick={() => on.onOpen(b.id)} data-testid="open-box">
                        {t('boxes.inventory.open')}
                      </Button>
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => on.onSell('box', b.id)}>
                        {t('boxes.inventory.sell_for', { value: money(b.box.sell_value) })}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {view.history.length > 0 ? (
            <section aria-labelledby="inv-history">
              <h2 id="inv-history" className="box-section__title">
                {t('boxes.inventory.history')}
              </h2>
              <ul className="inventory__list">
                {view.history.map((b) => (
                  <li key={b.id} className="inventory__row" data-status={b.status} data-testid="history-box">
                    <img src={b.box.image} alt="" width={48} height={48} />
                    <div className="inventory__text">
                      <strong>{b.box.title}</strong>
                      <span>
                        {b.status === 'opened'
                          ? t('boxes.inventory.opened', {
                              when: formatWhen(intl.locale, b.opened_at),
                              prize: b.prize?.prize.name ?? '',
                            })
                          : t('boxes.inventory.sold_box', { when: formatWhen(intl.locale, b.sold_at) })}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
      {view.status === 'ready' && tab === 'items' ? (
        <>
          <section aria-labelledby="inv-prizes">
            <h2 id="inv-prizes" className="box-section__title">
              {t('boxes.inventory.prizes')}
            </h2>
            {view.ownedPrizes.length === 0 ? (
              <p className="boxes-empty">
                {t('boxes.inventory.no_prizes')} <Link to={cratesHref}>{t('boxes.inventory.to_crates')}</Link>
              </p>
            ) : (
              <ul className="inventory__grid" data-testid="owned-prizes">
                {view.ownedPrizes.map((p) => (
                  <li
                    key={p.id}
                    className="prize-tile prize-tile--owned"
                    data-rarity={p.prize.rarity}
                    data-testid="owned-prize"
                  >
                    <img src={p.prize.image} alt="" width={88} height={88} />
                    <span className="prize-tile__name">{p.prize.name}</span>
                    <span className="prize-tile__value">{money(p.prize.value)}</span>
                    <span className="prize-tile__rarity">{t(`boxes.rarity.${p.prize.rarity}`)}</span>
                    <span className="prize-tile__from">{p.box_title}</span>
                    <Button size="sm" disabled={busy} onClick={() => on.onSell('prize', p.id)} data-testid="sell-prize">
                      {t('boxes.inventory.sell_for', { value: money(p.prize.sell_value) })}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {view.soldPrizes.length > 0 ? (
            <section aria-labelledby="inv-sold">
              <h2 id="inv-sold" className="box-section__title">
                {t('boxes.inventory.sold_prizes')}
              </h2>
              <ul className="inventory__list">
                {view.soldPrizes.map((p) => (
                  <li key={p.id} className="inventory__row" data-status="sold" data-testid="sold-prize">
                    <img src={p.prize.image} alt="" width={48} height={48} />
                    <div className="inventory__text">
                      <strong>{p.prize.name}</strong>
                      <span>
                        {t('boxes.inventory.sold_prize', {
                          when: formatWhen(intl.locale, p.sold_at),
                          value: money(p.prize.sell_value),
                        })}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
      <SaleDialog
        sale={sale}
        name={saleName}
        onConfirm={on.onConfirmSale}
        onCancel={on.onCancelSale}
        onRetry={on.onRetrySale}
      />
    </article>
  );
}
