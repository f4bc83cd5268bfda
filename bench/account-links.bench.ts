// Account links (decision 0630): what a bank account's VietQR costs to make (payload + QR
// matrix, as the card does it), and what 60 account links add to reading a card on PGlite.
// Prints `vietqr-encode-us: N us`, `card-view-60-links-ms: N ms` (medians).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { migrate, openDatabase } from '../server/db/client';
import { accountLinks, members } from '../server/db/schema';
import { seedDemoData } from '../server/seed/demo';
import { loadCardView } from '../server/domain/cards';
import { vietQrPayload } from '../contract/vietqr';
import { encodeQr } from '../src/lib/qr-code';
import type { Figure } from './run';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function run(): Promise<Figure[]> {
  const encodeTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const start = performance.now();
    encodeQr(vietQrPayload({ bin: '970436', accountNumber: String(71000123456 + i) }));
    encodeTimes.push((performance.now() - start) * 1000);
  }

  const database = await openDatabase({});
  try {
    await migrate(database);
    await seedDemoData(database.db);
    const [demo] = await database.db.select().from(members).where(eq(members.urlMinify, 'demo'));
    if (!demo) throw new Error('no demo member');
    await database.db.insert(accountLinks).values(
      Array.from({ length: 60 }, (_, i) => ({
        id: randomUUID(),
        memberId: demo.id,
        kind: (['bank', 'link', 'video'] as const)[i % 3]!,
        bankBin: i % 3 === 0 ? '970422' : null,
        bankName: i % 3 === 0 ? 'MBBank' : null,
        ownerName: i % 3 === 0 ? 'NGUYEN THI MINH ANH' : null,
        accountNumber: i % 3 === 0 ? String(812945200 + i) : null,
        url:
          i % 3 === 1
            ? `https://example.vn/${i}`
            : i % 3 === 2
              ? 'https://youtu.be/dQw4w9WgXcQ'
              : null,
        ordinal: 10 + i,
        hidden: i % 10 === 0,
      })),
    );
    const readTimes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const start = performance.now();
      const view = await loadCardView(database.db, 'member', 'demo', undefined);
      readTimes.push(performance.now() - start);
      if (!view || view.owner.banks.length < 18) throw new Error('card without its banks');
    }
    return [
      { name: 'vietqr-encode-us', value: Math.round(median(encodeTimes)), unit: 'us' },
      { name: 'card-view-60-links-ms', value: Number(median(readTimes).toFixed(1)), unit: 'ms' },
    ];
  } finally {
    await database.close();
  }
}
