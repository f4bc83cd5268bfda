// A guest's reply, without login: name, phone (optional), attending, how many, wishes. Sent at
// once, or kept by the service worker when offline and sent when the network is back (told on
// screen). A hidden honeypot field catches robots.
import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { postPublicForm } from '../../lib/public-form-post';

type Status = 'idle' | 'sending' | 'sent' | 'queued' | 'failed';

export function RsvpForm({ weddingId }: { weddingId: string }) {
  const { t, i18n } = useLingui();
  const [id, setId] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [attending, setAttending] = useState<'yes' | 'no' | ''>('');
  const [people, setPeople] = useState('1');
  const [wishes, setWishes] = useState('');
  const [trap, setTrap] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('sending');
    const outcome = await postPublicForm(
      '/api/weddingGuest',
      { id, weddingId, name, phone, attending, people, wishes, website: trap },
      i18n.locale === 'en' ? 'en' : 'vi',
    );
    if (outcome.kind === 'refused') {
      setErrors(outcome.fields);
      setMessage(outcome.message);
      setStatus('idle');
      return;
    }
    setErrors({});
    setMessage('');
    setStatus(outcome.kind);
    if (outcome.kind !== 'failed') setId(crypto.randomUUID());
  };

  if (status === 'sent' || status === 'queued') {
    return (
      <section className="wedding-page__rsvp" aria-live="polite">
        <p className="wedding-page__done" role="status" data-testid="rsvp-status">
          {status === 'sent'
            ? t`Cảm ơn bạn! Phản hồi đã được gửi tới cô dâu chú rể.`
            : t`Bạn đang ngoại tuyến. Phản hồi đã được lưu và sẽ tự gửi khi có mạng.`}
        </p>
      </section>
    );
  }

  const fieldError = (field: string) =>
    errors[field] ? (
      <span id={`rsvp-${field}-error`} className="wedding-page__error" role="alert">
        {errors[field]}
      </span>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `rsvp-${field}-error` : undefined);

  return (
    <form className="wedding-page__rsvp" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t`Xác nhận tham dự`}</h2>
      {message && (
        <p className="wedding-page__error" role="alert">
          {message}
        </p>
      )}
      <label htmlFor="rsvp-name">{t`Họ tên`}</label>
      <input
        id="rsvp-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={describedBy('name')}
        required
      />
      {fieldError('name')}
      <label htmlFor="rsvp-phone">{t`Số điện thoại (không bắt buộc)`}</label>
      <input
        id="rsvp-phone"
        type="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        autoComplete="tel"
        aria-invalid={errors.phone ? true : undefined}
        aria-describedby={describedBy('phone')}
      />
      {fieldError('phone')}
      <fieldset aria-describedby={describedBy('attending')}>
        <legend>{t`Bạn sẽ tham dự chứ?`}</legend>
        <label>
          <input
            type="radio"
            name="attending"
            value="yes"
            checked={attending === 'yes'}
            onChange={() => setAttending('yes')}
          />
          {t`Có, tôi sẽ đến`}
        </label>
        <label>
          <input
            type="radio"
            name="attending"
            value="no"
            checked={attending === 'no'}
            onChange={() => setAttending('no')}
          />
          {t`Rất tiếc, tôi không đến được`}
        </label>
      </fieldset>
      {fieldError('attending')}
      <label htmlFor="rsvp-people">{t`Số người tham dự`}</label>
      <input
        id="rsvp-people"
        type="number"
        min={1}
        max={20}
        value={people}
        onChange={(e) => setPeople(e.target.value)}
        aria-invalid={errors.people ? true : undefined}
        aria-describedby={describedBy('people')}
      />
      {fieldError('people')}
      <label htmlFor="rsvp-wishes">{t`Lời chúc`}</label>
      <textarea
        id="rsvp-wishes"
        rows={3}
        value={wishes}
        onChange={(e) => setWishes(e.target.value)}
        aria-invalid={errors.wishes ? true : undefined}
        aria-describedby={describedBy('wishes')}
      />
      {fieldError('wishes')}
      <div className="wedding-page__trap" aria-hidden="true">
        <label htmlFor="rsvp-website">Website</label>
        <input
          id="rsvp-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={trap}
          onChange={(e) => setTrap(e.target.value)}
        />
      </div>
      <button type="submit" className="wedding-page__submit" disabled={status === 'sending'}>
        {t`Gửi phản hồi`}
      </button>
      {status === 'failed' && (
        <p className="wedding-page__error" role="alert">
          {t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`}
        </p>
      )}
    </form>
  );
}
