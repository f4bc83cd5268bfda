// Route-name reactions of card pages (spec §2): the remembered route name, and the jump to
// the create-point action when staff who just logged points open someone else's card.
import type { CardOwner } from '../../../contract/card';
import { rememberedRouteName, rememberRouteName } from '../../lib/cookies';
import type { CardRoute } from '../../../contract/card-paths';
import { currentMemberId } from '../../api/current-member';

/** The spec's route name of a card page. */
export function cardRouteName(route: CardRoute, owner: Pick<CardOwner, 'kind'>): string {
  const brand = owner.kind === 'group';
  switch (route.kind) {
    case 'product':
      return brand ? 'mbgProductDetail' : 'productDetail';
    case 'post':
      if (route.base === 'any') return 'blog';
      return brand ? 'mbgPostDetail' : 'postDetail';
    case 'activity':
      return brand ? 'mbgDetailActivity' : 'meDetailActivity';
    default:
      return brand ? 'mbg' : 'me';
  }
}

/** Where to go instead of this card, if anywhere. */
export function createPointTarget(
  owner: Pick<CardOwner, 'kind' | 'id'>,
  previousRoute: string | undefined,
  ownMemberId: string | undefined,
): string | null {
  if (owner.kind !== 'member' || previousRoute !== 'createPoint') return null;
  if (!ownMemberId || ownMemberId === owner.id) return null;
  return `/action/createPoint?memberId=${encodeURIComponent(owner.id)}`;
}

/** Runs the reactions; true when the browser is sent elsewhere. */
export function reactToCardRoute(route: CardRoute, owner: Pick<CardOwner, 'kind' | 'id'>): boolean {
  const target = createPointTarget(owner, rememberedRouteName(), currentMemberId());
  if (target) {
    window.location.replace(target);
    return true;
  }
  rememberRouteName(cardRouteName(route, owner));
  return false;
}
