import type { MessageCode } from './messages';

/** The one error shape of every API answer that is not a success. */
export interface ApiErrorBody {
  error: {
    code: MessageCode | (string & {});
    message: string;
    /** Field name → message code, for forms. */
    fields?: Record<string, string>;
    /** Values filled into the message (e.g. `available` points), for clients that re-word it. */
    params?: Record<string, string | number>;
    requestId?: string;
  };
}
