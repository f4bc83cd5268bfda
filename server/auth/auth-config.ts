// Settings of the accounts area, read from the environment (README configuration table).

import type { AuthProviders } from '../../contract/auth';
import type { PasswordHashCost } from './password';

export type MailTransportName = 'console' | 'smtp' | 'outbox';
export type SmsTransportName = 'console' | 'outbox';

export interface AuthConfig {
  /** console prints codes and links; smtp sends through SMTP_URL; outbox only stores (tests). */
  mailTransport: MailTransportName;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsTransport: SmsTransportName;
  facebook: { clientId: string; clientSecret: string } | undefined;
  /** owasp, or light for a server under test (codes readable in the outbox anyway). */
  passwordHashCost: PasswordHashCost;
}

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const smtpUrl = env.SMTP_URL || undefined;
  const mailTransport = (env.MAIL_TRANSPORT || (smtpUrl ? 'smtp' : 'console')) as MailTransportName;
  if (!['console', 'smtp', 'outbox'].includes(mailTransport)) {
    throw new Error(`MAIL_TRANSPORT must be console, smtp or outbox, got "${mailTransport}"`);
  }
  if (mailTransport === 'smtp' && !smtpUrl) {
    throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL (smtp://user:pass@host:587)');
  }
  const smsTransport = (env.SMS_TRANSPORT ||
    (mailTransport === 'outbox' ? 'outbox' : 'console')) as SmsTransportName;
  if (!['console', 'outbox'].includes(smsTransport)) {
    throw new Error(`SMS_TRANSPORT must be console or outbox, got "${smsTransport}"`);
  }
  const passwordHashCost = (env.PASSWORD_HASH_COST || 'owasp') as PasswordHashCost;
  if (!['owasp', 'light'].includes(passwordHashCost)) {
    throw new Error(`PASSWORD_HASH_COST must be owasp or light, got "${passwordHashCost}"`);
  }
  if (passwordHashCost === 'light' && mailTransport !== 'outbox') {
    throw new Error(
      'PASSWORD_HASH_COST=light is for a server under test: it needs MAIL_TRANSPORT=outbox',
    );
  }
  const clientId = env.FACEBOOK_CLIENT_ID || '';
  const clientSecret = env.FACEBOOK_CLIENT_SECRET || '';
  return {
    mailTransport,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'm.e Cards <no-reply@mecards.vn>',
    smsTransport,
    facebook: clientId && clientSecret ? { clientId, clientSecret } : undefined,
    passwordHashCost,
  };
}

/** The outside logins this configuration turns on (GET /auth/providers, the login page). */
export function authProvidersOf(config: AuthConfig): AuthProviders {
  return { facebook: Boolean(config.facebook) };
}
