// /rg/{brand}: a visitor asks to become a member of a brand (no login). The server checks the
// fields again (vi/en messages), limits each address and ignores robots (hidden field).
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { QueryScope } from '../../api/query-client';
import { ApiRequestError, NetworkError } from '../../api/http-client';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { Spinner } from '../../ui/spinner';
import { usePageTitle } from '../../ui/page-title';
import { NotFoundScreen } from '../../ui/not-found-screen';
import { OfflinePageScreen } from '../../ui/offline-page-screen';
import { fieldMessages, fieldTexts } from '../../../contract/field-messages';
import {
  registrationCreateSchema,
  registrationTypeLabels,
  registrationTypes,
} from '../../../contract/registration';
import { registrationFormOf, sendRegistration } from './registrations-api';
import './registrations.css';

export function RegistrationFormScreen({ brand }: { brand: string }) {
  return (
    <QueryScope>
      <RegistrationForm brand={brand} />
    </QueryScope>
  );
}

const textFields = ['name', 'phone', 'email', 'citizenIdentificationCode', 'address'] as const;

function RegistrationForm({ brand }: { brand: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Đăng ký thành viên`);
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const form = useQuery({
    queryKey: ['registration-form', brand],
    queryFn: () => registrationFormOf(brand),
    retry: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  if (form.isPending) return <Spinner />;
  if (form.isError) {
    if (form.error instanceof ApiRequestError && form.error.status === 404) {
      return <NotFoundScreen />;
    }
    // Never opened on this device and no network: it opens when the connection is back.
    if (form.error instanceof NetworkError) {
      return <OfflinePageScreen onRetry={() => void form.refetch()} />;
    }
    return (
      <main className="registrations page">
        <p role="alert">
          {form.error instanceof ApiRequestError
            ? form.error.message
            : t`Không tải được biểu mẫu đăng ký, vui lòng thử lại.`}
        </p>
      </main>
    );
  }
  const { groupId, name: brandName } = form.data;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget).entries());
    const body = { ...data, groupId };
    setFailure(null);
    const checked = v.safeParse(registrationCreateSchema, body);
    if (!checked.success) {
      setErrors(fieldTexts(fieldMessages(registrationCreateSchema, checked.issues), lang));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await sendRegistration(body);
      setSent(true);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors(error.fields);
        setFailure(error.message);
      } else {
        setFailure(t`Không gửi được, vui lòng kiểm tra kết nối mạng và thử lại.`);
      }
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <main className="registrations page">
        <h1>
          <Trans>Đăng ký thành viên</Trans>
        </h1>
        <p role="status">
          <Trans>Đã gửi yêu cầu đăng ký tới {brandName}. Chúng tôi sẽ liên hệ với bạn sớm.</Trans>
        </p>
      </main>
    );
  }

  const labels: Record<(typeof textFields)[number], string> = {
    name: t`Họ và tên`,
    phone: t`Số điện thoại`,
    email: t`Email`,
    citizenIdentificationCode: t`Số CCCD (12 chữ số)`,
    address: t`Địa chỉ`,
  };
  return (
    <main className="registrations page">
      <h1>
        <Trans>Đăng ký thành viên {brandName}</Trans>
      </h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="rg-form-type">
            <Trans>Loại đăng ký</Trans>
          </label>
          <select id="rg-form-type" name="type" className="field__input" defaultValue="personal">
            {registrationTypes.map((type) => (
              <option key={type} value={type}>
                {registrationTypeLabels[type][lang]}
              </option>
            ))}
          </select>
        </div>
        {textFields.map((field) => (
          <TextField
            key={field}
            name={field}
            label={labels[field]}
            error={errors[field]}
            inputMode={
              field === 'phone'
                ? 'tel'
                : field === 'email'
                  ? 'email'
                  : field === 'citizenIdentificationCode'
                    ? 'numeric'
                    : undefined
            }
          />
        ))}
        <TextField name="birthday" type="date" label={t`Ngày sinh`} error={errors.birthday} />
        <div className="field">
          <label className="field__label" htmlFor="rg-form-note">
            <Trans>Ghi chú</Trans>
          </label>
          <textarea id="rg-form-note" name="note" className="field__input" rows={3} />
        </div>
        {/* Left empty by people; robots fill it in. */}
        <div className="registrations__honeypot" aria-hidden="true">
          <label htmlFor="rg-form-website">Website</label>
          <input id="rg-form-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        {failure && <p role="alert">{failure}</p>}
        <Button type="submit" busy={busy}>
          <Trans>Gửi đăng ký</Trans>
        </Button>
      </form>
    </main>
  );
}
