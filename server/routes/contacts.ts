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
import { contactForClient, liveContacts, ownedContact } from '../sync/contacts-sync';
import { contactListQuerySchema, foldForSearch, type ContactPage } from '../../contract/contact';
import {
  contactsToCsv,
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

  const exportable = async (memberId: string): Promise<ExportableContact[]> =>
    (await liveContacts(db, memberId)).map((row) => {
      const urlMinify = row.cardSnapshot?.urlMinify;
      return {
        ...row,
        cardUrl:
          typeof urlMinify === 'string' && urlMinify
            ? `${deps.config.publicOrigin}/me/${encodeURIComponent(urlMinify)}`
            : null,
      };
    });

  /** filter matches name, company, job title, email or phone, diacritics ignored. */
  app.get('/contacts/getContactsByMemberId/:id', async (c) => {
    const id = requireOwner(c, uuidParam(c, 'id'));
    const query = readQuery(c, contactListQuerySchema);
    const page = Number(query.page);
    const limit = Number(query.limit);
    let list = (await liveContacts(db, id)).map(contactForClient);
    const needle = foldForSearch(query.filter);
    if (needle) {
      const digits = phoneDigits(needle);
      list = list.filter(
        (contact) =>
          contact.searchKey.includes(needle) ||
          (digits.length >= 3 && looksLikePhone(needle) && contact.searchKey.includes(digits)),
      );
    }
    const body: ContactPage = {
      items: list.slice((page - 1) * limit, page * limit),
      page,
      limit,
      total: list.length,
    };
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

  app.get('/contacts/exportVcard/:id', async (c) => {
    const id = requireOwner(c, uuidParam(c, 'id'));
    c.header('Content-Type', 'text/vcard; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="danh-ba.vcf"');
    c.header('Cache-Control', 'no-store');
    return c.body(contactsToVCard(await exportable(id)));
  });

  app.get('/contacts/exportCsv/:id', async (c) => {
    const id = requireOwner(c, uuidParam(c, 'id'));
    const headers = requestLang(c) === 'en' ? csvHeadersEn : csvHeadersVi;
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="danh-ba.csv"');
    c.header('Cache-Control', 'no-store');
    return c.body(contactsToCsv(await exportable(id), headers));
  });

  return app;
}
