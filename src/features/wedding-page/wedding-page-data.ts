import type { QrSvg } from '../../../contract/qr-svg';
import type { Wedding } from '../../../contract/wedding';
import type { WeddingReplyState } from '../../../contract/wedding-reply';

/** What the server renders a wedding page from. */
export interface WeddingPageData {
  wedding: Wedding;
  pageUrl: string;
  /** The gift accounts' VietQR codes drawn by the server, by payload (decision 0931). */
  giftQrs?: Record<string, QrSvg>;
  /** The answer to a reply posted with no script, shown in place of the form or inside it. */
  reply?: WeddingReplyState;
}
