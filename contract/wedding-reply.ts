// A module of its own, with no schema library: the wedding page's island imports it.
/** The form fields a guest's reply posts, by name (the page's form and its island alike). */
export const weddingReplyFields = ['name', 'phone', 'attending', 'people', 'wishes'] as const;
export type WeddingReplyField = (typeof weddingReplyFields)[number];

/**
 * What the invitation shows of a reply posted as a plain form (no script): thanks, or the
 * server's reasons with what the guest typed, to fix and send again.
 */
export type WeddingReplyState =
  | { status: 'sent' }
  | {
      status: 'refused';
      message: string;
      fields: Partial<Record<WeddingReplyField, string>>;
      values: Partial<Record<WeddingReplyField, string>>;
    };
