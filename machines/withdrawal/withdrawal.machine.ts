import { assign, emit, setup } from 'xstate';
import { failureOf, messagesOf } from '../kernel/api-error';
import { checkAmount } from '../kernel/money';
import { notSupplied } from '../kernel/not-supplied';
import type {
  NewAddressInput,
  PixAddress,
  RequestWithdrawalInput,
  WithdrawalContext,
  WithdrawalEmitted,
  WithdrawalEvent,
  WithdrawalInput,
  WithdrawalResult,
  WithdrawSetup,
} from './withdrawal.types';

/** What the withdrawal form says when the brand asks a verified account first. */
export const KYC_REQUIRED_ID = 'wallet.withdraw.kyc_required';

/** A withdrawal in process is checked again every 5 s while its screen is open. */
export const WITHDRAWAL_STATUS_POLL_MS = 5000;
/** §4: pending, processing and under review are "in process" (the player may cancel). */
export const IN_PROCESS_STATUSES: readonly number[] = [0, 4, 5];

function validate(context: WithdrawalContext, text: string) {
  const { centavos, problem } = checkAmount(text, context.minWithdrawal, context.maxWithdrawal);
  return {
    amountText: text,
    amount: centavos,
    amountProblem: problem ?? (centavos !== null && centavos > context.balance ? ('balance' as const) : null),
  };
}

/**
 * One withdrawal by pix to the player's own key (spec §4, §5).
 * States: loading (method and saved keys) | loadFailed → editing (amount in range and within the balance, a
 * key: chosen or added (addingKey), only the player's CPF) → confirming → requesting → inProcess (idle,
 * polling the status; checking; confirmingCancel → cancelling) → settled (approved, cancelled or invalid key).
 *
 * The balance has one owner (the session): this machine validates amounts against the balance it is given
 * (input, then `withdrawal.balanceChanged`), and every balance a server answer carries (request, status check,
 * cancel) is emitted as `wallet.balanceReported` for the owner, never kept here.
 */
export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
    emitted: {} as WithdrawalEmitted,
  },
  actors: {
    loadMethod: notSupplied<WithdrawSetup, void>('withdrawal', 'loadMethod'),
    createAddress: notSupplied<PixAddress, NewAddressInput>('withdrawal', 'createAddress'),
    requestWithdrawal: notSupplied<WithdrawalResult, RequestWithdrawalInput>('withdrawal', 'requestWithdrawal'),
    checkWithdrawal: notSupplied<WithdrawalResult, { id: number }>('withdrawal', 'checkWithdrawal'),
    cancelWithdrawal: notSupplied<WithdrawalResult, { id: number }>('withdrawal', 'cancelWithdrawal'),
  },
  delays: { statusPoll: WITHDRAWAL_STATUS_POLL_MS },
  guards: {
    isReady: ({ context }) => context.amountProblem === null && context.addressId !== null && context.methodId !== null,
    stillInProcess: (_, result: WithdrawalResult) => IN_PROCESS_STATUSES.includes(result.withdrawal.status),
  },
  actions: {
    keepBalance: assign(({ context }, balance: number) => {
      const next = { ...context, balance };
      return { balance, ...(context.amountText ? validate(next, context.amountText) : {}) };
    }),
    keepSetup: assign((_, s: WithdrawSetup) => ({
      methodId: s.methodId,
      addresses: s.addresses,
      canAddAddress: s.canAddAddress,
      addressId: s.addresses[0]?.id ?? null,
      errors: [],
    })),
    setAmount: assign(({ context, event }) =>
      event.type === 'withdrawal.amountChanged' ? validate(context, event.text) : {},
    ),
    chooseAddress: assign({
      addressId: ({ context, event }) => (event.type === 'withdrawal.addressChosen' ? event.id : context.addressId),
    }),
    setKey: assign({
      keyText: ({ context, event }) => (event.type === 'withdrawal.keyChanged' ? event.text : context.keyText),
      keyErrors: [],
    }),
    setKeyCode: assign({
      keyCodeText: ({ context, event }) =>
        event.type === 'withdrawal.keyCodeChanged' ? event.text.replace(/\D/g, '').slice(0, 6) : context.keyCodeText,
    }),
    keepAddress: assign(({ context }, address: PixAddress) => ({
      addresses: [...context.addresses.filter((a) => a.id !== address.id), address],
      addressId: address.id,
      keyText: '',
      keyErrors: [],
      keyNeedsCode: false,
      keyCodeText: '',
    })),
    /** A refused key: why; asked for the second factor (`second_factor_code`): the code field shows, emptied. */
    keepKeyError: assign((_, error: unknown) => ({
      keyErrors: messagesOf(error),
      ...(failureOf(error).fields.second_factor_code ? { keyNeedsCode: true, keyCodeText: '' } : {}),
    })),
    markSubmitted: assign({ submitted: true }),
    keepResult: assign((_, result: WithdrawalResult) => ({
      withdrawal: result.withdrawal,
      errors: [],
      kycRequired: false,
    })),
    /** The balance after a server answer goes to the balance's owner (the root routes it to the session). */
    reportBalance: emit((_, result: WithdrawalResult) => ({
      type: 'wallet.balanceReported' as const,
      balance: result.balance,
    })),
    /**
     * A refusal's messages; the brand's kyc refusal (`errors.kyc`) in the player's language instead of the
     * platform's Portuguese, marked so the page links to the verification.
     */
    keepError: assign((_, error: unknown) => {
      const failure = failureOf(error);
      return failure.fields.kyc
        ? { errors: [{ id: KYC_REQUIRED_ID }], kycRequired: true }
        : { errors: failure.messages, kycRequired: false };
    }),
    clearErrors: assign({ errors: [], kycRequired: false }),
    reset: assign(({ context }) => ({
      withdrawal: null,
      amountText: '',
      amount: null,
      amountProblem: 'required' as const,
      submitted: false,
      errors: [],
      kycRequired: false,
      balance: context.balance,
    })),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    minWithdrawal: input.minWithdrawal,
    maxWithdrawal: input.maxWithdrawal,
    balance: input.balance,
    methodId: null,
    addresses: [],
    canAddAddress: false,
    addressId: null,
    keyText: '',
    keyNeedsCode: false,
    keyCodeText: '',
    amountText: '',
    amount: null,
    amountProblem: 'required',
    submitted: false,
    withdrawal: null,
    errors: [],
    kycRequired: false,
    keyErrors: [],
  }),
  initial: 'loading',
  on: {
    'withdrawal.balanceChanged': {
      actions: { type: 'keepBalance', params: ({ event }) => event.balance },
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadMethod',
        onDone: { target: 'editing', actions: { type: 'keepSetup', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    loadFailed: { on: { 'withdrawal.retry': { target: 'loading' } } },
    editing: {
      on: {
        'withdrawal.amountChanged': { actions: 'setAmount' },
        'withdrawal.addressChosen': { actions: 'chooseAddress' },
        'withdrawal.keyChanged': { actions: 'setKey' },
        'withdrawal.keyCodeChanged': { actions: 'setKeyCode' },
        'withdrawal.addKey': { target: 'addingKey' },
        'withdrawal.submit': [
          { guard: 'isReady', target: 'confirming', actions: ['markSubmitted', 'clearErrors'] },
          { actions: 'markSubmitted' },
        ],
      },
    },
    addingKey: {
      invoke: {
        src: 'createAddress',
        input: ({ context }): NewAddressInput =>
          context.keyNeedsCode
            ? { key: context.keyText, secondFactorCode: context.keyCodeText }
            : { key: context.keyText },
        onDone: { target: 'editing', actions: { type: 'keepAddress', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'keepKeyError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    confirming: {
      on: {
        'withdrawal.confirm': { target: 'requesting' },
        'withdrawal.back': { target: 'editing' },
      },
    },
    requesting: {
      invoke: {
        src: 'requestWithdrawal',
        input: ({ context }) => ({
          amount: context.amount ?? 0,
          addressId: context.addressId ?? 0,
          methodId: context.methodId ?? 0,
        }),
        onDone: {
          target: 'inProcess',
          actions: [
            { type: 'keepResult', params: ({ event }) => event.output },
            { type: 'reportBalance', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    inProcess: {
      initial: 'idle',
      states: {
        idle: {
          after: { statusPoll: { target: 'checking' } },
          on: {
            'withdrawal.refresh': { target: 'checking' },
            'withdrawal.cancel': { target: 'confirmingCancel' },
          },
        },
        checking: {
          invoke: {
            src: 'checkWithdrawal',
            input: ({ context }) => ({ id: context.withdrawal?.id ?? 0 }),
            onDone: [
              {
                guard: { type: 'stillInProcess', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  { type: 'keepResult', params: ({ event }) => event.output },
                  { type: 'reportBalance', params: ({ event }) => event.output },
                ],
              },
              {
                target: '#withdrawal.settled',
                actions: [
                  { type: 'keepResult', params: ({ event }) => event.output },
                  { type: 'reportBalance', params: ({ event }) => event.output },
                ],
              },
            ],
            onError: { target: 'idle' },
          },
        },
        /** §4: a withdrawal in process can be cancelled after confirmation. */
        confirmingCancel: {
          on: {
            'withdrawal.cancelConfirmed': { target: 'cancelling' },
            'withdrawal.cancelAborted': { target: 'idle' },
          },
        },
        cancelling: {
          invoke: {
            src: 'cancelWithdrawal',
            input: ({ context }) => ({ id: context.withdrawal?.id ?? 0 }),
            onDone: {
              target: '#withdrawal.settled',
              actions: [
                { type: 'keepResult', params: ({ event }) => event.output },
                { type: 'reportBalance', params: ({ event }) => event.output },
              ],
            },
            // 409: the bank decided first; the next check shows what it decided.
            onError: {
              target: 'checking',
              actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
      },
    },
    settled: {
      on: { 'withdrawal.new': { target: 'editing', actions: 'reset' } },
    },
  },
});
