// The wedding page's only script (decision 0931): the invitation is server HTML whose reply form
// posts to the server with no script at all; this sends the reply in place instead, keeps it
// when offline (the worker, else this page, sends it when the network is back), and registers
// the service worker so that the invitation opens offline. No React, no catalog: the words it
// shows are in the page.
import { weddingReplyFields } from '../../contract/wedding-reply';
import { postPublicForm, watchWaitingPublicPosts } from '../lib/public-form-post';
import { startServiceWorkerAfterLoad } from '../sw-start';
import '../ui/base.css';
import '../features/wedding-page/wedding-page.css';

function show(element: Element | null, text?: string): void {
  if (!(element instanceof HTMLElement)) return;
  if (text !== undefined) element.textContent = text;
  element.hidden = text === undefined ? false : text === '';
}

function hide(element: Element | null): void {
  if (element instanceof HTMLElement) element.hidden = true;
}

/** The server's reasons, next to their fields (or none, to clear the last ones). */
function showRefusal(form: HTMLFormElement, message: string, fields: Record<string, string>) {
  show(form.querySelector('[data-rsvp-message]'), message);
  for (const field of weddingReplyFields) {
    const text = fields[field] ?? '';
    show(form.querySelector(`[data-rsvp-error="${field}"]`), text);
    for (const control of form.querySelectorAll(`[name="${field}"]`)) {
      if (text) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
    const described = field === 'attending' ? form.querySelector('fieldset') : null;
    const target = described ?? form.querySelector(`[name="${field}"]`);
    if (text) target?.setAttribute('aria-describedby', `rsvp-${field}-error`);
    else target?.removeAttribute('aria-describedby');
  }
}

async function send(form: HTMLFormElement, button: HTMLButtonElement | null): Promise<void> {
  const body: Record<string, unknown> = Object.fromEntries(new FormData(form));
  // A new client-made id per reply: the server stores it once, however often it arrives.
  body.id = crypto.randomUUID();
  const lang = document.documentElement.lang === 'en' ? 'en' : 'vi';
  if (button) button.disabled = true;
  hide(form.querySelector('[data-rsvp-failed]'));
  const outcome = await postPublicForm('/api/weddingGuest', body, lang);
  if (button) button.disabled = false;
  if (outcome.kind === 'refused') {
    showRefusal(form, outcome.message, outcome.fields);
    return;
  }
  if (outcome.kind === 'failed') {
    show(form.querySelector('[data-rsvp-failed]'));
    return;
  }
  const status = form.parentElement?.querySelector<HTMLElement>('[data-rsvp-status]');
  show(
    status ?? null,
    (outcome.kind === 'sent' ? status?.dataset.sent : status?.dataset.queued) ?? '',
  );
  form.hidden = true;
}

function boot(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-rsvp-form]');
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(form, form.querySelector('button[type="submit"]'));
  });
  watchWaitingPublicPosts();
  startServiceWorkerAfterLoad({ updatePrompt: false });
}

boot();
