// Tells a buyer that points were added to or used from their balance (one notification per
// kind per entry), inside the entry's transaction.
import { inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { groups } from '../../db/schema';
import { emitNotifications, type NotificationEvent } from '../notifications';

export interface NotifiedEntry {
  id: string;
  buyerMemberId: string;
  sellerGroupId: string;
  staffMemberId: string;
  accumulatedPoints: number;
  deductedPoints: number;
  /** Known when the entries were already read with their names (saves two look-ups). */
  sellerGroupName?: string;
  staffName?: string;
}

export async function notifyPointEntries(
  tx: Transaction,
  entries: readonly NotifiedEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const unnamed = [
    ...new Set(entries.filter((e) => !e.sellerGroupName).map((e) => e.sellerGroupId)),
  ];
  const names = new Map(
    unnamed.length === 0
      ? []
      : (
          await tx
            .select({ id: groups.id, name: groups.name })
            .from(groups)
            .where(inArray(groups.id, unnamed))
        ).map((g) => [g.id, g.name]),
  );
  const events: NotificationEvent[] = [];
  for (const entry of entries) {
    const common = {
      memberId: entry.buyerMemberId,
      actorMemberId: entry.staffMemberId,
      actorName: entry.staffName || undefined,
      subjectId: entry.id,
      link: '/action/viewPoint',
    };
    const group = entry.sellerGroupName || (names.get(entry.sellerGroupId) ?? '');
    if (entry.accumulatedPoints > 0) {
      events.push({
        ...common,
        kind: 'points_added',
        params: { points: entry.accumulatedPoints, group },
      });
    }
    if (entry.deductedPoints > 0) {
      events.push({
        ...common,
        kind: 'points_deducted',
        params: { points: entry.deductedPoints, group },
      });
    }
  }
  await emitNotifications(tx, events);
}
