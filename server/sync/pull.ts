// Delta pull: every registered pull source's rows for this member with change_seq > cursor, in
// change_seq order, tombstones included, one consistent snapshot per page. change_seq is
// handed out in commit order (0001), so a cursor never passes a row that commits later.
import { and, asc, eq, getTableColumns, gt, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PulledEntityName } from '../../contract/entities';
import type { PulledChange, PullResponse } from '../../contract/sync';
import { tombstoneRetentionDays } from '../../contract/sync';
import { queryRows, type Database } from '../db/client';
import { syncTombstonePurges } from '../db/schema-sync';
import type { AppDeps } from '../http/env';
import { ApiError } from '../http/errors';
import { pullSources } from './pull-sources';
import type { AnyPullSource, PullSource, ShapedPullRow } from './registry';

interface SourceColumns {
  id: PgColumn;
  changeSeq: PgColumn;
  deletedAt: PgColumn;
}

function columnsOf(source: AnyPullSource): SourceColumns {
  const columns = getTableColumns(source.table) as Record<string, PgColumn | undefined>;
  const { id, changeSeq, deletedAt } = columns;
  if (!id || !changeSeq || !deletedAt) {
    throw new Error(`pull source ${source.entity} needs id, change_seq and deleted_at columns`);
  }
  return { id, changeSeq, deletedAt };
}

type Fetched = {
  source: AnyPullSource;
  seq: number;
  id: string;
} & (
  | { shaped: false; row: Record<string, unknown> }
  /** Already as the client stores it (fetchShaped). */
  | { shaped: true; row: ShapedPullRow }
);

/** One source's share of a page as changes, its rows as the client stores them. */
async function changesOf<E extends PulledEntityName>(
  source: PullSource<E>,
  fetched: readonly Fetched[],
  ctx: Parameters<PullSource<E>['toClient']>[1],
): Promise<PulledChange[]> {
  const raw: Record<string, unknown>[] = [];
  const shaped: unknown[] = [];
  for (const f of fetched) (f.shaped ? shaped : raw).push(f.row);
  const rows = [...(shaped as ShapedPullRow<E>[]), ...(await source.toClient(raw, ctx))];
  // One table here; TypeScript does not follow a generic table into the union of changes.
  return rows.map((row) => ({ entity: source.entity, row }) as PulledChange);
}

/** The source's rows this pull carries: in scope, and not the asking device's own echoes. */
function carried(source: AnyPullSource, memberId: string, clientId: string | null): SQL {
  const origin = source.originColumn;
  if (!origin || clientId === null) return source.scope(memberId);
  return and(source.scope(memberId), sql`${origin} IS DISTINCT FROM ${clientId}`)!;
}

/** The newest change_seq past `cursor` of the rows left out as the device's own, or null. */
function ownNewest(memberId: string, cursor: number, clientId: string | null): SQL {
  const own = pullSources.flatMap((source) => {
    const origin = source.originColumn;
    if (!origin || clientId === null) return [];
    const cols = columnsOf(source);
    return [
      sql`(SELECT max(${cols.changeSeq}) FROM ${source.table}
           WHERE ${and(source.scope(memberId), gt(cols.changeSeq, cursor), sql`${origin} = ${clientId}`)})`,
    ];
  });
  return own.length === 0 ? sql`NULL::bigint` : sql`greatest(${sql.join(own, sql`, `)})`;
}

/**
 * `clientId`: the asking device, whose mirror holds the rows its pushes answered with; the rows
 * it wrote are left out (decision 0208). Null: every row in scope.
 */
export async function pullChanges(
  deps: AppDeps,
  memberId: string,
  cursor: number,
  limit: number,
  clientId: string | null = null,
): Promise<PullResponse<PulledChange>> {
  return deps.database.db.transaction(
    async (tx) => {
      // One statement reads the purge mark and which sources hold anything past the cursor: a
      // device that is nearly up to date then reads two or three tables instead of every one.
      // It also reads the newest row left out as the device's own (0208): a last page moves
      // the cursor past it, so later pulls do not walk over the booth's entries again.
      const [probe] = await queryRows<{
        purged: string | number | null;
        own: string | number | null;
        changed: string;
      }>(
        tx,
        sql`SELECT (SELECT ${syncTombstonePurges.purgedThroughSeq} FROM ${syncTombstonePurges}
                     WHERE ${eq(syncTombstonePurges.id, 1)}) AS purged,
                   ${ownNewest(memberId, cursor, clientId)} AS own,
                   concat(${sql.join(
                     pullSources.map((source) => {
                       const cols = columnsOf(source);
                       const past = and(
                         carried(source, memberId, clientId),
                         gt(cols.changeSeq, cursor),
                       );
                       return sql`CASE WHEN EXISTS (SELECT 1 FROM ${source.table} WHERE ${past}) THEN '1' ELSE '0' END`;
                     }),
                     sql`, `,
                   )}) AS changed`,
      );
      // Cursor 0 is a full pull and needs no tombstones; any other cursor behind a purge may
      // have missed a delete.
      const purgedThrough = Number(probe?.purged ?? 0);
      if (cursor > 0 && cursor < purgedThrough) throw new ApiError(410, 'resync_required');
      const changed = probe?.changed ?? '';
      const fetched: Fetched[] = [];
      for (const [n, source] of pullSources.entries()) {
        if (changed[n] !== '1') continue;
        if (source.fetchShaped) {
          // Its one JSON statement knows no origin column: a source has one or the other.
          if (source.originColumn) throw new Error(`${source.entity}: origin with fetchShaped`);
          for (const row of await source.fetchShaped(tx, memberId, cursor, limit + 1)) {
            fetched.push({ source, seq: row.changeSeq, id: row.id, row, shaped: true });
          }
          continue;
        }
        const cols = columnsOf(source);
        const rows = (await tx
          .select()
          .from(source.table)
          .where(and(carried(source, memberId, clientId), gt(cols.changeSeq, cursor)))
          .orderBy(asc(cols.changeSeq), asc(cols.id))
          .limit(limit + 1)) as Record<string, unknown>[];
        for (const row of rows) {
          fetched.push({
            source,
            seq: Number(row.changeSeq),
            id: String(row.id),
            row,
            shaped: false,
          });
        }
      }
      fetched.sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      let take = Math.min(limit, fetched.length);
      // Never end a page inside a group of equal sequence numbers (ties are broken by id).
      while (take > 0 && take < fetched.length && fetched[take]?.seq === fetched[take - 1]?.seq) {
        take += 1;
      }
      const page = fetched.slice(0, take);
      const changes: PulledChange[] = [];
      for (const source of pullSources) {
        const ofSource = page.filter((f) => f.source === source);
        if (ofSource.length === 0) continue;
        changes.push(...(await changesOf<PulledEntityName>(source, ofSource, { tx, memberId })));
      }
      const hasMore = take < fetched.length;
      const reached = page.at(-1)?.seq ?? cursor;
      return {
        changes,
        // At the end, move past the purge mark too: every sequence number up to it belongs to a
        // committed row (stamping is in commit order), so nothing below it can still appear,
        // and the next pull must not be sent back to a resync.
        cursor: hasMore ? reached : Math.max(reached, purgedThrough, Number(probe?.own ?? 0)),
        hasMore,
        serverTime: deps.now().toISOString(),
      };
    },
    // PGlite has one connection: nothing commits inside a transaction, whatever its level.
    deps.database.kind === 'postgres'
      ? { isolationLevel: 'repeatable read', accessMode: 'read only' }
      : undefined,
  );
}

/**
 * Deletes tombstones older than the retention from every pulled table and moves the purge
 * mark past them, so that a device whose cursor is older resyncs instead of keeping the row.
 * A table whose tombstones are still referenced elsewhere keeps them (that is always safe).
 */
export async function purgeTombstones(
  db: Database,
  now: Date,
  retentionDays = tombstoneRetentionDays,
): Promise<{ purged: number; through: number }> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  let purged = 0;
  let through = 0;
  for (const source of pullSources) {
    const cols = columnsOf(source);
    await db
      .transaction(async (tx) => {
        const [top] = await tx
          .select({ seq: max(cols.changeSeq) })
          .from(source.table)
          .where(and(isNotNull(cols.deletedAt), lt(cols.deletedAt, before)));
        const topSeq = Number(top?.seq ?? 0);
        if (!topSeq) return;
        const deleted = await tx
          .delete(source.table)
          .where(and(isNotNull(cols.deletedAt), lt(cols.deletedAt, before)))
          .returning({ id: cols.id });
        purged += deleted.length;
        through = Math.max(through, topSeq);
        await tx
          .update(syncTombstonePurges)
          .set({
            purgedThroughSeq: sql`GREATEST(${syncTombstonePurges.purgedThroughSeq}, ${topSeq})`,
            purgedAt: now.toISOString(),
          })
          .where(eq(syncTombstonePurges.id, 1));
      })
      .catch((error: unknown) => {
        const code =
          (error as { code?: string; cause?: { code?: string } }).code ??
          (error as { cause?: { code?: string } }).cause?.code;
        if (code !== '23503') throw error;
      });
  }
  return { purged, through };
}
