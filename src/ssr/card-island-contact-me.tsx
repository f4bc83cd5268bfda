// The contact-me form on the visitor page, loaded when the visitor opens it: React, the form
// and its catalog come only then (decision 0403). The form is the app's own (contact-me-form),
// so its checks and offline queue are the same on every card.
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { CardOwner } from '../../contract/card';
import { cardLocaleFromCookie } from '../features/card/card-i18n';
import { loadContactMeForm } from '../features/card/contact-me-form';

export async function mountContactMeForm(
  section: HTMLElement,
  button: HTMLElement,
  owner: Pick<CardOwner, 'kind' | 'id'>,
): Promise<void> {
  // The form's own catalog is all it needs (loadContactMeForm adds it to this locale).
  const locale = cardLocaleFromCookie(document.cookie);
  i18n.load(locale, {});
  i18n.activate(locale);
  const Form = await loadContactMeForm();
  const place = document.createElement('div');
  button.replaceWith(place);
  createRoot(place).render(
    <I18nProvider i18n={i18n}>
      <Form owner={owner} />
    </I18nProvider>,
  );
}
