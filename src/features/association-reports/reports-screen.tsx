// /action/associationReports: a group's admins file one report per month (editing the month's
// report rather than adding a second); an agency's admins see every group's reports, totals per
// month, a chart over time and a CSV export (decision 0810).
import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { AssociationReport } from '../../../contract/association-report';
import type { AgencySummary } from '../../../contract/agency';
import { formatMonth, formatNumber } from '../../../contract/format';
import { ApiRequestError } from '../../api/http-client';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { EmptyState } from '../../ui/empty-state';
import { toast } from '../../ui/toast';
import { downloadBlob } from '../../ui/download-file';
import {
  agencyReportsCsv,
  fileReport,
  useAdministeredAgencies,
  useAdminGroups,
  useAgencyReports,
  useGroupReports,
} from './reports-data';
import './reports.css';
import { QueryScope } from '../../api/query-client';

const ReportChart = lazy(() =>
  import('./report-chart').then((module) => ({ default: module.ReportChart })),
);

/** Reads through TanStack Query: the screen brings its own query scope. */
export function AssociationReportsScreen() {
  return (
    <QueryScope>
      <AssociationReportsScreenBody />
    </QueryScope>
  );
}

function AssociationReportsScreenBody() {
  const { t } = useLingui();
  usePageTitle(t`Báo cáo hiệp hội`);
  const groups = useAdminGroups();
  const agencies = useAdministeredAgencies();
  const agency = agencies.data?.[0];
  const nothing = groups !== undefined && groups.length === 0 && agencies.isSuccess && !agency;
  return (
    <main className="reports-page page stack">
      <h1>
        <Trans>Báo cáo hiệp hội</Trans>
      </h1>
      {nothing && (
        <EmptyState title={t`Chỉ quản trị viên của nhóm hoặc hiệp hội xem được báo cáo`} />
      )}
      {agency && <AgencyReports agency={agency} />}
      {groups && groups.length > 0 && <GroupReports groups={groups} />}
    </main>
  );
}

function AgencyReports({ agency }: { agency: AgencySummary }) {
  const { t } = useLingui();
  const answer = useAgencyReports(agency.id);
  const totals = answer.data?.totals ?? [];
  const exportCsv = () => {
    agencyReportsCsv(agency.id)
      .then((text) =>
        downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'bao-cao-hiep-hoi.csv'),
      )
      .catch(() => toast.error(t`Cần kết nối mạng để xuất CSV`));
  };
  return (
    <section aria-labelledby="agency-reports">
      <h2 id="agency-reports">
        <Trans>Tổng hợp của {agency.name}</Trans>
      </h2>
      {totals.length === 0 && answer.isSuccess && <p>{t`Chưa có báo cáo nào`}</p>}
      {totals.length > 0 && (
        <>
          <table className="reports-table stacked-table" data-testid="report-totals">
            <caption>
              <Trans>Tổng theo tháng (VNĐ)</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Tháng</Trans>
                </th>
                <th scope="col">
                  <Trans>Số nhóm</Trans>
                </th>
                <th scope="col">
                  <Trans>Doanh thu</Trans>
                </th>
                <th scope="col">
                  <Trans>Nội địa</Trans>
                </th>
                <th scope="col">
                  <Trans>Xuất khẩu</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...totals].reverse().map((m) => (
                <tr key={m.month} data-month={formatMonth(m.month)}>
                  <th scope="row" data-label={t`Tháng`}>
                    {formatMonth(m.month)}
                  </th>
                  <td data-label={t`Số nhóm`}>{formatNumber(m.groups)}</td>
                  <td data-label={t`Doanh thu`}>{formatNumber(m.turnover)}</td>
                  <td data-label={t`Nội địa`}>{formatNumber(m.domesticRevenue)}</td>
                  <td data-label={t`Xuất khẩu`}>{formatNumber(m.exportRevenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Suspense fallback={null}>
            <ReportChart totals={totals} />
          </Suspense>
          <Button variant="secondary" onClick={exportCsv}>
            <Trans>Xuất CSV</Trans>
          </Button>
          <ReportList reports={answer.data?.reports ?? []} />
        </>
      )}
    </section>
  );
}

function ReportList({
  reports,
  onEdit,
}: {
  reports: AssociationReport[];
  onEdit?: (report: AssociationReport) => void;
}) {
  const { t } = useLingui();
  return (
    <table className="reports-table stacked-table">
      <caption>
        <Trans>Báo cáo của từng nhóm (VNĐ)</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Tháng</Trans>
          </th>
          <th scope="col">
            <Trans>Nhóm</Trans>
          </th>
          <th scope="col">
            <Trans>Doanh thu</Trans>
          </th>
          <th scope="col">
            <Trans>Nội địa</Trans>
          </th>
          <th scope="col">
            <Trans>Xuất khẩu</Trans>
          </th>
          <th scope="col">
            <Trans>Thị trường</Trans>
          </th>
          {onEdit && (
            <th scope="col">
              <span className="visually-hidden">{t`Sửa`}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {[...reports].reverse().map((r) => (
          <tr key={r.id}>
            <th scope="row" data-label={t`Tháng`}>
              {formatMonth(r.month)}
            </th>
            <td data-label={t`Nhóm`}>{r.groupName}</td>
            <td data-label={t`Doanh thu`}>{formatNumber(r.turnover)}</td>
            <td data-label={t`Nội địa`}>{formatNumber(r.domesticRevenue)}</td>
            <td data-label={t`Xuất khẩu`}>{formatNumber(r.exportRevenue)}</td>
            <td data-label={t`Thị trường`}>{r.exportMarkets.join(', ')}</td>
            {onEdit && (
              <td className="reports-table__action">
                <Button variant="secondary" onClick={() => onEdit(r)}>
                  <Trans>Sửa {formatMonth(r.month)}</Trans>
                </Button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Draft {
  id?: string;
  month: string;
  turnover: string;
  domesticRevenue: string;
  exportRevenue: string;
  exportMarkets: string;
}

const emptyDraft: Draft = {
  month: '',
  turnover: '',
  domesticRevenue: '',
  exportRevenue: '',
  exportMarkets: '',
};

function GroupReports({ groups }: { groups: { groupId: string; groupName: string }[] }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [groupId, setGroupId] = useState(groups[0]!.groupId);
  const reports = useGroupReports(groupId);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const field = (name: keyof Omit<Draft, 'id'>) => ({
    value: draft[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: e.target.value }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    fileReport({ ...draft, groupId })
      .then(async () => {
        toast.success(draft.id ? t`Đã sửa báo cáo` : t`Đã gửi báo cáo`);
        setDraft(emptyDraft);
        await queryClient.invalidateQueries({ queryKey: ['associationReport'] });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError) setErrors(error.fields);
        toast.error(error instanceof Error ? error.message : t`Không gửi được`);
      })
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="group-reports">
      <h2 id="group-reports">
        <Trans>Báo cáo tháng của nhóm</Trans>
      </h2>
      {groups.length > 1 && (
        <label className="field">
          <span className="field__label">
            <Trans>Nhóm</Trans>
          </span>
          <select
            className="field__input"
            value={groupId}
            onChange={(e) => {
              setGroupId(e.target.value);
              setDraft(emptyDraft);
            }}
          >
            {groups.map((g) => (
              <option key={g.groupId} value={g.groupId}>
                {g.groupName}
              </option>
            ))}
          </select>
        </label>
      )}
      <form className="reports-form" onSubmit={submit} noValidate>
        <TextField label={t`Tháng (MM/YYYY)`} placeholder="10/2026" {...field('month')} />
        <TextField label={t`Doanh thu (VNĐ)`} inputMode="numeric" {...field('turnover')} />
        <TextField
          label={t`Doanh thu nội địa (VNĐ)`}
          inputMode="numeric"
          {...field('domesticRevenue')}
        />
        <TextField
          label={t`Doanh thu xuất khẩu (VNĐ)`}
          inputMode="numeric"
          {...field('exportRevenue')}
        />
        <TextField
          label={t`Thị trường xuất khẩu (cách nhau bởi dấu phẩy)`}
          {...field('exportMarkets')}
        />
        <div className="reports-actions">
          <Button type="submit" disabled={busy}>
            {draft.id ? <Trans>Lưu báo cáo</Trans> : <Trans>Gửi báo cáo</Trans>}
          </Button>
          {draft.id && (
            <Button type="button" variant="secondary" onClick={() => setDraft(emptyDraft)}>
              <Trans>Huỷ sửa</Trans>
            </Button>
          )}
        </div>
      </form>
      {reports.data && reports.data.reports.length > 0 && (
        <ReportList
          reports={reports.data.reports}
          onEdit={(r) =>
            setDraft({
              id: r.id,
              month: formatMonth(r.month),
              turnover: formatNumber(r.turnover),
              domesticRevenue: formatNumber(r.domesticRevenue),
              exportRevenue: formatNumber(r.exportRevenue),
              exportMarkets: r.exportMarkets.join(', '),
            })
          }
        />
      )}
    </section>
  );
}
