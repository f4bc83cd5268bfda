// Data of /action/discount (decision 0810): the offers of the member's groups come from the
// device mirror (pulled, so they show offline); admins write offers online, then the next pull
// brings them to every device; applied discounts are read online.
import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { appDb, type DiscountGroupRow, type StaffGroupRow } from '../../db/app-db';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import { outboxChanged } from '../../sync/flush-signal';
import type { DiscountGroupUpsertInput } from '../../../contract/discount';

/** Every offer this device mirrors, newest end date first. */
export function useOffers(): DiscountGroupRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.discountGroups.toArray())
      .filter((o) => o.deletedAt === null)
      .sort((a, b) => b.validTo.localeCompare(a.validTo) || a.title.localeCompare(b.title, 'vi')),
  );
}

/** Groups the member administers. */
export function useAdminGroups(): StaffGroupRow[] | undefined {
  return useLiveQuery(async () =>
    (await appDb.staffGroups.toArray()).filter((g) => g.role === 'admin' && g.deletedAt === null),
  );
}

/** Online only: creates (POST) or edits (PUT) an offer; the device gets it at once. */
export async function saveOffer(input: DiscountGroupUpsertInput, isNew: boolean) {
  const saved = isNew
    ? await apiCall(routes.discountGroupCreate, { json: input })
    : await apiCall(routes.discountGroupUpdate, { params: { id: input.id }, json: input });
  await appDb.discountGroups.put(saved);
  // Pull soon, so the cursor moves past this change too.
  outboxChanged();
  return saved;
}

export function useDiscountUses(page: number) {
  return useQuery({
    queryKey: ['discount', 'uses', page],
    queryFn: () => apiCall(routes.discountUses, { query: { page } }),
  });
}
