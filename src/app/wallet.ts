/**
 * The wallet's real actors (issue 7): pix deposits and withdrawals through the typed client, the player's live
 * channel for PaymentApproved (and a status check whenever the channel is (re)subscribed: a payment approved
 * while the tab was offline shows as paid), and the tag manager's dataLayer for tracking.
 */
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { z } from 'zod';
import { PIX_EXPIRY_MS, pixMachine } from '../../machines/pix/pix.machine';
import type { CheckStatusInput, CreatePixInput, DepositTracking, PaymentEventsInput, PixCode, PixStatus } from '../../machines/pix/pix.types';
import { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import type { PixAddress, RequestWithdrawalInput, WithdrawalResult, WithdrawSetup } from '../../machines/withdrawal/withdrawal.types';
import type { ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';
import type { LiveServices } from './live';

const centavos = z.number().int();
const pixSchema = z.object({ id: z.number().int(), txid: z.string(), amount: centavos, qrcode: z.string().min(20), expiry: z.string() });
const txSchema = z.object({ id: z.number().int(), amount: centavos, status: z.number().int().min(0).max(5) });
const withWallet = z.object({ data: txSchema, wallet: z.object({ balance: centavos, deposit_count: z.number().int() }) });

export interface TransactionRow {
  id: number;
  type: 'deposit' | 'withdrawal';
  amount: number;
  status: number;
  created_at: string;
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

export function createWalletServices(api: ApiClient, live: LiveServices | undefined, clock: () => number = Date.now): WalletServices {
  const createPix = fromPromise<PixCode, CreatePixInput>(async ({ input, signal }) => {
    const body = await unwrap(api.POST('/main-gateway/qrcode-pix', { body: { amount: input.amount }, signal }));
    const pix = pixSchema.parse(body.data);
    const left = Date.parse(pix.expiry) - clock();
    return { id: pix.id, txid: pix.txid, amount: pix.amount, qrcode: pix.qrcode, expiresInMs: Math.max(0, Math.min(PIX_EXPIRY_MS, left)) };
  });

  const checkStatus = fromPromise<PixStatus, CheckStatusInput>(async ({ input, signal }) => {
    const body = withWallet.parse(await unwrap(api.POST('/main-gateway/consult-status-transaction', { body: { id: input.id }, signal })));
    return { status: body.data.status, balance: body.wallet.balance, depositCount: body.wallet.deposit_count };
  });

  const paymentEvents = fromCallback<EventObject, PaymentEventsInput>(({ input, sendBack }) => {
    if (!live) return () => undefined;
    const channel = createActor(live.channelLogic, {
      input: { channel: `private-universal.${input.userId}`, events: ['PaymentApproved'] },
    });
    const approved = channel.on('realtime.paymentApproved', (event) => {
      if (event.type === 'realtime.paymentApproved') sendBack({ type: 'realtime.paymentApproved', channel: event.channel, data: event.data });
    });
    let subscribed = false;
    const states = channel.subscribe((snapshot) => {
      const now = snapshot.value === 'subscribed';
      // Every (re)subscription: check the status, in case the payment arrived while we were not listening.
      if (now && !subscribed) sendBack({ type: 'pix.reconnected' });
      subscribed = now;
    });
    channel.start();
    return () => {
      approved.unsubscribe();
      states.unsubscribe();
      channel.stop();
    };
  });

  const trackDeposit = fromPromise<void, DepositTracking>(async ({ input }) => {
    if (typeof window === 'undefined') return;
    const layer = (window.dataLayer ??= []);
    for (const event of input.events) {
      layer.push({ event, value: input.amount / 100, currency: 'BRL', transaction_id: input.txid, deposit_count: input.depositCount });
    }
  });

  const toResult = (body: unknown): WithdrawalResult => {
    const parsed = withWallet.parse(body);
    return { withdrawal: parsed.data, balance: parsed.wallet.balance };
  };

  const loadMethod = fromPromise<WithdrawSetup, void>(async ({ signal }) => {
    const methods = await unwrap(api.GET('/wallet/withdraw/methods', { signal }));
    const method = methods.data[0];
    if (!method) throw new Error('no withdraw method');
    const chosen = await unwrap(api.POST('/wallet/withdraw/method', { body: { method_id: method.id }, signal }));
    return {
      methodId: chosen.data.method.id,
      addresses: chosen.data.addresses.map((a) => ({ id: a.id, key: a.key })),
      canAddAddress: chosen.data.can_add_address,
    };
  });
  const createAddress = fromPromise<PixAddress, { key: string }>(async ({ input, signal }) => {
    const body = await unwrap(api.POST('/address/create', { body: { type: 'cpf', key: input.key }, signal }));
    return { id: body.data.id, key: body.data.key };
  });
  const requestWithdrawal = fromPromise<WithdrawalResult, RequestWithdrawalInput>(async ({ input, signal }) =>
    toResult(await unwrap(api.POST('/wallet/withdraw/request', { body: { amount: input.amount, address_id: input.addressId, method_id: input.methodId }, signal }))),
  );
  const checkWithdrawal = fromPromise<WithdrawalResult, { id: number }>(async ({ input, signal }) =>
    toResult(await unwrap(api.POST('/main-gateway/consult-status-transaction', { body: { id: input.id }, signal }))),
  );
  const cancelWithdrawal = fromPromise<WithdrawalResult, { id: number }>(async ({ input, signal }) =>
    toResult(await unwrap(api.POST('/main-gateway/user-cancel-withdrawal', { body: { id: input.id }, signal }))),
  );

  return {
    pixLogic: pixMachine.provide({ actors: { createPix, checkStatus, paymentEvents, trackDeposit } }),
    withdrawalLogic: withdrawalMachine.provide({ actors: { loadMethod, createAddress, requestWithdrawal, checkWithdrawal, cancelWithdrawal } }),
    async transactions(page) {
      const body = await unwrap(api.GET('/wallet/transactions', { params: { query: { page } } }));
      return { rows: body.data, lastPage: body.last_page, page: body.current_page };
    },
  };
}
