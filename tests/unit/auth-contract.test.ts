// The auth contract: identifiers, the password policy, the spec's messages; token sealing and
// the after-login redirect guard.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import fc from 'fast-check';
import { changePasswordSchema, newPasswordSchema, registerSchema } from '../../contract/auth';
import { loginFormSchema, loginSchema, parseIdentifier } from '../../contract/login';
import { normalizePhone } from '../../contract/phone';
import { isCommonPassword } from '../../contract/common-passwords';
import { messageText } from '../../contract/messages';
import {
  sealSuccessor,
  unsealSuccessor,
  newOpaqueToken,
  newOtpCode,
} from '../../server/auth/tokens';
import { slugForName } from '../../server/auth/url-minify';
import { homeAfterLogin, safeRedirect } from '../../src/features/auth/safe-redirect';

function firstMessage(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0]?.message;
}

describe('identifiers', () => {
  it('normalizes Vietnamese phone numbers to their national form', () => {
    expect(normalizePhone('0901234567')).toBe('0901234567');
    expect(normalizePhone('+84 901 234 567')).toBe('0901234567');
    expect(normalizePhone('84-901-234-567')).toBe('0901234567');
    expect(normalizePhone('090.123.4567')).toBe('0901234567');
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('abc')).toBeNull();
  });

  it('tells e-mails from phones, lower-casing e-mails', () => {
    expect(parseIdentifier(' Demo@MeCards.vn ')).toEqual({
      kind: 'email',
      value: 'demo@mecards.vn',
    });
    expect(parseIdentifier('+84912345678')).toEqual({ kind: 'phone', value: '0912345678' });
    expect(parseIdentifier('not an id')).toBeNull();
  });

  it('answers a bad login with the spec message', () => {
    const code = firstMessage(loginFormSchema, { email: 'abc', password: 'x' });
    expect(code).toBe('invalid_email');
    expect(messageText(code ?? '', 'vi')).toBe('Bạn phải nhập địa chỉ email');
    expect(firstMessage(loginSchema, { password: 'x' })).toBe('invalid_email');
    expect(firstMessage(loginSchema, { phone: '0901234567', password: 'x' })).toBeUndefined();
  });
});

describe('password policy', () => {
  it('wants 8 to 128 characters and refuses common passwords in any case', () => {
    expect(firstMessage(newPasswordSchema, '')).toBe('password_required');
    expect(firstMessage(newPasswordSchema, '1234567')).toBe('password_too_short');
    expect(firstMessage(newPasswordSchema, 'x'.repeat(129))).toBe('password_too_long');
    expect(firstMessage(newPasswordSchema, 'x'.repeat(128).replace(/^x/, 'y'))).toBeUndefined();
    expect(firstMessage(newPasswordSchema, 'Password1')).toBe('password_too_common');
    expect(firstMessage(newPasswordSchema, 'QWERTYUIOP')).toBe('password_too_common');
    expect(firstMessage(newPasswordSchema, 'hoa-sen-tim-2026')).toBeUndefined();
    expect(isCommonPassword('matkhau123')).toBe(true);
    expect(isCommonPassword('demo12345')).toBe(false);
  });

  it('change password: mismatch and unchanged give the spec messages on their fields', () => {
    const mismatch = v.safeParse(changePasswordSchema, {
      currentPassword: 'hoa-sen-tim-2026',
      password: 'la-sen-xanh-2027',
      confirmPassword: 'la-sen-xanh-2028',
    });
    expect(mismatch.success).toBe(false);
    const issue = mismatch.issues?.[0];
    expect(issue && v.getDotPath(issue)).toBe('confirmPassword');
    expect(messageText(issue?.message ?? '', 'vi')).toBe('Mật khẩu không khớp');

    const same = v.safeParse(changePasswordSchema, {
      currentPassword: 'hoa-sen-tim-2026',
      password: 'hoa-sen-tim-2026',
      confirmPassword: 'hoa-sen-tim-2026',
    });
    const sameIssue = same.issues?.[0];
    expect(sameIssue && v.getDotPath(sameIssue)).toBe('password');
    expect(messageText(sameIssue?.message ?? '', 'vi')).toBe(
      'Mật khẩu mới không được giống với mật khẩu hiện tại',
    );
  });

  it('register: tbMail needs an e-mail, tbPhone a phone, both a 6-digit code', () => {
    const base = {
      name: 'A',
      password: 'hoa-sen-tim-2026',
      confirmPassword: 'hoa-sen-tim-2026',
      otp: '123456',
    };
    expect(v.safeParse(registerSchema, { ...base, type: 'tbMail', email: 'a@b.vn' }).success).toBe(
      true,
    );
    expect(
      v.safeParse(registerSchema, { ...base, type: 'tbPhone', phone: '+84901234567' }).output,
    ).toMatchObject({
      phone: '0901234567',
    });
    expect(firstMessage(registerSchema, { ...base, type: 'tbMail', email: 'nope' })).toBe(
      'invalid_email',
    );
    expect(
      firstMessage(registerSchema, { ...base, type: 'tbMail', email: 'a@b.vn', otp: '12ab' }),
    ).toBe('otp_invalid_format');
  });
});

describe('tokens', () => {
  it('a sealed successor opens only with the token it was sealed for', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (successor) => {
        const previous = newOpaqueToken();
        const sealed = sealSuccessor(previous, successor);
        expect(unsealSuccessor(previous, sealed)).toBe(successor);
        expect(unsealSuccessor(newOpaqueToken(), sealed)).toBeNull();
      }),
      { numRuns: 50 },
    );
    expect(unsealSuccessor('x', 'garbage')).toBeNull();
  });

  it('makes 256-bit tokens and 6-digit codes', () => {
    expect(newOpaqueToken()).toMatch(/^[\w-]{43}$/);
    for (let i = 0; i < 50; i++) expect(newOtpCode()).toMatch(/^\d{6}$/);
  });

  it('short links drop Vietnamese accents', () => {
    expect(slugForName('Đặng Ngọc Lan')).toMatch(/^dang-ngoc-lan-[0-9a-f]{6}$/);
    expect(slugForName('!!!')).toMatch(/^me-[0-9a-f]{6}$/);
  });
});

describe('after login', () => {
  it('follows only paths of this app', () => {
    expect(safeRedirect('/friends/1')).toBe('/friends/1');
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(homeAfterLogin('demo', undefined)).toBe('/action');
    expect(homeAfterLogin('demo', '/change-password')).toBe('/change-password');
  });
});
