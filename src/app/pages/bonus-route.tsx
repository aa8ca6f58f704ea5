import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import {
  connectActiveBonuses,
  connectCashback,
  connectCoupon,
  connectCouponList,
} from '../../../machines/bonus/bonus.connect';
import { connectSession } from '../../../machines/session/session.connect';
import type { DynamicChildren } from '../app-context';
import { useApp, useAppChild } from '../app-context';
import { BonusGuest, BonusPage } from '../../features/bonus/bonus-page';

/** /bonus: rendered from the root's `coupon`, `couponList`, `cashback` and `activeBonuses` flows. */
export function BonusRoute() {
  const { app, session } = useApp();
  const vm = useSelector(session, connectSession);
  const coupon = useAppChild('coupon');
  const couponList = useAppChild('couponList');
  const cashback = useAppChild('cashback');
  const activeBonuses = useAppChild('activeBonuses');
  if (!vm.user) {
    return <BonusGuest onSignIn={() => app.send({ type: 'loginModal.open', tab: 'login' })} />;
  }
  if (!coupon || !couponList || !cashback || !activeBonuses) {
    return (
      <p role="status" className="page" data-testid="bonus-waiting">
        <FormattedMessage id="bonus.page.loading" />
      </p>
    );
  }
  return <Page coupon={coupon} couponList={couponList} cashback={cashback} activeBonuses={activeBonuses} />;
}

function Page(props: Pick<DynamicChildren, 'coupon' | 'couponList' | 'cashback' | 'activeBonuses'>) {
  const { site } = useApp();
  // A regulated brand offers no cashback of losses (its site config says `cashback: false`): no cashback section.
  const showCashback = useSelector(site, (s) => s.context.config?.cashback === true);
  const coupon = useSelector(props.coupon, connectCoupon);
  const coupons = useSelector(props.couponList, connectCouponList);
  const cashback = useSelector(props.cashback, connectCashback);
  const active = useSelector(props.activeBonuses, connectActiveBonuses);
  return (
    <BonusPage
      coupon={coupon}
      coupons={coupons}
      cashback={cashback}
      showCashback={showCashback}
      active={active}
      // Codes are upper case and their case does not matter (openapi checkCoupon): one cache entry per coupon.
      onCheck={(code) => props.coupon.send({ type: 'coupon.check', code: code.toUpperCase() })}
      onClear={() => props.coupon.send({ type: 'coupon.clear' })}
      onClaim={(id) => props.cashback.send({ type: 'cashback.claim', id })}
    />
  );
}
