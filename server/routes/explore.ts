// Spec §7 Explore (decision 0810): an agency's directory of companies. Any logged-in member
// reads it (the app keeps a copy for offline search); the agency's admins replace it.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { readBody, readQuery, uuidParam } from '../http/input';
import { exploreQuerySchema, exploreUpdateSchema } from '../../contract/agency';
import { requireAgencyAdmin } from '../agency-access';
import {
  exploreCompany,
  exploreDirectory,
  ownAgencyOf,
  replaceExploreCompanies,
} from '../domain/explore';

export function exploreRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  // Without agencyId: the caller's own agency (the one they belong to, else the one they run).
  app.get('/exploreAgency', async (c) => {
    const me = requireMember(c);
    const q = readQuery(c, exploreQuerySchema);
    let agencyId = q.agencyId;
    if (!agencyId) {
      agencyId = await ownAgencyOf(db, me.memberId);
      if (!agencyId) throw new ApiError(404, 'not_found');
    }
    return c.json(await exploreDirectory(db, agencyId));
  });

  // Not in the spec (decision 0810): a company opened by a shared link on a new device.
  app.get('/exploreAgency/company/:id', async (c) => {
    requireMember(c);
    return c.json(await exploreCompany(db, uuidParam(c, 'id')));
  });

  app.post('/exploreAgency/update', async (c) => {
    const me = requireMember(c);
    const input = await readBody(c, exploreUpdateSchema);
    const agencyId = await requireAgencyAdmin(db, me.memberId, input.agencyId);
    await replaceExploreCompanies(db, agencyId, input.companies);
    return c.json(await exploreDirectory(db, agencyId));
  });

  return app;
}
