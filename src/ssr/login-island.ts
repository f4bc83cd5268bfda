// The login page's only script on a first visit (decision 0004): the form the server drew is
// usable by itself, checked with the contract schema and the same field messages as the app's
// login screen, sent to the same login call, and the session stored as the app stores it. The
// app (React, the router, the shell) starts on the page the login leads to. No React, no
// catalog: the words it shows come from the page or from the server's answer.
import { cookieNames } from '../../contract/cookie-names';
import { genericMessage } from '../../contract/generic-message';
import type { LoginForm } from '../../contract/login';
import type { Lang } from '../../contract/messages';
import type { authLogin } from '../../contract/rest-routes';
import { apiCall, ApiRequestError, NetworkError } from '../api/http-client';
import { writeSession } from '../api/session-store';
import type { CheckedLogin, LoginErrors, LoginField } from '../features/auth/login-form-check';
import { homeAfterLogin } from '../features/auth/safe-redirect';
import { storedFrom } from '../features/auth/stored-session';
import { writeCookie } from '../lib/cookies';
import '../ui/base.css';
import '../features/auth/auth.css';

const loginFields: readonly LoginField[] = ['email', 'password'];

/** The check (valibot, the schema, the message table) loads on the form's first use. */
let checker: Promise<typeof import('../features/auth/login-form-check')> | undefined;
function loadLoginCheck() {
  checker ??= import('../features/auth/login-form-check').catch((error: unknown) => {
    // Offline before it came: the next try loads it again.
    checker = undefined;
    throw error;
  });
  return checker;
}

async function check(form: HTMLFormElement): Promise<CheckedLogin> {
  const { checkLogin } = await loadLoginCheck();
  return checkLogin(readValues(form), pageLang());
}

function pageLang(): Lang {
  return document.documentElement.lang === 'en' ? 'en' : 'vi';
}

function readValues(form: HTMLFormElement): LoginForm {
  const data = new FormData(form);
  const text = (name: LoginField) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email'), password: text('password') };
}

function fieldInput(form: HTMLFormElement, field: LoginField): HTMLInputElement | null {
  const input = form.elements.namedItem(field);
  return input instanceof HTMLInputElement ? input : null;
}

/** A field's message as the app's TextField shows it: after the input, tied to it for readers. */
function showFieldError(form: HTMLFormElement, field: LoginField, text: string | undefined) {
  const input = fieldInput(form, field);
  if (!input) return;
  const errorId = `${input.id}-error`;
  let message = document.getElementById(errorId);
  if (!text) {
    message?.remove();
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    return;
  }
  if (!message) {
    message = document.createElement('span');
    message.id = errorId;
    message.className = 'field__error';
    message.setAttribute('role', 'alert');
    input.after(message);
  }
  message.textContent = text;
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', errorId);
}

function showFieldErrors(form: HTMLFormElement, errors: LoginErrors): void {
  for (const field of loginFields) showFieldError(form, field, errors[field]?.message);
}

/** The failure line above the button, as the app's login screen shows it (or none). */
function showFailure(form: HTMLFormElement, text: string | undefined): void {
  let line = form.querySelector<HTMLElement>('[data-testid="login-error"]');
  if (!text) {
    line?.remove();
    return;
  }
  if (!line) {
    line = document.createElement('p');
    line.className = 'auth-alert';
    line.setAttribute('role', 'alert');
    line.dataset.testid = 'login-error';
    form.querySelector('button[type="submit"]')?.before(line);
  }
  line.textContent = text;
}

/** The same words as the app's errorText for a failed login. */
function failureText(form: HTMLFormElement, error: unknown, lang: Lang): string {
  if (error instanceof ApiRequestError) return error.message || genericMessage[lang];
  if (error instanceof NetworkError) return form.dataset.offlineMessage ?? genericMessage[lang];
  return genericMessage[lang];
}

function setBusy(button: HTMLButtonElement | null, busy: boolean): void {
  if (!button) return;
  button.disabled = busy;
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

/**
 * The table's login route, written out here: importing the table would bring every route the
 * app calls into this island. Its type is the table's entry, so a change there fails here.
 */
const loginRoute: typeof authLogin = { name: 'authLogin', method: 'POST', path: '/auth/login' };

async function logIn(form: HTMLFormElement, values: LoginForm): Promise<void> {
  const lang = pageLang();
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  setBusy(button, true);
  showFailure(form, undefined);
  try {
    const answer = await apiCall(loginRoute, {
      json: { email: values.email, password: values.password },
      auth: false,
    });
    await writeSession(storedFrom(answer));
    const redirect = new URLSearchParams(window.location.search).get('redirect') ?? undefined;
    // A full navigation: the app starts there and restores the session just stored.
    window.location.replace(homeAfterLogin(answer.urlMinify, redirect));
  } catch (error) {
    setBusy(button, false);
    showFailure(form, failureText(form, error, lang));
    if (error instanceof ApiRequestError) {
      for (const field of loginFields) {
        const text = error.fields[field];
        if (text) showFieldError(form, field, text);
      }
    }
  }
}

function watchForm(form: HTMLFormElement): void {
  let submitted = false;
  // The server draws the button waiting for this script (decision 0004).
  setBusy(form.querySelector('button[type="submit"]'), false);
  form.addEventListener('focusin', () => void loadLoginCheck());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted = true;
    void submit(form);
  });
  // After the first submit a changed field is checked again; the other keeps its message.
  form.addEventListener('input', (event) => {
    const name = (event.target as { name?: unknown }).name;
    const field = loginFields.find((f) => f === name);
    if (!submitted || !field) return;
    void check(form).then((checked) =>
      showFieldError(form, field, checked.ok ? undefined : checked.errors[field]?.message),
    );
  });
}

async function submit(form: HTMLFormElement): Promise<void> {
  let checked: CheckedLogin;
  try {
    checked = await check(form);
  } catch (error) {
    showFailure(form, failureText(form, new NetworkError(error), pageLang()));
    return;
  }
  if (!checked.ok) {
    showFieldErrors(form, checked.errors);
    const first = loginFields.find((field) => checked.errors[field]);
    if (first) fieldInput(form, first)?.focus();
    return;
  }
  showFieldErrors(form, {});
  await logIn(form, checked.values);
}

/** The header's language switch: the choice goes into the cookie the page is drawn by. */
function watchLanguageSwitch(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('.language-switch button')) {
    button.addEventListener('click', () => {
      const locale = button.lang === 'en' ? 'en' : 'vi';
      if (locale === pageLang()) return;
      writeCookie(cookieNames.lang, locale);
      window.location.reload();
    });
  }
}

function boot(): void {
  const form = document.querySelector<HTMLFormElement>('form.auth-form');
  if (form) watchForm(form);
  watchLanguageSwitch();
}

boot();
