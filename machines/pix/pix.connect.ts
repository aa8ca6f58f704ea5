import type { SnapshotFrom, StateValue } from 'xstate';
import type { UiMessage } from '../kernel/api-error';
import { AMOUNT_MESSAGE_IDS } from '../kernel/money';
import type { pixMachine } from './pix.machine';

export type PixStep =
  'choosing' | 'generating' | 'awaitingPayment' | 'confirmingExpiry' | 'paid' | 'refused' | 'expired' | 'failed';

const STEPS: readonly PixStep[] = [
  'choosing',
  'generating',
  'awaitingPayment',
  'confirmingExpiry',
  'paid',
  'refused',
  'expired',
  'failed',
];

/** What the deposit screen renders; amounts stay in centavos for the view to format in the locale. */
export interface PixViewModel {
  step: PixStep;
  /** The machine's state as a dotted path (`awaitingPayment.waiting`): the panel exposes it as `data-state`. */
  state: string;
  /** Asking the server for the status: after a reconnect (awaitingPayment) or at the end of the timer (confirmingExpiry). */
  checking: boolean;
  amountText: string;
  presets: Array<{ amount: number; selected: boolean }>;
  range: { min: number; max: number };
  /** Shown once the player tried to submit. */
  amountError: UiMessage | null;
  canSubmit: boolean;
  code: { qrcode: string; txid: string; amount: number } | null;
  /** Countdown "m:ss" and its seconds (for aria). */
  countdown: string;
  remainingSeconds: number;
  /** The last §4 status the server gave for this deposit (a status check ran: on subscribing to the live channel, at expiry), else null. */
  serverStatus: number | null;
  /** expired: the server confirmed the code was cancelled (status 2) without payment. */
  expiryConfirmed: boolean;
  /** expired: the status check failed, so whether it was paid in time is unknown; offer to check again. */
  canRecheck: boolean;
  errors: UiMessage[];
  /**
   * `offered`, the panel has the optional coupon field (its flow is the child `coupon`); `regulated`, the
   * brand may not offer deposit-linked bonuses, so no field and a note names the rule.
   */
  couponField: 'offered' | 'regulated';
  /**
   * paid: what the deposit's coupon gave. `bonus`, the bonus money credited with its rollover (the screen says
   * "R$ 50,00 creditados + R$ 25,00 de bônus (rollover 10×)"); `refusal`, the message id of why it gave none.
   */
  couponResult:
    | { kind: 'bonus'; code: string; bonus: number; wageringMultiple: number }
    | { kind: 'refusal'; code: string; messageId: string }
    | null;
}

/** Why a paid deposit's coupon gave no bonus, as the player reads it. */
export const COUPON_OUTCOME_MESSAGE_IDS = {
  not_first_deposit: 'wallet.deposit.coupon.not_first_deposit',
  already_used: 'wallet.deposit.coupon.already_used',
  expired: 'wallet.deposit.coupon.expired',
  below_minimum: 'wallet.deposit.coupon.below_minimum',
  not_offered: 'wallet.deposit.coupon.not_offered',
} as const;

function couponResultOf(context: SnapshotFrom<typeof pixMachine>['context']): PixViewModel['couponResult'] {
  const c = context.coupon;
  if (!c || c.outcome === null) return null;
  if (c.outcome === 'granted')
    return { kind: 'bonus', code: c.code, bonus: c.bonus, wageringMultiple: c.wageringMultiple };
  return { kind: 'refusal', code: c.code, messageId: COUPON_OUTCOME_MESSAGE_IDS[c.outcome] };
}

export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** `{ awaitingPayment: 'waiting' }` → `awaitingPayment.waiting`. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateName(child)}`))
    .join(',');
}

export function connectPix(snapshot: SnapshotFrom<typeof pixMachine>): PixViewModel {
  const { context } = snapshot;
  const step = STEPS.find((s) => snapshot.matches(s)) ?? 'choosing';
  const problem = context.amountProblem;
  return {
    step,
    state: stateName(snapshot.value),
    checking: snapshot.matches({ awaitingPayment: 'checking' }) || step === 'confirmingExpiry',
    amountText: context.amountText,
    presets: context.presets.map((amount) => ({ amount, selected: context.amount === amount })),
    range: { min: context.minDeposit, max: context.maxDeposit },
    amountError:
      context.submitted && problem
        ? { id: AMOUNT_MESSAGE_IDS[problem], values: { min: context.minDeposit, max: context.maxDeposit } }
        : null,
    canSubmit: step === 'choosing',
    code: context.pix ? { qrcode: context.pix.qrcode, txid: context.pix.txid, amount: context.pix.amount } : null,
    countdown: formatCountdown(context.remainingMs),
    remainingSeconds: Math.max(0, Math.ceil(context.remainingMs / 1000)),
    serverStatus: context.serverStatus,
    expiryConfirmed: step === 'expired' && context.serverStatus === 2,
    canRecheck: snapshot.matches({ expired: 'unchecked' }),
    errors: context.errors,
    couponField: context.couponAllowed ? 'offered' : 'regulated',
    couponResult: step === 'paid' ? couponResultOf(context) : null,
  };
}
