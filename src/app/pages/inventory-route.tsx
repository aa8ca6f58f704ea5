import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { boxOpeningMachine } from '../../../machines/boxes/box-opening.machine';
import type { boxSaleMachine } from '../../../machines/boxes/box-sale.machine';
import { connectInventory, connectOpening, connectSale } from '../../../machines/boxes/boxes.connect';
import type { inventoryMachine } from '../../../machines/boxes/inventory.machine';
import { InventoryPage } from '../../features/boxes/inventory-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { useAppChild } from '../app-context';
import { useCurrentEntry } from '../route-handle';
import { celebrate, prefersReducedMotion } from './boxes-browser';

type SaleRef = ActorRefFrom<typeof boxSaleMachine>;
type OpeningRef = ActorRefFrom<typeof boxOpeningMachine>;

/** /account/boxes and /account/items: the root's `inventory` flow (one for both pages). */
export function InventoryRoute() {
  const actor = useAppChild('inventory');
  const { entry } = useCurrentEntry();
  const tab = entry?.name === 'account-items' ? 'items' : 'boxes';
  if (!actor) {
    return (
      <p role="status" className="page" data-testid="inventory-waiting">
        <FormattedMessage id="boxes.loading" />
      </p>
    );
  }
  return <Inventory key={actor.id} actor={actor} tab={tab} />;
}

function Inventory({ actor, tab }: { actor: ActorRefFrom<typeof inventoryMachine>; tab: 'boxes' | 'items' }) {
  const view = useSelector(actor, connectInventory);
  const saleRef = useSelector(
    actor,
    (s) => ((s.children as Record<string, AnyActorRef | undefined>).sale ?? null) as SaleRef | null,
  );
  const sale = useSelector((saleRef ?? actor) as SaleRef, (s) => (saleRef ? connectSale(s) : null));
  const openingRef = useSelector(
    actor,
    (s) => ((s.children as Record<string, AnyActorRef | undefined>).opening ?? null) as OpeningRef | null,
  );
  const opening = useSelector((openingRef ?? actor) as OpeningRef, (s) => (openingRef ? connectOpening(s) : null));
  const locale = localeFromPath(useLocation().pathname);
  return (
    <InventoryPage
      tab={tab}
      view={view}
      sale={sale}
      opening={opening}
      boxHref={(name) => localizePath(`/casino/box/${name}`, locale)}
      boxesHref={localizePath('/account/boxes', locale)}
      itemsHref={localizePath('/account/items', locale)}
      cratesHref={localizePath('/casino/crates', locale)}
      onRetry={() => actor.send({ type: 'inventory.retry' })}
      onSell={(kind, id) => actor.send({ type: 'inventory.sell', kind, id })}
      onConfirmSale={() => saleRef?.send({ type: 'sale.confirm' })}
      onCancelSale={() => saleRef?.send({ type: 'sale.cancel' })}
      onRetrySale={() => saleRef?.send({ type: 'sale.retry' })}
      onOpen={(id) => actor.send({ type: 'inventory.open', id })}
      onSpin={() => openingRef?.send({ type: 'opening.spin', reducedMotion: prefersReducedMotion() })}
      onRetrySpin={() => openingRef?.send({ type: 'opening.retry', reducedMotion: prefersReducedMotion() })}
      onCollect={() => openingRef?.send({ type: 'opening.collect' })}
      onSellPrize={() => openingRef?.send({ type: 'opening.sell' })}
      onLater={() => actor.send({ type: 'inventory.closeOpening' })}
      onCelebrate={celebrate}
    />
  );
}
