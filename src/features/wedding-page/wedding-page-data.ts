import type { Wedding } from '../../../contract/wedding';

/** What the server puts into a wedding page for the light entry to hydrate. */
export interface WeddingPageData {
  wedding: Wedding;
  pageUrl: string;
}
