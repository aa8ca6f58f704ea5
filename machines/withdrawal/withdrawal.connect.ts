import type { SnapshotFrom } from 'xstate';
import type { UiMessage } from '../kernel/api-error';
import { AMOUNT_MESSAGE_IDS } from '../kernel/money';
import { IN_PROCESS_STATUSES, type withdrawalMachine } from './withdrawal.machine';

export type WithdrawalStep =
  'loading' | 'loadFailed' | 'editing' | 'addingKey' | 'confirming' | 'requesting' | 'inProcess' | 'settled';

export interface WithdrawalViewModel {
  step: WithdrawalStep;
  range: { min: number; max: number };
  amountText: string;
  amount: number | null;
  amountError: UiMessage | null;
  addresses: Array<{ id: number; key: string; selected: boolean }>;
  canAddAddress: boolean;
  keyText: string;
  keyErrors: UiMessage[];
  /** The platform asked for the authenticator's 6-digit code to save the new key. */
  keyNeedsCode: boolean;
  keyCodeText: string;
  /** A submit without a key. */
  needsAddress: boolean;
  withdrawal: { id: number; amount: number; status: number } | null;
  canCancel: boolean;
  confirmingCancel: boolean;
  busy: boolean;
  errors: UiMessage[];
  /** Refused until the account is verified: link to the verification. */
  kycRequired: boolean;
}

const STEPS: readonly WithdrawalStep[] = [
  'loading',
  'loadFailed',
  'editing',
  'addingKey',
  'confirming',
  'requesting',
  'inProcess',
  'settled',
];

export function connectWithdrawal(snapshot: SnapshotFrom<typeof withdrawalMachine>): WithdrawalViewModel {
  const { context } = snapshot;
  const step = STEPS.find((s) => snapshot.matches(s)) ?? 'loading';
  const problem = context.amountProblem;
  const inProcess = context.withdrawal !== null && IN_PROCESS_STATUSES.includes(context.withdrawal.status);
  return {
    step,
    range: { min: context.minWithdrawal, max: context.maxWithdrawal },
    amountText: context.amountText,
    amount: context.amount,
    amountError:
      context.submitted && problem
        ? problem === 'balance'
          ? { id: 'wallet.amount.aboveBalance' }
          : { id: AMOUNT_MESSAGE_IDS[problem], values: { min: context.minWithdrawal, max: context.maxWithdrawal } }
        : null,
    addresses: context.addresses.map((a) => ({ ...a, selected: a.id === context.addressId })),
    canAddAddress: context.canAddAddress,
    keyText: context.keyText,
    keyErrors: context.keyErrors,
    keyNeedsCode: context.keyNeedsCode,
    keyCodeText: context.keyCodeText,
    needsAddress: context.submitted && context.addressId === null,
    withdrawal: context.withdrawal,
    canCancel: step === 'inProcess' && inProcess && snapshot.matches({ inProcess: 'idle' }),
    confirmingCancel: snapshot.matches({ inProcess: 'confirmingCancel' }),
    busy:
      snapshot.matches('requesting') || snapshot.matches('addingKey') || snapshot.matches({ inProcess: 'cancelling' }),
    errors: context.errors,
    kycRequired: context.kycRequired,
  };
}
