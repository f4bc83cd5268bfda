// The react-hook-form resolver of every form: validates with a contract schema and words each
// field's problem with the same mapping the server answers with (decision 0025).
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { fieldMessageText, fieldMessages } from '../../contract/field-messages';
import type { Lang } from '../../contract/messages';

/**
 * Errors carry the message already rendered in `lang` (with its bound, e.g. "at most 120
 * characters") and the message code as their type.
 */
export function contractResolver<Input extends FieldValues, Output>(
  schema: v.GenericSchema<Input, Output>,
  lang: Lang,
): Resolver<Input, unknown, Output> {
  return (values, _context, options) => {
    const result = v.safeParse(schema, values, { abortPipeEarly: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.output, errors: {} };
    }
    const errors: Record<string, FieldError> = Object.create(null) as Record<string, FieldError>;
    for (const [path, message] of Object.entries(fieldMessages(schema, result.issues))) {
      // Checks over the whole form report no path; react-hook-form keeps them at the root.
      errors[path === '_' ? '' : path] = {
        type: message.code,
        message: fieldMessageText(message, lang),
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
