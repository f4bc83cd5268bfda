// Phonebook calls (the spec lists none; docs/decisions/0251-contacts-calls.md). Writes run the
// registered contact.* mutations, the same handlers as the batch push.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { looksLikePhone, phoneDigits } from '../../contract/phone';
import { ApiError, requestLang } from '../http/errors';
import { rawBody, readFileText, readQuery, uuidParam } from '../http/input';
import { mutationContext, runMutationRoute } from '../sync/run-mutation';
import { limitsOf, requireContactRoom } from '../domain/fair-use';
import { requestHash, runIdempotent } from '../sync/idempotency';
import { fieldMessages } from '../../contract/field-messages';
import {
  ImportFormatError,
  matchImported,
  parseContactsFile,
  phoneKey,
  type ImportedContact,
} from '../../contract/phonebook-import';
import {
  contactForClient,
  contactListPage,
  liveContactCount,
  liveContactPages,
  liveContacts,
  ownedContact,
  upsertContact,
  type ContactRow,
} from '../domain/contacts';
import { chunkedTextBody } from '../http/chunked-export';
import {
  contactListQuerySchema,
  contactUpsertSchema,
  foldForSearch,
  type ContactUpsertInput,
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

  /**
   * Import of a CSV or vCard file (decision 1102): each row updates the contact with its id,
   * phone or e-mail, or adds one. Every row is checked before anything is written; a bad row is
   * named by its line and nothing changes. Online only (the file is read here).
   */
  app.post('/contacts/importContacts/:id', async (c) => {
    const ownerId = requireOwner(c, uuidParam(c, 'id'));
    const text = await readFileText(c);
    let rows: ImportedContact[];
    try {
      rows = parseContactsFile(text);
    } catch (error) {
      if (error instanceof ImportFormatError) throw new ApiError(400, error.code);
      throw error;
    }
    const existing = new Map((await liveContacts(db, ownerId)).map((row) => [row.id, row]));
    const targets = matchImported([...existing.values()], rows, () => crypto.randomUUID());
    // Rows that are the same person fold into one write; an empty cell keeps what is stored.
    const merged = new Map<string, { line: number; input: Record<string, unknown> }>();
    rows.forEach((row, index) => {
      const target = targets[index]!;
      const stored = existing.get(target.id);
      const before = merged.get(target.id)?.input ?? {
        id: target.id,
        name: stored?.name ?? '',
        phone: stored?.phone ?? '',
        email: stored?.email ?? '',
        company: stored?.company ?? '',
        jobTitle: stored?.jobTitle ?? '',
        address: stored?.address ?? '',
        note: stored?.note ?? '',
        cardMemberId: stored?.cardMemberId ?? null,
      };
      const given = Object.fromEntries(
        (['name', 'phone', 'email', 'company', 'jobTitle', 'address', 'note'] as const)
          .filter((field) => row[field] !== '')
          // The same number written another way (the export groups digits) keeps its spelling.
          .filter(
            (field) =>
              field !== 'phone' || phoneKey(row.phone) !== phoneKey(before.phone as string),
          )
          .map((field) => [field, row[field]]),
      );
      merged.set(target.id, { line: row.line, input: { ...before, ...given } });
    });
    const inputs: ContactUpsertInput[] = [...merged.values()].map(({ line, input }) => {
      const checked = v.safeParse(contactUpsertSchema, input);
      if (!checked.success) {
        throw new ApiError(
          400,
          'import_row_invalid',
          fieldMessages(contactUpsertSchema, checked.issues),
          undefined,
          { line },
        );
      }
      return checked.output;
    });
    const created = inputs.filter((input) => !existing.has(input.id)).length;
    const result = await runIdempotent(
      db,
      ownerId,
      c.req.header('idempotency-key'),
      requestHash('contact.import', text),
      async (tx) => {
        const ctx = mutationContext(deps, ownerId);
        const limits = limitsOf(ctx);
        // The phonebook cap is checked once for the whole file, not once per new row.
        await requireContactRoom(tx, ownerId, created, ctx.now, limits);
        const checked = { ...ctx, fairUse: { ...limits, contacts: Number.MAX_SAFE_INTEGER } };
        for (const input of inputs) await upsertContact.run(tx, checked, input);
        return { status: 200, body: { created, updated: inputs.length - created } };
      },
    );
    return c.json(result.body as { created: number; updated: number });
  });

  return app;
}
