// Demo people and groups of the points and check-in tests, with their tokens.
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { groups, members } from '../../server/db/schema';
import type { TestServer } from './test-server';

export interface PointsCast {
  demo: { id: string; token: string };
  staff: { id: string; token: string };
  admin: { id: string; token: string };
  outsider: { id: string; token: string };
  brandId: string;
  otherGroupId: string;
}

export async function pointsCast(server: TestServer): Promise<PointsCast> {
  const db = server.database.db;
  const member = async (where: ReturnType<typeof eq>) => {
    const [row] = await db.select({ id: members.id }).from(members).where(where);
    if (!row) throw new Error('demo member missing');
    return { id: row.id, token: await server.tokenFor(row.id) };
  };
  const group = async (url: string) => {
    const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.urlMinify, url));
    if (!row) throw new Error('demo group missing');
    return row.id;
  };
  return {
    demo: await member(eq(members.email, 'demo@mecards.vn')),
    staff: await member(eq(members.email, 'staff@mecards.vn')),
    admin: await member(eq(members.email, 'brand@mecards.vn')),
    outsider: await member(eq(members.urlMinify, 'le-hoang-nam')),
    brandId: await group('demo-brand'),
    otherGroupId: await group('demo-group'),
  };
}

export function entry(
  cast: PointsCast,
  overrides: Partial<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    id: randomUUID(),
    sellerGroupId: cast.brandId,
    buyerMemberId: cast.demo.id,
    invoiceNumber: `HD-${Math.floor(Math.random() * 1e6)}`,
    invoiceValue: 100_000,
    deductedPoints: 0,
    ...overrides,
  };
}

/** Reads a CSV answer as bytes and text. */
export async function csvOf(res: Response): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}
