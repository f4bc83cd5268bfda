// The login screen drawn on the server shows the outside logins the server has on: a first
// visit's /login page runs no app that could ask for them (decision 0004).
import { describe, expect, it } from 'vitest';
import { renderAppScreen } from '../../src/ssr/entry-server';

describe('the login screen rendered on the server', () => {
  it('shows the Facebook button only when Facebook login is on, in the page language', async () => {
    const off = await renderAppScreen('/login', 'vi', { facebook: false });
    expect(off).toContain('Đăng nhập');
    expect(off).not.toContain('/api/passport/auth/facebook');

    const vi = await renderAppScreen('/login', 'vi', { facebook: true });
    expect(vi).toMatch(
      /<a class="auth-facebook" href="\/api\/passport\/auth\/facebook">Đăng nhập với Facebook<\/a>/,
    );
    const en = await renderAppScreen('/login', 'en', { facebook: true });
    expect(en).toMatch(/href="\/api\/passport\/auth\/facebook">Log in with Facebook<\/a>/);
  });
});
