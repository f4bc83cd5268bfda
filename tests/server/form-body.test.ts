// A urlencoded body is read by our own parser (no FormData per request); it must give what
// Hono's parseBody({ all: true }) gives, and refuse what it refuses.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { rawBody } from '../../server/http/input';
import { ApiError } from '../../server/http/errors';

const app = new Hono();
app.post('/ours', async (c) => {
  try {
    return c.json({ body: await rawBody(c) });
  } catch (error) {
    if (error instanceof ApiError) return c.json({ error: error.code }, 400);
    throw error;
  }
});
app.post('/hono', async (c) => c.json({ body: await c.req.parseBody({ all: true }) }));

const post = async (path: string, body: string) =>
  (await (
    await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body,
    })
  ).json()) as { body?: unknown; error?: string };

describe('urlencoded bodies', () => {
  it.each([
    'action=view&value=https%3A%2F%2Fshop.example%2F1&memberId=abc',
    'to=a&to=b&to=c&body=xin+ch%C3%A0o',
    'ids[]=1&ids[]=2&single[]=x&name=Nguy%E1%BB%85n+Th%E1%BB%8B',
    'empty=&=nokey&plain',
    '__proto__=1&constructor=2',
    '',
  ])('reads %j as Hono does', async (body) => {
    expect(await post('/ours', body)).toEqual(await post('/hono', body));
  });

  it('refuses raw bytes that are not UTF-8 (escaped ones decode to U+FFFD, as in Hono)', async () => {
    expect(await post('/ours', 'name=%ED%A0%80')).toEqual(await post('/hono', 'name=%ED%A0%80'));
    const bytes = await app.request('/ours', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new Uint8Array([0x6e, 0x3d, 0xff, 0xfe]),
    });
    expect(await bytes.json()).toEqual({ error: 'bad_text_encoding' });
  });
});
