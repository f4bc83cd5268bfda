// VietQR (NAPAS 247 transfer to an account), an EMVCo merchant-presented QR payload. Pure:
// the server checks bank accounts with it, the card draws it, tests decode it.
//
// Layout (each field is ID, two-digit length, value):
//   00 "01" payload format · 01 "11" static (no amount) or "12" (with an amount)
//   38 merchant account: 00 GUID "A000000727" · 01 beneficiary (00 BIN, 01 account) ·
//      02 service "QRIBFTTA" (transfer to an account)
//   53 "704" (VND) · 54 amount (optional) · 58 "VN" · 62 additional data: 08 purpose (optional)
//   63 CRC-16/CCITT-FALSE over everything before it, "6304" included, 4 upper-case hex digits.

export const napasGuid = 'A000000727';
export const accountTransferService = 'QRIBFTTA';

/** A bank's NAPAS BIN: six digits. */
export const bankBinPattern = /^\d{6}$/;
/** An account number as banks' apps accept it in VietQR: 1 to 19 letters or digits. */
export const vietQrAccountPattern = /^[0-9A-Za-z]{1,19}$/;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of ASCII text. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Account number as it goes into the QR: separators people type (spaces, dots, dashes) dropped. */
export function vietQrAccountNumber(accountNumber: string): string {
  return accountNumber.replace(/[\s.-]/g, '');
}

export interface VietQrInput {
  bin: string;
  accountNumber: string;
  /** Whole VND; absent: the payer types the amount (a static QR). */
  amount?: number;
  /** Transfer message, ASCII. */
  purpose?: string;
}

/** Whether an account can be put into a VietQR (a known-shaped BIN and account number). */
export function canMakeVietQr(bin: string | null | undefined, accountNumber: string): boolean {
  return (
    typeof bin === 'string' &&
    bankBinPattern.test(bin) &&
    vietQrAccountPattern.test(vietQrAccountNumber(accountNumber))
  );
}

/** The VietQR payload of a bank account, CRC included. */
export function vietQrPayload(input: VietQrInput): string {
  const account = vietQrAccountNumber(input.accountNumber);
  if (!canMakeVietQr(input.bin, account)) throw new RangeError('Not a VietQR bank account');
  const beneficiary = field('00', input.bin) + field('01', account);
  const merchant =
    field('00', napasGuid) + field('01', beneficiary) + field('02', accountTransferService);
  const hasAmount = input.amount !== undefined && input.amount > 0;
  let body =
    field('00', '01') +
    field('01', hasAmount ? '12' : '11') +
    field('38', merchant) +
    field('53', '704');
  if (hasAmount) body += field('54', String(Math.round(input.amount ?? 0)));
  body += field('58', 'VN');
  if (input.purpose) body += field('62', field('08', input.purpose));
  body += '6304';
  return body + crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0');
}

export type EmvFields = Map<string, string>;

/** Splits EMV text into its fields (ID → value); null when the lengths do not add up. */
export function parseEmvFields(text: string): EmvFields | null {
  const fields: EmvFields = new Map();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4))) return null;
    if (at + 4 + length > text.length) return null;
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Whether the payload ends with a "6304" CRC field that matches the text before it. */
export function hasValidEmvCrc(payload: string): boolean {
  const match = /6304([0-9A-Fa-f]{4})$/.exec(payload);
  if (!match?.[1]) return false;
  const expected = crc16CcittFalse(payload.slice(0, -4));
  return parseInt(match[1], 16) === expected;
}

export interface VietQrAccount {
  bin: string;
  accountNumber: string;
  service: string;
  amount: number | null;
  purpose: string | null;
}

/** Reads a VietQR payload back (tests, scanning); null when it is not a valid one. */
export function readVietQr(payload: string): VietQrAccount | null {
  if (!hasValidEmvCrc(payload)) return null;
  const top = parseEmvFields(payload);
  if (top?.get('00') !== '01' || top.get('53') !== '704' || top.get('58') !== 'VN') return null;
  const merchant = parseEmvFields(top.get('38') ?? '');
  if (merchant?.get('00') !== napasGuid) return null;
  const beneficiary = parseEmvFields(merchant.get('01') ?? '');
  const bin = beneficiary?.get('00');
  const accountNumber = beneficiary?.get('01');
  if (!bin || !accountNumber) return null;
  const amount = top.get('54');
  const additional = parseEmvFields(top.get('62') ?? '');
  return {
    bin,
    accountNumber,
    service: merchant.get('02') ?? '',
    amount: amount ? Number(amount) : null,
    purpose: additional?.get('08') ?? null,
  };
}
