// Signing material the wallet tests and bench make for themselves: a root, an intermediate in
// the place of Apple's WWDR certificate, a pass type certificate under it, and a service
// account key pair for Google Wallet. Keys come from node:crypto (fast), certificates from
// node-forge.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { AppleWalletConfig, GoogleWalletConfig } from '../../server/wallet/wallet-config';

function rsaKeys(): { publicPem: string; privatePem: string; publicKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

function certificate(input: {
  subject: string;
  publicPem: string;
  issuer: forge.pki.Certificate | null;
  issuerPrivatePem: string;
  ca: boolean;
  serial: string;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(input.publicPem);
  cert.serialNumber = input.serial;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const subject = [{ name: 'commonName', value: input.subject }];
  cert.setSubject(subject);
  cert.setIssuer(input.issuer ? input.issuer.subject.attributes : subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: input.ca },
    {
      name: 'keyUsage',
      keyCertSign: input.ca,
      cRLSign: input.ca,
      digitalSignature: true,
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(input.issuerPrivatePem), forge.md.sha256.create());
  return cert;
}

export interface AppleTestSigning {
  config: AppleWalletConfig;
  /** The root the WWDR stand-in chains to: what a verifier trusts. */
  rootPem: string;
}

export function appleTestSigning(): AppleTestSigning {
  const root = rsaKeys();
  const wwdr = rsaKeys();
  const signer = rsaKeys();
  const rootCert = certificate({
    subject: 'Test Root',
    publicPem: root.publicPem,
    issuer: null,
    issuerPrivatePem: root.privatePem,
    ca: true,
    serial: '01',
  });
  const wwdrCert = certificate({
    subject: 'Test WWDR',
    publicPem: wwdr.publicPem,
    issuer: rootCert,
    issuerPrivatePem: root.privatePem,
    ca: true,
    serial: '02',
  });
  const signerCert = certificate({
    subject: 'Pass Type ID: pass.vn.mecards.test',
    publicPem: signer.publicPem,
    issuer: wwdrCert,
    issuerPrivatePem: wwdr.privatePem,
    ca: false,
    serial: '03',
  });
  return {
    rootPem: forge.pki.certificateToPem(rootCert),
    config: {
      passTypeIdentifier: 'pass.vn.mecards.test',
      teamIdentifier: 'TEAM123456',
      signerCert: forge.pki.certificateToPem(signerCert),
      signerKey: signer.privatePem,
      signerKeyPassphrase: undefined,
      wwdr: forge.pki.certificateToPem(wwdrCert),
    },
  };
}

export interface GoogleTestSigning {
  config: GoogleWalletConfig;
  publicKey: KeyObject;
}

export function googleTestSigning(): GoogleTestSigning {
  const keys = rsaKeys();
  return {
    publicKey: keys.publicKey,
    config: {
      issuerId: '3388000000012345678',
      clientEmail: 'wallet@mecards-test.iam.gserviceaccount.com',
      privateKey: keys.privatePem,
    },
  };
}
