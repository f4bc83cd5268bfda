// The login form's check, loaded on first use: valibot, the login schema and the message table
// are not needed before the member types (docs/decisions/0003).
import * as v from 'valibot';
import type { FieldError } from 'react-hook-form';
import { fieldMessageText, fieldMessages } from '../../../contract/field-messages';
import { loginFormSchema, type LoginForm } from '../../../contract/login';
import type { Lang } from '../../../contract/messages';

export type LoginField = keyof LoginForm;
export type LoginErrors = Partial<Record<LoginField, FieldError>>;
export type CheckedLogin = { ok: true; values: LoginForm } | { ok: false; errors: LoginErrors };

const loginFieldNames: readonly string[] = ['email', 'password'] satisfies LoginField[];

/** The first problem of each field, worded by the mapping every form and the server share. */
export function checkLogin(values: LoginForm, lang: Lang): CheckedLogin {
  const result = v.safeParse(loginFormSchema, values, { abortPipeEarly: true });
  if (result.success) return { ok: true, values: result.output };
  const errors: LoginErrors = {};
  for (const [field, message] of Object.entries(fieldMessages(loginFormSchema, result.issues))) {
    if (loginFieldNames.includes(field) && !errors[field as LoginField]) {
      errors[field as LoginField] = {
        type: message.code,
        message: fieldMessageText(message, lang),
      };
    }
  }
  return { ok: false, errors };
}
