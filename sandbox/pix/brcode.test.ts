import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountField, crc16, crcHex, dynamicPix, hasValidCrc, parseFields, staticPix } from './brcode';
import { brandPixKey, depositBrCode, newTxid } from './deposit-code';

/** Worked examples of shared/reference/brazil-pix-cpf-regulation.md §1. */
const EXAMPLE_A =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const EXAMPLE_B_CRC_INPUT =
  '00020126330014br.gov.bcb.pix011112345678909520400005303986540550.005802BR5920CASSINO EXEMPLO LTDA6009SAO PAULO62130509DEP0001236304';
const EXAMPLE_C =
  '00020101021226810014br.gov.bcb.pix2559pix.psp.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5920CASSINO EXEMPLO LTDA6009SAO PAULO62070503***6304534A';

/** Checks every code the way the issue asks: the independent parser accepts it and its CRC checks. */
function expectAccepted(code: string): void {
  expect(isValidPixPayload(code), code).toBe(true);
  expect(hasValidCrc(code), code).toBe(true);
  expect(crcHex(code.slice(0, -4))).toBe(code.slice(-4));
}

describe('CRC-16/CCITT-FALSE', () => {
  it('has the standard check value', () => {
    expect(crc16('123456789')).toBe(0x29b1);
  });
  it('reproduces the CRC of the reference examples', () => {
    expect(crcHex(EXAMPLE_A.slice(0, -4))).toBe('1D3D');
    expect(crcHex(EXAMPLE_B_CRC_INPUT)).toBe('9448');
    expect(crcHex(EXAMPLE_C.slice(0, -4))).toBe('534A');
  });
  it('a changed byte breaks the CRC and the parser refuses the code', () => {
    const broken = EXAMPLE_A.replace('Fulano', 'Fulana');
    expect(hasValidCrc(broken)).toBe(false);
    expect(isValidPixPayload(broken)).toBe(false);
  });
});

describe('BR Code generator against the reference examples', () => {
  it('A: the Bacen manual static example, byte for byte', () => {
    const code = staticPix({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(EXAMPLE_A);
    expectAccepted(code);
  });

  it('B: static, CPF key, R$ 50,00 (5000 centavos), txid DEP000123', () => {
    const code = staticPix({
      key: '12345678909',
      merchantName: 'CASSINO EXEMPLO LTDA',
      merchantCity: 'SÃO PAULO',
      amount: 5000,
      txid: 'DEP000123',
    });
    expect(code).toBe(`${EXAMPLE_B_CRC_INPUT}9448`);
    expectAccepted(code);
    const info = getPixPayloadInfo(code) as { amount?: number | string; txid?: string } | null;
    expect(Number(info?.amount)).toBe(50);
  });

  it('C: dynamic, with *** and no amount', () => {
    const code = dynamicPix({
      url: 'https://pix.psp.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
      merchantName: 'CASSINO EXEMPLO LTDA',
      merchantCity: 'SAO PAULO',
    });
    expect(code).toBe(EXAMPLE_C);
    expectAccepted(code);
  });

  it('formats integer centavos as the amount field', () => {
    expect(amountField(5000)).toBe('50.00');
    expect(amountField(1)).toBe('0.01');
    expect(amountField(123456)).toBe('1234.56');
    expect(() => amountField(0)).toThrow();
    expect(() => amountField(10.5)).toThrow();
  });

  it('refuses a txid outside [A-Za-z0-9]{1,25}', () => {
    expect(() => staticPix({ key: 'k', merchantName: 'A', merchantCity: 'B', txid: 'has-dash' })).toThrow();
    expect(() => staticPix({ key: 'k', merchantName: 'A', merchantCity: 'B', txid: 'x'.repeat(26) })).toThrow();
  });
});

describe('every code the sandbox generates', () => {
  it('is accepted by @brazilian-utils isValidPixPayload and its CRC checks (property, 500 runs)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom('Sorte Verde', 'Azul Bet', 'Pausa Bet', 'Cassino Ação & Cia Ltda Muito Longa Demais'),
        (amount, brandId, brandName) => {
          const txid = newTxid();
          const code = depositBrCode({ brandId, brandName, amount, txid });
          expectAccepted(code);
          const fields = parseFields(code);
          expect(fields.get('54')).toBe(amountField(amount));
          expect(parseFields(fields.get('62') ?? '').get('05')).toBe(txid);
          expect(parseFields(fields.get('26') ?? '').get('01')).toBe(brandPixKey(brandId));
          expect((fields.get('59') ?? '').length).toBeLessThanOrEqual(25);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('txids are 25 alphanumerics and unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, newTxid));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{25}$/);
  });
});
