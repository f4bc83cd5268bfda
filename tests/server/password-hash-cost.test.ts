import { afterEach, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../../server/auth/auth-config';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../../server/auth/password';

describe('password hash cost', () => {
  afterEach(() => setPasswordHashCost('owasp'));

  it('is OWASP by default; light is refused unless the server is under test', () => {
    expect(loadAuthConfig({}).passwordHashCost).toBe('owasp');
    expect(() => loadAuthConfig({ PASSWORD_HASH_COST: 'light' })).toThrow(/MAIL_TRANSPORT=outbox/);
    expect(() => loadAuthConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/owasp or light/);
    expect(
      loadAuthConfig({ PASSWORD_HASH_COST: 'light', MAIL_TRANSPORT: 'outbox' }).passwordHashCost,
    ).toBe('light');
  });

  it('light hashes are stored with their own cost and still verify after the cost goes back', async () => {
    setPasswordHashCost('light');
    const light = await hashPassword('mật khẩu 1');
    expect(light.split('$')[1]).toBe(String(2 ** 12));
    setPasswordHashCost('owasp');
    const owasp = await hashPassword('mật khẩu 1');
    expect(owasp.split('$')[1]).toBe(String(2 ** 17));
    expect(await verifyPassword('mật khẩu 1', light)).toBe(true);
    expect(await verifyPassword('mật khẩu 2', light)).toBe(false);
  });
});
