// Registration information (issue 15 item 5, decision 0664): the public form, the staff's list
// with every spec §7 filter, the detail with its history, and the workflow as a state machine
// — every action from every state, legal or refused with 409 naming the state, 403, 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { createRegistration } from '../../server/registrations/registration-store';
import { registrationFormLimit } from '../../server/routes/registrations';
import {
  registrationActions,
  registrationStatuses,
  type RegistrationAction,
  type RegistrationDetail,
  type RegistrationPage,
  type RegistrationStatus,
} from '../../contract/registration';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;

let brandId = '';
const tokens: Record<'admin' | 'seller' | 'outsider', string> = {
  admin: '',
  seller: '',
  outsider: '',
};

async function memberIdByEmail(email: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM members WHERE email = ${email}`,
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  const [brand] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM groups WHERE url_minify = 'demo-brand'`,
  );
  brandId = brand!.id;
  tokens.admin = await server.tokenFor(await memberIdByEmail('brand@mecards.vn'));
  tokens.seller = await server.tokenFor(await memberIdByEmail('staff@mecards.vn'));
  tokens.outsider = await server.tokenFor(await memberIdByEmail('demo@mecards.vn'));
});

const complete = {
  type: 'personal' as const,
  name: 'Nguyễn Thị Lan',
  phone: '0901234567',
  email: 'lan@example.vn',
  citizenIdentificationCode: '079123456789',
  address: '12 Lê Lợi, Đà Lạt',
  birthday: '1990-05-01',
};

/** A request made straight in the store (the public route is rate-limited per address). */
async function made(extra: Record<string, unknown> = {}, at?: Date): Promise<string> {
  const { id } = await createRegistration(db, {
    groupId: brandId,
    ...complete,
    note: undefined,
    website: undefined,
    ...extra,
  });
  if (at) {
    await db.execute(
      sql`UPDATE registrations SET created_at = ${at.toISOString()} WHERE id = ${id}`,
    );
  }
  return id;
}

const act = (action: RegistrationAction, id: string, token = tokens.admin, json: unknown = {}) =>
  server.request(`/api/rg/${action}/${id}`, { method: 'PUT', token, json });

async function stored(id: string) {
  const [row] = await queryRows<{ status: string; resume_status: string | null; steps: number }>(
    db,
    sql`SELECT status, resume_status,
          (SELECT count(*)::int FROM registration_steps WHERE registration_id = r.id) AS steps
        FROM registrations r WHERE id = ${id}`,
  );
  return row;
}

/** Puts a request into a state through legal actions. */
const pathTo: Record<RegistrationStatus, RegistrationAction[]> = {
  new: [],
  accepted: ['accept'],
  info_requested: ['accept', 'update'],
  approved: ['accept', 'approve'],
  paid: ['accept', 'approve', 'paid'],
  done: ['accept', 'approve', 'paid', 'done'],
  cancelled: ['cancel'],
};
const bodyOf = (action: RegistrationAction) =>
  action === 'update'
    ? { missingInfo: ['address'] }
    : action === 'updateConfirm'
      ? { address: '45 Hai Bà Trưng, Đà Lạt' }
      : {};

async function inState(status: RegistrationStatus): Promise<string> {
  const id = await made();
  for (const action of pathTo[status]) {
    const res = await act(action, id, tokens.admin, bodyOf(action));
    expect(res.status, `${action} towards ${status}`).toBe(200);
  }
  return id;
}

/** Every legal move and where it leads (decision 0664); anything else is a 409. */
const legal: Record<RegistrationStatus, Partial<Record<RegistrationAction, RegistrationStatus>>> = {
  new: { accept: 'accepted', cancel: 'cancelled', update: 'info_requested' },
  accepted: { approve: 'approved', cancel: 'cancelled', update: 'info_requested' },
  info_requested: { cancel: 'cancelled', updateConfirm: 'accepted' },
  approved: { paid: 'paid', cancel: 'cancelled' },
  paid: { done: 'done', cancel: 'cancelled' },
  done: {},
  cancelled: {},
};

describe('registration workflow over HTTP', () => {
  it('walks new → accepted → approved → paid → done, recording who did each step and when', async () => {
    const create = await server.request('/api/rg/registerInformation', {
      method: 'POST',
      json: { groupId: brandId, ...complete },
    });
    expect(create.status).toBe(201);
    const { id } = (await create.json()) as { id: string };
    for (const [action, token] of [
      ['accept', tokens.seller],
      ['approve', tokens.admin],
      ['paid', tokens.seller],
      ['done', tokens.admin],
    ] as const) {
      const res = await act(action, id, token, { note: `bước ${action}` });
      expect(res.status, action).toBe(200);
    }
    const detail = await server.request(`/api/rg/getRegisterInformation/${id}`, {
      token: tokens.admin,
    });
    const body = (await detail.json()) as RegistrationDetail;
    expect(body.status).toBe('done');
    expect(body.steps.map((s) => [s.action, s.fromStatus, s.toStatus, s.actorName])).toEqual([
      ['create', null, 'new', null],
      ['accept', 'new', 'accepted', 'Trần Văn Bình'],
      ['approve', 'accepted', 'approved', 'Cà Phê Sương Mai'],
      ['paid', 'approved', 'paid', 'Trần Văn Bình'],
      ['done', 'paid', 'done', 'Cà Phê Sương Mai'],
    ]);
    expect(body.steps[1]!.note).toBe('bước accept');
    expect(body.steps.every((s) => !Number.isNaN(Date.parse(s.at)))).toBe(true);
  });

  it.each(registrationStatuses.flatMap((s) => registrationActions.map((a) => [s, a] as const)))(
    'from %s, %s',
    async (status, action) => {
      const id = await inState(status);
      const before = await stored(id);
      const res = await act(action, id, tokens.admin, bodyOf(action));
      const target = legal[status][action];
      if (target) {
        expect(res.status).toBe(200);
        const after = await stored(id);
        expect(after!.steps).toBe(before!.steps + 1);
        expect(after!.status).toBe(target);
      } else {
        expect(res.status).toBe(409);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe(`registration_refused_${status}`);
        expect(body.error.message).toContain('trạng thái');
        expect(await stored(id)).toEqual(before);
      }
    },
  );

  it('says the state in English when asked, and refuses approving with information missing', async () => {
    const id = await inState('done');
    const res = await server.request(`/api/rg/accept/${id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: {},
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Not possible: the request is “Done”',
    );

    const missing = await made({ email: '', citizenIdentificationCode: '' });
    expect((await act('accept', missing)).status).toBe(200);
    const approve = await act('approve', missing);
    expect(approve.status).toBe(409);
    expect(((await approve.json()) as { error: { code: string } }).error.code).toBe(
      'registration_incomplete',
    );
    // Ask for it, then confirm it: each asked item must be given.
    expect(
      (
        await act('update', missing, tokens.seller, {
          missingInfo: ['email', 'citizenIdentificationCode'],
        })
      ).status,
    ).toBe(200);
    const half = await act('updateConfirm', missing, tokens.seller, { email: 'x@example.vn' });
    expect(half.status).toBe(400);
    expect(
      ((await half.json()) as { error: { fieldCodes: Record<string, unknown> } }).error.fieldCodes,
    ).toHaveProperty('citizenIdentificationCode');
    const badId = await act('updateConfirm', missing, tokens.seller, {
      email: 'x@example.vn',
      citizenIdentificationCode: '1234',
    });
    expect(badId.status).toBe(400);
    expect(
      ((await badId.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toEqual({ citizenIdentificationCode: 'Số CCCD phải gồm đúng 12 chữ số' });
    expect((await stored(missing))!.status).toBe('info_requested');
    const confirm = await act('updateConfirm', missing, tokens.seller, {
      email: 'x@example.vn',
      citizenIdentificationCode: '079000111222',
    });
    expect(confirm.status).toBe(200);
    const after = (await confirm.json()) as RegistrationDetail;
    expect(after).toMatchObject({ status: 'accepted', missingInfo: [], email: 'x@example.vn' });
    expect((await act('approve', missing)).status).toBe(200);
  });

  it('lets only the brand staff act: sellers not approve, done or cancel; others 403, nothing changed', async () => {
    const id = await inState('accepted');
    const before = await stored(id);
    for (const action of ['approve', 'cancel'] as const) {
      expect((await act(action, id, tokens.seller)).status).toBe(403);
    }
    for (const action of registrationActions) {
      expect((await act(action, id, tokens.outsider, bodyOf(action))).status).toBe(403);
    }
    expect((await act('approve', id)).status).toBe(200);
    expect((await stored(id))!.steps).toBe(before!.steps + 1);
    const detail = await server.request(`/api/rg/getRegisterInformation/${id}`, {
      token: tokens.outsider,
    });
    expect(detail.status).toBe(403);
    const list = await server.request('/api/rg/getListRegisterInformation', {
      token: tokens.outsider,
    });
    expect(list.status).toBe(403);
    const otherGroup = await server.request(
      `/api/rg/getListRegisterInformation?groupId=${randomUUID()}`,
      { token: tokens.admin },
    );
    expect(otherGroup.status).toBe(403);
    expect((await server.request('/api/rg/getListRegisterInformation')).status).toBe(401);
    expect((await act('accept', id, '')).status).toBe(401);
  });

  it('answers 404 for an unknown request or brand', async () => {
    expect((await act('accept', randomUUID())).status).toBe(404);
    expect((await act('accept', 'not-an-id')).status).toBe(404);
    const detail = await server.request(`/api/rg/getRegisterInformation/${randomUUID()}`, {
      token: tokens.admin,
    });
    expect(detail.status).toBe(404);
    expect((await server.request('/api/rg/form/no-such-brand')).status).toBe(404);
    const form = await server.request('/api/rg/form/demo-brand');
    expect(await form.json()).toEqual({ groupId: brandId, name: 'Cà Phê Sương Mai' });
  });
});

describe('registration list filters', () => {
  it('filters by status, type, phone, email, missingInfo, citizen id, dates, and pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const day = (iso: string) => new Date(`${iso}T10:00:00+07:00`);
    const a = await made(
      {
        type: 'organization',
        email: `a-${tag}@shop.vn`,
        phone: '0912000111',
        citizenIdentificationCode: '001122334455',
      },
      day('2030-01-05'),
    );
    const b = await made(
      { email: '', address: '', phone: '0912000222', citizenIdentificationCode: '001199990000' },
      day('2030-01-10'),
    );
    const c = await made({ email: `c-${tag}@shop.vn`, phone: '0912000333' }, day('2030-01-20'));
    expect((await act('accept', c)).status).toBe(200);

    const list = async (query: string) => {
      const res = await server.request(
        `/api/rg/getListRegisterInformation?${new URLSearchParams({
          from: '2030-01-01',
          to: '2030-01-31',
          ...Object.fromEntries(new URLSearchParams(query)),
        }).toString()}`,
        { token: tokens.seller },
      );
      expect(res.status, query).toBe(200);
      return (await res.json()) as RegistrationPage;
    };
    const ids = async (query: string) => (await list(query)).items.map((r) => r.id);

    expect(await ids('')).toEqual([c, b, a]);
    expect(await ids('status=accepted')).toEqual([c]);
    expect(await ids('status=new')).toEqual([b, a]);
    expect(await ids('type=organization')).toEqual([a]);
    expect(await ids('phone=0912000222')).toEqual([b]);
    expect(await ids('phone=%2B84912000222')).toEqual([b]);
    expect(await ids(`email=${tag}`)).toEqual([c, a]);
    expect(await ids('missingInfo=email,address')).toEqual([b]);
    expect(await ids('missingInfo=email')).toEqual([b]);
    expect(await ids('citizenIdentificationCode=0011223')).toEqual([a]);
    expect(await ids('to=2030-01-09')).toEqual([a]);
    expect(await ids('from=2030-01-10&to=2030-01-10')).toEqual([b]);
    expect(await ids('status=')).toEqual([c, b, a]);
    const first = await list('page=1');
    expect(first).toMatchObject({ page: 1, total: 3 });
    expect((await list('page=2')).items).toEqual([]);

    for (const bad of [
      'status=flying',
      'missingInfo=shoe',
      'page=0',
      'from=2030-13-01',
      'type=x',
    ]) {
      const res = await server.request(`/api/rg/getListRegisterInformation?${bad}`, {
        token: tokens.admin,
      });
      expect(res.status, bad).toBe(400);
    }
  });

  it('pages 20 at a time, newest first', async () => {
    const base = new Date('2031-03-01T03:00:00Z').getTime();
    const made25: string[] = [];
    for (let i = 0; i < 25; i++) made25.push(await made({}, new Date(base + i * 60_000)));
    const page = async (n: number) =>
      (await (
        await server.request(
          `/api/rg/getListRegisterInformation?from=2031-03-01&to=2031-03-01&page=${n}`,
          { token: tokens.admin },
        )
      ).json()) as RegistrationPage;
    const one = await page(1);
    const two = await page(2);
    expect(one.items).toHaveLength(20);
    expect(two.items).toHaveLength(5);
    expect([...one.items, ...two.items].map((r) => r.id)).toEqual([...made25].reverse());
  });
});

describe('the public form', () => {
  it('refuses bad input with the field message, stores nothing; a honeypot stores nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM registrations`))[0]!.n;
    const before = await count();
    const bad = await server.request('/api/rg/registerInformation', {
      method: 'POST',
      json: { groupId: brandId, ...complete, citizenIdentificationCode: '12345', name: ' ' },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      citizenIdentificationCode: 'Số CCCD phải gồm đúng 12 chữ số',
      name: 'Vui lòng nhập thông tin',
    });
    const unknownBrand = await server.request('/api/rg/registerInformation', {
      method: 'POST',
      json: { ...complete, groupId: randomUUID() },
    });
    expect(unknownBrand.status).toBe(404);
    const robot = await server.request('/api/rg/registerInformation', {
      method: 'POST',
      json: { groupId: brandId, ...complete, website: 'http://spam.example' },
    });
    expect(robot.status).toBe(201);
    expect(await count()).toBe(before);
  });

  it('limits one address per hour (counted in the database)', async () => {
    let limited = 0;
    for (let i = 0; i < registrationFormLimit.limit + 2; i++) {
      const res = await server.request('/api/rg/registerInformation', {
        method: 'POST',
        json: { groupId: brandId, ...complete, website: 'bot' },
      });
      if (res.status === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM rate_limits WHERE bucket LIKE 'registration-ip:%'`,
    );
    expect(row!.n).toBeGreaterThan(0);
  });
});
