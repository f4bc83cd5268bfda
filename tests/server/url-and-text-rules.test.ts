// URL and text rules (issue 25, decision 1020): every address field refuses control characters
// and backslashes with a 400 naming the problem, picture fields take only pictures uploaded
// here, names, titles and messages of only invisible characters are refused, and targets
// stored before these rules answer 404 instead of 500 (and count no click).
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ApiErrorBody } from '../../contract/errors';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;
let demoId = '';
let binhId = '';
let demo = '';

async function memberId(urlMinify: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM members WHERE url_minify = ${urlMinify}`,
  );
  return rows[0]!.id;
}

async function count(table: 'short_links' | 'bio_links' | 'account_links'): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  );
  return Number(rows[0]!.n);
}

async function fieldCode(res: Response, field: string): Promise<string | undefined> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ApiErrorBody;
  return body.error.fieldCodes?.[field]?.code;
}

beforeAll(async () => {
  demoId = await memberId('demo');
  binhId = await memberId('binh-tran');
  demo = await server.tokenFor(demoId);
});

const badAddresses: [string, string][] = [
  ['https://example.com/a\r\nSet-Cookie: x=1', 'url_control_characters'],
  ['https://example.com/a\nb', 'url_control_characters'],
  ['https://exam\tple.com/', 'url_control_characters'],
  ['https://example.com/\u0000', 'url_control_characters'],
  ['https://example.com/\u0085x', 'url_control_characters'],
  ['https://good.example\\@evil.example/', 'url_backslash'],
];

describe('address fields refuse control characters and backslashes', () => {
  it('short link targets: each bad address answers 400 with its reason and stores nothing', async () => {
    const before = await count('short_links');
    const cases: [string, string][] = [
      ...badAddresses,
      ['/\\evil.example/x', 'url_backslash'],
      ['//evil.example/x', 'short_link_target_invalid'],
      ['/ evil', 'short_link_target_invalid'],
    ];
    for (const [target, code] of cases) {
      const res = await server.request('/api/shortenedLink', {
        method: 'POST',
        token: demo,
        json: { id: randomUUID(), slug: `rule-${randomUUID().slice(0, 8)}`, target },
      });
      expect(await fieldCode(res, 'target'), JSON.stringify(target)).toBe(code);
    }
    expect(await count('short_links')).toBe(before);
    // A plain path of this site is still a good target.
    const ok = await server.request('/api/shortenedLink', {
      method: 'POST',
      token: demo,
      json: { id: randomUUID(), slug: 'rule-local-path', target: '/me/demo' },
    });
    expect(ok.status).toBe(200);
  });

  it('bio links and account links refuse the same addresses', async () => {
    const bioBefore = await count('bio_links');
    const accountBefore = await count('account_links');
    for (const [url, code] of badAddresses) {
      const bio = await server.request(`/api/bioLink/${randomUUID()}`, {
        method: 'PUT',
        token: demo,
        json: { title: 'Cửa hàng', url },
      });
      expect(await fieldCode(bio, 'url'), JSON.stringify(url)).toBe(code);
      const account = await server.request(`/api/members/updateAccountLinkById/${randomUUID()}`, {
        method: 'PUT',
        token: demo,
        json: { kind: 'link', title: 'Trang', url },
      });
      expect(await fieldCode(account, 'url'), JSON.stringify(url)).toBe(code);
    }
    expect(await count('bio_links')).toBe(bioBefore);
    expect(await count('account_links')).toBe(accountBefore);
  });

  it('profile website refuses a header break', async () => {
    const res = await server.request(`/api/members/updateMemberById/${demoId}`, {
      method: 'PUT',
      token: demo,
      json: { website: 'mecards.vn/a\r\nb' },
    });
    expect(await fieldCode(res, 'website')).toBe('url_control_characters');
  });
});

describe('picture fields take only pictures uploaded here', () => {
  it('a script address or a foreign picture as avatar, banner or background is refused', async () => {
    const [before] = await queryRows<{ avatar_url: string | null; background_url: string | null }>(
      db,
      sql`SELECT avatar_url, background_url FROM members WHERE id = ${demoId}`,
    );
    const cases: [string, string][] = [
      ['avatarUrl', 'javascript:alert(1)'],
      ['bannerUrl', '/\\evil.example/x.png'],
      ['backgroundUrl', 'https://evil.example/x.png'],
      ['avatarUrl', '/img/not-an-id/avatar.webp'],
    ];
    for (const [field, url] of cases) {
      const res = await server.request(`/api/members/updateMemberById/${demoId}`, {
        method: 'PUT',
        token: demo,
        json: { [field]: url },
      });
      expect(await fieldCode(res, field), `${field} ${url}`).toBe('image_url_invalid');
    }
    const [after] = await queryRows<{ avatar_url: string | null; background_url: string | null }>(
      db,
      sql`SELECT avatar_url, background_url FROM members WHERE id = ${demoId}`,
    );
    expect(after).toEqual(before);
  });
});

describe('names, titles and messages of only invisible characters', () => {
  const invisible = [
    '\u200b',
    '\u200b\u200c\u200d',
    '\u2060\ufeff',
    '\u200e\u200f',
    '\u3164',
    ' \u00ad ',
  ];

  it('a profile name, a short link title and a bio link title are refused', async () => {
    for (const text of invisible) {
      const name = await server.request(`/api/members/updateMemberById/${demoId}`, {
        method: 'PUT',
        token: demo,
        json: { name: text },
      });
      expect(await fieldCode(name, 'name'), JSON.stringify(text)).toBe('text_invisible_only');
      const link = await server.request('/api/shortenedLink', {
        method: 'POST',
        token: demo,
        json: { id: randomUUID(), slug: 'rule-title', target: '/me/demo', title: text },
      });
      expect(await fieldCode(link, 'title')).toBe('text_invisible_only');
      const bio = await server.request(`/api/bioLink/${randomUUID()}`, {
        method: 'PUT',
        token: demo,
        json: { title: text, url: 'https://shop.example.vn' },
      });
      expect(await fieldCode(bio, 'title')).toBe('text_invisible_only');
    }
    const [row] = await queryRows<{ name: string }>(
      db,
      sql`SELECT name FROM members WHERE id = ${demoId}`,
    );
    expect(row!.name.trim().length).toBeGreaterThan(0);
    expect(row!.name).not.toMatch(/^[\u200b-\u200f\u2060\ufeff\u3164\s\u00ad]+$/);
  });

  it('a message of only zero-width characters is refused and nobody gets it', async () => {
    const id = randomUUID();
    const res = await server.request('/api/messages', {
      method: 'POST',
      token: demo,
      json: { id, groupMessageId: randomUUID(), to: [binhId], body: '\u200b\u200b\u200b' },
    });
    expect(await fieldCode(res, 'body')).toBe('text_invisible_only');
    const copies = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM message_copies WHERE message_id = ${id}`,
    );
    expect(Number(copies[0]!.n)).toBe(0);
  });

  it('a name with zero-width characters between visible letters is kept', async () => {
    const res = await server.request(`/api/members/updateMemberById/${demoId}`, {
      method: 'PUT',
      token: demo,
      json: { shortName: 'Minh\u200bAnh' },
    });
    expect(res.status).toBe(200);
  });
});

describe('targets stored before the rules', () => {
  it('a short link with a header break answers 404, not 500, and counts no click', async () => {
    const id = randomUUID();
    await db.execute(
      sql`INSERT INTO short_links (id, member_id, slug, target)
          VALUES (${id}, ${demoId}, 'old-bad-target', ${'https://example.com/a\r\nSet-Cookie: x=1'})`,
    );
    await db.execute(
      sql`INSERT INTO short_links (id, member_id, slug, target)
          VALUES (${randomUUID()}, ${demoId}, 'old-backslash', ${'/\\evil.example/x'})`,
    );
    for (const slug of ['old-bad-target', 'old-backslash']) {
      const visit = await server.request(`/smc/${slug}`);
      expect(visit.status, slug).toBe(404);
      expect(visit.headers.get('location')).toBeNull();
    }
    const clicks = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tracking_events
          WHERE action = 'short_link_click' AND value IN ('old-bad-target', 'old-backslash')`,
    );
    expect(Number(clicks[0]!.n)).toBe(0);
  });

  it('a bio link to a script address or with a header break answers 404', async () => {
    for (const url of ['javascript:alert(1)', 'https://example.com/a\r\nSet-Cookie: x=1']) {
      const id = randomUUID();
      await db.execute(
        sql`INSERT INTO bio_links (id, member_id, title, url) VALUES (${id}, ${demoId}, 'Cũ', ${url})`,
      );
      const visit = await server.request(`/bio/demo/go/${id}`);
      expect(visit.status).toBe(404);
      expect(visit.headers.get('location')).toBeNull();
    }
  });
});
