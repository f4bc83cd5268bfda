// A big export beside everyone else (issue 25, decision 1022): the vCard export of 50,000
// contacts, read to the end, while /api/health is asked every 20 ms on the same process.
// Prints `export-vcard-50k-ms: N ms` and `export-health-p99-ms: N ms` (health p99 meanwhile).
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client';
import { createTestServer } from '../tests/server/test-server';
import type { Figure } from './run';
import { percentile } from './browser-harness';

const contactCount = 50_000;

export async function run(): Promise<Figure[]> {
  const server = await createTestServer({ demo: true });
  try {
    const db = server.database.db;
    const [owner] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM members WHERE url_minify = 'binh-tran'`,
    );
    const ownerId = owner!.id;
    const token = await server.tokenFor(ownerId);
    await db.execute(sql`
      INSERT INTO contacts (id, owner_member_id, name, phone, company, note)
      SELECT gen_random_uuid(), ${ownerId}, 'Khách ' || lpad(n::text, 5, '0') || ' Nguyễn Thị Ánh',
             '09' || lpad(n::text, 8, '0'), 'Công ty Cà Phê Sương Mai số ' || n,
             repeat('Ghi chú dài để gấp dòng vCard; ', 4)
      FROM generate_series(1, ${contactCount}) AS n`);

    const healthMs: number[] = [];
    let exporting = true;
    const probe = (async () => {
      while (exporting) {
        const started = performance.now();
        const res = await server.request('/api/health');
        await res.arrayBuffer();
        healthMs.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const started = performance.now();
    const res = await server.request(`/api/contacts/exportVcard/${ownerId}`, { token });
    const text = await res.text();
    const exportMs = performance.now() - started;
    exporting = false;
    await probe;
    const cards = text.split('BEGIN:VCARD').length - 1;
    if (cards !== contactCount) throw new Error(`export held ${cards} cards, not ${contactCount}`);
    return [
      { name: 'export-vcard-50k-ms', value: Math.round(exportMs), unit: 'ms' },
      {
        name: 'export-health-p99-ms',
        value: Math.round(percentile(healthMs, 99) * 10) / 10,
        unit: 'ms',
      },
    ];
  } finally {
    await server.close();
  }
}
