// The console mail and SMS transports print one-time codes and password-reset links to the
// log: fine on a developer's machine, a way into every account on a public address. The server
// says so at start when it listens (or is reached) beyond loopback (issue 25, decision 1021).
import { isIP } from 'node:net';
import type { AuthConfig } from '../auth/auth-config';

/** 127.0.0.0/8, ::1 and `localhost` names: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

function originHost(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return '';
  }
}

/**
 * The warning to log at start, or null: codes or links go to the console while the listening
 * address or the public origin is not loopback.
 */
export function consoleDeliveryWarning(
  listenHost: string,
  publicOrigin: string,
  auth: Pick<AuthConfig, 'mailTransport' | 'smsTransport'>,
): { msg: string; fields: Record<string, unknown> } | null {
  const printed = [
    ...(auth.mailTransport === 'console' ? ['mail'] : []),
    ...(auth.smsTransport === 'console' ? ['sms'] : []),
  ];
  if (printed.length === 0) return null;
  const exposed = [listenHost, originHost(publicOrigin)].filter((h) => h && !isLoopbackHost(h));
  if (exposed.length === 0) return null;
  return {
    msg:
      'one-time codes and password-reset links are printed to this log, and this server is ' +
      'reachable beyond this machine: set SMTP_URL (MAIL_TRANSPORT=smtp) to send mail; see README "Mail"',
    fields: { transports: printed, addresses: [...new Set(exposed)] },
  };
}
