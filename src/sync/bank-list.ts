// The server's bank list (NAPAS BINs and names), kept on the device so that a bank account can
// be added offline, on the links screen and in a wedding invitation alike.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/app-db';
import { apiCall } from '../api/http-client';
import { banks } from '../../contract/rest-routes';
import type { BankInfo } from '../../contract/account-link';

/** Its key in syncState (e2e journeys wait for it before going offline). */
const bankListKey = 'bankList';

/** The banks to pick from: undefined until known; the stored copy first, refreshed online. */
export function useBankList(): readonly BankInfo[] | undefined {
  const stored = useLiveQuery(async () => {
    const row = await appDb.syncState.get(bankListKey);
    return (row?.value as BankInfo[] | undefined) ?? null;
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    apiCall(banks, { auth: false, signal: controller.signal })
      .then((list) => appDb.syncState.put({ key: bankListKey, value: list }))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return stored ?? undefined;
}
