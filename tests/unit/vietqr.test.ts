import { describe, expect, it } from 'vitest';
import {
  canMakeVietQr,
  crc16CcittFalse,
  hasValidEmvCrc,
  parseEmvFields,
  readVietQr,
  vietQrPayload,
} from '../../contract/vietqr';

// Payloads made by banks' and VietQR's own generators, published with their CRCs: ours must
// produce them byte for byte (an independent check of the layout and of the CRC).
const published = {
  mbStatic:
    '00020101021138540010A00000072701240006970422011008129452690208QRIBFTTA53037045802VN6304D5F3',
  techcombankWithPurpose:
    '00020101021138510010A00000072701210006970407010797968680208QRIBFTTA53037045802VN62240820gen by sunary/vietqr6304BE74',
  mbWithAmount:
    '00020101021238570010A000000727012700069704220113VQRQACLNP26800208QRIBFTTA530370454061000005802VN62270823Thanh toan don hang ABC6304CE4C',
  bidvWithAmount:
    '00020101021238590010A000000727012900069704180115V3CAS62627239240208QRIBFTTA530370454063750005802VN62250821CSPZKHEL6A2 NTK O000463044729',
};

describe('CRC-16/CCITT-FALSE', () => {
  it('has the catalogue check value (0x29B1 for "123456789")', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it.each(Object.entries(published))('%s carries a valid CRC', (_name, payload) => {
    expect(hasValidEmvCrc(payload)).toBe(true);
  });

  it('notices a changed digit or a changed CRC', () => {
    const payload = published.mbStatic;
    expect(hasValidEmvCrc(payload.replace('0812945269', '0812945268'))).toBe(false);
    expect(hasValidEmvCrc(`${payload.slice(0, -4)}D5F4`)).toBe(false);
    expect(hasValidEmvCrc('no crc here')).toBe(false);
  });
});

describe('vietQrPayload', () => {
  it('reproduces a published static QR (MBBank, no amount)', () => {
    expect(vietQrPayload({ bin: '970422', accountNumber: '0812945269' })).toBe(published.mbStatic);
  });

  it('reproduces a published QR with a transfer message (Techcombank)', () => {
    expect(
      vietQrPayload({ bin: '970407', accountNumber: '9796868', purpose: 'gen by sunary/vietqr' }),
    ).toBe(published.techcombankWithPurpose);
  });

  it('reproduces published dynamic QRs (with an amount and a message)', () => {
    expect(
      vietQrPayload({
        bin: '970422',
        accountNumber: 'VQRQACLNP2680',
        amount: 100000,
        purpose: 'Thanh toan don hang ABC',
      }),
    ).toBe(published.mbWithAmount);
    expect(
      vietQrPayload({
        bin: '970418',
        accountNumber: 'V3CAS6262723924',
        amount: 375000,
        purpose: 'CSPZKHEL6A2 NTK O0004',
      }),
    ).toBe(published.bidvWithAmount);
  });

  it('has the NAPAS layout: GUID, BIN, account, service, VND, VN', () => {
    const payload = vietQrPayload({ bin: '970436', accountNumber: '0071 000.123-456' });
    const top = parseEmvFields(payload)!;
    expect(top.get('00')).toBe('01');
    expect(top.get('01')).toBe('11');
    expect(top.get('53')).toBe('704');
    expect(top.get('58')).toBe('VN');
    expect(top.has('54')).toBe(false);
    const merchant = parseEmvFields(top.get('38')!)!;
    expect(merchant.get('00')).toBe('A000000727');
    expect(merchant.get('02')).toBe('QRIBFTTA');
    const beneficiary = parseEmvFields(merchant.get('01')!)!;
    expect(beneficiary.get('00')).toBe('970436');
    expect(beneficiary.get('01')).toBe('0071000123456');
    expect(readVietQr(payload)).toEqual({
      bin: '970436',
      accountNumber: '0071000123456',
      service: 'QRIBFTTA',
      amount: null,
      purpose: null,
    });
  });

  it('refuses what is not a VietQR account', () => {
    expect(canMakeVietQr('97043', '123')).toBe(false);
    expect(canMakeVietQr(null, '123')).toBe(false);
    expect(canMakeVietQr('970436', '12/34')).toBe(false);
    expect(canMakeVietQr('970436', '1'.repeat(20))).toBe(false);
    expect(() => vietQrPayload({ bin: 'abc', accountNumber: '1' })).toThrow(RangeError);
    expect(readVietQr(published.mbStatic.replace('A000000727', 'A000000728'))).toBeNull();
  });
});
