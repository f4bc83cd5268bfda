// The account calls of spec §7 (register, password change and reset, card activation), loaded
// with their screens. None of them is queued offline: they need the server's answer at once, so
// offline they fail with NetworkError and say so.
import type {
  ChangePasswordInput,
  CheckOtpForgotPasswordAnswer,
  ForgotPasswordInput,
  LoginAnswer,
  PasswordResetInput,
  RegisterCardInfo,
  RegisterInput,
  SignupInput,
} from '../../../contract/auth';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import { writeSession } from '../../api/session-store';
import { markLoggedIn } from '../../api/use-session';
import { logIn } from './session-api';
import { storedFrom } from './stored-session';

/** Online only: sends a 6-digit code to the e-mail or phone being registered. */
export function sendRegisterOtp(target: { email: string } | { phone: string }): Promise<unknown> {
  return 'email' in target
    ? apiCall(routes.authRegisterOtpByEmail, { json: target, auth: false })
    : apiCall(routes.authRegisterOtpByPhone, { json: target, auth: false });
}

/** Online only. Spec §5: after registering, login follows with the same e-mail or phone. */
export async function register(input: RegisterInput): Promise<LoginAnswer> {
  await apiCall(routes.authRegister, { json: input, auth: false });
  const email = input.type === 'tbMail' ? input.email : input.phone;
  return logIn({ email, password: input.password });
}

/**
 * Online only. The server ends every other session and renews this one: the new access token
 * (and, by cookie, refresh token) replace the old ones here.
 */
export async function changePassword(input: ChangePasswordInput): Promise<LoginAnswer> {
  const answer = await apiCall(routes.authChangePassword, {
    json: input,
  });
  const session = storedFrom(answer);
  await writeSession(session);
  markLoggedIn(session);
  return answer;
}

/** Online only. Same answer whether or not the account exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<unknown> {
  return apiCall(routes.authForgotPassword, { json: input, auth: false });
}

/** Online only: sends a reset code by SMS to a phone account. */
export function sendResetOtp(phone: string): Promise<unknown> {
  return apiCall(routes.authResetOtp, { json: { phone }, auth: false });
}

/** Online only: trades a right SMS code for a reset token. */
export function checkResetOtp(phone: string, otp: string): Promise<CheckOtpForgotPasswordAnswer> {
  return apiCall(routes.authCheckOtpForgotPassword, {
    json: { phone, otp },
    auth: false,
  });
}

/** Online only. The link works once; every session of the account ends. */
export function resetPassword(token: string, input: PasswordResetInput): Promise<unknown> {
  return apiCall(routes.authPasswordReset, {
    params: { token },
    json: input,
    auth: false,
  });
}

export function registerCardInfo(cardId: string): Promise<RegisterCardInfo> {
  return apiCall(routes.registerCardInfo, {
    params: { cardId },
    auth: false,
  });
}

/** Online only: binds a printed card to the logged-in member. */
export function activateCard(input: SignupInput): Promise<RegisterCardInfo> {
  return apiCall(routes.signup, { json: input });
}
