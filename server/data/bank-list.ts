// The banks a member picks from (NAPAS BINs for VietQR), read once from vn-banks.json.
import { readFileSync } from 'node:fs';
import type { BankInfo } from '../../contract/account-link';

let banks: readonly BankInfo[] | undefined;
let byBin: Map<string, BankInfo> | undefined;

export function bankList(): readonly BankInfo[] {
  if (!banks) {
    const file = new URL('./vn-banks.json', import.meta.url);
    const data = JSON.parse(readFileSync(file, 'utf8')) as { banks: BankInfo[] };
    banks = data.banks;
  }
  return banks;
}

export function bankByBin(bin: string): BankInfo | undefined {
  byBin ??= new Map(bankList().map((bank) => [bank.bin, bank]));
  return byBin.get(bin);
}
