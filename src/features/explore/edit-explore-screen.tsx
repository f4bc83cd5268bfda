// /action/editAgencyExplore: an agency admin edits the agency's directory and saves the whole
// list (POST /exploreAgency/update; online only, decision 0810).
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AgencySummary } from '../../../contract/agency';
import { ApiRequestError, apiCall } from '../../api/http-client';
import { myAgencies } from '../../../contract/rest-routes';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { EmptyState } from '../../ui/empty-state';
import { toast } from '../../ui/toast';
import { refreshDirectory, saveDirectory } from './explore-data';
import './explore.css';
import { QueryScope } from '../../api/query-client';

interface Draft {
  id?: string;
  name: string;
  sector: string;
  province: string;
  address: string;
  phone: string;
  website: string;
  description: string;
  cardUrl: string;
}

const blank: Draft = {
  name: '',
  sector: '',
  province: '',
  address: '',
  phone: '',
  website: '',
  description: '',
  cardUrl: '',
};

/** Reads through TanStack Query: the screen brings its own query scope. */
export function EditExploreScreen() {
  return (
    <QueryScope>
      <EditExploreScreenBody />
    </QueryScope>
  );
}

function EditExploreScreenBody() {
  const { t } = useLingui();
  usePageTitle(t`Sửa danh bạ doanh nghiệp`);
  const mine = useQuery({
    queryKey: ['agency', 'mine'],
    queryFn: () => apiCall(myAgencies),
    select: (answer) => answer.agencies,
  });
  const agency = mine.data?.[0];
  if (mine.isPending) return <main className="explore-page page stack" aria-busy="true" />;
  if (!agency) {
    return (
      <main className="explore-page page stack">
        <EmptyState title={t`Chỉ quản trị viên hiệp hội sửa được danh bạ doanh nghiệp`} />
      </main>
    );
  }
  return <DirectoryEditor agency={agency} />;
}

function DirectoryEditor({ agency }: { agency: AgencySummary }) {
  const { t } = useLingui();
  const [list, setList] = useState<Draft[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    refreshDirectory(agency.id)
      .then((row) => setList(row.companies.map(({ agencyId: _a, ordinal: _o, ...c }) => c)))
      .catch(() => toast.error(t`Cần kết nối mạng để sửa danh bạ`));
  }, [agency.id, t]);
  if (!list) return <main className="explore-page page stack" aria-busy="true" />;
  const field = (name: keyof Omit<Draft, 'id'>, label: string) => (
    <TextField
      label={label}
      value={draft[name]}
      error={errors[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );
  const save = (next: Draft[]) => {
    setBusy(true);
    setErrors({});
    saveDirectory({ agencyId: agency.id, companies: next })
      .then((row) => {
        setList(row.companies.map(({ agencyId: _a, ordinal: _o, ...c }) => c));
        toast.success(t`Đã lưu danh bạ`);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError) {
          // Fields come as companies.N.name; the form shows the field's own name.
          setErrors(
            Object.fromEntries(
              Object.entries(error.fields).map(([k, v]) => [k.split('.').pop() ?? k, v]),
            ),
          );
        }
        toast.error(error instanceof Error ? error.message : t`Không lưu được`);
      })
      .finally(() => setBusy(false));
  };
  return (
    <main className="explore-page page stack">
      <h1>
        <Trans>Danh bạ doanh nghiệp của {agency.name}</Trans>
      </h1>
      <p>
        <Link to="/action/discover">
          <Trans>Xem như thành viên</Trans>
        </Link>
      </p>
      <form
        className="explore-editor stack"
        aria-label={editing === null ? t`Thêm doanh nghiệp` : t`Sửa doanh nghiệp`}
        onSubmit={(e) => {
          e.preventDefault();
          const next =
            editing === null ? [...list, draft] : list.map((c, i) => (i === editing ? draft : c));
          save(next);
          setDraft(blank);
          setEditing(null);
        }}
        noValidate
      >
        {field('name', t`Tên doanh nghiệp`)}
        {field('sector', t`Ngành nghề`)}
        {field('province', t`Tỉnh/thành`)}
        {field('address', t`Địa chỉ`)}
        {field('phone', t`Điện thoại`)}
        {field('website', t`Website`)}
        {field('description', t`Giới thiệu`)}
        <div className="form-footer">
          <Button type="submit" disabled={busy}>
            {editing === null ? <Trans>Thêm và lưu</Trans> : <Trans>Lưu thay đổi</Trans>}
          </Button>
          {editing !== null && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setEditing(null);
                setDraft(blank);
              }}
            >
              <Trans>Huỷ sửa</Trans>
            </Button>
          )}
        </div>
      </form>
      <ul className="explore-list stack stack--tight">
        {list.map((c, i) => (
          <li key={c.id ?? `new-${i}`} className="explore-row list-row">
            <span className="list-row__body">
              <strong>{c.name}</strong>{' '}
              <span className="explore-muted">
                {[c.sector, c.province].filter(Boolean).join(' · ')}
              </span>
            </span>
            <span className="list-row__actions">
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(i);
                  setDraft(c);
                }}
              >
                <Trans>Sửa {c.name}</Trans>
              </Button>
              <Button
                variant="danger"
                disabled={busy}
                onClick={() => save(list.filter((_, j) => j !== i))}
              >
                <Trans>Xoá {c.name}</Trans>
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}
