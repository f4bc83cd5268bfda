// What the visitor page's island script (src/ssr/card-island.ts) reads from the page: the few
// facts its taps and counts need, in place of the whole card the app's entry hydrates from.
import type { CardOwner } from './card';
import type { CardRoute } from './card-paths';

export const cardIslandDataId = 'card-island';

export interface CardIslandData {
  owner: Pick<CardOwner, 'kind' | 'id' | 'urlMinify' | 'name'>;
  route: CardRoute;
  /** The card's link (share). */
  cardUrl: string;
  /** This page's link (the view count's value). */
  pageUrl: string;
}
