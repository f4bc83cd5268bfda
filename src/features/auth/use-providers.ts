import { useEffect, useState } from 'react';
import type { AuthProviders } from '../../../contract/auth';
import { authProviders } from './session-api';

// Asked once an hour at most. Plain state instead of TanStack Query: this is the only call of
// the login screen, and the query library stays out of a visitor's first load (decision 0003).
const freshForMs = 3600_000;
let cached: { at: number; answer: Promise<AuthProviders> } | null = null;

function loadProviders(): Promise<AuthProviders> {
  if (cached && Date.now() - cached.at < freshForMs) return cached.answer;
  // One retry, as the app's queries do; a failure is not kept.
  const answer = authProviders().catch(() => authProviders());
  const entry = { at: Date.now(), answer };
  cached = entry;
  answer.catch(() => {
    if (cached === entry) cached = null;
  });
  return answer;
}

/** What the server said on rendering the page, where no effect runs (src/ssr/entry-server). */
let known: AuthProviders | undefined;

export function knowAuthProviders(answer: AuthProviders): void {
  known = answer;
}

/** Which outside logins the server has configured (the Facebook button is hidden otherwise). */
export function useAuthProviders(): { data: AuthProviders | undefined } {
  const [data, setData] = useState<AuthProviders | undefined>(known);
  useEffect(() => {
    let current = true;
    loadProviders().then(
      (answer) => current && setData(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return { data };
}
