// Phonebook calls (the spec lists none; docs/decisions/0251-contacts-calls.md). Writes run the
// registered contact.* mutations, the same handlers as the batch push.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { looksLikePhone, phoneDigits } from '../../contract/phone';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readQuery, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import {
  contactForClient,
  contactListPage,
  liveContactCount,
  liveContactPages,
  ownedContact,
  type ContactRow,
} from '../domain/contacts';
import { chunkedTextBody } from '../http/chunked-export';
import {
  contactListQuerySchema,
  foldForSearch,
  type Contact,
  type ContactPage,
} from '../../contract/contact';
import {
  contactsCsvHead,
  contactsCsvRows,
  contactsToVCard,
  csvHeadersEn,
  csvHeadersVi,
  type ExportableContact,
} from '../../contract/phonebook-export';

/** A member's phonebook is theirs alone. */
function requireOwner(c: Context<AppEnv>, id: string): string {
  const me = requireMember(c);
  if (me.memberId !== id) throw new ApiError(403, 'forbidden');
  return id;
}

export function contactsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  const exportable = (row: ContactRow): ExportableContact => {
    const urlMinify = row.cardSnapshot?.urlMinify;
    return {
      ...row,
      cardUrl:
        typeof urlMinify === 'string' && urlMinify
          ? `${deps.config.publicOrigin}/me/${encodeURIComponent(urlMinify)}`
          : null,
    };
  };

  /** The export's pieces: one per page of contacts, read only when the client wants more. */
  async function* exportPieces(
    memberId: string,
    format: (page: ExportableContact[]) => string,
    head = '',
  ): AsyncGenerator<string> {
    if (head) yield head;
    for await (const page of liveContactPages(db, memberId)) yield format(page.map(exportable));
  }

  /** filter matches name, company, job title, email or phone, diacritics ignored. */
  app.get('/contacts/getContactsByMemberId/:id', async (c) => {
    const id = requireOwner(c, uuidParam(c, 'id'));
    const query = readQuery(c, contactListQuerySchema);
    const page = Number(query.page);
    const limit = Number(query.limit);
    const needle = foldForSearch(query.filter);
    if (!needle) {
      // No filter: the page and the count come from the database (index contacts_live_name).
      const [items, total] = await Promise.all([
        contactListPage(db, id, (page - 1) * limit, limit),
        liveContactCount(db, id),
      ]);
      const body: ContactPage = { items: items.map(contactForClient), page, limit, total };
      return c.json(body);
    }
    // A filter folds accents as the device does, so it runs here, one page of rows at a time:
    // memory stays one page plus the answer, and other requests run between pages.
    const digits = phoneDigits(needle);
    const byPhone = digits.length >= 3 && looksLikePhone(needle);
    const items: Contact[] = [];
    let total = 0;
    for await (const rows of liveContactPages(db, id)) {
      for (const row of rows) {
        const contact = contactForClient(row);
        const key = contact.searchKey;
        if (!key.includes(needle) && !(byPhone && key.includes(digits))) continue;
        total += 1;
        if (total > (page - 1) * limit && items.length < limit) items.push(contact);
      }
    }
    const body: ContactPage = { items, page, limit, total };
    return c.json(body);
  });

  app.get('/contacts/getContactById/:id', async (c) => {
    const me = requireMember(c);
    const row = await ownedContact(db, me.memberId, uuidParam(c, 'id'));
    if (row.deletedAt !== null) throw new ApiError(404, 'not_found');
    return c.json(contactForClient(row));
  });

  /** Creates or replaces the contact with this client-made id. */
  app.put('/contacts/upsertContactById/:id', async (c) => {
    const id = uuidParam(c, 'id');
    const body = await rawBody(c);
    const fields = v.is(v.record(v.string(), v.unknown()), body) ? body : {};
    if (typeof fields.id === 'string' && fields.id.toLowerCase() !== id) {
      throw new ApiError(400, 'validation_failed', { id: 'invalid_id' });
    }
    return runMutationRoute(c, deps, 'contact.upsert', { ...fields, id });
  });

  /** Soft delete (spec §4: a PUT to a delete path). */
  app.put('/contacts/deleteContactById/:id', async (c) =>
    runMutationRoute(c, deps, 'contact.delete', { id: uuidParam(c, 'id') }),
  );

  app.get('/contacts/exportVcard/:id', (c) => {
    const id = requireOwner(c, uuidParam(c, 'id'));
    c.header('Content-Type', 'text/vcard; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="danh-ba.vcf"');
    c.header('Cache-Control', 'no-store');
    return c.body(chunkedTextBody(exportPieces(id, contactsToVCard)));
  });

  app.get('/contacts/exportCsv/:id', (c) => {
    const id = requireOwner(c, uuidParam(c, 'id'));
    const headers = requestLang(c) === 'en' ? csvHeadersEn : csvHeadersVi;
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="danh-ba.csv"');
    c.header('Cache-Control', 'no-store');
    return c.body(chunkedTextBody(exportPieces(id, contactsCsvRows, contactsCsvHead(headers))));
  });

  return app;
}
