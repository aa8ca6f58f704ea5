/**
 * The wallet's real actors: pix deposits and withdrawals through the typed client, the player's live
 * channel for PaymentApproved and PaymentRefused (and a status check whenever the channel is (re)subscribed: a
 * payment approved while the tab was offline shows as paid), and the tag manager's dataLayer for tracking.
 *
 * Every payload an actor reads is parsed with zod/mini: a malformed answer rejects with the parse
 * error, which carries no `messages`, so the machine shows §8's fallback (`error_messages.unexpected`).
 */
import { fromCallback, fromPromise, sendParent, type EventObject } from 'xstate';
import type * as z from 'zod/mini';
import { PIX_EXPIRY_MS, pixMachine } from '../../machines/pix/pix.machine';
import { couponMachine } from '../../machines/bonus/coupon.machine';
import type { CouponCheckAnswer, CouponCheckInput } from '../../machines/bonus/bonus.types';
import { channelMachine } from '../../machines/realtime/channel.machine';
import type { SubscriptionInput } from '../../machines/realtime/channel.types';
import type {
  CheckStatusInput,
  CreatePixInput,
  DepositTracking,
  PixCode,
  PixStatus,
} from '../../machines/pix/pix.types';
import { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import type {
  NewAddressInput,
  PixAddress,
  RequestWithdrawalInput,
  WithdrawalResult,
  WithdrawSetup,
} from '../../machines/withdrawal/withdrawal.types';
import type { TransactionRow } from '../../shared/transaction';
import type { ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';
import type { LiveServices } from './live';
import type * as WalletPayloads from './wallet-payloads';

type Schemas = typeof WalletPayloads;
type SchemaName = 'created' | 'withWallet' | 'methods' | 'chosenMethod' | 'createdAddress' | 'transactionPage';
/** The payload schemas (zod/mini) load with the first wallet call, not with the page. */
let schemas: Promise<Schemas> | undefined;
/** `body` parsed by the named schema of ./wallet-payloads.ts (fetched and loaded side by side). */
async function parsed<K extends SchemaName>(schema: K, body: Promise<unknown>): Promise<z.infer<Schemas[K]>> {
  const [module, data] = await Promise.all([(schemas ??= import('./wallet-payloads')), body]);
  return module[schema].parse(data) as z.infer<Schemas[K]>;
}

/** Status 2 of a deposit: refused (or cancelled) by the bank when it happened before the code's expiry; else it expired. */
export function refusedBeforeExpiry(tx: { status: number; updated_at: string; expiry: string | null }): boolean {
  if (tx.status !== 2 || tx.expiry === null) return false;
  const at = Date.parse(tx.updated_at);
  const expiry = Date.parse(tx.expiry);
  return Number.isFinite(at) && Number.isFinite(expiry) && at < expiry;
}

export interface WalletServices {
  pixLogic: typeof pixMachine;
  withdrawalLogic: typeof withdrawalMachine;
  /** GET /auth/me: the signed-in player's id and wallet (null for a guest). */
  transactions(page: number): Promise<{ rows: TransactionRow[]; lastPage: number; page: number }>;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function createWalletServices(
  api: ApiClient,
  live: LiveServices | undefined,
  clock: () => number = Date.now,
): WalletServices {
  const createPix = fromPromise<PixCode, CreatePixInput>(async ({ input, signal }) => {
    const pix = (
      await parsed(
        'created',
        unwrap(
          api.POST('/main-gateway/qrcode-pix', {
            // The coupon the panel's field found valid goes with the deposit.
            body: { amount: input.amount, ...(input.coupon ? { coupon: input.coupon } : {}) },
            signal,
          }),
        ),
      )
    ).data;
    const left = Date.parse(pix.expiry) - clock();
    return {
      id: pix.id,
      txid: pix.txid,
      amount: pix.amount,
      qrcode: pix.qrcode,
      expiresInMs: Math.max(0, Math.min(PIX_EXPIRY_MS, left)),
    };
  });

  const checkStatus = fromPromise<PixStatus, CheckStatusInput>(async ({ input, signal }) => {
    const body = await parsed(
      'withWallet',
      unwrap(api.POST('/main-gateway/consult-status-transaction', { body: { id: input.id }, signal })),
    );
    return {
      status: body.data.status,
      refused: refusedBeforeExpiry(body.data),
      balance: body.wallet.balance,
      depositCount: body.wallet.deposit_count,
      coupon: body.data.coupon
        ? {
            code: body.data.coupon.code,
            outcome: body.data.coupon.outcome,
            bonus: body.data.coupon.bonus,
            wageringMultiple: body.data.coupon.wagering_multiple,
          }
        : null,
    };
  });

  // The player's channel as a child of the pix machine (one actor tree, inspected with it); every (re)join asks
  // the payment's status, in case it was approved or refused while the app was not listening.
  const paymentEvents = live
    ? live.channelLogic.provide({ actions: { announceJoined: sendParent({ type: 'pix.reconnected' }) } })
    : channelMachine.provide({
        actors: { subscription: fromCallback<EventObject, SubscriptionInput>(() => () => undefined) },
      });

  const trackDeposit = fromPromise<void, DepositTracking>(async ({ input }) => {
    if (typeof window === 'undefined') return;
    const layer = (window.dataLayer ??= []);
    for (const event of input.events) {
      layer.push({
        event,
        value: input.amount / 100,
        currency: 'BRL',
        transaction_id: input.txid,
        deposit_count: input.depositCount,
      });
    }
  });

  const toResult = async (body: Promise<unknown>): Promise<WithdrawalResult> => {
    const result = await parsed('withWallet', body);
    const { id: txId, amount, status: txStatus } = result.data;
    return { withdrawal: { id: txId, amount, status: txStatus }, balance: result.wallet.balance };
  };

  const loadMethod = fromPromise<WithdrawSetup, void>(async ({ signal }) => {
    const method = (await parsed('methods', unwrap(api.GET('/wallet/withdraw/methods', { signal })))).data[0];
    if (!method) throw new Error('no withdraw method');
    const chosen = await parsed(
      'chosenMethod',
      unwrap(api.POST('/wallet/withdraw/method', { body: { method_id: method.id }, signal })),
    );
    return {
      methodId: chosen.data.method.id,
      addresses: chosen.data.addresses.map((a) => ({ id: a.id, key: a.key })),
      canAddAddress: chosen.data.can_add_address,
    };
  });
  const createAddress = fromPromise<PixAddress, NewAddressInput>(async ({ input, signal }) => {
    const body = await parsed(
      'createdAddress',
      unwrap(
        api.POST('/address/create', {
          body: {
            type: 'cpf',
            key: input.key,
            ...(input.secondFactorCode !== undefined ? { second_factor_code: input.secondFactorCode } : {}),
          },
          signal,
        }),
      ),
    );
    return { id: body.data.id, key: body.data.key };
  });
  const requestWithdrawal = fromPromise<WithdrawalResult, RequestWithdrawalInput>(async ({ input, signal }) =>
    toResult(
      unwrap(
        api.POST('/wallet/withdraw/request', {
          body: { amount: input.amount, address_id: input.addressId, method_id: input.methodId },
          signal,
        }),
      ),
    ),
  );
  const checkWithdrawal = fromPromise<WithdrawalResult, { id: number }>(async ({ input, signal }) =>
    toResult(unwrap(api.POST('/main-gateway/consult-status-transaction', { body: { id: input.id }, signal }))),
  );
  const cancelWithdrawal = fromPromise<WithdrawalResult, { id: number }>(async ({ input, signal }) =>
    toResult(unwrap(api.POST('/main-gateway/user-cancel-withdrawal', { body: { id: input.id }, signal }))),
  );

  return {
    pixLogic: pixMachine.provide({
      actors: {
        createPix,
        checkStatus,
        paymentEvents,
        trackDeposit,
        // The deposit panel's coupon field checks codes like /bonus does.
        depositCoupon: couponMachine.provide({
          actors: {
            checkCoupon: fromPromise<CouponCheckAnswer, CouponCheckInput>(async ({ input, signal }) => {
              const body = await unwrap(api.POST('/bonuses/check-coupon', { body: { coupon: input.code }, signal }));
              return { coupon: body.coupon };
            }),
          },
        }),
      },
    }),
    withdrawalLogic: withdrawalMachine.provide({
      actors: { loadMethod, createAddress, requestWithdrawal, checkWithdrawal, cancelWithdrawal },
    }),
    async transactions(page) {
      const body = await parsed(
        'transactionPage',
        unwrap(api.GET('/wallet/transactions', { params: { query: { page } } })),
      );
      return { rows: body.data, lastPage: body.last_page, page: body.current_page };
    },
  };
}
