/**
 * Pix BR Code (EMV® QRCPS merchant-presented mode) payloads, per Bacen's "Manual de Padrões para Iniciação do
 * Pix" and `shared/reference/brazil-pix-cpf-regulation.md` §1: each field is `ID + 2-digit length + value`, the
 * last one is `63` with the CRC-16/CCITT-FALSE of everything before it (including `6304`).
 *
 * The sandbox emits STATIC codes (field 26-01 = the brand's pix key) with the amount (54) and the deposit's txid
 * (62-05). Why not a dynamic one (26-25 URL, `***` in 62-05, no amount)? A dynamic code only works when a PSP
 * serves a signed JWS payload at that URL; the sandbox has no such location for a bank app to fetch, so the
 * amount and the txid would be unknown to the payer. A static code carries both inline, which is exactly what
 * the sandbox's bank (and any parser) needs to match the payment to the pending deposit.
 */

import { centavosToText } from '../../shared/money';

const GUI = 'br.gov.bcb.pix';

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. crc16('123456789') = 0x29B1. */
export function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

export const crcHex = (text: string): string => crc16(text).toString(16).toUpperCase().padStart(4, '0');

/** One TLV field; the length is of the UTF-8 bytes (values here are ASCII after folding). */
export function field(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 (${length})`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** ASCII without accents (letters, digits, spaces), for merchant name (59) and city (60). */
export function foldAscii(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** Integer centavos as the BR Code amount field: 5000 → "50.00". */
export function amountField(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos <= 0)
    throw new RangeError('amount must be positive integer centavos');
  return centavosToText(centavos, '.');
}

export const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

export interface StaticPixInput {
  /** The receiver's pix key (CPF, CNPJ, e-mail, +55 phone or EVP uuid). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Integer centavos; omitted: the payer types the amount. */
  amount?: number;
  /** `[A-Za-z0-9]{1,25}`, or omitted for `***`. */
  txid?: string;
  /** Free text shown to the payer (26-02). */
  description?: string;
}

/** Appends `6304` and the CRC. */
export function withCrc(withoutCrc: string): string {
  const head = `${withoutCrc}6304`;
  return head + crcHex(head);
}

/** A static BR Code with the given key, amount and txid. */
export function staticPix(input: StaticPixInput): string {
  if (input.txid !== undefined && !TXID_PATTERN.test(input.txid))
    throw new RangeError('txid must be [A-Za-z0-9]{1,25}');
  const account = field('00', GUI) + field('01', input.key) + (input.description ? field('02', input.description) : '');
  const name = foldAscii(input.merchantName, 25);
  const city = foldAscii(input.merchantCity, 15);
  if (!name || !city) throw new RangeError('merchant name and city are required (bank apps reject a code without 60)');
  return withCrc(
    field('00', '01') +
      field('26', account) +
      field('52', '0000') +
      field('53', '986') +
      (input.amount !== undefined ? field('54', amountField(input.amount)) : '') +
      field('58', 'BR') +
      field('59', name) +
      field('60', city) +
      field('62', field('05', input.txid ?? '***')),
  );
}

/** A dynamic BR Code (single use, 01=12): the payload URL without `https://`, `***` in 62-05, no amount. */
export function dynamicPix(input: { url: string; merchantName: string; merchantCity: string }): string {
  const url = input.url.replace(/^https:\/\//, '');
  return withCrc(
    field('00', '01') +
      field('01', '12') +
      field('26', field('00', GUI) + field('25', url)) +
      field('52', '0000') +
      field('53', '986') +
      field('58', 'BR') +
      field('59', foldAscii(input.merchantName, 25)) +
      field('60', foldAscii(input.merchantCity, 15)) +
      field('62', field('05', '***')),
  );
}

/** Reads top-level TLV fields (and nested 26/62 templates); throws on a broken length. */
export function parseFields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || i + 4 + length > payload.length) {
      throw new SyntaxError(`broken BR Code field at ${i}`);
    }
    out.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

/** Whether the last field is `63` 04 and matches the CRC of everything before its value. */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== '6304') return false;
  return crcHex(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}
