import type { QrSvg } from '../../../contract/qr-svg';
import type { Wedding } from '../../../contract/wedding';

/** What the server puts into a wedding page for the light entry to hydrate. */
export interface WeddingPageData {
  wedding: Wedding;
  pageUrl: string;
  /** The gift accounts' VietQR codes drawn by the server, by payload (decision 0931). */
  giftQrs?: Record<string, QrSvg>;
}
