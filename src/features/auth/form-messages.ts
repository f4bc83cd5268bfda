// Form errors: the contract resolver and the server give texts already in the form's language;
// bare message codes (set by a screen) are translated here.
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { shownFieldText } from '../../../contract/field-messages';
import { applyServerErrors, errorText, useMessageLang } from './form-errors';
import { toast } from '../../ui/toast';

export function useFieldText(): (error: FieldError | undefined) => string | undefined {
  const lang = useMessageLang();
  return (error) => shownFieldText(error?.message, lang);
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
