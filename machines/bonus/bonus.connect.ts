/** What /bonus renders of its flows' snapshots: plain view models, no actor refs. */
import type { SnapshotFrom } from 'xstate';
import type { UiMessage } from '../kernel/api-error';
import type { bonusListMachine } from './bonus-list.machine';
import type { cashbackMachine } from './cashback.machine';
import type { couponMachine } from './coupon.machine';
import { availableCount, totalSlots } from './cashback';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** A coupon as shown (text only: the page renders it as text, never as HTML). */
export interface CouponView {
  code: string;
  title: string;
  description: string;
  kind: string;
  value: number | null;
  percent: number | null;
  expiresAt: string | null;
}

export function couponViewOf(data: unknown): CouponView | null {
  if (!isRecord(data)) return null;
  return {
    code: str(data.code),
    title: str(data.title),
    description: str(data.description),
    kind: str(data.kind),
    value: int(data.value),
    percent: int(data.percent),
    expiresAt: typeof data.expires_at === 'string' ? data.expires_at : null,
  };
}

export interface CouponCheckView {
  status: 'idle' | 'checking' | 'valid' | 'invalid';
  code: string | null;
  coupon: CouponView | null;
  messages: UiMessage[];
}

export function connectCoupon(snapshot: SnapshotFrom<typeof couponMachine>): CouponCheckView {
  const { code, data, failure } = snapshot.context;
  const status = snapshot.matches('loading')
    ? 'checking'
    : snapshot.matches('valid')
      ? 'valid'
      : failure
        ? 'invalid'
        : 'idle';
  return { status, code, coupon: status === 'valid' ? couponViewOf(data) : null, messages: failure?.messages ?? [] };
}

export interface ListView<T> {
  loading: boolean;
  items: T[];
  messages: UiMessage[];
}

function listOf<T>(snapshot: SnapshotFrom<typeof bonusListMachine>, read: (row: unknown) => T | null): ListView<T> {
  const items = (snapshot.context.items ?? []).flatMap((row) => {
    const item = read(row);
    return item ? [item] : [];
  });
  return {
    loading: snapshot.matches('loading') && snapshot.context.items === null,
    items,
    messages: snapshot.context.failure ? snapshot.context.failure.messages : [],
  };
}

export const connectCouponList = (snapshot: SnapshotFrom<typeof bonusListMachine>) => listOf(snapshot, couponViewOf);

/** A reward of GET /wallet/bonuses as /bonus shows it: bonus money with its rollover, or a cash reward. */
export interface ActiveBonusView {
  id: number;
  /** `bonus-12` or `cash-40`: ids of the two kinds can meet. */
  key: string;
  kind: 'deposit_coupon' | 'mission' | 'referral' | 'cashback';
  account: 'bonus' | 'cash';
  status: 'active' | 'converted' | 'expired' | 'forfeited' | 'paid';
  /** What was granted (centavos). */
  amount: number;
  /** What is left of it (bonus money; 0 once ended). */
  balance: number;
  wageringMultiple: number;
  wageringRequired: number;
  wagered: number;
  /** Rollover progress, 0–100 (100 when there is none to make). */
  percent: number;
  /** Settled stakes still to make before it becomes cash (centavos); 0 when done or not bonus money. */
  left: number;
  expiresAt: string | null;
  couponCode: string | null;
  convertedAmount: number | null;
  createdAt: string;
  endedAt: string | null;
}

const REWARD_KINDS = ['deposit_coupon', 'mission', 'referral', 'cashback'] as const;
const REWARD_STATUSES = ['active', 'converted', 'expired', 'forfeited', 'paid'] as const;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
  values.includes(value as T) ? (value as T) : null;
const intOr = (value: unknown, fallback: number) => int(value) ?? fallback;

export const connectActiveBonuses = (snapshot: SnapshotFrom<typeof bonusListMachine>) =>
  listOf<ActiveBonusView>(snapshot, (row) => {
    if (!isRecord(row) || int(row.id) === null || int(row.amount) === null) return null;
    const kind = oneOf(REWARD_KINDS, row.kind);
    const status = oneOf(REWARD_STATUSES, row.status);
    const account = row.account === 'cash' ? 'cash' : row.account === 'bonus' ? 'bonus' : null;
    if (!kind || !status || !account) return null;
    const required = intOr(row.wagering_required, 0);
    const wagered = Math.min(required, intOr(row.wagered, 0));
    return {
      id: row.id as number,
      key: `${account}-${row.id as number}`,
      kind,
      account,
      status,
      amount: row.amount as number,
      balance: intOr(row.balance, 0),
      wageringMultiple: intOr(row.wagering_multiple, 0),
      wageringRequired: required,
      wagered,
      percent: required > 0 ? Math.floor((wagered * 100) / required) : 100,
      left: account === 'bonus' && status === 'active' ? Math.max(0, required - wagered) : 0,
      expiresAt: typeof row.expires_at === 'string' ? row.expires_at : null,
      couponCode: typeof row.coupon_code === 'string' ? row.coupon_code : null,
      convertedAmount: int(row.converted_amount),
      createdAt: str(row.created_at),
      endedAt: typeof row.ended_at === 'string' ? row.ended_at : null,
    };
  });

export interface CashbackRowView {
  id: number | string;
  availableAt: string;
  type: 'calendar' | 'immediate';
  slots: number;
  claimed: number;
  available: number;
}

export interface CashbackView {
  loading: boolean;
  rows: CashbackRowView[];
  available: number;
  claiming: number | string | null;
  messages: UiMessage[];
  claimMessages: UiMessage[];
}

export function connectCashback(snapshot: SnapshotFrom<typeof cashbackMachine>): CashbackView {
  const { items, now, summary, failure, claimFailure, claiming } = snapshot.context;
  return {
    loading: snapshot.matches('loading') && items.length === 0,
    rows: items.map((item) => ({
      id: item.id,
      availableAt: item.available_at,
      type: item.type,
      slots: totalSlots(item),
      claimed: item.claimed,
      available: availableCount(item, now),
    })),
    available: summary.available,
    claiming: snapshot.matches('claiming') ? claiming : null,
    messages: failure ? failure.messages : [],
    claimMessages: claimFailure ? claimFailure.messages : [],
  };
}
