// The guest list as CSV, loaded on the first export only (csv-stringify stays out of the
// screen's chunk). Every text cell is formula-safe (contract/csv.ts).
import { stringify } from 'csv-stringify/sync';
import { csvStringifyOptions } from '../../../contract/csv';
import { formatDate } from '../../../contract/format';
import type { WeddingGuest } from '../../../contract/wedding';

export function weddingGuestsCsv(
  guests: readonly WeddingGuest[],
  header: {
    name: string;
    phone: string;
    attending: string;
    people: string;
    wishes: string;
    date: string;
  },
  yesNo: { yes: string; no: string },
): string {
  return stringify(
    [
      [header.name, header.phone, header.attending, header.people, header.wishes, header.date],
      ...guests.map((g) => [
        g.name,
        g.phone ?? '',
        g.attending ? yesNo.yes : yesNo.no,
        String(g.people),
        g.wishes ?? '',
        formatDate(g.createdAt),
      ]),
    ],
    csvStringifyOptions,
  );
}
