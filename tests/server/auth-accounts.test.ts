// Registration with OTP, password change, forgotten passwords, reset links and cards
// (decisions 0102, 0105). Codes and links are read from the outbox table.
import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { authSessions, members } from '../../server/db/schema';
import { authOtps, cards, mailOutbox, passwordResets } from '../../server/db/schema-auth';
import { issueCards } from '../../server/auth/cards';
import { requestResetLink } from '../../server/auth/password-recovery';
import type { Database } from '../../server/db/client';
import { startTestServer } from './test-server';
import { errorCode, login, refresh, refreshCookieOf } from './auth-helpers';

const server = await startTestServer({ demo: true });
const db = server.database.db;

async function latestMessage(recipient: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row;
}

function post(path: string, json: unknown, token?: string) {
  return server.request(`/api${path}`, { method: 'POST', json, ...(token ? { token } : {}) });
}

async function withClock<T>(offsetMs: number, fn: () => Promise<T>): Promise<T> {
  const started = server.clock.now;
  server.clock.now = new Date(started.getTime() + offsetMs);
  try {
    return await fn();
  } finally {
    server.clock.now = started;
  }
}

describe('register', () => {
  it('sends a 6-digit code by e-mail, registers with it, then the login works', async () => {
    const email = 'lan.nguyen@example.vn';
    const sent = await post('/auth/registerOTPEmail', { email: 'Lan.Nguyen@Example.vn' });
    expect(sent.status).toBe(200);
    const message = await latestMessage(email);
    expect(message?.kind).toBe('register_otp');
    const code = message?.payload.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.body).toContain(code);
    // Only an HMAC of the code is stored.
    const [otp] = await db.select().from(authOtps).where(eq(authOtps.destination, email));
    expect(otp?.codeHash).not.toContain(code);

    const res = await post('/auth/register', {
      type: 'tbMail',
      email,
      name: 'Nguyễn Thị Lan',
      password: 'hoa-sen-tim-2026',
      confirmPassword: 'hoa-sen-tim-2026',
      otp: code,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { memberId: string; urlMinify: string };
    expect(body.urlMinify).toMatch(/^nguyen-thi-lan-[0-9a-f]{6}$/);
    const [row] = await db.select().from(members).where(eq(members.id, body.memberId));
    expect(row).toMatchObject({ email, name: 'Nguyễn Thị Lan', status: 'active' });
    expect(row?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    const { body: session } = await login(server, email, 'hoa-sen-tim-2026');
    expect(session.memberId).toBe(body.memberId);

    // The code was used up.
    const again = await post('/auth/register', {
      type: 'tbMail',
      email,
      name: 'X',
      password: 'hoa-sen-tim-2026',
      confirmPassword: 'hoa-sen-tim-2026',
      otp: code,
    });
    expect([again.status, await errorCode(again)]).toEqual([400, 'otp_invalid']);
  });

  it('registers by phone with an SMS code', async () => {
    const sent = await post('/auth/registerOTP', { phone: '+84 933 222 111' });
    expect(sent.status).toBe(200);
    const message = await latestMessage('0933222111');
    expect(message?.channel).toBe('sms');
    const res = await post('/auth/register', {
      type: 'tbPhone',
      phone: '0933222111',
      name: 'Trần Minh',
      password: 'ca-phe-sua-da-99',
      confirmPassword: 'ca-phe-sua-da-99',
      otp: message?.payload.code,
    });
    expect(res.status).toBe(201);
    const [row] = await db.select().from(members).where(eq(members.phone, '0933222111'));
    expect(row?.email).toBeNull();
  });

  it("keeps the account Vietnamese unless English was chosen (the browser's setting is no choice)", async () => {
    const register = async (phone: string, headers: Record<string, string>) => {
      await post('/auth/registerOTP', { phone });
      const message = await latestMessage(phone);
      const res = await server.request('/api/auth/register', {
        method: 'POST',
        headers,
        json: {
          type: 'tbPhone',
          phone,
          name: 'Lê Ngôn Ngữ',
          password: 'ca-phe-sua-da-99',
          confirmPassword: 'ca-phe-sua-da-99',
          otp: message?.payload.code,
        },
      });
      expect(res.status).toBe(201);
      const [row] = await db.select().from(members).where(eq(members.phone, phone));
      return row?.language;
    };
    expect(await register('0933222001', { 'accept-language': 'en-US,en;q=0.9' })).toBe('VN');
    expect(await register('0933222002', { cookie: 'lang=en', 'accept-language': 'vi' })).toBe('EN');
  });

  it('tells an existing address only by mail, with the same answer', async () => {
    const res = await post('/auth/registerOTPEmail', { email: 'demo@mecards.vn' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, expiresIn: 600 });
    const message = await latestMessage('demo@mecards.vn');
    expect(message?.kind).toBe('register_exists');
    expect(message?.payload).toEqual({});
  });

  it('refuses a wrong code, counts tries and gives up after five', async () => {
    const email = 'tries@example.vn';
    await post('/auth/registerOTPEmail', { email });
    const code = (await latestMessage(email))?.payload.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (otp: string) =>
      post('/auth/register', {
        type: 'tbMail',
        email,
        name: 'Thử',
        password: 'mot-hai-ba-bon-nam',
        confirmPassword: 'mot-hai-ba-bon-nam',
        otp,
      });
    const first = await attempt(wrong);
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({
      error: { code: 'otp_invalid', fields: { otp: 'Mã OTP không đúng' } },
    });
    for (let i = 0; i < 3; i++) expect(await errorCode(await attempt(wrong))).toBe('otp_invalid');
    expect(await errorCode(await attempt(wrong))).toBe('otp_exhausted');
    // Even the right code no longer works, and nothing was created.
    expect(await errorCode(await attempt(code))).toBe('otp_exhausted');
    expect(await db.select().from(members).where(eq(members.email, email))).toEqual([]);
  });

  it('refuses an expired code (after 10 minutes)', async () => {
    const email = 'late@example.vn';
    await post('/auth/registerOTPEmail', { email });
    const code = (await latestMessage(email))?.payload.code ?? '';
    const res = await withClock(10 * 60 * 1000 + 1000, () =>
      post('/auth/register', {
        type: 'tbMail',
        email,
        name: 'Muộn',
        password: 'mot-hai-ba-bon-nam',
        confirmPassword: 'mot-hai-ba-bon-nam',
        otp: code,
      }),
    );
    expect([res.status, await errorCode(res)]).toEqual([400, 'otp_expired']);
  });

  it('applies the password policy on the server too', async () => {
    const base = { type: 'tbMail', email: 'weak@example.vn', name: 'Yếu', otp: '123456' };
    const short = await post('/auth/register', {
      ...base,
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    expect((await short.json()) as unknown).toMatchObject({
      error: { fields: { password: 'Mật khẩu phải có ít nhất 8 ký tự' } },
    });
    const common = await post('/auth/register', {
      ...base,
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    expect((await common.json()) as unknown).toMatchObject({
      error: { fields: { password: 'Mật khẩu này quá phổ biến, hãy chọn mật khẩu khác' } },
    });
    const long = 'a'.repeat(129);
    const tooLong = await post('/auth/register', {
      ...base,
      password: long,
      confirmPassword: long,
    });
    expect((await tooLong.json()) as unknown).toMatchObject({
      error: { fields: { password: 'Mật khẩu không được dài quá 128 ký tự' } },
    });
    const mismatch = await post('/auth/register', {
      ...base,
      password: 'mot-hai-ba-bon-nam',
      confirmPassword: 'mot-hai-ba-bon-sau',
    });
    expect((await mismatch.json()) as unknown).toMatchObject({
      error: { fields: { confirmPassword: 'Mật khẩu không khớp' } },
    });
  });
});

describe('change password', () => {
  it('refuses a mismatch, an unchanged password and a wrong current one, then ends the other sessions', async () => {
    const email = 'lan.nguyen@example.vn';
    const here = await login(server, email, 'hoa-sen-tim-2026');
    const elsewhere = await login(server, email, 'hoa-sen-tim-2026');
    const token = here.body.accessToken;

    const mismatch = await post(
      '/auth/changePassword',
      {
        currentPassword: 'hoa-sen-tim-2026',
        password: 'la-sen-xanh-2027',
        confirmPassword: 'khac',
      },
      token,
    );
    expect((await mismatch.json()) as unknown).toMatchObject({
      error: { fields: { confirmPassword: 'Mật khẩu không khớp' } },
    });
    const same = await post(
      '/auth/changePassword',
      {
        currentPassword: 'hoa-sen-tim-2026',
        password: 'hoa-sen-tim-2026',
        confirmPassword: 'hoa-sen-tim-2026',
      },
      token,
    );
    expect((await same.json()) as unknown).toMatchObject({
      error: { fields: { password: 'Mật khẩu mới không được giống với mật khẩu hiện tại' } },
    });
    const wrong = await post(
      '/auth/changePassword',
      {
        currentPassword: 'not-my-password',
        password: 'la-sen-xanh-2027',
        confirmPassword: 'la-sen-xanh-2027',
      },
      token,
    );
    expect((await wrong.json()) as unknown).toMatchObject({
      error: { fields: { currentPassword: 'Mật khẩu hiện tại không đúng' } },
    });
    const unauth = await post('/auth/changePassword', {
      currentPassword: 'hoa-sen-tim-2026',
      password: 'la-sen-xanh-2027',
      confirmPassword: 'la-sen-xanh-2027',
    });
    expect(unauth.status).toBe(401);

    const ok = await post(
      '/auth/changePassword',
      {
        currentPassword: 'hoa-sen-tim-2026',
        password: 'la-sen-xanh-2027',
        confirmPassword: 'la-sen-xanh-2027',
      },
      token,
    );
    expect(ok.status).toBe(200);
    const other = await refresh(server, elsewhere.refreshToken);
    expect([other.status, await errorCode(other)]).toEqual([401, 'session_revoked']);
    // This device continues in a renewed session (spec §5: the change renews the refresh token).
    const renewed = (await ok.json()) as { accessToken: string; memberId: string };
    expect(renewed.memberId).toBe(here.body.memberId);
    const oldMine = await refresh(server, here.refreshToken);
    expect(await errorCode(oldMine)).toBe('session_revoked');
    const mine = await refresh(server, refreshCookieOf(ok));
    expect(mine.status).toBe(200);
    const profile = await server.request('/api/auth/profile', { token: renewed.accessToken });
    expect(profile.status).toBe(200);
    await login(server, email, 'la-sen-xanh-2027');
  });
});

describe('forgotten password', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const known = await post('/auth/forgotPassword', { email: 'staff@mecards.vn' });
    const unknown = await post('/auth/forgotPassword', { email: 'ghost@mecards.vn' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await latestMessage('ghost@mecards.vn')).toBeUndefined();
    const message = await latestMessage('staff@mecards.vn');
    expect(message?.kind).toBe('password_reset');
    expect(message?.payload.link).toMatch(/^http:\/\/cards\.test\/password-reset\/[\w-]{43}$/);
  });

  it('answers byte for byte alike after the same database work, account or not', async () => {
    const [locked] = await db
      .insert(members)
      .values({
        name: 'Khoá',
        urlMinify: 'khoa-quen-mk',
        email: 'locked@mecards.vn',
        status: 'locked',
      })
      .returning();
    const emails = ['brand@mecards.vn', 'nobody@mecards.vn', locked!.email!];
    const answers = [];
    for (const email of emails) {
      const res = await post('/auth/forgotPassword', { email });
      // The date and the request's own id differ by nature.
      const headers = [...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name));
      answers.push({ status: res.status, headers, body: await res.text() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // The statements each request runs, seen through a logging view of the same database.
    const statements: string[] = [];
    const logger = { logQuery: (query: string) => statements.push(query.trim().toLowerCase()) };
    const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    const logged = (server.database.kind === 'pglite'
      ? drizzlePglite(client as PGlite, { logger })
      : drizzlePostgres(client as pg.Pool, { logger })) as unknown as Database;
    const work = [];
    for (const email of emails) {
      statements.length = 0;
      const request = { email, origin: 'http://cards.test', lang: 'vi' as const };
      await requestResetLink(logged, { ...request, now: server.clock.now });
      const writes = statements.filter((s) => /^(insert|update|delete)/.test(s));
      work.push({ statements: statements.length, writes: writes.length });
    }
    expect(work[0]!.writes).toBeGreaterThanOrEqual(2);
    expect(work[1]).toEqual(work[0]);
    expect(work[2]).toEqual(work[0]);
    // Nothing is left for the addresses without a usable account.
    expect(await latestMessage('nobody@mecards.vn')).toBeUndefined();
    expect(await latestMessage('locked@mecards.vn')).toBeUndefined();
  });

  it('resets with the link once; every session of the account ends; a reused link is refused', async () => {
    const before = await login(server, 'staff@mecards.vn', 'staff12345');
    await post('/auth/forgotPassword', { email: 'staff@mecards.vn' });
    const token = (await latestMessage('staff@mecards.vn'))?.payload.token ?? '';
    const res = await post(`/auth/passwordReset/${token}`, {
      password: 'banh-mi-hoi-an-7',
      confirmPassword: 'banh-mi-hoi-an-7',
    });
    expect(res.status).toBe(200);
    const old = await refresh(server, before.refreshToken);
    expect(await errorCode(old)).toBe('session_revoked');
    await login(server, 'staff@mecards.vn', 'banh-mi-hoi-an-7');

    const reused = await post(`/auth/passwordReset/${token}`, {
      password: 'pho-bo-ha-noi-8',
      confirmPassword: 'pho-bo-ha-noi-8',
    });
    expect([reused.status, await errorCode(reused)]).toEqual([410, 'reset_token_used']);
    const forged = await post(`/auth/passwordReset/${'x'.repeat(43)}`, {
      password: 'pho-bo-ha-noi-8',
      confirmPassword: 'pho-bo-ha-noi-8',
    });
    expect([forged.status, await errorCode(forged)]).toEqual([400, 'reset_token_invalid']);
    await login(server, 'staff@mecards.vn', 'banh-mi-hoi-an-7');
  });

  it('refuses an expired link and keeps the password', async () => {
    await post('/auth/forgotPassword', { email: 'brand@mecards.vn' });
    const token = (await latestMessage('brand@mecards.vn'))?.payload.token ?? '';
    const res = await withClock(61 * 60 * 1000, () =>
      post(`/auth/passwordReset/${token}`, {
        password: 'pho-bo-ha-noi-8',
        confirmPassword: 'pho-bo-ha-noi-8',
      }),
    );
    expect([res.status, await errorCode(res)]).toEqual([410, 'reset_token_expired']);
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(isNull(passwordResets.usedAt))
      .limit(1);
    expect(row).toBeDefined();
    await login(server, 'brand@mecards.vn', 'brand12345');
  });

  it('trades a right SMS code for a reset token (phone accounts)', async () => {
    expect((await post('/auth/getOTPResetPassword', { phone: '0901234567' })).status).toBe(200);
    const code = (await latestMessage('0901234567'))?.payload.code ?? '';
    const wrong = await post('/auth/checkOTPForgotPassword', {
      phone: '0901234567',
      otp: code === '999999' ? '888888' : '999999',
    });
    expect([wrong.status, await errorCode(wrong)]).toEqual([400, 'otp_invalid']);
    const right = await post('/auth/checkOTPForgotPassword', { phone: '0901234567', otp: code });
    expect(right.status).toBe(200);
    const { token } = (await right.json()) as { token: string };
    expect(token).toMatch(/^[\w-]{43}$/);
    // An unknown phone gets the same answer and no SMS.
    expect((await post('/auth/getOTPResetPassword', { phone: '0999000111' })).status).toBe(200);
    expect(await latestMessage('0999000111')).toBeUndefined();
  });
});

describe('cards', () => {
  it('activates an unassigned card with its code once, for the logged-in member', async () => {
    const [card] = await issueCards(db, server.config.authSecret, 1);
    if (!card) throw new Error('no card');
    const info = await server.request(`/api/getRegisterCardInfo/${card.id}`);
    expect(await info.json()).toMatchObject({ id: card.id, status: 'unassigned', member: null });
    const { body } = await login(server, 'demo@mecards.vn', 'demo12345');

    const anonymous = await post('/signup', {
      cardId: card.id,
      activationCode: card.activationCode,
    });
    expect(anonymous.status).toBe(401);
    const wrong = await post(
      '/signup',
      { cardId: card.id, activationCode: 'WRONG123' },
      body.accessToken,
    );
    expect([wrong.status, await errorCode(wrong)]).toEqual([400, 'activation_code_invalid']);
    const ok = await post(
      '/signup',
      { cardId: card.id, activationCode: card.activationCode.toLowerCase() },
      body.accessToken,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'active', member: { urlMinify: 'demo' } });
    const twice = await post(
      '/signup',
      { cardId: card.id, activationCode: card.activationCode },
      body.accessToken,
    );
    expect([twice.status, await errorCode(twice)]).toEqual([409, 'card_already_active']);
    const [row] = await db.select().from(cards).where(eq(cards.id, card.id));
    expect(row?.memberId).toBe(body.memberId);

    const missing = await server.request('/api/getRegisterCardInfo/NOPE');
    expect([missing.status, await errorCode(missing)]).toEqual([404, 'card_not_found']);
  });

  it('checks short links and card ids, never e-mails', async () => {
    const taken = await server.request('/api/users/checkExist/demo');
    expect(await taken.json()).toEqual({ exists: true });
    const free = await server.request('/api/users/checkExist/chua-co-ai');
    expect(await free.json()).toEqual({ exists: false });
    const email = await server.request('/api/users/checkExist/demo@mecards.vn');
    expect(await email.json()).toEqual({ exists: false });
  });
});

describe('outside logins', () => {
  it('hides Facebook when it is not configured', async () => {
    expect(await (await server.request('/api/auth/providers')).json()).toEqual({ facebook: false });
    const res = await server.request('/api/passport/auth/facebook');
    expect([res.status, await errorCode(res)]).toEqual([404, 'provider_disabled']);
  });

  it('sends the browser to Facebook when configured', async () => {
    const { authRoutes } = await import('../../server/routes/auth');
    const { createLogger } = await import('../../server/http/logger');
    const routes = authRoutes(
      {
        config: server.config,
        database: server.database,
        logger: createLogger('silent'),
        now: () => server.clock.now,
      },
      {
        mailTransport: 'outbox',
        smtpUrl: undefined,
        mailFrom: 'x',
        smsTransport: 'outbox',
        passwordHashCost: 'owasp',
        facebook: { clientId: 'fb-app-id', clientSecret: 'fb-secret' },
      },
    );
    const providers = await routes.request('/auth/providers');
    expect(await providers.json()).toEqual({ facebook: true });
    const res = await routes.request('/passport/auth/facebook');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.hostname).toBe('www.facebook.com');
    expect(location.searchParams.get('client_id')).toBe('fb-app-id');
    expect(location.searchParams.get('redirect_uri')).toBe(
      'http://cards.test/api/passport/auth/facebook',
    );
  });
});

describe('sessions table', () => {
  it('keeps only hashes of refresh tokens', async () => {
    const { refreshToken, body } = await login(server, 'demo@mecards.vn', 'demo12345');
    const rows = await db
      .select({ tokenHash: authSessions.tokenHash })
      .from(authSessions)
      .where(and(eq(authSessions.memberId, body.memberId)));
    expect(rows.map((r) => r.tokenHash)).not.toContain(refreshToken);
  });
});
