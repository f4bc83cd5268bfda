// Wallet passes of the member's own card (decision 1101).

/** GET /api/wallet/config: which wallets the server can sign passes for. */
export interface WalletAvailability {
  apple: boolean;
  google: boolean;
}

/** GET /api/wallet/google: the "Save to Google Wallet" link of the member's card. */
export interface GoogleWalletLink {
  url: string;
}

/** GET /api/wallet/apple: the member's card as an Apple Wallet pass. */
export const applePassPath = '/api/wallet/apple';
export const pkpassContentType = 'application/vnd.apple.pkpass';
