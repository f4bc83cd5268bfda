// Loads a card page's data through the spec's GET calls (the app's routes and the logged-in
// viewer's refresh); public visitors get the same data embedded in the server's HTML.
import type {
  CardActivity,
  CardPost,
  CardProduct,
  CardRelic,
  CardView,
} from '../../../contract/card';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import { cardPaths, type CardPageData, type CardRoute } from '../../../contract/card-paths';

type Owned = CardPost | CardProduct | CardActivity | CardRelic;

async function ownerView(route: CardRoute, ownerKey: string, kind: 'me' | 'mbg' | 'any') {
  if (kind === 'mbg') return apiCall(routes.groupCardView, { params: { groupId: ownerKey } });
  if (kind === 'me') return apiCall(routes.memberCardView, { params: { memberId: ownerKey } });
  return apiCall(routes.cardViewByLink, {
    params: { link: ownerKey },
    query: { path: route.base },
  });
}

async function itemOwner(route: CardRoute): Promise<CardView> {
  const itemRoute =
    route.kind === 'product'
      ? routes.productById
      : route.kind === 'activity'
        ? routes.activityById
        : route.kind === 'relic'
          ? routes.relicById
          : routes.postById;
  const item: Owned = await apiCall(itemRoute, { params: { id: route.key } });
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
