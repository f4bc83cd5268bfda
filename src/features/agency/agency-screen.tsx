// /action/agency: an agency admin's groups (paged, filtered, editable), admins, the groups'
// admins and sellers, and the curation of recommended products (decision 0810).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { AgencyGroup, AgencySummary } from '../../../contract/agency';
import { formatNumber, formatVnd } from '../../../contract/format';
import { ApiRequestError } from '../../api/http-client';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { EmptyState } from '../../ui/empty-state';
import { toast } from '../../ui/toast';
import {
  archiveAgencyGroup,
  createAgencyGroup,
  nameGroupAdmin,
  saveRecommended,
  updateAgencyGroup,
  useAgencyAdmins,
  useAgencyGroups,
  useAgencyProducts,
  useMyAgencies,
  useOrganizeAdmins,
  useRecommendedIds,
} from './agency-data';
import './agency.css';
import { QueryScope } from '../../api/query-client';

/** Reads through TanStack Query: the screen brings its own query scope. */
export function AgencyScreen() {
  return (
    <QueryScope>
      <AgencyScreenBody />
    </QueryScope>
  );
}

function AgencyScreenBody() {
  const { t } = useLingui();
  usePageTitle(t`Quản lý hiệp hội`);
  const agencies = useMyAgencies();
  if (agencies.isPending) return <main className="agency-page page stack" />;
  const agency = agencies.data?.[0];
  if (!agency) {
    return (
      <main className="agency-page page stack">
        <EmptyState title={t`Bạn không quản trị hiệp hội nào`} />
      </main>
    );
  }
  return <AgencyPanels agency={agency} />;
}

function AgencyPanels({ agency }: { agency: AgencySummary }) {
  const { t } = useLingui();
  return (
    <main className="agency-page page stack">
      <h1>{agency.name}</h1>
      <nav className="agency-links cluster" aria-label={t`Công cụ hiệp hội`}>
        <Link to="/action/associationReports">
          <Trans>Báo cáo hiệp hội</Trans>
        </Link>
        <Link to="/action/editAgencyExplore">
          <Trans>Danh bạ doanh nghiệp</Trans>
        </Link>
        <Link to="/action/discount">
          <Trans>Ưu đãi</Trans>
        </Link>
      </nav>
      <AgencyGroups agencyId={agency.id} />
      <AgencyPeople agencyId={agency.id} />
      <RecommendedProducts agencyId={agency.id} />
    </main>
  );
}

function AgencyGroups({ agencyId }: { agencyId: string }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const groups = useAgencyGroups(agencyId, page, filter.trim());
  const pages = Math.max(1, Math.ceil((groups.data?.total ?? 0) / 20));
  return (
    <section aria-labelledby="agency-groups">
      <h2 id="agency-groups">
        <Trans>Các nhóm</Trans>
      </h2>
      <TextField
        label={t`Tìm nhóm`}
        type="search"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setPage(1);
        }}
      />
      <NewGroupForm agencyId={agencyId} />
      <ul className="agency-list stack stack--tight" data-testid="agency-groups">
        {groups.data?.items.map((g) => (
          <li key={g.id}>
            {editing === g.id ? (
              <GroupEditor group={g} agencyId={agencyId} onDone={() => setEditing(null)} />
            ) : (
              <div className="agency-row list-row">
                <div className="list-row__body">
                  <strong>{g.name}</strong>
                  <span className="agency-muted">
                    {' '}
                    · <Trans>{formatNumber(g.members)} thành viên</Trans>
                  </span>
                  {g.note && <p className="agency-muted">{g.note}</p>}
                </div>
                <Button variant="secondary" onClick={() => setEditing(g.id)}>
                  <Trans>Sửa {g.name}</Trans>
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {groups.data && groups.data.items.length === 0 && <p>{t`Không có nhóm nào`}</p>}
      {pages > 1 && (
        <div className="agency-pager cluster">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <Trans>Trang trước</Trans>
          </Button>
          <span>
            <Trans>
              Trang {page}/{pages}
            </Trans>
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <Trans>Trang sau</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

function NewGroupForm({ agencyId }: { agencyId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'group' | 'brand'>('group');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="agency-form stack"
      aria-label={t`Tạo nhóm mới`}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setErrors({});
        createAgencyGroup({ agencyId, name, kind })
          .then(async (group) => {
            toast.success(t`Đã tạo nhóm ${group.name}`);
            setName('');
            await queryClient.invalidateQueries({ queryKey: ['agency', agencyId] });
          })
          .catch((error: unknown) => {
            if (error instanceof ApiRequestError) setErrors(error.fields);
            toast.error(error instanceof Error ? error.message : t`Không lưu được`);
          })
          .finally(() => setBusy(false));
      }}
    >
      <TextField
        label={t`Tên nhóm mới`}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <label className="field">
        <span className="field__label">
          <Trans>Loại</Trans>
        </span>
        <select
          className="field__input"
          value={kind}
          onChange={(e) => setKind(e.target.value as 'group' | 'brand')}
        >
          <option value="group">{t`Nhóm`}</option>
          <option value="brand">{t`Thương hiệu`}</option>
        </select>
      </label>
      <Button type="submit" disabled={busy}>
        <Trans>Tạo nhóm</Trans>
      </Button>
    </form>
  );
}

function GroupEditor({
  group,
  agencyId,
  onDone,
}: {
  group: AgencyGroup;
  agencyId: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState(group.name);
  const [note, setNote] = useState(group.note ?? '');
  const [layout, setLayout] = useState(group.layoutPermission);
  const [adminCard, setAdminCard] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="agency-form stack"
      aria-label={t`Sửa nhóm ${group.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        updateAgencyGroup(group.id, { name, note, layoutPermission: layout })
          .then(async () => {
            toast.success(t`Đã lưu nhóm`);
            await queryClient.invalidateQueries({ queryKey: ['agency', agencyId] });
            onDone();
          })
          .catch((error: unknown) => {
            if (error instanceof ApiRequestError) setErrors(error.fields);
            toast.error(error instanceof Error ? error.message : t`Không lưu được`);
          })
          .finally(() => setBusy(false));
      }}
    >
      <TextField
        label={t`Tên nhóm`}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t`Ghi chú`}
        value={note}
        error={errors.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <label className="field">
        <span className="field__label">
          <Trans>Quyền giao diện</Trans>
        </span>
        <select
          className="field__input"
          value={layout}
          onChange={(e) => setLayout(e.target.value as 'FULL' | 'LIMIT')}
        >
          <option value="FULL">{t`Tự do chọn giao diện`}</option>
          <option value="LIMIT">{t`Chỉ giao diện của thương hiệu`}</option>
        </select>
      </label>
      <TextField
        label={t`Liên kết danh thiếp của quản trị viên mới`}
        value={adminCard}
        error={errors.card}
        autoComplete="off"
        onChange={(e) => setAdminCard(e.target.value)}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={busy || adminCard.trim() === ''}
        onClick={() => {
          setBusy(true);
          nameGroupAdmin(group.id, adminCard)
            .then(async (admin) => {
              toast.success(t`${admin.name} là quản trị viên của ${group.name}`);
              setAdminCard('');
              await queryClient.invalidateQueries({ queryKey: ['agency', agencyId] });
            })
            .catch((error: unknown) => {
              if (error instanceof ApiRequestError) setErrors(error.fields);
              toast.error(error instanceof Error ? error.message : t`Không lưu được`);
            })
            .finally(() => setBusy(false));
        }}
      >
        <Trans>Thêm quản trị viên</Trans>
      </Button>
      <div className="form-footer">
        <Button type="submit" disabled={busy}>
          <Trans>Lưu</Trans>
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          <Trans>Huỷ</Trans>
        </Button>
        <Button
          type="button"
          variant="danger"
          disabled={busy}
          onClick={() => {
            if (
              !window.confirm(
                t`Đóng nhóm ${group.name}? Nhóm rời khỏi danh sách; sổ điểm và báo cáo vẫn được giữ.`,
              )
            )
              return;
            setBusy(true);
            archiveAgencyGroup(group.id)
              .then(async () => {
                toast.success(t`Đã đóng nhóm ${group.name}`);
                await queryClient.invalidateQueries({ queryKey: ['agency', agencyId] });
                onDone();
              })
              .catch((error: unknown) =>
                toast.error(error instanceof Error ? error.message : t`Không lưu được`),
              )
              .finally(() => setBusy(false));
          }}
        >
          <Trans>Đóng nhóm</Trans>
        </Button>
      </div>
    </form>
  );
}

function AgencyPeople({ agencyId }: { agencyId: string }) {
  const admins = useAgencyAdmins(agencyId);
  const organize = useOrganizeAdmins(agencyId);
  return (
    <section aria-labelledby="agency-people">
      <h2 id="agency-people">
        <Trans>Quản trị viên</Trans>
      </h2>
      <ul className="agency-list stack stack--tight">
        {admins.data?.items.map((a) => (
          <li key={a.memberId}>{a.name}</li>
        ))}
      </ul>
      <h3>
        <Trans>Quản trị và nhân viên của các nhóm</Trans>
      </h3>
      <ul className="agency-list stack stack--tight">
        {organize.data?.items.map((a) => (
          <li key={`${a.groupId}:${a.memberId}`}>
            {a.name} — {a.groupName} (
            {a.role === 'admin' ? <Trans>quản trị</Trans> : <Trans>bán hàng</Trans>})
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecommendedProducts({ agencyId }: { agencyId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const products = useAgencyProducts(agencyId, filter.trim());
  const recommended = useRecommendedIds(agencyId);
  const chosen = new Set(recommended.data ?? []);
  const toggle = (id: string) => {
    const next = chosen.has(id) ? [...chosen].filter((p) => p !== id) : [...chosen, id];
    saveRecommended(agencyId, next)
      .then(() => queryClient.invalidateQueries({ queryKey: ['agency', agencyId, 'recommended'] }))
      .catch((error: unknown) =>
        toast.error(error instanceof Error ? error.message : t`Không lưu được`),
      );
  };
  return (
    <section aria-labelledby="agency-products">
      <h2 id="agency-products">
        <Trans>Sản phẩm của các thương hiệu</Trans>
      </h2>
      <TextField
        label={t`Tìm sản phẩm`}
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ul className="agency-list stack stack--tight">
        {products.data?.items.map((p) => (
          <li key={p.id}>
            <label className="agency-check cluster">
              <input type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} />
              {p.title}
              {p.price !== null && <span className="agency-muted"> · {formatVnd(p.price)}</span>}
            </label>
          </li>
        ))}
      </ul>
      <p className="agency-muted">
        <Trans>Đánh dấu để đề xuất sản phẩm cho thành viên của hiệp hội.</Trans>
      </p>
    </section>
  );
}
