// Loads a card page's data through the spec's GET calls (the app's routes and the logged-in
// viewer's refresh); public visitors get the same data embedded in the server's HTML.
import type {
  CardActivity,
  CardPost,
  CardProduct,
  CardRelic,
  CardView,
} from '../../../contract/card';
import { apiFetch } from '../../api/http-client';
import { cardPaths, type CardPageData, type CardRoute } from '../../../contract/card-paths';

type Owned = CardPost | CardProduct | CardActivity | CardRelic;

async function ownerView(route: CardRoute, ownerKey: string, kind: 'me' | 'mbg' | 'any') {
  if (kind === 'mbg')
    return apiFetch<CardView>(`/groupAndBrand/getGDUById/${encodeURIComponent(ownerKey)}`);
  if (kind === 'me')
    return apiFetch<CardView>(`/members/getMemberIdView/${encodeURIComponent(ownerKey)}`);
  return apiFetch<CardView>(
    `/members/getInfoMemberAndGroupByLink/${encodeURIComponent(ownerKey)}`,
    {
      query: { path: route.base },
    },
  );
}

async function itemOwner(route: CardRoute): Promise<CardView> {
  const id = encodeURIComponent(route.key);
  const path =
    route.kind === 'product'
      ? `/productMember/getProductById/${id}`
      : route.kind === 'activity'
        ? `/brandActivity/getBrandActivityById/${id}`
        : route.kind === 'relic'
          ? `/relics/${id}`
          : `/members/blog/${id}`;
  const item = await apiFetch<Owned>(path);
  return item.groupId
    ? ownerView(route, item.groupId, 'mbg')
    : ownerView(route, item.memberId ?? '', 'me');
}

export async function loadCardPageData(
  route: CardRoute,
  origin: string,
  pathname: string,
): Promise<CardPageData> {
  const detail =
    route.kind === 'product' ||
    route.kind === 'post' ||
    route.kind === 'activity' ||
    route.kind === 'relic';
  const view = detail ? await itemOwner(route) : await ownerView(route, route.key, route.base);
  return {
    route,
    view,
    cardUrl: `${origin}${cardPaths(view).profile}`,
    pageUrl: `${origin}${pathname}`,
  };
}
