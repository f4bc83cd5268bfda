// /admin/registrations: the registration requests of the brands the member works for, with
// every spec §7 filter, a date range and paging. Read from the server (online only).
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { QueryScope } from '../../api/query-client';
import { ApiRequestError } from '../../api/http-client';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { Spinner } from '../../ui/spinner';
import { EmptyState } from '../../ui/empty-state';
import { usePageTitle } from '../../ui/page-title';
import { useOnline } from '../../ui/offline-indicator';
import {
  registrationInfoItems,
  registrationInfoLabels,
  registrationStatuses,
  registrationStatusLabels,
  registrationTypeLabels,
  registrationTypes,
  type RegistrationInfoItem,
} from '../../../contract/registration';
import { listRegistrations, type RegistrationFilters } from './registrations-api';
import './registrations.css';

export function RegistrationsListScreen() {
  return (
    <QueryScope>
      <RegistrationsList />
    </QueryScope>
  );
}

function RegistrationsList() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Yêu cầu đăng ký`);
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const online = useOnline();
  const [filters, setFilters] = useState<RegistrationFilters>({ page: 1 });
  const list = useQuery({
    queryKey: ['registrations', filters],
    queryFn: () => listRegistrations(filters),
    retry: false,
  });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    };
    const missing = data.getAll('missingInfo').filter((v): v is string => typeof v === 'string');
    setFilters({
      page: 1,
      status: text('status'),
      type: text('type'),
      phone: text('phone'),
      email: text('email'),
      citizenIdentificationCode: text('citizenIdentificationCode'),
      missingInfo: missing.length > 0 ? missing.join(',') : undefined,
      from: text('from'),
      to: text('to'),
    });
  };

  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const forbidden = list.error instanceof ApiRequestError && list.error.status === 403;

  return (
    <main className="registrations page">
      <h1>
        <Trans>Yêu cầu đăng ký</Trans>
      </h1>
      {!online && (
        <p className="registrations__note" role="status">
          <Trans>
            Bạn đang ngoại tuyến: danh sách yêu cầu đăng ký cần có mạng để xem và xử lý.
          </Trans>
        </p>
      )}
      <form className="registrations__filters" onSubmit={apply} aria-label={t`Bộ lọc`}>
        <div className="field">
          <label className="field__label" htmlFor="rg-status">
            <Trans>Trạng thái</Trans>
          </label>
          <select id="rg-status" name="status" className="field__input" defaultValue="">
            <option value="">{t`Tất cả`}</option>
            {registrationStatuses.map((status) => (
              <option key={status} value={status}>
                {registrationStatusLabels[status][lang]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="rg-type">
            <Trans>Loại</Trans>
          </label>
          <select id="rg-type" name="type" className="field__input" defaultValue="">
            <option value="">{t`Tất cả`}</option>
            {registrationTypes.map((type) => (
              <option key={type} value={type}>
                {registrationTypeLabels[type][lang]}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t`Số điện thoại`} name="phone" inputMode="tel" />
        <TextField label={t`Email`} name="email" inputMode="email" />
        <TextField label={t`Số CCCD`} name="citizenIdentificationCode" inputMode="numeric" />
        <TextField label={t`Từ ngày`} name="from" type="date" />
        <TextField label={t`Đến ngày`} name="to" type="date" />
        <fieldset className="cluster">
          <legend>
            <Trans>Còn thiếu</Trans>
          </legend>
          {registrationInfoItems.map((item: RegistrationInfoItem) => (
            <label key={item}>
              <input type="checkbox" name="missingInfo" value={item} />{' '}
              {registrationInfoLabels[item][lang]}
            </label>
          ))}
        </fieldset>
        <Button type="submit">
          <Trans>Lọc</Trans>
        </Button>
      </form>

      {!online && !list.data ? null : list.isError ? (
        <p role="alert">
          {forbidden
            ? t`Chỉ quản trị viên và nhân viên của thương hiệu mới xem được yêu cầu đăng ký.`
            : list.error.message}
        </p>
      ) : list.isPending ? (
        <Spinner />
      ) : page && page.items.length === 0 ? (
        <EmptyState title={t`Không có yêu cầu nào`} />
      ) : page ? (
        <>
          <p data-testid="registrations-total">{t`${plural(page.total, { other: '# yêu cầu' })}`}</p>
          <ul className="registrations__list">
            {page.items.map((item) => (
              <li key={item.id}>
                <Link to="/admin/registrations/$id" params={{ id: item.id }}>
                  {item.name}
                </Link>{' '}
                <span className="registrations__status">
                  {registrationStatusLabels[item.status][lang]}
                </span>
                <br />
                <small>
                  {item.phone} · {item.groupName} ·{' '}
                  {new Date(item.createdAt).toLocaleDateString('vi-VN', {
                    timeZone: 'Asia/Ho_Chi_Minh',
                  })}
                </small>
              </li>
            ))}
          </ul>
          <nav className="registrations__pager cluster" aria-label={t`Trang`}>
            <Button
              variant="secondary"
              disabled={page.page <= 1}
              onClick={() => setFilters({ ...filters, page: page.page - 1 })}
            >
              <Trans>Trang trước</Trans>
            </Button>
            <span>{t`Trang ${page.page}/${pages}`}</span>
            <Button
              variant="secondary"
              disabled={page.page >= pages}
              onClick={() => setFilters({ ...filters, page: page.page + 1 })}
            >
              <Trans>Trang sau</Trans>
            </Button>
          </nav>
        </>
      ) : null}
    </main>
  );
}
