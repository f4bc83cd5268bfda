// Wallet passes of the member's card (decision 1101): made by the server on request, so they
// need the network; the share screen only offers the wallets the server can sign for.
import { useQuery } from '@tanstack/react-query';
import { apiBlob, apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';

export function useWalletAvailability() {
  return useQuery({
    queryKey: ['wallet', 'config'],
    queryFn: () => apiCall(routes.walletConfig, { auth: false }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** The save link, fetched ahead so the button is a plain link; a new one after each edit. */
export function useGoogleWalletLink(enabled: boolean, cardVersion: string) {
  return useQuery({
    queryKey: ['wallet', 'google', cardVersion],
    enabled,
    queryFn: () => apiCall(routes.walletGoogle),
    select: (answer) => answer.url,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The .pkpass of the card as it is on the server now. Online only. */
export function fetchApplePass(): Promise<Blob> {
  return apiBlob(routes.walletApple);
}
