import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { BoxPageView, OpeningView, PurchaseView } from '../../../machines/boxes/boxes.connect';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/skeleton';
import { UiMessages } from '../../ui/ui-message';
import { Fairness } from './fairness';
import { formatBRL } from './format';
import { PrizeList } from './prize-list';
import { OpeningPanel } from './opening-panel';
import './boxes.css';
import { useT } from '../../i18n/use-t';

export interface BoxPageHandlers {
  onRetry(): void;
  onSignIn(): void;
  onBuy(): void;
  onConfirmBuy(): void;
  onCancelBuy(): void;
  onRetryBuy(): void;
  onDismissBuy(): void;
  onOpen(userBoxId: number): void;
  onSpin(): void;
  onRetrySpin(): void;
  onCollect(): void;
  onSellPrize(): void;
  onLater(): void;
  onCelebrate?: (element: Element) => void;
}

/**
 * /casino/box/:name: the box, what it can give with what chance (above the buy button, for every
 * brand), the provably-fair commitment, the purchase with its confirmation, and the reel that opens a box.
 */
export function BoxPage({
  view,
  purchase,
  opening,
  cratesHref,
  itemsHref,
  ...on
}: BoxPageHandlers & {
  view: BoxPageView;
  purchase: PurchaseView | null;
  opening: OpeningView | null;
  cratesHref: string;
  itemsHref: string;
}) {
  const intl = useIntl();
  const t = useT();
  const money = (centavos: number) => formatBRL(intl.locale, centavos);

  if (view.status === 'loading' || !view.box) {
    if (view.status === 'notFound') {
      return (
        <article className="page boxes-page" data-testid="box-not-found">
          <h1 className="page__title">{t('boxes.box.not_found')}</h1>
          <Link to={cratesHref}>{t('boxes.box.back')}</Link>
        </article>
      );
    }
    if (view.status === 'failed') {
      return (
        <article className="page boxes-page">
          <UiMessages messages={view.failure?.messages ?? []} />
          <Button onClick={on.onRetry}>{t('boxes.retry')}</Button>
        </article>
      );
    }
    return (
      <article className="page boxes-page" aria-busy="true" data-testid="box-loading">
        <Skeleton width="40%" height={32} />
        <Skeleton height={220} />
      </article>
    );
  }

  const { box } = view;
  const busy = purchase?.status === 'buying';
  return (
    <article className="page boxes-page box-page" data-color={box.color} data-testid="box-page">
      <Link to={cratesHref} className="box-page__back">
        {t('boxes.box.back')}
      </Link>
      <header className="box-hero" data-color={box.color}>
        <span className="box-hero__glow" aria-hidden="true" />
        <img className="box-hero__art" src={box.image} alt="" width={220} height={220} />
        <div className="box-hero__text">
          <h1 className="box-hero__title">{box.title}</h1>
          <p className="box-hero__best">
            {t('boxes.card.best_prize', { name: box.best_prize.name, value: money(box.best_prize.value) })}
          </p>
          <p className="box-hero__price">{money(box.price)}</p>
        </div>
      </header>

      {view.opening && opening ? (
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
      ) : null}

      <PrizeList prizes={view.prizes} />

      <section className="box-buy" aria-labelledby="box-buy-title" data-testid="box-buy">
        <h2 id="box-buy-title" className="visually-hidden">
          {t('boxes.box.buy_title')}
        </h2>
        {view.failure && view.status === 'ready' ? <UiMessages messages={view.failure.messages} /> : null}
        {view.signedIn ? (
          <>
            <Button
              className="box-cta"
              onClick={on.onBuy}
              disabled={busy || view.opening || purchase === null}
              data-testid="box-buy-button"
            >
              {busy ? t('boxes.buy.buying') : t('boxes.buy.button', { price: money(box.price) })}
            </Button>
            {purchase?.status === 'failed' ? (
              <div className="box-buy__failure">
                <UiMessages messages={purchase.failure?.messages ?? []} />
                <Button size="sm" onClick={on.onRetryBuy}>
                  {t('boxes.retry')}
                </Button>
                <Button size="sm" variant="ghost" onClick={on.onDismissBuy}>
                  {t('boxes.dismiss')}
                </Button>
              </div>
            ) : null}
            {view.owned.length > 0 && !view.opening ? (
              <div className="box-owned" data-testid="box-owned">
                <p>{t('boxes.box.owned', { count: view.owned.length })}</p>
                <Button variant="secondary" onClick={() => on.onOpen(view.owned[0]!.id)} data-testid="box-open-owned">
                  {t('boxes.box.open_owned')}
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <div className="box-guest" data-testid="box-guest">
            <p>{t('boxes.box.guest')}</p>
            <Button className="box-cta" onClick={on.onSignIn}>
              {t('boxes.box.sign_in')}
            </Button>
          </div>
        )}
      </section>

      <Fairness
        commitment={view.commitment}
        revealed={opening?.fairness ?? null}
        verified={opening?.verified ?? null}
      />

      <Modal
        open={purchase?.status === 'confirming'}
        title={t('boxes.buy.confirm_title')}
        closeLabel={t('boxes.close')}
        onClose={on.onCancelBuy}
        testId="box-buy-confirm"
      >
        <p>{t('boxes.buy.confirm_text', { title: box.title, price: money(box.price) })}</p>
        <div className="box-dialog__actions">
          <Button onClick={on.onConfirmBuy} data-testid="box-buy-confirm-button">
            {t('boxes.buy.confirm')}
          </Button>
          <Button variant="ghost" onClick={on.onCancelBuy}>
            {t('boxes.cancel')}
          </Button>
        </div>
      </Modal>
    </article>
  );
}
