// Decision 0108: the login e-mail and phone never reach an anonymous visitor unless the owner
// published them in the card's contact fields.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { members } from '../../server/db/schema';
import { mailOutbox } from '../../server/db/schema-auth';
import { migrationsDir } from '../../server/db/client';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;

const post = (url: string, json: unknown) => server.request(`/api${url}`, { method: 'POST', json });

async function codeSentTo(recipient: string): Promise<string> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return String(row?.payload.code ?? '');
}

async function register(login: { email: string } | { phone: string }) {
  const password = 'hoa-sen-tim-2026';
  const byMail = 'email' in login;
  const recipient = byMail ? login.email : login.phone;
  await post(byMail ? '/auth/registerOTPEmail' : '/auth/registerOTP', login);
  const res = await post('/auth/register', {
    type: byMail ? 'tbMail' : 'tbPhone',
    ...login,
    name: 'Lê Thị Riêng',
    password,
    confirmPassword: password,
    otp: await codeSentTo(recipient),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { memberId: string; urlMinify: string };
}

/** Every anonymous answer about a member's card, as text. */
async function anonymousAnswers(member: { memberId: string; urlMinify: string }) {
  const slug = member.urlMinify;
  const urls = [
    `/me/${slug}`,
    `/api/members/getMemberId/${slug}`,
    `/api/members/getMemberIdView/${slug}`,
    `/api/members/getInfoMemberAndGroupByLink/${slug}?path=/me/${slug}`,
    `/api/members/getMetaMemberId/${member.memberId}`,
    `/api/members/getMetaMemberByUrlMinify/${slug}`,
    `/api/members/getVfcMemberId/${member.memberId}`,
  ];
  const answers: string[] = [];
  for (const url of urls) {
    const res = await server.request(url);
    expect(res.status, url).toBe(200);
    answers.push(`${url}\n${await res.text()}`);
  }
  return answers;
}

describe('login address privacy', () => {
  it('keeps a login e-mail off every anonymous answer until the owner publishes it', async () => {
    const email = 'rieng.le@example.vn';
    const member = await register({ email });
    for (const answer of await anonymousAnswers(member)) expect(answer).not.toContain(email);

    // Published by the owner in the contact field: then it is shown, as chosen.
    await db.update(members).set({ contactEmail: email }).where(eq(members.id, member.memberId));
    const vcard = await server.request(`/api/members/getVfcMemberId/${member.memberId}`);
    expect(await vcard.text()).toContain(email);
  });

  it('keeps a login phone off every anonymous answer', async () => {
    const phone = '0977123456';
    const member = await register({ phone });
    for (const answer of await anonymousAnswers(member)) expect(answer).not.toContain(phone);
  });

  it('migration 0500 clears contact e-mails copied from the login e-mail, and only those', async () => {
    const [copied] = await db
      .insert(members)
      .values({
        name: 'Bản sao',
        urlMinify: 'ban-sao-0500',
        email: 'copy@example.vn',
        contactEmail: ' Copy@Example.vn',
      })
      .returning();
    const [chosen] = await db
      .insert(members)
      .values({
        name: 'Tự chọn',
        urlMinify: 'tu-chon-0500',
        email: 'login@example.vn',
        contactEmail: 'sales@example.vn',
      })
      .returning();
    const sql = await readFile(path.join(migrationsDir, '0500_login_email_privacy.sql'), 'utf8');
    await server.database.execScript(sql);
    const contactOf = async (id: string) =>
      (await db.select().from(members).where(eq(members.id, id)))[0]?.contactEmail;
    expect(await contactOf(copied!.id)).toBeNull();
    expect(await contactOf(chosen!.id)).toBe('sales@example.vn');
  });
});
