/**
 * The sandbox provider's client of the operator's seamless wallet (openapi/provider-wallet.yaml): a signed
 * JSON POST per operation over HTTP, as a real provider integrates. A transport failure, a timeout or an
 * unreadable answer is `{ ok: false, code: 'WALLET_UNAVAILABLE', transient: true }`, never a throw.
 */
import { SIGNATURE_HEADER, signBody } from './signature';

export type WalletOp = 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback';

export type WalletReply =
  | { ok: true; httpStatus: number; body: Record<string, unknown>; balance: number }
  | { ok: false; httpStatus: number; code: string; balance: number | null; transient: boolean };

export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface ProviderWalletClient {
  call(operation: WalletOp, payload: Record<string, unknown>): Promise<WalletReply>;
}

export function createProviderWalletClient(options: {
  /** e.g. http://127.0.0.1:8787/provider/wallet */
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
  fetch?: FetchLike;
}): ProviderWalletClient {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async call(operation, payload) {
      const body = JSON.stringify(payload);
      let status = 0;
      let text = '';
      try {
        const response = await doFetch(`${base}/${operation}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(options.secret, body) },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        text = await response.text();
      } catch {
        return { ok: false, httpStatus: 0, code: 'WALLET_UNAVAILABLE', balance: null, transient: true };
      }
      let answer: Record<string, unknown>;
      try {
        answer = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return { ok: false, httpStatus: status, code: 'WALLET_UNAVAILABLE', balance: null, transient: true };
      }
      const balance = typeof answer.balance === 'number' ? answer.balance : null;
      if (status === 200 && answer.status === 'OK' && balance !== null)
        return { ok: true, httpStatus: status, body: answer, balance };
      const code = typeof answer.code === 'string' ? answer.code : 'WALLET_UNAVAILABLE';
      return { ok: false, httpStatus: status, code, balance, transient: status >= 500 || code === 'INTERNAL_ERROR' };
    },
  };
}
