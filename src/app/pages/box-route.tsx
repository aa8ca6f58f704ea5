import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { boxOpeningMachine } from '../../../machines/boxes/box-opening.machine';
import type { boxPageMachine } from '../../../machines/boxes/box-page.machine';
import type { boxPurchaseMachine } from '../../../machines/boxes/box-purchase.machine';
import { connectBoxPage, connectOpening, connectPurchase } from '../../../machines/boxes/boxes.connect';
import { BoxPage } from '../../features/boxes/box-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { Skeleton } from '../../ui/skeleton';
import { useApp, useAppChild } from '../app-context';
import { celebrate, newRequestId, prefersReducedMotion } from './boxes-browser';

type PurchaseRef = ActorRefFrom<typeof boxPurchaseMachine>;
type OpeningRef = ActorRefFrom<typeof boxOpeningMachine>;

/** /casino/box/:name: the root's `boxPage` flow with its purchase and opening. */
export function BoxRoute() {
  const actor = useAppChild('boxPage');
  if (!actor) {
    return (
      <div className="page" aria-busy="true" data-testid="box-waiting">
        <Skeleton width="40%" height={32} />
        <Skeleton height={220} />
      </div>
    );
  }
  return <Box key={actor.id} actor={actor} />;
}

function childOf<T>(snapshot: { children: unknown }, id: string): T | null {
  return ((snapshot.children as Record<string, AnyActorRef | undefined>)[id] ?? null) as T | null;
}

function Box({ actor }: { actor: ActorRefFrom<typeof boxPageMachine> }) {
  const { app } = useApp();
  const view = useSelector(actor, connectBoxPage);
  const purchaseRef = useSelector(actor, (s) => childOf<PurchaseRef>(s, 'purchase'));
  const openingRef = useSelector(actor, (s) => childOf<OpeningRef>(s, 'opening'));
  // A stand-in actor when a child is not running, so the hooks are always called (the view is then null).
  const purchase = useSelector((purchaseRef ?? actor) as PurchaseRef, (s) => (purchaseRef ? connectPurchase(s) : null));
  const opening = useSelector((openingRef ?? actor) as OpeningRef, (s) => (openingRef ? connectOpening(s) : null));
  const locale = localeFromPath(useLocation().pathname);
  return (
    <BoxPage
      view={view}
      purchase={purchase}
      opening={opening}
      cratesHref={localizePath('/casino/crates', locale)}
      itemsHref={localizePath('/account/items', locale)}
      onRetry={() => actor.send({ type: 'boxPage.retry' })}
      onSignIn={() => app.send({ type: 'loginModal.open', tab: 'login' })}
      onBuy={() => purchaseRef?.send({ type: 'purchase.start' })}
      onConfirmBuy={() => purchaseRef?.send({ type: 'purchase.confirm', requestId: newRequestId() })}
      onCancelBuy={() => purchaseRef?.send({ type: 'purchase.cancel' })}
      onRetryBuy={() => purchaseRef?.send({ type: 'purchase.retry' })}
      onDismissBuy={() => purchaseRef?.send({ type: 'purchase.dismiss' })}
      onOpen={(userBoxId) => actor.send({ type: 'boxPage.open', userBoxId })}
      onSpin={() => openingRef?.send({ type: 'opening.spin', reducedMotion: prefersReducedMotion() })}
      onRetrySpin={() => openingRef?.send({ type: 'opening.retry', reducedMotion: prefersReducedMotion() })}
      onCollect={() => openingRef?.send({ type: 'opening.collect' })}
      onSellPrize={() => openingRef?.send({ type: 'opening.sell' })}
      onLater={() => actor.send({ type: 'boxPage.later' })}
      onCelebrate={celebrate}
    />
  );
}
