// The login form's state without a form library: the login screen is a visitor's first screen,
// and two fields do not need react-hook-form's 13 KB (gzip) before they can be used
// (docs/decisions/0003). It behaves as the other forms do: checked with the contract schema on
// submit, focus on the first wrong field, checked again on every change after a submit.
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { LoginForm } from '../../../contract/login';
import type { Lang } from '../../../contract/messages';
import type { CheckedLogin, LoginErrors, LoginField } from './login-form-check';

export const loginFields: readonly LoginField[] = ['email', 'password'];

function isLoginField(name: unknown): name is LoginField {
  return loginFields.some((field) => field === name);
}

/** Loads the checker once; asked for on the first focus so a submit does not wait for it. */
let checker: Promise<typeof import('./login-form-check')> | undefined;
function loadLoginCheck() {
  checker ??= import('./login-form-check');
  return checker;
}

async function check(values: LoginForm, lang: Lang): Promise<CheckedLogin> {
  const { checkLogin } = await loadLoginCheck();
  return checkLogin(values, lang);
}

function readValues(form: HTMLFormElement): LoginForm {
  const data = new FormData(form);
  const text = (name: LoginField) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email'), password: text('password') };
}

/** `onValid` gets the schema's output and a setError for the server's field errors. */
export function useLoginForm(
  lang: Lang,
  onValid: (values: LoginForm, setError: UseFormSetError<LoginForm>) => Promise<void>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);

  const setError: UseFormSetError<LoginForm> = (name, error) => {
    if (!isLoginField(name)) return;
    setErrors((current) => ({ ...current, [name]: { ...error, type: error.type ?? 'server' } }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const form = event.currentTarget;
    const checked = await check(readValues(form), lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = loginFields.find((field) => checked.errors[field]);
      const input = first ? form.elements.namedItem(first) : null;
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setErrors({});
    await onValid(checked.values, setError);
  };

  // After the first submit a changed field is checked again (react-hook-form's reValidateMode);
  // the other fields keep their messages.
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (!submitted.current || !formRef.current || !isLoginField(name)) return;
    const checked = await check(readValues(formRef.current), lang);
    const error = checked.ok ? undefined : checked.errors[name];
    setErrors((current) => {
      const next = { ...current };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  };

  return { formRef, errors, onSubmit, onChange, onFocus: () => void loadLoginCheck() };
}
