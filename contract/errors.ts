import type { MessageCode } from './messages';

/** The one error shape of every API answer that is not a success. */
export interface ApiErrorBody {
  error: {
    code: MessageCode | (string & {});
    message: string;
    /** Field name → message code, for forms. */
    fields?: Record<string, string>;
    requestId?: string;
  };
}
