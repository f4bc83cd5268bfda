// The job diary calls of spec §7 (members: getJobDiaryByMemberId, jobDiary/{id}, insertJobDiary,
// updateJobDiaryById, deleteJobDiaryById) and the CV calls (decisions 0710, 0711). Writes run
// the registered jobDiary.* and cv.save mutations, the same handlers as the batch push.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { optionalMember, requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, readQuery, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import { jobDiaryForClient, liveJobDiary, ownedJobDiaryEntry } from '../domain/job-diary';
import { ownCv, visibleCv } from '../domain/cv';
import { jobDiaryListQuerySchema, jobDiaryMatches } from '../../contract/job-diary';

type Fields = Record<string, unknown>;

async function bodyFields(c: Context<AppEnv>): Promise<Fields> {
  const body = await rawBody(c);
  return v.is(v.record(v.string(), v.unknown()), body) ? { ...body } : {};
}

/** An id for a call without one: from the member and the Idempotency-Key, so a replay matches. */
function newEntryId(c: Context<AppEnv>): string {
  const key = c.req.header('idempotency-key');
  if (!key) return crypto.randomUUID();
  const hex = createHash('sha256')
    .update(`${requireMember(c).memberId}|jobDiary|${key}`)
    .digest('hex')
    .slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The spec's clients may send `date` or `entryDate`, `title`, `content`. */
function diaryPayload(fields: Fields, id: string): Fields {
  const { memberId: _m, entryDate, ...rest } = fields;
  return {
    ...rest,
    ...(rest.date === undefined && entryDate !== undefined ? { date: entryDate } : {}),
    id,
  };
}

export function jobDiaryAndCvRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  /** A diary is its owner's alone: another member's list is 403. */
  app.get('/members/getJobDiaryByMemberId/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (id !== me.memberId) throw new ApiError(403, 'forbidden');
    const query = readQuery(c, jobDiaryListQuerySchema);
    const all = (await liveJobDiary(db, id)).map(jobDiaryForClient);
    const matching = all.filter((entry) => jobDiaryMatches(entry, query.search, query.filter));
    const limit = Number(query.limit);
    return c.json({ items: matching.slice(0, limit), total: matching.length, limit });
  });

  /** Someone else's entry is not told apart from none (404). */
  app.get('/members/jobDiary/:id', async (c) => {
    const me = requireMember(c);
    const row = await ownedJobDiaryEntry(db, me.memberId, uuidParam(c, 'id'));
    if (row.deletedAt !== null) throw new ApiError(404, 'not_found');
    return c.json(jobDiaryForClient(row));
  });

  app.post('/members/insertJobDiary', async (c) => {
    requireMember(c);
    const fields = await bodyFields(c);
    const id = typeof fields.id === 'string' && fields.id ? fields.id : newEntryId(c);
    return runMutationRoute(c, deps, 'jobDiary.upsert', diaryPayload(fields, id));
  });

  /** Replaces an existing entry's fields: an unknown (or someone else's) entry is 404. */
  app.put('/members/updateJobDiaryById/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    const row = await ownedJobDiaryEntry(db, me.memberId, id);
    if (row.deletedAt !== null) throw new ApiError(404, 'not_found');
    const fields = await bodyFields(c);
    if (typeof fields.id === 'string' && fields.id.toLowerCase() !== id) {
      throw new ApiError(400, 'validation_failed', { id: 'invalid_id' });
    }
    return runMutationRoute(c, deps, 'jobDiary.upsert', diaryPayload(fields, id));
  });

  /** Soft delete (spec §4: a PUT to a delete path). */
  app.put('/members/deleteJobDiaryById/:id', async (c) =>
    runMutationRoute(c, deps, 'jobDiary.delete', { id: uuidParam(c, 'id') }),
  );

  /**
   * The CV of /cv/{link or memberId} as this viewer may see it; hidden, missing or unknown: 404.
   * The short link is what members share (issue 23); the id keeps working.
   */
  app.get('/cv/getCvByMemberId/:id', async (c) => {
    const viewer = optionalMember(c)?.memberId;
    const idOrLink = c.req.param('id');
    if (idOrLink.length > 200) throw new ApiError(404, 'not_found');
    return c.json(await visibleCv(db, viewer, idOrLink));
  });

  /** The caller's own CV as saved (the form's starting point on a new device). */
  app.get('/cv/getOwnCv/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (id !== me.memberId) throw new ApiError(403, 'forbidden');
    return c.json(await ownCv(db, id));
  });

  /** Saves the caller's CV (/action/createCv); another member's id is 403. */
  app.put('/cv/updateCvByMemberId/:id', async (c) => {
    const me = requireMember(c);
    const id = uuidParam(c, 'id');
    if (id !== me.memberId) throw new ApiError(403, 'forbidden');
    const { memberId: _m, id: _i, ...fields } = await bodyFields(c);
    return runMutationRoute(c, deps, 'cv.save', fields);
  });

  return app;
}
