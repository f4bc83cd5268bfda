// How the settings screens word a failed call: the server's field texts come already in the
// request's language (decision 0025); a lost connection says so; anything else is generic.
import { useLingui } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { genericMessage } from '../../../contract/generic-message';
import type { Lang } from '../../../contract/messages';
import { ApiRequestError, NetworkError } from '../../api/http-client';

export function useMessageLang(): Lang {
  const { i18n } = useLingui();
  return i18n.locale === 'en' ? 'en' : 'vi';
}

/** The server's message for one field of a refused call, if it named that field. */
export function fieldFailure(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError ? error.fields[field] : undefined;
}

/** The text of a failed call for a toast or an alert line. */
export function failureText(error: unknown, lang: Lang): string {
  if (error instanceof ApiRequestError) return error.message || genericMessage[lang];
  if (error instanceof NetworkError) return t`Không có kết nối mạng. Vui lòng thử lại khi có mạng.`;
  return genericMessage[lang];
}
