import { randomBytes } from 'node:crypto';
import { staticPix } from './brcode';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 25 random alphanumerics: the longest txid a static code may carry. */
export function newTxid(): string {
  const bytes = randomBytes(25);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The brand's (fictitious) receiving pix key: a random-looking EVP uuid derived from its casino_id. */
export function brandPixKey(brandId: number): string {
  const hex = brandId.toString(16).padStart(12, '0');
  return `5a9d1c2e-7b3f-4c1d-9e8a-${hex}`;
}

/** The BR Code of a deposit: static, the brand's key, the amount and the txid (see brcode.ts for why). */
export function depositBrCode(input: { brandId: number; brandName: string; amount: number; txid: string }): string {
  return staticPix({
    key: brandPixKey(input.brandId),
    merchantName: input.brandName,
    merchantCity: 'SAO PAULO',
    amount: input.amount,
    txid: input.txid,
  });
}
