import { useState } from 'react';
import { useIntl } from 'react-intl';
import type {
  ActiveBonusView,
  CashbackView,
  CouponCheckView,
  CouponView,
  ListView,
} from '../../../machines/bonus/bonus.connect';
import type { UiMessage } from '../../../machines/kernel/api-error';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../ui/button';
import { UiMessages } from '../../ui/ui-message';
import { formatInSaoPaulo } from '../../../shared/sao-paulo';
import '../../ui/page-panels.css';
import './bonus.css';
import { useT } from '../../i18n/use-t';

export interface BonusPageProps {
  coupon: CouponCheckView;
  coupons: ListView<CouponView>;
  cashback: CashbackView;
  /** False on a brand without cashback (a regulated one: no "win back your losses"): the section is left out. */
  showCashback?: boolean;
  active: ListView<ActiveBonusView>;
  onCheck: (code: string) => void;
  onClear: () => void;
  onClaim: (id: number | string) => void;
}

/** What a coupon gives, in the player's language (money in BRL). */
function useRewardText() {
  const intl = useIntl();
  return (c: CouponView) => {
    if (c.kind === 'free_spins') return intl.formatMessage({ id: 'bonus.page.reward_spins' }, { count: c.value ?? 0 });
    if (c.kind === 'deposit_match')
      return intl.formatMessage(
        { id: 'bonus.page.reward_match' },
        { percent: c.percent ?? 0, max: formatBRL(intl.locale, c.value ?? 0) },
      );
    return formatBRL(intl.locale, c.value ?? 0);
  };
}

function CouponCard({ coupon }: { coupon: CouponView }) {
  const reward = useRewardText();
  return (
    <article className="bonus-card" data-testid="coupon-card" data-code={coupon.code}>
      <p className="bonus-card__reward">{reward(coupon)}</p>
      <h3 className="bonus-card__title">{coupon.title}</h3>
      <p className="bonus-card__text">{coupon.description}</p>
      <p className="bonus-card__code">{coupon.code}</p>
    </article>
  );
}

/**
 * The coupon check's messages: plain text (a server text, or a catalogue id whose {max} is a number of characters,
 * not money as UiMessages would format it).
 */
function CouponMessages({ messages }: { messages: UiMessage[] }) {
  const intl = useIntl();
  return (
    <div role="alert" data-testid="coupon-error">
      <ul className="ui-messages">
        {messages.map((m, i) => (
          <li key={i}>{'text' in m ? m.text : intl.formatMessage({ id: m.id }, m.values)}</li>
        ))}
      </ul>
    </div>
  );
}

/** /bonus for a guest: the page's title, what signing in shows, and the way to sign in. */
export function BonusGuest({ onSignIn }: { onSignIn: () => void }) {
  const intl = useIntl();
  return (
    <div className="page page-panels bonus" data-testid="bonus-guest">
      <header className="page-panels__hero">
        <h1 className="page-panels__title">{intl.formatMessage({ id: 'bonus.page.title' })}</h1>
        <p className="page-panels__lead">{intl.formatMessage({ id: 'bonus.page.guest' })}</p>
        <Button onClick={onSignIn} data-testid="bonus-sign-in">
          {intl.formatMessage({ id: 'bonus.page.sign_in' })}
        </Button>
      </header>
    </div>
  );
}

/** /bonus: the coupon field, the brand's coupons, the cashback slots with a claim, the active bonuses. */
export function BonusPage({
  coupon,
  coupons,
  cashback,
  showCashback = true,
  active,
  onCheck,
  onClear,
  onClaim,
}: BonusPageProps) {
  const intl = useIntl();
  const t = useT();
  const [code, setCode] = useState('');
  const date = (iso: string) =>
    formatInSaoPaulo(iso.length === 10 ? `${iso}T12:00:00-03:00` : iso, intl.locale, {
      day: '2-digit',
      month: 'short',
    });

  return (
    <div className="page page-panels bonus" data-testid="bonus-page">
      <header className="page-panels__hero">
        <h1 className="page-panels__title">{t('bonus.page.title')}</h1>
        <p className="page-panels__lead">{t('bonus.page.lead')}</p>
      </header>

      <section className="page-panels__panel" aria-labelledby="bonus-coupon-title" data-testid="coupon-section">
        <h2 id="bonus-coupon-title" className="page-panels__heading">
          {t('bonus.page.coupon_title')}
        </h2>
        <form
          className="bonus__coupon-form"
          onSubmit={(e) => {
            e.preventDefault();
            onCheck(code);
          }}
        >
          <label className="visually-hidden" htmlFor="bonus-coupon">
            {t('bonus.page.coupon_label')}
          </label>
          <input
            id="bonus-coupon"
            className="bonus__input"
            data-testid="coupon-input"
            value={code}
            autoComplete="off"
            placeholder={t('bonus.page.coupon_placeholder')}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" data-testid="coupon-submit" disabled={coupon.status === 'checking'}>
            {t('bonus.page.coupon_apply')}
          </Button>
          {coupon.status === 'valid' || coupon.status === 'invalid' ? (
            <Button
              type="button"
              variant="outline"
              data-testid="coupon-clear"
              onClick={() => {
                setCode('');
                onClear();
              }}
            >
              {t('bonus.page.coupon_clear')}
            </Button>
          ) : null}
        </form>
        <div data-testid="coupon-result" data-status={coupon.status} aria-live="polite">
          {coupon.status === 'valid' && coupon.coupon ? <CouponCard coupon={coupon.coupon} /> : null}
          {coupon.status === 'invalid' ? <CouponMessages messages={coupon.messages} /> : null}
        </div>
      </section>

      {showCashback ? (
        <section className="page-panels__panel" aria-labelledby="bonus-cashback-title" data-testid="cashback-section">
          <div className="page-panels__panel-head">
            <h2 id="bonus-cashback-title" className="page-panels__heading">
              {t('bonus.page.cashback_title')}
            </h2>
            <span className="page-panels__pill" data-testid="cashback-available">
              {t('bonus.page.cashback_available', { count: cashback.available })}
            </span>
          </div>
          <UiMessages messages={cashback.messages} />
          <UiMessages messages={cashback.claimMessages} testId="cashback-claim-error" />
          {cashback.rows.length === 0 && !cashback.loading ? (
            <p className="bonus__empty">{t('bonus.page.cashback_empty')}</p>
          ) : null}
          <ul className="bonus__rows">
            {cashback.rows.map((row) => (
              <li key={row.id} className="bonus__row" data-testid="cashback-row">
                <div>
                  <p className="bonus__row-title">{t(`bonus.page.cashback_type_${row.type}`)}</p>
                  <p className="bonus__row-meta">
                    {t('bonus.page.cashback_meta', {
                      date: date(row.availableAt),
                      claimed: row.claimed,
                      slots: row.slots,
                    })}
                  </p>
                </div>
                <Button
                  size="sm"
                  data-testid="cashback-claim"
                  disabled={row.available === 0 || cashback.claiming !== null}
                  onClick={() => onClaim(row.id)}
                >
                  {row.available > 0
                    ? t('bonus.page.cashback_claim', { count: row.available })
                    : t('bonus.page.cashback_none')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="page-panels__panel" aria-labelledby="bonus-coupons-title" data-testid="coupons-section">
        <h2 id="bonus-coupons-title" className="page-panels__heading">
          {t('bonus.page.coupons_title')}
        </h2>
        <UiMessages messages={coupons.messages} />
        <div className="bonus__grid">
          {coupons.items.map((c) => (
            <CouponCard key={c.code} coupon={c} />
          ))}
        </div>
      </section>

      <section className="page-panels__panel" aria-labelledby="bonus-active-title" data-testid="active-section">
        <h2 id="bonus-active-title" className="page-panels__heading">
          {t('bonus.page.active_title')}
        </h2>
        <UiMessages messages={active.messages} />
        {active.items.length === 0 && !active.loading ? (
          <p className="bonus__empty">{t('bonus.page.active_empty')}</p>
        ) : (
          <ul className="bonus__rows">
            {active.items.map((b) => (
              <li
                key={b.key}
                className="bonus__row bonus__row--reward"
                data-testid="active-bonus"
                data-status={b.status}
              >
                <div className="bonus__reward">
                  <p className="bonus__row-title">
                    {t(`bonus.reward.kind.${b.kind}`)}
                    {b.couponCode ? <span className="bonus__code"> {b.couponCode}</span> : null}
                  </p>
                  <p className="bonus__row-meta">
                    {t(`bonus.reward.status.${b.status}`)} · {date(b.createdAt)}
                  </p>
                  {b.account === 'bonus' ? (
                    <>
                      <div
                        className="bonus__progress"
                        role="progressbar"
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={b.percent}
                        aria-label={t('bonus.reward.progress_label')}
                      >
                        <span style={{ width: `${b.percent}%` }} />
                      </div>
                      <p className="bonus__row-meta" data-testid="bonus-terms">
                        {t('bonus.reward.terms', {
                          multiple: b.wageringMultiple,
                          wagered: formatBRL(intl.locale, b.wagered),
                          required: formatBRL(intl.locale, b.wageringRequired),
                        })}
                        {b.status === 'active' && b.expiresAt
                          ? ` ${t('bonus.reward.expires', { date: date(b.expiresAt) })}`
                          : ''}
                        {b.status === 'converted' && b.convertedAmount !== null
                          ? ` ${t('bonus.reward.converted', { amount: formatBRL(intl.locale, b.convertedAmount) })}`
                          : ''}
                      </p>
                    </>
                  ) : null}
                </div>
                <span className="bonus__amount">
                  {b.account === 'bonus' && b.status === 'active'
                    ? t('bonus.reward.left_of', {
                        left: formatBRL(intl.locale, b.balance),
                        amount: formatBRL(intl.locale, b.amount),
                      })
                    : formatBRL(intl.locale, b.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="bonus__rules" data-testid="bonus-rules">
          {t('bonus.reward.rules')}
        </p>
      </section>
    </div>
  );
}
