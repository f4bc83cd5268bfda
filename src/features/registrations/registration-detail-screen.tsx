// /admin/registrations/{id}: one request, what it misses, its history (who did each step and
// when) and the actions the caller may take now, each behind a confirmation. Server-read; the
// server decides again and its refusal (409 naming the state, 403) is shown as it says it.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryScope } from '../../api/query-client';
import { ApiRequestError } from '../../api/http-client';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/text-field';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/page-title';
import { useOnline } from '../../ui/offline-indicator';
import {
  availableRegistrationActions,
  registrationActionLabels,
  registrationActions,
  registrationInfoItems,
  registrationInfoLabels,
  registrationStatusLabels,
  registrationTypeLabels,
  type RegistrationAction,
  type RegistrationDetail,
  type RegistrationInfoItem,
} from '../../../contract/registration';
import { getRegistration, takeRegistrationAction } from './registrations-api';
import { BackLink } from '../../ui/back-link';
import './registrations.css';

export function RegistrationDetailScreen({ id }: { id: string }) {
  return (
    <QueryScope>
      <RegistrationDetailView id={id} />
    </QueryScope>
  );
}

function RegistrationDetailView({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Yêu cầu đăng ký`);
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const online = useOnline();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['registration', id],
    queryFn: () => getRegistration(id),
    retry: false,
  });
  const [asking, setAsking] = useState<RegistrationAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asked, setAsked] = useState<RegistrationInfoItem[]>([]);
  const [given, setGiven] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const back = (
    <p>
      <BackLink to="/admin/registrations">
        <Trans>← Danh sách yêu cầu</Trans>
      </BackLink>
    </p>
  );
  if (detail.isPending || (detail.isError && !online)) {
    return (
      <main className="registrations page">
        {back}
        {!online ? (
          <p className="registrations__note" role="status">
            <Trans>Bạn đang ngoại tuyến: cần có mạng để xem yêu cầu đăng ký.</Trans>
          </p>
        ) : (
          <Spinner />
        )}
      </main>
    );
  }
  if (detail.isError) {
    const status = detail.error instanceof ApiRequestError ? detail.error.status : 0;
    return (
      <main className="registrations page">
        {back}
        <h1>
          <Trans>Yêu cầu đăng ký</Trans>
        </h1>
        <p role="alert">
          {status === 404
            ? t`Không tìm thấy yêu cầu này.`
            : status === 403
              ? t`Chỉ quản trị viên và nhân viên của thương hiệu mới xem được yêu cầu này.`
              : detail.error.message}
        </p>
      </main>
    );
  }
  const item: RegistrationDetail = detail.data;
  const allowed = availableRegistrationActions(item.status, item.role);

  const run = async (action: RegistrationAction) => {
    setBusy(true);
    setRefusal(null);
    setFieldErrors({});
    try {
      const body: Record<string, unknown> =
        action === 'update' ? { missingInfo: asked } : action === 'updateConfirm' ? given : {};
      const next = await takeRegistrationAction(item.id, action, body);
      queryClient.setQueryData(['registration', id], next);
      void queryClient.invalidateQueries({ queryKey: ['registrations'] });
      toast.success(t`Đã cập nhật yêu cầu`);
      setAsking(null);
    } catch (error) {
      setAsking(null);
      if (error instanceof ApiRequestError) {
        setRefusal(error.message);
        setFieldErrors(error.fields);
        // Someone else may have moved it: show what the server has now.
        if (error.status === 409) void detail.refetch();
      } else {
        setRefusal(t`Không gửi được, vui lòng kiểm tra kết nối mạng.`);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="registrations page">
      {back}
      <h1>{item.name}</h1>
      {!online && (
        <p className="registrations__note" role="status">
          <Trans>Bạn đang ngoại tuyến: cần có mạng để xử lý yêu cầu.</Trans>
        </p>
      )}
      <p>
        <Trans>Trạng thái:</Trans>{' '}
        <span className="registrations__status" data-testid="registration-status">
          {registrationStatusLabels[item.status][lang]}
        </span>
      </p>
      <dl className="registrations__facts">
        <dt>
          <Trans>Thương hiệu</Trans>
        </dt>
        <dd>{item.groupName}</dd>
        <dt>
          <Trans>Loại</Trans>
        </dt>
        <dd>{registrationTypeLabels[item.type][lang]}</dd>
        <dt>
          <Trans>Số điện thoại</Trans>
        </dt>
        <dd>{item.phone}</dd>
        <dt>{registrationInfoLabels.email[lang]}</dt>
        <dd>{item.email ?? '—'}</dd>
        <dt>{registrationInfoLabels.citizenIdentificationCode[lang]}</dt>
        <dd>{item.citizenIdentificationCode ?? '—'}</dd>
        <dt>{registrationInfoLabels.address[lang]}</dt>
        <dd>{item.address ?? '—'}</dd>
        <dt>{registrationInfoLabels.birthday[lang]}</dt>
        <dd>{item.birthday ?? '—'}</dd>
        <dt>
          <Trans>Ghi chú</Trans>
        </dt>
        <dd>{item.note ?? '—'}</dd>
        <dt>
          <Trans>Còn thiếu</Trans>
        </dt>
        <dd>
          {item.missingInfo.length === 0
            ? t`Không`
            : item.missingInfo.map((m) => registrationInfoLabels[m][lang]).join(', ')}
        </dd>
      </dl>

      {refusal && (
        <p role="alert" className="registrations__note">
          {refusal}
        </p>
      )}

      {item.status === 'info_requested' && allowed.includes('updateConfirm') && (
        <section aria-labelledby="rg-confirm-title">
          <h2 id="rg-confirm-title">
            <Trans>Thông tin bổ sung</Trans>
          </h2>
          {item.missingInfo.map((m) => (
            <TextField
              key={m}
              label={registrationInfoLabels[m][lang]}
              type={m === 'birthday' ? 'date' : 'text'}
              value={given[m] ?? ''}
              error={fieldErrors[m]}
              onChange={(e) => setGiven({ ...given, [m]: e.target.value })}
            />
          ))}
        </section>
      )}
      {allowed.includes('update') && (
        <fieldset className="registrations__filters">
          <legend>
            <Trans>Thông tin cần bổ sung</Trans>
          </legend>
          {registrationInfoItems.map((m) => (
            <label key={m}>
              <input
                type="checkbox"
                checked={asked.includes(m)}
                onChange={(e) =>
                  setAsked(e.target.checked ? [...asked, m] : asked.filter((x) => x !== m))
                }
              />{' '}
              {registrationInfoLabels[m][lang]}
            </label>
          ))}
        </fieldset>
      )}

      <div className="registrations__actions cluster">
        {registrationActions.map((action) => {
          const may = allowed.includes(action);
          if (!may) return null;
          return (
            <Button
              key={action}
              variant={action === 'cancel' ? 'danger' : 'primary'}
              disabled={!online || busy || (action === 'update' && asked.length === 0)}
              onClick={() => setAsking(action)}
            >
              {registrationActionLabels[action][lang]}
            </Button>
          );
        })}
        {allowed.length === 0 && (
          <p>
            <Trans>Không còn thao tác nào cho yêu cầu này.</Trans>
          </p>
        )}
      </div>

      <section aria-labelledby="rg-history-title">
        <h2 id="rg-history-title">
          <Trans>Lịch sử xử lý</Trans>
        </h2>
        <ol className="registrations__history" data-testid="registration-history">
          {item.steps.map((step) => (
            <li key={step.id}>
              {step.action === 'create'
                ? t`Gửi yêu cầu`
                : registrationActionLabels[step.action][lang]}{' '}
              → {registrationStatusLabels[step.toStatus][lang]} ·{' '}
              {step.actorName ?? t`Người đăng ký`} ·{' '}
              {new Date(step.at).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' })}
              {step.note ? ` · ${step.note}` : ''}
            </li>
          ))}
        </ol>
      </section>

      <ConfirmDialog
        open={asking !== null}
        title={asking ? registrationActionLabels[asking][lang] : ''}
        danger={asking === 'cancel'}
        busy={busy}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>
          <Trans>Bạn chắc chắn muốn thực hiện thao tác này?</Trans>
        </p>
      </ConfirmDialog>
    </main>
  );
}
