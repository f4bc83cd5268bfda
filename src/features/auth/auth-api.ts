// The auth calls of spec §7 as the screens use them. None of them is queued offline: they
// need the server's answer at once, so offline they fail with NetworkError and say so.
import type {
  AuthProviders,
  ChangePasswordInput,
  CheckOtpForgotPasswordAnswer,
  ForgotPasswordInput,
  LoginAnswer,
  LoginForm,
  PasswordResetInput,
  RegisterAnswer,
  RegisterCardInfo,
  RegisterInput,
  SignupInput,
} from '../../../contract/auth';
import { apiFetch } from '../../api/http-client';
import { clearSession, writeSession, type StoredSession } from '../../api/session-store';
import { markLoggedIn, markLoggedOut, markLoggingIn } from '../../api/use-session';
import { activateLocale, localeFromProfileLanguage } from '../../i18n/i18n';
import { clearSessionCookies } from '../../lib/cookies';

function storedFrom(answer: LoginAnswer): StoredSession {
  return {
    accessToken: answer.accessToken,
    memberId: answer.memberId,
    userName: answer.userName,
    name: answer.name,
    urlMinify: answer.urlMinify,
    brandGroup: answer.brandGroup,
    agency: answer.agency,
  };
}

/** Ends the local side of a session: stored token, readable cookies, login state. */
async function forgetSession(error: Error | null): Promise<void> {
  await clearSession();
  clearSessionCookies();
  markLoggedOut(error);
}

/** Online only. Spec §4: logging in → logged in; a failure keeps its error and clears the session. */
export async function logIn(form: LoginForm): Promise<LoginAnswer> {
  markLoggingIn();
  try {
    const answer = await apiFetch<LoginAnswer>('/auth/login', {
      method: 'POST',
      json: { email: form.email, password: form.password },
      auth: false,
    });
    const session = storedFrom(answer);
    await writeSession(session);
    markLoggedIn(session);
    await activateLocale(localeFromProfileLanguage(answer.language));
    return answer;
  } catch (error) {
    await forgetSession(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** Works offline too: the local session always ends; the server is told when reachable. */
export async function logOut(): Promise<void> {
  try {
    await apiFetch('/auth/logout', { method: 'POST', json: {}, auth: false });
  } catch {
    // Offline or already ended: the refresh cookie still expires on its own.
  }
  await forgetSession(null);
}

/** Online only: sends a 6-digit code to the e-mail or phone being registered. */
export function sendRegisterOtp(target: { email: string } | { phone: string }): Promise<unknown> {
  return 'email' in target
    ? apiFetch('/auth/registerOTPEmail', { method: 'POST', json: target, auth: false })
    : apiFetch('/auth/registerOTP', { method: 'POST', json: target, auth: false });
}

/** Online only. Spec §5: after registering, login follows with the same e-mail or phone. */
export async function register(input: RegisterInput): Promise<LoginAnswer> {
  await apiFetch<RegisterAnswer>('/auth/register', { method: 'POST', json: input, auth: false });
  const email = input.type === 'tbMail' ? input.email : input.phone;
  return logIn({ email, password: input.password });
}

/**
 * Online only. The server ends every other session and renews this one: the new access token
 * (and, by cookie, refresh token) replace the old ones here.
 */
export async function changePassword(input: ChangePasswordInput): Promise<LoginAnswer> {
  const answer = await apiFetch<LoginAnswer>('/auth/changePassword', {
    method: 'POST',
    json: input,
  });
  const session = storedFrom(answer);
  await writeSession(session);
  markLoggedIn(session);
  return answer;
}

/** Online only. Same answer whether or not the account exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<unknown> {
  return apiFetch('/auth/forgotPassword', { method: 'POST', json: input, auth: false });
}

/** Online only: sends a reset code by SMS to a phone account. */
export function sendResetOtp(phone: string): Promise<unknown> {
  return apiFetch('/auth/getOTPResetPassword', { method: 'POST', json: { phone }, auth: false });
}

/** Online only: trades a right SMS code for a reset token. */
export function checkResetOtp(phone: string, otp: string): Promise<CheckOtpForgotPasswordAnswer> {
  return apiFetch<CheckOtpForgotPasswordAnswer>('/auth/checkOTPForgotPassword', {
    method: 'POST',
    json: { phone, otp },
    auth: false,
  });
}

/** Online only. The link works once; every session of the account ends. */
export function resetPassword(token: string, input: PasswordResetInput): Promise<unknown> {
  return apiFetch(`/auth/passwordReset/${encodeURIComponent(token)}`, {
    method: 'POST',
    json: input,
    auth: false,
  });
}

export function authProviders(): Promise<AuthProviders> {
  return apiFetch<AuthProviders>('/auth/providers', { auth: false });
}

export function registerCardInfo(cardId: string): Promise<RegisterCardInfo> {
  return apiFetch<RegisterCardInfo>(`/getRegisterCardInfo/${encodeURIComponent(cardId)}`, {
    auth: false,
  });
}

/** Online only: binds a printed card to the logged-in member. */
export function activateCard(input: SignupInput): Promise<RegisterCardInfo> {
  return apiFetch<RegisterCardInfo>('/signup', { method: 'POST', json: input });
}
