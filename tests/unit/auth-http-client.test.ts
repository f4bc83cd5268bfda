// The HTTP client's session handling (spec §4/§8): bearer attached, one refresh and one retry
// on 401, and on a failed refresh every session cookie cleared and the page reloaded.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { apiCall, SessionExpiredError } from '../../src/api/http-client';
import { authLogin, authProfile, memberCardView, syncPull } from '../../contract/rest-routes';
import type { LoginAnswer } from '../../contract/auth';
import { clearSession, readSession, writeSession } from '../../src/api/session-store';

interface Call {
  url: string;
  authorization: string | null;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: Call[] = [];
let cookieWrites: string[] = [];
const reload = vi.fn();

function stubPage(): void {
  const jar = new Map<string, string>([
    ['isLoggedIn', 'true'],
    ['memberId', 'm-1'],
  ]);
  cookieWrites = [];
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      cookieWrites.push(text);
      const name = text.slice(0, text.indexOf('='));
      if (text.includes('max-age=0')) jar.delete(name);
    },
  });
  vi.stubGlobal('location', { protocol: 'http:', reload });
}

function stubServer(answer: (call: Call) => Response): void {
  calls = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    const call = { url: input, authorization: new Headers(init.headers).get('authorization') };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
}

const session = {
  accessToken: 'old-token',
  memberId: 'm-1',
  userName: 'demo@mecards.vn',
  urlMinify: 'demo',
  brandGroup: null,
  agency: null,
};

beforeEach(async () => {
  stubPage();
  reload.mockClear();
  await writeSession(session);
});

afterEach(async () => {
  await clearSession();
  vi.unstubAllGlobals();
});

// A whole answer: in tests every answer is checked against its route's schema.
const profileAnswer = {
  memberId: 'm-1',
  userName: 'u',
  name: 'Nguyễn Văn A',
  urlMinify: 'demo',
  brandGroup: null,
  agency: null,
  memberType: 'personal',
  language: 'VN',
  member: {
    id: 'm-1',
    name: 'Nguyễn Văn A',
    shortName: null,
    urlMinify: 'demo',
    language: 'VN',
    intro: null,
    jobTitle: null,
    workplace: null,
    address: null,
    aboutMe: null,
    avatarUrl: null,
    bannerUrl: null,
    backgroundUrl: null,
    phone: null,
    otherPhone: null,
    website: null,
    zalo: null,
    interests: [],
    businessSectors: [],
    companyInfo: null,
    agencyId: null,
    updatedAt: '2026-11-26T00:00:00.000Z',
    type: 'personal',
    theme: null,
    themeType: 'list',
    contactEmail: null,
  },
};

/** The refresh's answer: the session facts (whole, as every answer in tests) and a token. */
function refreshAnswer(accessToken: string) {
  const { member: _member, ...facts } = profileAnswer;
  return { ...facts, accessToken, expiresIn: 900 };
}

describe('apiCall', () => {
  it('attaches the bearer token, refreshes once on 401 and retries with the new token', async () => {
    stubServer((call) => {
      if (call.url === '/api/auth/refresh') {
        return jsonResponse(200, refreshAnswer('new-token'));
      }
      return call.authorization === 'Bearer new-token'
        ? jsonResponse(200, profileAnswer)
        : jsonResponse(401, { error: { code: 'token_expired', message: 'expired' } });
    });
    expect(await apiCall(authProfile)).toEqual(profileAnswer);
    expect(calls.map((c) => [c.url, c.authorization])).toEqual([
      ['/api/auth/profile', 'Bearer old-token'],
      ['/api/auth/refresh', null],
      ['/api/auth/profile', 'Bearer new-token'],
    ]);
    expect((await readSession())?.accessToken).toBe('new-token');
    expect(reload).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is the answer', async () => {
    stubServer((call) =>
      call.url === '/api/auth/refresh'
        ? jsonResponse(200, refreshAnswer('new-token'))
        : jsonResponse(401, { error: { code: 'forbidden', message: 'no' } }),
    );
    await expect(apiCall(authProfile)).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails: clears the session and every session cookie, then reloads', async () => {
    stubServer((call) =>
      call.url === '/api/auth/refresh'
        ? jsonResponse(401, { error: { code: 'refresh_reused', message: 'reused' } })
        : jsonResponse(401, { error: { code: 'token_expired', message: 'expired' } }),
    );
    await expect(apiCall(authProfile)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(await readSession()).toBeNull();
    expect(cookieWrites.some((w) => w.startsWith('isLoggedIn=;') && w.includes('max-age=0'))).toBe(
      true,
    );
    expect(cookieWrites.some((w) => w.startsWith('memberId=;'))).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a request that raced a logout neither refreshes nor reloads the page', async () => {
    // The logout ends the session on the server and here while the request is on its way.
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      calls.push({ url: input, authorization: new Headers(init.headers).get('authorization') });
      await clearSession();
      return jsonResponse(401, { error: { code: 'session_expired', message: 'ended' } });
    });
    calls = [];
    await expect(apiCall(syncPull)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(calls.map((c) => c.url)).toEqual(['/api/sync/pull']);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a refresh refused because a logout finished meanwhile does not reload the page', async () => {
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      calls.push({ url: input, authorization: new Headers(init.headers).get('authorization') });
      if (input === '/api/auth/refresh') await clearSession();
      return jsonResponse(401, { error: { code: 'session_expired', message: 'ended' } });
    });
    calls = [];
    await expect(apiCall(syncPull)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(calls.map((c) => c.url)).toEqual(['/api/sync/pull', '/api/auth/refresh']);
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    vi.stubGlobal('fetch', (input: string) =>
      input === '/api/auth/refresh'
        ? Promise.reject(new TypeError('offline'))
        : Promise.resolve(jsonResponse(401, { error: { code: 'token_expired', message: 'x' } })),
    );
    await expect(apiCall(authProfile)).rejects.toMatchObject({ name: 'NetworkError' });
    expect((await readSession())?.accessToken).toBe('old-token');
    expect(reload).not.toHaveBeenCalled();
  });

  it('never attaches a token nor refreshes for auth: false calls', async () => {
    stubServer(() => jsonResponse(401, { error: { code: 'invalid_credentials', message: 'x' } }));
    await expect(apiCall(authLogin, { json: {}, auth: false })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(calls).toEqual([{ url: '/api/auth/login', authorization: null }]);
  });

  it('takes the answer type, path parameters and query keys from the route', () => {
    type LoginCallAnswer = Awaited<ReturnType<typeof apiCall<typeof authLogin>>>;
    expectTypeOf<LoginCallAnswer>().toEqualTypeOf<LoginAnswer>();
    const unsent = () => {
      // @ts-expect-error the route's path parameter is required
      void apiCall(memberCardView);
      // @ts-expect-error a query key the route does not declare
      void apiCall(syncPull, { query: { page: 1 } });
    };
    expect(typeof unsent).toBe('function');
  });

  it('in tests, an answer that does not match its route schema fails, naming the route', async () => {
    stubServer(() =>
      jsonResponse(200, { ...profileAnswer, member: { ...profileAnswer.member, id: 7 } }),
    );
    await expect(apiCall(authProfile)).rejects.toThrow(
      'GET /auth/profile (route authProfile): the answer does not match its schema at member.id',
    );
  });
});
