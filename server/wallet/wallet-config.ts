// Wallet pass settings from the environment (README, configuration; decision 1101). Each wallet
// is on only when every one of its values is set; otherwise its route answers 404 and the
// share screen hides its button.
import { readFileSync } from 'node:fs';

export interface AppleWalletConfig {
  /** pass.<reverse domain>, the pass type the certificate was issued for. */
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** PEM texts. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
}

export interface GoogleWalletConfig {
  /** The Google Wallet issuer id (digits): class and object ids start with it. */
  issuerId: string;
  /** The service account that signs the save links. */
  clientEmail: string;
  privateKey: string;
}

export interface WalletConfig {
  apple: AppleWalletConfig | undefined;
  google: GoogleWalletConfig | undefined;
}

/** A PEM given inline or as the path of a file holding it. */
function pemOrFile(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const text = value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
  if (!text.includes('-----BEGIN')) throw new Error(`${name} must be a PEM text or a PEM file`);
  return text.replace(/\\n/g, '\n');
}

function serviceAccount(value: string): { clientEmail: string; privateKey: string } {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  const json = JSON.parse(text) as { client_email?: unknown; private_key?: unknown };
  if (typeof json.client_email !== 'string' || typeof json.private_key !== 'string') {
    throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT needs client_email and private_key');
  }
  return { clientEmail: json.client_email, privateKey: json.private_key };
}

export function loadWalletConfig(env: NodeJS.ProcessEnv): WalletConfig {
  const signerCert = pemOrFile('APPLE_PASS_CERT', env.APPLE_PASS_CERT);
  const signerKey = pemOrFile('APPLE_PASS_KEY', env.APPLE_PASS_KEY);
  const wwdr = pemOrFile('APPLE_WWDR_CERT', env.APPLE_WWDR_CERT);
  const apple =
    env.APPLE_PASS_TYPE_ID && env.APPLE_TEAM_ID && signerCert && signerKey && wwdr
      ? {
          passTypeIdentifier: env.APPLE_PASS_TYPE_ID,
          teamIdentifier: env.APPLE_TEAM_ID,
          signerCert,
          signerKey,
          signerKeyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE || undefined,
          wwdr,
        }
      : undefined;
  const google =
    env.GOOGLE_WALLET_ISSUER_ID && env.GOOGLE_WALLET_SERVICE_ACCOUNT
      ? {
          issuerId: env.GOOGLE_WALLET_ISSUER_ID,
          ...serviceAccount(env.GOOGLE_WALLET_SERVICE_ACCOUNT),
        }
      : undefined;
  return { apple, google };
}
