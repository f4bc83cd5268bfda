// Bad input never gets past the door: every write route of the app, found from the router
// itself so new routes are covered too, answers malformed or ill-typed bodies with a 4xx in
// the JSON error shape and leaves the database as it was.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { createLogger } from '../../server/http/logger';
import type { ApiErrorBody } from '../../contract/errors';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const app = createApp({
  config: server.config,
  database: server.database,
  logger: createLogger('silent'),
  now: () => server.clock.now,
});

const [demo] = await queryRows<{ id: string }>(
  server.database.db,
  sql`SELECT id FROM members WHERE url_minify = 'demo'`,
);
if (!demo) throw new Error('demo member missing');
const memberId = demo.id;
let token = await server.tokenFor(memberId);

/** "METHOD /path" of every concrete route, path parameters filled with `param`. */
function routes(methods: string[], param: string): { method: string; path: string }[] {
  const seen = new Set<string>();
  const found: { method: string; path: string }[] = [];
  for (const route of app.routes) {
    if (!methods.includes(route.method) || route.path.includes('*')) continue;
    const path = route.path.replace(/:[A-Za-z_]\w*(\{[^}]*\})?/g, param);
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ method: route.method, path });
  }
  return found;
}

/** Logout and refresh may touch the caller's own session rows; rate limits count attempts. */
const sessionTables = ['auth_sessions', 'auth_session_successors', 'rate_limits'];

const writeRoutes = routes(['POST', 'PUT', 'PATCH', 'DELETE'], demo.id);

/** Row counts and latest change of every table: any write shows up here. */
async function fingerprint(): Promise<Record<string, string>> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    server.database.db,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name IN ('id', 'change_seq', 'updated_at')`,
  );
  const tables = new Map<string, Set<string>>();
  for (const c of columns) {
    const set = tables.get(c.table_name) ?? new Set<string>();
    set.add(c.column_name);
    tables.set(c.table_name, set);
  }
  const all = await queryRows<{ table_name: string }>(
    server.database.db,
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const result: Record<string, string> = {};
  for (const { table_name: name } of all) {
    const has = tables.get(name) ?? new Set<string>();
    const parts = ['count(*)::text'];
    if (has.has('change_seq')) parts.push('coalesce(max(change_seq), 0)::text');
    if (has.has('updated_at')) parts.push("coalesce(max(updated_at)::text, '')");
    const rows = await queryRows<{ v: string }>(
      server.database.db,
      sql.raw(`SELECT concat_ws('|', ${parts.join(', ')}) AS v FROM "${name}"`),
    );
    result[name] = rows[0]?.v ?? '';
  }
  return result;
}

async function send(method: string, path: string, body?: string, type = 'application/json') {
  const res = await server.request(path, {
    method,
    token,
    body: body ?? null,
    headers: { 'content-type': type, 'accept-language': 'en' },
  });
  // The sweep includes logout, which ends the session of the token it is sent with.
  if (path === '/api/auth/logout' && res.ok) token = await server.tokenFor(memberId);
  // The live stream (/api/sync/live) answers and stays open: its status is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, json: undefined, text: '' };
  }
  const text = await res.text();
  let json: ApiErrorBody | undefined;
  try {
    json = JSON.parse(text) as ApiErrorBody;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

describe('bad input', () => {
  it('finds the write routes', () => {
    expect(writeRoutes.length).toBeGreaterThan(0);
  });

  it('answers malformed JSON with 400 bad_json on every write route and writes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let badJson = 0;
    for (const { method, path } of writeRoutes) {
      const res = await send(method, path, '{"name": "Nguyễn", "points": ');
      // 2xx only from routes that take no body (logout); a refusal must be the JSON shape.
      if (res.status >= 500 || (res.status >= 400 && !res.json?.error?.message)) {
        wrong.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
      }
      if (res.json?.error?.code === 'bad_json') badJson += 1;
    }
    expect(wrong).toEqual([]);
    // Routes that refuse before reading (unknown id, not allowed) are fine; most read it.
    expect(badJson).toBeGreaterThan(0);
    const after = await fingerprint();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed.filter((table) => !sessionTables.includes(table))).toEqual([]);
  });

  it('answers well-formed bodies of the wrong shape with a 4xx and writes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const body of [
      'null',
      '[]',
      '"text"',
      '42',
      '{"id": {"$ne": null}}',
      '{"__proto__": {"x": 1}}',
      // PostgreSQL text cannot hold a NUL byte.
      '{"name": "a\\u0000b", "title": "x\\u0000", "content": "\\u0000", "mutations": []}',
    ]) {
      for (const { method, path } of writeRoutes) {
        const res = await send(method, path, body);
        // 2xx is fine only when the route has nothing to validate (e.g. logout, mark as read).
        if (res.status >= 500 || (res.status >= 400 && !res.json?.error?.message)) {
          wrong.push(`${method} ${path} ${body} → ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const after = await fingerprint();
    // Routes that succeed without a body may touch their own rows; nothing else may change.
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed.filter((table) => !['auth_sessions', 'rate_limits'].includes(table))).toEqual(
      [],
    );
  });

  it('answers unpaired surrogates and bytes that are not UTF-8 with 400 bad_text_encoding', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let refused = 0;
    const invalidUtf8 = new Uint8Array([
      ...Buffer.from('{"name": "Nguy'),
      0xc3,
      0x28,
      ...Buffer.from('"}'),
    ]);
    const bodies: [string, BodyInit][] = [
      ['lone high surrogate', '{"name": "a\\ud800b", "title": "x", "mutations": []}'],
      ['lone low surrogate in a key', '{"\\udc00": 1, "mutations": []}'],
      ['nested', '{"mutations": [{"payload": {"note": "\\udbff"}}]}'],
      ['invalid UTF-8 bytes', invalidUtf8],
    ];
    for (const [label, body] of bodies) {
      for (const { method, path } of writeRoutes) {
        const res = await server.request(path, {
          method,
          token,
          body,
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        });
        if (path === '/api/auth/logout' && res.ok) token = await server.tokenFor(memberId);
        const answer = (await res.json().catch(() => undefined)) as ApiErrorBody | undefined;
        // Routes that refuse before reading the body (not allowed, unknown id) may say so, and
        // routes that read no body (logout) may succeed; a read body is never a 409 or a 5xx.
        if (res.status >= 500 || res.status === 409) {
          wrong.push(`${label}: ${method} ${path} → ${res.status}`);
        }
        if (res.status === 400 && answer?.error?.code !== 'bad_text_encoding') {
          wrong.push(`${label}: ${method} ${path} → 400 ${answer?.error?.code}`);
        }
        if (answer?.error?.code === 'bad_text_encoding') refused += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(writeRoutes.length);
    const res = await send('POST', '/api/sync/push', '{"mutations": [], "x": "\\ud800"}');
    expect(res.status).toBe(400);
    expect(res.json?.error.message).toBe('The body holds characters that are not valid UTF-8 text');
    const after = await fingerprint();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed.filter((table) => !sessionTables.includes(table))).toEqual([]);
  });

  it('refuses an oversized body, JSON or form, with 413 before any route reads it', async () => {
    const before = await fingerprint();
    const big = 'x'.repeat(server.config.bodyLimitBytes + 1);
    for (const { method, path } of writeRoutes) {
      const json = await send(method, path, JSON.stringify({ name: big }));
      const form = await send(method, path, `name=${big}`, 'application/x-www-form-urlencoded');
      for (const res of [json, form]) {
        expect(res.status, `${method} ${path}`).toBe(413);
        expect(res.json?.error.code).toBe('body_too_large');
      }
    }
    const after = await fingerprint();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual([]);
  });

  it('refuses a body nested past the depth limit with 400 body_too_deep and writes nothing', async () => {
    const before = await fingerprint();
    const deep = `{"mutations": ${'['.repeat(5_000)}${']'.repeat(5_000)}, "name": "x"}`;
    let deepRefused = 0;
    for (const { method, path } of writeRoutes) {
      const res = await send(method, path, deep);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      if (res.json?.error?.code === 'body_too_deep') {
        deepRefused += 1;
        expect(res.status).toBe(400);
        expect(res.json.error.message).toBe('The request body is nested more than 32 levels deep');
      }
    }
    expect(deepRefused).toBeGreaterThan(0);
    const push = await send('POST', '/api/sync/push', deep);
    expect(push.json?.error.code).toBe('body_too_deep');
    // Brackets inside strings are text, not nesting: such a body is read as usual.
    const shallow = `{"mutations": [], "note": "${'[{'.repeat(100)}\\"${'['.repeat(40)}"}`;
    expect((await send('POST', '/api/sync/push', shallow)).status).toBe(200);
    const after = await fingerprint();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed.filter((table) => !sessionTables.includes(table))).toEqual([]);
  });

  it('answers unknown /api paths with a JSON 404 whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await send(method, '/api/no/such/call', method === 'GET' ? undefined : '{}');
      expect(res.status, method).toBe(404);
      expect(res.json?.error.code, method).toBe('unknown_call');
    }
  });

  it('refuses a body that is neither JSON nor a form with 415', async () => {
    const res = await send('POST', '/api/sync/push', 'mutations=[]', 'text/plain');
    expect(res.status).toBe(415);
    expect(res.json?.error.code).toBe('invalid_value');
  });

  it('answers malformed path parameters with a 4xx, never a crash', async () => {
    const wrong: string[] = [];
    for (const param of [
      'not-a-uuid',
      '%00',
      '00000000-0000-0000-0000-000000000000',
      "1'%20OR%20'1'='1",
    ]) {
      for (const { method, path } of routes(['GET'], param)) {
        const res = await send(method, path);
        if (res.status >= 500)
          wrong.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers nonsense query values with a 4xx, never a crash', async () => {
    const wrong: string[] = [];
    const query = '?page=-1&limit=abc&filter=%ZZ&cursor=x&status=%00&groupId=nope&type=%27';
    for (const { method, path } of routes(['GET'], demo.id)) {
      const res = await send(method, `${path}${query}`);
      if (res.status >= 500)
        wrong.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
