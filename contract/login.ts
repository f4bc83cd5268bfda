// Logging in (spec §3 Auth session, §5, §7 Auth login): what a login names and the login
// schemas. Apart from contract/auth.ts so that the login screen, a visitor's first screen,
// does not carry the list of common passwords that only choosing a password needs.
import * as v from 'valibot';
import { normalizePhone } from './phone';

export const passwordMaxLength = 128;

/** Lower-cased, trimmed e-mail. */
export function normalizeEmail(text: string): string {
  return text.trim().toLowerCase();
}

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(text: string): boolean {
  return emailPattern.test(text.trim());
}

/** What a login names: an e-mail or a phone number. */
export type LoginIdentifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

export function parseIdentifier(text: string): LoginIdentifier | null {
  if (isEmail(text)) return { kind: 'email', value: normalizeEmail(text) };
  const phone = normalizePhone(text);
  return phone ? { kind: 'phone', value: phone } : null;
}

/** The login field takes an e-mail or a phone number (spec message: 'Bạn phải nhập địa chỉ email'). */
export const identifierSchema = v.pipe(
  v.string('invalid_email'),
  v.trim(),
  v.nonEmpty('invalid_email'),
  v.maxLength(254, 'invalid_email'),
  v.check((text) => parseIdentifier(text) !== null, 'invalid_email'),
);

/** A password being checked (login, current password): only required and bounded. */
export const passwordSchema = v.pipe(
  v.string('password_required'),
  v.nonEmpty('password_required'),
  v.maxLength(passwordMaxLength, 'password_too_long'),
);

/** POST /api/auth/login: `email` holds an e-mail or a phone number; `phone` is accepted too. */
export const loginSchema = v.pipe(
  v.object({
    email: v.optional(identifierSchema),
    phone: v.optional(identifierSchema),
    password: passwordSchema,
  }),
  v.forward(
    v.check((input) => Boolean(input.email ?? input.phone), 'invalid_email'),
    ['email'],
  ),
);
export type LoginInput = v.InferInput<typeof loginSchema>;

/** The login form: one field for e-mail or phone. */
export const loginFormSchema = v.object({ email: identifierSchema, password: passwordSchema });
export type LoginForm = v.InferInput<typeof loginFormSchema>;
