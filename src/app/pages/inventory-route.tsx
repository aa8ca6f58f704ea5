import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { boxSaleMachine } from '../../../machines/boxes/box-sale.machine';
import { connectInventory, connectSale } from '../../../machines/boxes/boxes.connect';
import type { inventoryMachine } from '../../../machines/boxes/inventory.machine';
import { InventoryPage } from '../../features/boxes/inventory-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { useAppChild } from '../app-context';
import { useCurrentEntry } from '../route-handle';

type SaleRef = ActorRefFrom<typeof boxSaleMachine>;

/** /account/boxes and /account/items (issue 16): the root's `inventory` flow (one for both pages). */
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
  const locale = localeFromPath(useLocation().pathname);
  return (
    <InventoryPage
      tab={tab}
      view={view}
      sale={sale}
      boxHref={(name) => localizePath(`/casino/box/${name}`, locale)}
      boxesHref={localizePath('/account/boxes', locale)}
      itemsHref={localizePath('/account/items', locale)}
      cratesHref={localizePath('/casino/crates', locale)}
      onRetry={() => actor.send({ type: 'inventory.retry' })}
      onSell={(kind, id) => actor.send({ type: 'inventory.sell', kind, id })}
      onConfirmSale={() => saleRef?.send({ type: 'sale.confirm' })}
      onCancelSale={() => saleRef?.send({ type: 'sale.cancel' })}
      onRetrySale={() => saleRef?.send({ type: 'sale.retry' })}
    />
  );
}
