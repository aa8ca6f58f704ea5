import type { SnapshotFrom } from 'xstate';
import { AMOUNT_MESSAGE_IDS, type UiMessage } from './amount';
import type { pixMachine } from './pix.machine';

export type PixStep = 'choosing' | 'generating' | 'awaitingPayment' | 'paid' | 'expired' | 'failed';

/** What the deposit screen renders; amounts stay in centavos for the view to format in the locale. */
export interface PixViewModel {
  step: PixStep;
  /** awaitingPayment: checking the status after a reconnect. */
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
  balance: number | null;
  errors: UiMessage[];
}

export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function connectPix(snapshot: SnapshotFrom<typeof pixMachine>): PixViewModel {
  const { context } = snapshot;
  const step = (['choosing', 'generating', 'awaitingPayment', 'paid', 'expired', 'failed'] as const).find((s) => snapshot.matches(s)) ?? 'choosing';
  const problem = context.amountProblem;
  return {
    step,
    checking: snapshot.matches({ awaitingPayment: 'checking' }),
    amountText: context.amountText,
    presets: context.presets.map((amount) => ({ amount, selected: context.amount === amount })),
    range: { min: context.minDeposit, max: context.maxDeposit },
    amountError:
      context.submitted && problem ? { id: AMOUNT_MESSAGE_IDS[problem], values: { min: context.minDeposit, max: context.maxDeposit } } : null,
    canSubmit: step === 'choosing',
    code: context.pix ? { qrcode: context.pix.qrcode, txid: context.pix.txid, amount: context.pix.amount } : null,
    countdown: formatCountdown(context.remainingMs),
    remainingSeconds: Math.max(0, Math.ceil(context.remainingMs / 1000)),
    balance: context.balance,
    errors: context.errors,
  };
}
