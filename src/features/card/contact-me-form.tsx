// The "contact me" form itself, loaded when a visitor opens it (contact-me.tsx), with its own
// small catalog (src/locales/{vi,en}/contact-me.po) so the card's first load stays as it was.
// Sent at once, or kept by the service worker when offline and sent once when the network is
// back (told on screen). Empty fields are named here, before anything is queued; the server
// names the rest. A hidden honeypot field catches robots.
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import { publicFormMessages } from '../../../contract/public-form-messages';
import { honeypotField, leadConsentText } from '../../../contract/public-forms';
import {
  onPublicPostRefused,
  postPublicForm,
  takeRefusedPublicPosts,
  watchWaitingPublicPosts,
} from '../../lib/public-form-post';
import { messages as viMessages } from '../../locales/vi/contact-me.po';

export interface ContactMeFormProps {
  owner: Pick<CardOwner, 'kind' | 'id'>;
}

type Status = 'idle' | 'sending' | 'sent' | 'queued' | 'failed';
type Field = 'name' | 'phone' | 'email' | 'company' | 'message';

/** Adds the form's texts to the active catalog, then gives the form. */
export async function loadContactMeForm(): Promise<ComponentType<ContactMeFormProps>> {
  const locale = i18n.locale === 'en' ? 'en' : 'vi';
  const messages =
    locale === 'en' ? (await import('../../locales/en/contact-me.po')).messages : viMessages;
  i18n.load(locale, messages);
  watchWaitingPublicPosts();
  return ContactMeForm;
}

function ContactMeForm({ owner }: ContactMeFormProps) {
  const { t, i18n: active } = useLingui();
  const lang = active.locale === 'en' ? 'en' : 'vi';
  const [id, setId] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    phone: '',
    email: '',
    company: '',
    message: '',
  });
  const [consent, setConsent] = useState(false);
  const [trap, setTrap] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [refusedOffline, setRefusedOffline] = useState(false);

  // A message kept offline and refused when it was sent (a bad phone...) comes back here with
  // the server's words and the text as typed, never dropped (decision 0930).
  useEffect(() => {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const show = async () => {
      const [refused] = await takeRefusedPublicPosts(
        '/api/contactUs',
        (body) => body.memberId === owner.id || body.groupId === owner.id,
      );
      if (!refused) return;
      const body = refused.body;
      setValues({
        name: text(body.name),
        phone: text(body.phone),
        email: text(body.email),
        company: text(body.company),
        message: text(body.message),
      });
      setConsent(body.consent === true);
      setErrors(refused.fields);
      setNotice(Object.keys(refused.fields).length > 0 ? '' : refused.message);
      setRefusedOffline(true);
      setStatus('idle');
    };
    void show();
    return onPublicPostRefused(() => void show());
  }, [owner.id]);

  const set = (field: Field) => (value: string) => setValues((old) => ({ ...old, [field]: value }));

  /** The same rules and words as the server's answer (contract/public-form-messages.ts). */
  const emptyFields = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!values.name.trim()) found.name = publicFormMessages.sender_name_required[lang];
    if (!values.phone.trim() && !values.email.trim())
      found.phone = publicFormMessages.phone_or_email_required[lang];
    if (!values.message.trim()) found.message = publicFormMessages.contact_message_required[lang];
    if (!consent) found.consent = publicFormMessages.consent_required[lang];
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = emptyFields();
    if (Object.keys(empty).length > 0) {
      setErrors(empty);
      setNotice('');
      return;
    }
    setStatus('sending');
    setRefusedOffline(false);
    const recipient = owner.kind === 'group' ? { groupId: owner.id } : { memberId: owner.id };
    const outcome = await postPublicForm(
      '/api/contactUs',
      {
        id,
        ...recipient,
        name: values.name.trim(),
        phone: values.phone.trim() || undefined,
        email: values.email.trim() || undefined,
        company: values.company.trim() || undefined,
        message: values.message.trim(),
        consent,
        [honeypotField]: trap,
      },
      lang,
    );
    if (outcome.kind === 'refused') {
      setErrors(outcome.fields);
      setNotice(Object.keys(outcome.fields).length > 0 ? '' : outcome.message);
      setStatus('idle');
      return;
    }
    setErrors({});
    setNotice('');
    setStatus(outcome.kind);
    if (outcome.kind !== 'failed') setId(crypto.randomUUID());
  };

  if (status === 'sent' || status === 'queued') {
    return (
      <div aria-live="polite">
        <p className="card-contact-me__done" role="status" data-testid="contact-me-status">
          {status === 'sent'
            ? t`Cảm ơn bạn! Lời nhắn đã được gửi.`
            : t`Bạn đang ngoại tuyến. Lời nhắn đã được lưu và sẽ gửi khi có mạng.`}
        </p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setValues({ name: '', phone: '', email: '', company: '', message: '' });
            setConsent(false);
            setStatus('idle');
          }}
        >
          {t`Gửi lời nhắn khác`}
        </button>
      </div>
    );
  }

  const fieldError = (field: string) =>
    errors[field] ? (
      <span id={`contact-me-${field}-error`} className="card-contact-me__error" role="alert">
        {errors[field]}
      </span>
    ) : null;
  const input = (field: Field) => ({
    id: `contact-me-${field}`,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-me-${field}-error` : undefined,
  });

  return (
    <form className="card-contact-me__form" onSubmit={(e) => void submit(e)} noValidate>
      {refusedOffline && (
        <p className="card-contact-me__error" role="alert" data-testid="contact-me-refused">
          {t`Lời nhắn gửi khi ngoại tuyến chưa được nhận. Vui lòng sửa và gửi lại.`}
        </p>
      )}
      {notice && (
        <p className="card-contact-me__error" role="alert">
          {notice}
        </p>
      )}
      <label htmlFor="contact-me-name">{t`Họ tên`}</label>
      <input
        {...input('name')}
        onChange={(e) => set('name')(e.target.value)}
        autoComplete="name"
        maxLength={120}
        required
      />
      {fieldError('name')}
      <p className="card-contact-me__hint">{t`Nhập số điện thoại hoặc email (ít nhất một).`}</p>
      <label htmlFor="contact-me-phone">{t`Số điện thoại`}</label>
      <input
        {...input('phone')}
        type="tel"
        onChange={(e) => set('phone')(e.target.value)}
        autoComplete="tel"
      />
      {fieldError('phone')}
      <label htmlFor="contact-me-email">{t`Email`}</label>
      <input
        {...input('email')}
        type="email"
        onChange={(e) => set('email')(e.target.value)}
        autoComplete="email"
      />
      {fieldError('email')}
      <label htmlFor="contact-me-company">{t`Công ty`}</label>
      <input
        {...input('company')}
        onChange={(e) => set('company')(e.target.value)}
        autoComplete="organization"
        maxLength={160}
      />
      {fieldError('company')}
      <label htmlFor="contact-me-message">{t`Lời nhắn`}</label>
      <textarea
        {...input('message')}
        rows={4}
        maxLength={2000}
        onChange={(e) => set('message')(e.target.value)}
        required
      />
      {fieldError('message')}
      <label className="card-contact-me__consent">
        <input
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? 'contact-me-consent-error' : undefined}
        />
        {leadConsentText[lang]}
      </label>
      {fieldError('consent')}
      <div className="card-contact-me__trap" aria-hidden="true">
        <label htmlFor="contact-me-website">Website</label>
        <input
          id="contact-me-website"
          name={honeypotField}
          tabIndex={-1}
          autoComplete="off"
          value={trap}
          onChange={(e) => setTrap(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={status === 'sending'}>
        {t`Gửi lời nhắn`}
      </button>
      {status === 'failed' && (
        <p className="card-contact-me__error" role="alert">
          {t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`}
        </p>
      )}
    </form>
  );
}
