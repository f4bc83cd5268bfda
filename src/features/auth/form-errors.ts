// What every form needs to report a failed call, light enough for the first screen: the
// server's texts come already worded in the request's language (decision 0025), so no message
// table is loaded here.
import { useLingui } from '@lingui/react';
import { t } from '@lingui/core/macro';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { genericMessage } from '../../../contract/generic-message';
import type { Lang } from '../../../contract/messages';
import { ApiRequestError, NetworkError, SessionExpiredError } from '../../api/http-client';

/** The language of message texts for the current locale. */
export function useMessageLang(): Lang {
  const { i18n } = useLingui();
  return i18n.locale === 'en' ? 'en' : 'vi';
}

/** The text of a failed call for a toast or an alert line. */
export function errorText(error: unknown, lang: Lang): string {
  if (error instanceof ApiRequestError) return error.message || genericMessage[lang];
  if (error instanceof NetworkError) return t`Không có kết nối mạng. Vui lòng thử lại khi có mạng.`;
  if (error instanceof SessionExpiredError)
    return t`Chưa đăng nhập hoặc phiên đăng nhập đã hết. Vui lòng đăng nhập lại.`;
  return genericMessage[lang];
}

/**
 * Puts the server's field errors next to their fields; returns false when the error had none
 * of the form's fields (the caller shows it as a toast or alert).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let placed = false;
  for (const [name, text] of Object.entries(error.fields)) {
    const field = fields.find((f) => f === name);
    if (!field) continue;
    setError(field, { type: 'server', message: text });
    placed = true;
  }
  return placed;
}
