// Where outbox messages go, by configuration (decision 0102): e-mail by console (default),
// SMTP (nodemailer) or nowhere (`outbox`, tests read the table); SMS by console or nowhere.
import type { Transporter } from 'nodemailer';
import type { AuthConfig } from '../auth/auth-config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface OutgoingSms {
  to: string;
  text: string;
}

export interface MailTransport {
  name: string;
  sendMail(message: OutgoingMail): Promise<void>;
}

/** An SMS provider; a real gateway plugs in here beside the console one. */
export interface SmsProvider {
  name: string;
  sendSms(message: OutgoingSms): Promise<void>;
}

export type Print = (text: string) => void;

export function createMailTransport(config: AuthConfig, print: Print): MailTransport {
  if (config.mailTransport === 'smtp' && config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    // Loaded with the first mail, not at every start (40–100 ms of modules).
    let transporter: Promise<Transporter> | undefined;
    return {
      name: 'smtp',
      async sendMail(message) {
        transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transporter).sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  if (config.mailTransport === 'outbox') {
    return { name: 'outbox', sendMail: () => Promise.resolve() };
  }
  return {
    name: 'console',
    sendMail(message) {
      print(`\n[mail] to ${message.to}: ${message.subject}\n${message.text}\n`);
      return Promise.resolve();
    },
  };
}

export function createSmsProvider(config: AuthConfig, print: Print): SmsProvider {
  if (config.smsTransport === 'outbox') {
    return { name: 'outbox', sendSms: () => Promise.resolve() };
  }
  return {
    name: 'console',
    sendSms(message) {
      print(`\n[sms] to ${message.to}: ${message.text}\n`);
      return Promise.resolve();
    },
  };
}
