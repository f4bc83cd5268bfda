// The one HTTP client of the app, the sync engine and the service worker alike: it attaches
// the access token when sending, refreshes once on a 401 and retries.
import type { ApiErrorBody } from '../../contract/errors';
import type {
  authRefresh as AuthRefreshRoute,
  RestAnswer,
  RestPathParams,
  RestQueryKeys,
  RestRoute,
} from '../../contract/rest-routes';
import { clearSessionCookies } from '../lib/cookies';
import {
  clearSession,
  readSession,
  reloadSession,
  writeSession,
  type StoredSession,
} from './session-store';

export const apiBase = '/api';

/** The server answered with an error (4xx/5xx) in the JSON error shape. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network error', { cause });
    this.name = 'NetworkError';
  }
}

/** The session cannot be refreshed any more: the member must log in again. */
export class SessionExpiredError extends Error {
  constructor() {
    super('session expired');
    this.name = 'SessionExpiredError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** JSON already written out (a push prepared while the one before it travels). */
  jsonText?: string;
  /** Sent as they are (a picture upload), with their content type. */
  bytes?: { data: ArrayBuffer | Blob; type: string };
  /** Query parameters; empty and null values are stripped (spec §5). */
  query?: Record<string, string | number | boolean | null | undefined>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** false: never attach a token nor refresh (login, refresh itself, public pages). */
  auth?: boolean;
}

export function buildUrl(path: string, query?: ApiRequest['query']): string {
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function send(
  path: string,
  request: ApiRequest,
  token: string | undefined,
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (request.idempotencyKey) headers.set('idempotency-key', request.idempotencyKey);
  // The server words its messages in the page's language, not the browser's (decision 1042).
  const pageLang = (globalThis as { document?: { documentElement?: { lang?: string } } }).document
    ?.documentElement?.lang;
  if (pageLang && !headers.has('accept-language')) headers.set('accept-language', pageLang);
  let body: string | ArrayBuffer | Blob | undefined;
  if (request.json !== undefined || request.jsonText !== undefined) {
    headers.set('content-type', 'application/json');
    body = request.jsonText ?? JSON.stringify(request.json);
  } else if (request.bytes) {
    headers.set('content-type', request.bytes.type || 'application/octet-stream');
    body = request.bytes.data;
  }
  try {
    return await fetch(buildUrl(path, request.query), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: body ?? null,
      credentials: 'same-origin',
      signal: request.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    // Not our JSON (a proxy's page): keep the status alone.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiRequestError(
    response.status,
    body.error?.code ?? (response.status >= 500 ? 'generic' : 'invalid_value'),
    body.error?.message ?? response.statusText,
    body.error?.fields ?? {},
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

// Written out, typed by the table: importing the table's values would put its shared chunk in
// every bundle that sends a request (the login island among them; decision 1140).
const authRefresh: typeof AuthRefreshRoute = {
  name: 'authRefresh',
  method: 'POST',
  path: '/auth/refresh',
};

interface WorkerClients {
  matchAll(options?: {
    includeUncontrolled?: boolean;
  }): Promise<{ postMessage(m: unknown): void }[]>;
}

/** What a page hears from the service worker when its refresh failed there. */
export const sessionExpiredMessage = 'mecards-session-expired';

/**
 * Spec §4/§8: a refresh that fails ends the session. In a window every session cookie is
 * cleared and the page reloads; in the service worker the pages are told instead.
 */
async function endExpiredSession(): Promise<void> {
  await clearSession();
  const page = globalThis as { document?: unknown; location?: { reload?: () => void } };
  if (page.document !== undefined && page.location?.reload) {
    clearSessionCookies();
    page.location.reload();
    return;
  }
  const clients = (globalThis as { clients?: WorkerClients }).clients;
  if (!clients) return;
  for (const client of await clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ type: sessionExpiredMessage });
  }
}

/**
 * Trades the refresh cookie for a new access token. One refresh at a time across tabs and
 * the service worker: whoever waited finds the token already renewed and reuses it.
 */
export async function refreshSession(
  staleToken: string | undefined,
  { endOnFailure = true } = {},
): Promise<StoredSession> {
  const run = async (): Promise<StoredSession> => {
    const current = await reloadSession();
    if (current && current.accessToken !== staleToken) return current;
    // The request raced a logout here (its token died with the session): nothing to renew,
    // and no reload of the page the logout leads to.
    if (staleToken !== undefined && !current) throw new SessionExpiredError();
    const response = await send(
      authRefresh.path,
      { method: authRefresh.method, json: {} },
      undefined,
    );
    if (response.status === 401 || response.status === 403) {
      const loggedOutMeanwhile = staleToken !== undefined && !(await reloadSession());
      // Without a session to end (an outside login that did not happen), a reload would only
      // land on the same page again.
      if (!loggedOutMeanwhile && endOnFailure) await endExpiredSession();
      throw new SessionExpiredError();
    }
    if (!response.ok) throw await errorFrom(response);
    const answer = (await response.json()) as RestAnswer<typeof authRefresh>;
    await checkInDevelopment(authRefresh, answer);
    const session: StoredSession = {
      accessToken: answer.accessToken,
      memberId: answer.memberId,
      userName: answer.userName,
      urlMinify: answer.urlMinify,
      brandGroup: answer.brandGroup,
      agency: answer.agency,
      name: answer.name,
    };
    await writeSession(session);
    return session;
  };
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? locks.request('mecards-auth-refresh', run) : run();
}

/** The answer of a request sent with the session's token, refreshed once on a 401. */
async function okResponse(path: string, request: ApiRequest): Promise<Response> {
  const useAuth = request.auth !== false;
  const session = useAuth ? await readSession() : null;
  let response = await send(path, request, session?.accessToken);
  if (response.status === 401 && useAuth && session) {
    const renewed = await refreshSession(session.accessToken);
    response = await send(path, request, renewed.accessToken);
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** Sends a request and returns its body as bytes (a file the server makes); throws as apiCall. */
export async function apiBlob<R extends RestRoute>(
  route: R,
  ...[init]: ApiCallArguments<R>
): Promise<Blob> {
  return (
    await okResponse(filledPath(route, init?.params), { ...init, method: route.method })
  ).blob();
}

/** Its JSON (or text); the answer's type is the caller's to promise, so only apiCall uses it. */
async function answerOf(path: string, request: ApiRequest): Promise<unknown> {
  const response = await okResponse(path, request);
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') ? await response.json() : await response.text();
}

type QueryValue = string | number | boolean | null | undefined;

/** A call's request: the route's path parameters and query keys, and what ApiRequest sends. */
export type ApiCallInit<R extends RestRoute> = Omit<ApiRequest, 'method' | 'query'> & {
  query?: { [K in RestQueryKeys<R>]?: QueryValue };
} & ([RestPathParams<R['path']>] extends [never]
    ? { params?: undefined }
    : { params: Record<RestPathParams<R['path']>, string> });

/** The request may be left out when the route has no path parameter. */
type ApiCallArguments<R extends RestRoute> = [RestPathParams<R['path']>] extends [never]
  ? [init?: ApiCallInit<R>]
  : [init: ApiCallInit<R>];

function filledPath(route: RestRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * Development and tests check every answer against its route's schema; production bundles drop
 * the check and its schemas altogether (decision 1140). The condition stays written out here,
 * in one place: folded to `false` it takes the dynamic import with it, which a classic service
 * worker script could not hold (a const read in two places kept the import and broke sw.js).
 */
async function checkInDevelopment(route: RestRoute, answer: unknown): Promise<void> {
  // Plain Node has no import.meta.env: a bench driving the client's sync engine checks nothing.
  if ((import.meta as { env?: unknown }).env === undefined) return;
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    (await import('./answer-check')).checkAnswer(route, answer);
  }
}

/**
 * Sends a call of contract/rest-routes.ts and returns its answer, typed by the route; throws
 * ApiRequestError, NetworkError or SessionExpiredError.
 */
export async function apiCall<R extends RestRoute>(
  route: R,
  ...[init]: ApiCallArguments<R>
): Promise<RestAnswer<R>> {
  const answer = await answerOf(filledPath(route, init?.params), {
    ...init,
    method: route.method,
  });
  await checkInDevelopment(route, answer);
  return answer;
}
