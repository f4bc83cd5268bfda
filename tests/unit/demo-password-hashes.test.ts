// The demo logins' hashes made once (server/seed/demo-password-hashes.ts) still match the
// passwords the README gives, at the full cost new hashes get.
import { describe, expect, it } from 'vitest';
import { scryptParams, verifyPassword } from '../../server/auth/password';
import { demoPasswordHashes } from '../../server/seed/demo-password-hashes';
import { demoLogins } from '../../server/seed/demo';
import { agencyDemoLogin } from '../../server/seed/demo-agency';

describe('demo password hashes', () => {
  it('match every demo login, at full cost', async () => {
    const logins = [...demoLogins, agencyDemoLogin];
    expect(Object.keys(demoPasswordHashes).sort()).toEqual(logins.map((l) => l.password).sort());
    for (const { password } of logins) {
      const stored = demoPasswordHashes[password] ?? '';
      expect(stored.split('$')[1]).toBe(String(scryptParams.N));
      expect(await verifyPassword(password, stored)).toBe(true);
      expect(await verifyPassword(`${password}x`, stored)).toBe(false);
    }
  });
});
