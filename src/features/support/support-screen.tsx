// /action/support: help for the main tasks, and a support request form that works offline (the
// request waits in the outbox and is sent once).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { appDb } from '../../db/app-db';
import { contractResolver } from '../../lib/contract-resolver';
import { supportRequestCreateSchema, type SupportTopic } from '../../../contract/support';
import { shownFieldText } from '../../../contract/field-messages';
import { formatDate } from '../../../contract/format';
import { vietnamDay } from '../../../contract/vietnam-time';
import type { Lang } from '../../../contract/messages';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { sendSupportRequest, useMySupportRequests } from './support-data';
import './support.css';

const formSchema = v.omit(supportRequestCreateSchema, ['id']);
type FormValues = v.InferInput<typeof formSchema>;
type FormOutput = v.InferOutput<typeof formSchema>;

export function SupportScreen() {
  const { t } = useLingui();
  usePageTitle(t`Hỗ trợ`);
  const [me] = useState(currentMemberId);
  const topics: { topic: SupportTopic; title: string; steps: string[] }[] = [
    {
      topic: 'share',
      title: t`Chia sẻ danh thiếp`,
      steps: [
        t`Mở menu, chọn "Mã QR của tôi".`,
        t`Cho người nhận quét mã QR, hoặc bấm "Chia sẻ" để gửi đường dẫn qua Zalo, Messenger, e-mail.`,
        t`Tải mã QR dạng PNG, SVG hoặc PDF để in lên danh thiếp giấy, standee.`,
      ],
    },
    {
      topic: 'contact',
      title: t`Lưu danh bạ`,
      steps: [
        t`Trên trang danh thiếp, bấm "Lưu danh bạ" để tải tệp vCard vào điện thoại.`,
        t`Không có mạng: quét "Mã QR danh bạ" — điện thoại đọc thẳng thông tin liên hệ từ mã.`,
        t`Nếu trình duyệt không hỗ trợ, hãy sao chép đường dẫn và mở bằng trình duyệt khác.`,
      ],
    },
    {
      topic: 'install',
      title: t`Cài ứng dụng`,
      steps: [
        t`Android (Chrome): mở menu ⋮ và chọn "Cài đặt ứng dụng" hoặc "Thêm vào màn hình chính".`,
        t`iPhone (Safari): bấm nút Chia sẻ rồi chọn "Thêm vào MH chính".`,
        t`Ứng dụng mở như một app riêng và dùng được cả khi mất mạng.`,
        t`Vì sao nên cài: trình duyệt có thể xoá dữ liệu của trang web — Safari xoá dữ liệu của trang không được mở trong 7 ngày — nhưng không xoá dữ liệu của ứng dụng đã cài. Cài ứng dụng giữ an toàn danh bạ, dữ liệu dùng khi mất mạng và các thay đổi chưa kịp gửi.`,
        t`Trên iPhone, thông báo chỉ hoạt động trong ứng dụng đã cài.`,
      ],
    },
    {
      topic: 'offline',
      title: t`Dùng khi không có mạng tại sự kiện`,
      steps: [
        t`Mở ứng dụng một lần khi có mạng để dữ liệu được lưu về máy.`,
        t`Khi mất mạng, bạn vẫn tích điểm, check-in, sửa thẻ và lưu danh bạ như bình thường.`,
        t`Các thay đổi chờ gửi hiện ở mục đồng bộ và tự gửi khi có mạng trở lại, mỗi thay đổi đúng một lần.`,
      ],
    },
  ];

  return (
    <main className="support page stack">
      <h1>{t`Hỗ trợ`}</h1>
      <section aria-labelledby="support-help" className="support__help stack">
        <h2 id="support-help">{t`Hướng dẫn nhanh`}</h2>
        {topics.map((item) => (
          <details key={item.topic} className="support__topic">
            <summary>{item.title}</summary>
            <ol>
              {item.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        ))}
      </section>
      <section aria-labelledby="support-form" className="support__request stack">
        <h2 id="support-form">{t`Gửi yêu cầu hỗ trợ`}</h2>
        {me ? (
          <>
            <SupportForm memberId={me} />
            <MyRequests memberId={me} />
          </>
        ) : (
          <p>
            <Link to="/login">{t`Đăng nhập`}</Link> {t`để gửi yêu cầu hỗ trợ.`}
          </p>
        )}
      </section>
    </main>
  );
}

function SupportForm({ memberId }: { memberId: string }) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: contractResolver(formSchema, lang),
    defaultValues: { topic: 'other', message: '', contact: '' },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const messageError = error(errors.message?.message);
  const submit = async (fields: FormOutput) => {
    try {
      await sendSupportRequest(appDb, memberId, fields);
      toast.success(
        navigator.onLine
          ? t`Đã gửi yêu cầu hỗ trợ`
          : t`Đã lưu yêu cầu, sẽ tự gửi khi có mạng trở lại`,
      );
      reset();
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  };
  return (
    <form className="support__form stack" noValidate onSubmit={handleSubmit(submit)}>
      <div className="field">
        <label className="field__label" htmlFor="support-topic">
          {t`Chủ đề`}
        </label>
        <select id="support-topic" className="field__input" {...register('topic')}>
          <option value="share">{t`Chia sẻ danh thiếp`}</option>
          <option value="contact">{t`Lưu danh bạ`}</option>
          <option value="install">{t`Cài ứng dụng`}</option>
          <option value="offline">{t`Dùng khi không có mạng`}</option>
          <option value="account">{t`Tài khoản`}</option>
          <option value="other">{t`Khác`}</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="support-message">
          {t`Nội dung`}
        </label>
        <textarea
          id="support-message"
          className="field__input"
          rows={5}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'support-message-error' : undefined}
          {...register('message')}
        />
        {messageError && (
          <span id="support-message-error" className="field__error" role="alert">
            {messageError}
          </span>
        )}
      </div>
      <TextField
        label={t`Liên hệ lại qua (không bắt buộc)`}
        autoComplete="off"
        {...register('contact')}
        error={error(errors.contact?.message)}
      />
      <Button type="submit" busy={isSubmitting}>
        {t`Gửi yêu cầu`}
      </Button>
    </form>
  );
}

function MyRequests({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  const rows = useMySupportRequests(memberId);
  if (!rows || rows.length === 0) return null;
  return (
    <>
      <h3>{t`Yêu cầu đã gửi`}</h3>
      <ul className="support__mine" data-testid="my-support-requests">
        {rows.map((row) => (
          <li key={row.id}>
            <span>{formatDate(vietnamDay(row.createdAt))}</span> <span>{row.message}</span>{' '}
            <strong>{row.status === 'closed' ? t`Đã xử lý` : t`Đang chờ`}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}
