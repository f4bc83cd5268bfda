// Accounts and sessions (spec §3 Auth session, §5, §7 Auth): schemas shared by the server and
// the forms, and the answers the auth calls return.
import * as v from 'valibot';
import { visibleWhenPresent } from './visible-text';
import { isCommonPassword } from './common-passwords';
import type { MemberLanguage, MemberType } from './member';
import { emailPattern, isEmail, passwordMaxLength, passwordSchema } from './login';
import { normalizePhone } from './phone';

export const passwordMinLength = 8;
export const otpLength = 6;

const emailSchema = v.pipe(
  v.string('invalid_email'),
  v.trim(),
  v.nonEmpty('invalid_email'),
  v.maxLength(254, 'invalid_email'),
  v.regex(emailPattern, 'invalid_email'),
  v.toLowerCase(),
);

const phoneSchema = v.pipe(
  v.string('invalid_phone'),
  v.trim(),
  v.nonEmpty('invalid_phone'),
  v.check((text) => normalizePhone(text) !== null, 'invalid_phone'),
  v.transform((text) => normalizePhone(text) ?? text),
);

/** A password being chosen: 8–128 characters and not on the list of common passwords. */
export const newPasswordSchema = v.pipe(
  v.string('password_required'),
  v.nonEmpty('password_required'),
  v.minLength(passwordMinLength, 'password_too_short'),
  v.maxLength(passwordMaxLength, 'password_too_long'),
  v.check((text) => !isCommonPassword(text), 'password_too_common'),
);

const confirmSchema = v.pipe(
  v.string('confirm_password_required'),
  v.nonEmpty('confirm_password_required'),
);

const otpSchema = v.pipe(
  v.string('otp_required'),
  v.trim(),
  v.nonEmpty('otp_required'),
  v.regex(/^\d{6}$/, 'otp_invalid_format'),
);

// Confirmation must equal the new password ('Mật khẩu không khớp'), shown on confirmPassword.

/** The member's brand or group the session acts for (owner/admin first, else seller). */
export interface SessionBrandGroup {
  id: string;
  name: string;
  urlMinify: string;
  kind: 'brand' | 'group';
  role: 'owner' | 'admin' | 'seller' | 'member';
  layoutPermission: 'FULL' | 'LIMIT';
}

/** The non-secret session facts (readable cookies of spec §3/§9). */
export interface SessionFacts {
  memberId: string;
  /** The display name, never the login e-mail or phone (readable cookie, decision 0108). */
  userName: string;
  /** The member's own display name. */
  name: string;
  urlMinify: string;
  brandGroup: SessionBrandGroup | null;
  /** Agency id, if the member belongs to or administers one. */
  agency: string | null;
  memberType: MemberType;
  language: MemberLanguage;
}

/**
 * Answer of login and refresh. The refresh token is deliberately not in the body: it only
 * travels in the HttpOnly `refreshToken` cookie (decision 0100).
 */
export interface LoginAnswer extends SessionFacts {
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

// --- register ------------------------------------------------------------------------------

export const registerTypes = ['tbMail', 'tbPhone'] as const;
export type RegisterType = (typeof registerTypes)[number];

const nameSchema = v.pipe(
  v.string('name_required'),
  v.trim(),
  v.nonEmpty('name_required'),
  visibleWhenPresent,
  v.maxLength(120, 'too_long'),
);

/** POST /api/auth/registerOTPEmail */
export const registerOtpEmailSchema = v.object({ email: emailSchema });
/** POST /api/auth/registerOTP (SMS) */
export const registerOtpPhoneSchema = v.object({ phone: phoneSchema });

/** POST /api/auth/register: type tbMail with email, tbPhone with phone; the OTP proves it. */
export const registerSchema = v.pipe(
  v.variant('type', [
    v.object({
      type: v.literal('tbMail'),
      email: emailSchema,
      name: nameSchema,
      password: newPasswordSchema,
      confirmPassword: confirmSchema,
      otp: otpSchema,
    }),
    v.object({
      type: v.literal('tbPhone'),
      phone: phoneSchema,
      name: nameSchema,
      password: newPasswordSchema,
      confirmPassword: confirmSchema,
      otp: otpSchema,
    }),
  ]),
  v.forward(
    v.check((input) => input.password === input.confirmPassword, 'password_mismatch'),
    ['confirmPassword'],
  ),
);
export type RegisterInput = v.InferInput<typeof registerSchema>;

/** The register form before the OTP step (same rules, the code is asked next). */
export const registerFormSchema = v.pipe(
  v.object({
    type: v.picklist(registerTypes, 'invalid_value'),
    email: v.optional(v.string()),
    phone: v.optional(v.string()),
    name: nameSchema,
    password: newPasswordSchema,
    confirmPassword: confirmSchema,
  }),
  v.forward(
    v.check((input) => input.type !== 'tbMail' || isEmail(input.email ?? ''), 'invalid_email'),
    ['email'],
  ),
  v.forward(
    v.check(
      (input) => input.type !== 'tbPhone' || normalizePhone(input.phone ?? '') !== null,
      'invalid_phone',
    ),
    ['phone'],
  ),
  v.forward(
    v.check((input) => input.password === input.confirmPassword, 'password_mismatch'),
    ['confirmPassword'],
  ),
);
export type RegisterForm = v.InferInput<typeof registerFormSchema>;

export const otpFormSchema = v.object({ otp: otpSchema });
export type OtpForm = v.InferInput<typeof otpFormSchema>;

export const registerAnswerSchema = v.object({ memberId: v.string(), urlMinify: v.string() });
export type RegisterAnswer = v.InferOutput<typeof registerAnswerSchema>;

// --- passwords -------------------------------------------------------------------------------

/** POST /api/auth/changePassword */
export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: passwordSchema,
    password: newPasswordSchema,
    confirmPassword: confirmSchema,
  }),
  v.forward(
    v.check((input) => input.password === input.confirmPassword, 'password_mismatch'),
    ['confirmPassword'],
  ),
  v.forward(
    v.check((input) => input.password !== input.currentPassword, 'password_same_as_current'),
    ['password'],
  ),
);
export type ChangePasswordInput = v.InferInput<typeof changePasswordSchema>;

/** POST /api/auth/forgotPassword */
export const forgotPasswordSchema = v.object({ email: emailSchema });
export type ForgotPasswordInput = v.InferInput<typeof forgotPasswordSchema>;

/** POST /api/auth/passwordReset/{token} */
export const passwordResetSchema = v.pipe(
  v.object({ password: newPasswordSchema, confirmPassword: confirmSchema }),
  v.forward(
    v.check((input) => input.password === input.confirmPassword, 'password_mismatch'),
    ['confirmPassword'],
  ),
);
export type PasswordResetInput = v.InferInput<typeof passwordResetSchema>;

/** POST /api/auth/getOTPResetPassword (SMS code for a phone account) */
export const otpResetPasswordSchema = v.object({ phone: phoneSchema });
/** POST /api/auth/checkOTPForgotPassword: a right code is traded for a reset token. */
export const checkOtpForgotPasswordSchema = v.object({ phone: phoneSchema, otp: otpSchema });
export type CheckOtpForgotPasswordInput = v.InferInput<typeof checkOtpForgotPasswordSchema>;

export const checkOtpForgotPasswordAnswerSchema = v.object({ token: v.string() });
export type CheckOtpForgotPasswordAnswer = v.InferOutput<typeof checkOtpForgotPasswordAnswerSchema>;

// --- cards -------------------------------------------------------------------------------

/** GET /api/getRegisterCardInfo/{id} */
export interface RegisterCardInfo {
  id: string;
  status: 'unassigned' | 'active';
  /** The card's owner once activated. */
  member: { id: string; name: string; urlMinify: string } | null;
  activatedAt: string | null;
}

/** POST /api/signup: binds a printed card to the logged-in member with its activation code. */
export const signupSchema = v.object({
  cardId: v.pipe(
    v.string('invalid_id'),
    v.trim(),
    v.nonEmpty('invalid_id'),
    v.maxLength(64, 'invalid_id'),
  ),
  activationCode: v.pipe(
    v.string('activation_code_required'),
    v.trim(),
    v.nonEmpty('activation_code_required'),
    v.maxLength(64, 'activation_code_invalid'),
  ),
});
export type SignupInput = v.InferInput<typeof signupSchema>;

export const activationFormSchema = v.object({
  activationCode: signupSchema.entries.activationCode,
});
export type ActivationForm = v.InferInput<typeof activationFormSchema>;

/** GET /api/auth/providers: which outside logins are configured. */
export const authProvidersSchema = v.object({ facebook: v.boolean() });
export type AuthProviders = v.InferOutput<typeof authProvidersSchema>;
