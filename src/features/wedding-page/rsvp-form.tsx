// A guest's reply, without login: name, phone (optional), attending, how many, wishes. A plain
// form the server answers with no script at all (thanks, or its reasons next to the fields);
// the page's island (src/ssr/wedding-island.ts) sends it in place instead, and keeps it when
// offline until the network is back (told on screen). A hidden honeypot field catches robots.
import { useLingui } from '@lingui/react/macro';
import type { WeddingReplyField, WeddingReplyState } from '../../../contract/wedding-reply';

export function RsvpForm({
  weddingId,
  reply,
}: {
  weddingId: string;
  reply?: WeddingReplyState | undefined;
}) {
  const { t } = useLingui();
  const sent = t`Cảm ơn bạn! Phản hồi đã được gửi tới cô dâu chú rể.`;
  const queued = t`Bạn đang ngoại tuyến. Phản hồi đã được lưu và sẽ tự gửi khi có mạng.`;
  // The island shows one of these words here once the reply is sent or kept.
  const status = (
    <p
      className="wedding-page__done"
      role="status"
      data-testid="rsvp-status"
      data-rsvp-status=""
      data-sent={sent}
      data-queued={queued}
      hidden={reply?.status !== 'sent'}
    >
      {reply?.status === 'sent' ? sent : ''}
    </p>
  );
  if (reply?.status === 'sent') {
    return (
      <section id="rsvp" className="wedding-page__rsvp" aria-live="polite">
        {status}
      </section>
    );
  }
  const refused = reply?.status === 'refused' ? reply : undefined;
  const value = (field: WeddingReplyField) => refused?.values[field] ?? '';
  const error = (field: WeddingReplyField) => refused?.fields[field];
  const fieldError = (field: WeddingReplyField) => (
    <span
      id={`rsvp-${field}-error`}
      className="wedding-page__error"
      role="alert"
      data-rsvp-error={field}
      hidden={!error(field)}
    >
      {error(field)}
    </span>
  );
  const invalid = (field: WeddingReplyField) => (error(field) ? true : undefined);
  const describedBy = (field: WeddingReplyField) =>
    error(field) ? `rsvp-${field}-error` : undefined;

  return (
    <section id="rsvp" aria-live="polite">
      {status}
      <form
        className="wedding-page__rsvp"
        method="post"
        action={`/wedding/${weddingId}#rsvp`}
        noValidate
        data-rsvp-form=""
      >
        <h2>{t`Xác nhận tham dự`}</h2>
        <p className="wedding-page__error" role="alert" data-rsvp-message="" hidden={!refused}>
          {refused?.message}
        </p>
        <input type="hidden" name="weddingId" value={weddingId} />
        <label htmlFor="rsvp-name">{t`Họ tên`}</label>
        <input
          id="rsvp-name"
          name="name"
          defaultValue={value('name')}
          autoComplete="name"
          aria-invalid={invalid('name')}
          aria-describedby={describedBy('name')}
          required
        />
        {fieldError('name')}
        <label htmlFor="rsvp-phone">{t`Số điện thoại (không bắt buộc)`}</label>
        <input
          id="rsvp-phone"
          name="phone"
          type="tel"
          defaultValue={value('phone')}
          autoComplete="tel"
          aria-invalid={invalid('phone')}
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
              defaultChecked={value('attending') === 'yes'}
            />
            {t`Có, tôi sẽ đến`}
          </label>
          <label>
            <input
              type="radio"
              name="attending"
              value="no"
              defaultChecked={value('attending') === 'no'}
            />
            {t`Rất tiếc, tôi không đến được`}
          </label>
        </fieldset>
        {fieldError('attending')}
        <label htmlFor="rsvp-people">{t`Số người tham dự`}</label>
        <input
          id="rsvp-people"
          name="people"
          type="number"
          min={1}
          max={20}
          defaultValue={value('people') || '1'}
          aria-invalid={invalid('people')}
          aria-describedby={describedBy('people')}
        />
        {fieldError('people')}
        <label htmlFor="rsvp-wishes">{t`Lời chúc`}</label>
        <textarea
          id="rsvp-wishes"
          name="wishes"
          rows={3}
          defaultValue={value('wishes')}
          aria-invalid={invalid('wishes')}
          aria-describedby={describedBy('wishes')}
        />
        {fieldError('wishes')}
        <div className="wedding-page__trap" aria-hidden="true">
          <label htmlFor="rsvp-website">Website</label>
          <input id="rsvp-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="wedding-page__submit">
          {t`Gửi phản hồi`}
        </button>
        <p className="wedding-page__error" role="alert" data-rsvp-failed="" hidden>
          {t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`}
        </p>
      </form>
    </section>
  );
}
