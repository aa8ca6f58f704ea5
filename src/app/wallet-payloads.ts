/**
 * zod/mini schemas of the wallet's payloads (./wallet.ts's actors). Their own module, loaded with the first wallet
 * call: zod stays out of the page's first load.
 */
import * as z from 'zod/mini';

const centavos = z.int();
const id = z.int().check(z.positive());
// §4: 0 pending, 1 approved, 2 cancelled, 3 invalid pix key, 4 processing, 5 under review.
const status = z.literal([0, 1, 2, 3, 4, 5]);
const dateTime = z.string().check(z.minLength(1));
export const created = z.object({
  data: z.object({
    id,
    txid: z.string().check(z.minLength(1)),
    amount: centavos,
    qrcode: z.string().check(z.minLength(20)),
    expiry: dateTime,
  }),
});
const coupon = z.object({
  code: z.string(),
  outcome: z.nullable(
    z.enum(['granted', 'not_first_deposit', 'already_used', 'expired', 'below_minimum', 'not_offered']),
  ),
  bonus: centavos,
  wagering_multiple: z.int().check(z.gte(0)),
});
const transaction = z.object({
  id,
  amount: centavos,
  status,
  updated_at: dateTime,
  expiry: z.nullable(dateTime),
  coupon: z.optional(z.nullable(coupon)),
});
export const withWallet = z.object({
  data: transaction,
  wallet: z.object({ balance: centavos, deposit_count: z.int().check(z.gte(0)) }),
});
const address = z.object({ id, key: z.string() });
export const methods = z.object({ data: z.array(z.object({ id })) });
export const chosenMethod = z.object({
  data: z.object({ method: z.object({ id }), addresses: z.array(address), can_add_address: z.boolean() }),
});
export const createdAddress = z.object({ data: address });
export const transactionPage = z.object({
  data: z.array(
    z.object({ id, type: z.enum(['deposit', 'withdrawal']), amount: centavos, status, created_at: dateTime }),
  ),
  current_page: z.int().check(z.gte(1)),
  last_page: z.int().check(z.gte(1)),
});
