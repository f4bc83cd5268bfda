// Form errors: codes from the contract schemas are translated here; texts the server already
// translated (type 'server') are shown as they came.
import { useLingui } from '@lingui/react';
import { t } from '@lingui/core/macro';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messageText, type Lang } from '../../../contract/messages';
import { ApiRequestError, NetworkError } from '../../api/http-client';
import { toast } from '../../ui/toast';

/** The language of message texts for the current locale. */
export function useMessageLang(): Lang {
  const { i18n } = useLingui();
  return i18n.locale === 'en' ? 'en' : 'vi';
}

export function useFieldText(): (error: FieldError | undefined) => string | undefined {
  const lang = useMessageLang();
  return (error) => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : messageText(error.message, lang);
  };
}

/** The text of a failed call for a toast or an alert line. */
export function errorText(error: unknown, lang: Lang): string {
  if (error instanceof ApiRequestError) return error.message || messageText(error.code, lang);
  if (error instanceof NetworkError) return t`Không có kết nối mạng. Vui lòng thử lại khi có mạng.`;
  return messageText('generic', lang);
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

/** A failed submit: the server's field errors next to their fields, anything else as a toast. */
export function useSubmitFailure(): <T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) => void {
  const lang = useMessageLang();
  return (error, fields, setError) => {
    if (!applyServerErrors(error, fields, setError)) toast.error(errorText(error, lang));
  };
}
