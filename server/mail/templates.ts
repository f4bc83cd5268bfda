// Texts of the account e-mails and SMS, in the language of the request.
import type { Lang } from '../../contract/messages';

export interface MessageText {
  subject: string;
  body: string;
}

export function registerCodeMail(code: string, lang: Lang): MessageText {
  return lang === 'en'
    ? {
        subject: `m.e Cards: your code ${code}`,
        body: `Your m.e Cards registration code is ${code}. It is valid for 10 minutes.\nIf you did not ask for it, ignore this e-mail.`,
      }
    : {
        subject: `m.e Cards: mã xác thực ${code}`,
        body: `Mã xác thực đăng ký m.e Cards của bạn là ${code}. Mã có hiệu lực trong 10 phút.\nNếu bạn không yêu cầu, hãy bỏ qua email này.`,
      };
}

/** Sent instead of a code when the address already has an account (no enumeration). */
export function accountExistsMail(loginUrl: string, resetUrl: string, lang: Lang): MessageText {
  return lang === 'en'
    ? {
        subject: 'm.e Cards: you already have an account',
        body: `Someone tried to register an m.e Cards account with this e-mail, but it already has one.\nLog in: ${loginUrl}\nForgot your password? ${resetUrl}`,
      }
    : {
        subject: 'm.e Cards: bạn đã có tài khoản',
        body: `Có người vừa đăng ký tài khoản m.e Cards bằng email này, nhưng email đã có tài khoản.\nĐăng nhập: ${loginUrl}\nQuên mật khẩu? ${resetUrl}`,
      };
}

export function registerCodeSms(code: string, lang: Lang): string {
  return lang === 'en'
    ? `m.e Cards: your registration code is ${code} (valid 10 minutes).`
    : `m.e Cards: ma xac thuc dang ky cua ban la ${code} (hieu luc 10 phut).`;
}

export function accountExistsSms(lang: Lang): string {
  return lang === 'en'
    ? 'm.e Cards: this phone number already has an account. Log in or reset your password.'
    : 'm.e Cards: so dien thoai nay da co tai khoan. Hay dang nhap hoac dat lai mat khau.';
}

export function resetCodeSms(code: string, lang: Lang): string {
  return lang === 'en'
    ? `m.e Cards: your password reset code is ${code} (valid 10 minutes).`
    : `m.e Cards: ma dat lai mat khau cua ban la ${code} (hieu luc 10 phut).`;
}

export function resetLinkMail(link: string, minutes: number, lang: Lang): MessageText {
  return lang === 'en'
    ? {
        subject: 'm.e Cards: reset your password',
        body: `Open this link to choose a new password (valid ${minutes} minutes, once):\n${link}\nIf you did not ask for it, ignore this e-mail; your password stays the same.`,
      }
    : {
        subject: 'm.e Cards: đặt lại mật khẩu',
        body: `Mở liên kết sau để đặt mật khẩu mới (hiệu lực ${minutes} phút, dùng một lần):\n${link}\nNếu bạn không yêu cầu, hãy bỏ qua email này; mật khẩu của bạn không đổi.`,
      };
}
