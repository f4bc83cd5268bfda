import type { FieldMessage } from './field-messages';
import type { MessageCode } from './messages';

/** The one error shape of every API answer that is not a success. */
export interface ApiErrorBody {
  error: {
    code: MessageCode | (string & {});
    message: string;
    /** Field name → its message as text, in the request's language (lang cookie, Accept-Language). */
    fields?: Record<string, string>;
    /** The same fields as code and parameters, for clients that word messages themselves. */
    fieldCodes?: Record<string, FieldMessage>;
    /** Values filled into the message (e.g. `available` points), for clients that re-word it. */
    params?: Record<string, string | number>;
    requestId?: string;
  };
}
