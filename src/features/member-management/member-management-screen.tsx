// /action/memberManagement — a group's admins manage its members (paged, searched), join
// requests (accept, reject), roles (admin, seller, member), account locks (with confirmation)
// and customers. Online only (decision 0801): the server decides each change when it is made.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryScope } from '../../api/query-client';
import { ApiRequestError } from '../../api/http-client';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/page-title';
import { useOnline } from '../../ui/offline-indicator';
import { formatNumber } from '../../../contract/format';
import type { GroupMemberItem, GroupRole } from '../../../contract/member-management';
import {
  memberCalls,
  useAdminGroups,
  useCustomers,
  useMemberList,
  type MemberListKind,
} from './member-management-data';
import './member-management.css';

export type ManagementTab = 'members' | 'requests' | 'customers';

interface ScreenProps {
  groupId: string | undefined;
  tab: ManagementTab;
  onChange: (next: { groupId?: string; tab?: ManagementTab }) => void;
}

export function MemberManagementScreen(props: ScreenProps) {
  return (
    <QueryScope>
      <MemberManagement {...props} />
    </QueryScope>
  );
}

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

function MemberManagement({ groupId, tab, onChange }: ScreenProps) {
  const { t } = useLingui();
  usePageTitle(t`Quản lý thành viên`);
  const groups = useAdminGroups();
  const online = useOnline();
  if (groups === undefined) {
    return (
      <main className="manage-page page stack">
        <Spinner />
      </main>
    );
  }
  if (groups.length === 0) {
    return (
      <main className="manage-page page stack">
        <h1>
          <Trans>Quản lý thành viên</Trans>
        </h1>
        <EmptyState title={t`Bạn chưa là quản trị viên của nhóm hay thương hiệu nào.`} />
      </main>
    );
  }
  const group = groups.find((g) => g.groupId === groupId) ?? groups[0]!;
  const tabs: { id: ManagementTab; label: string }[] = [
    { id: 'members', label: t`Thành viên` },
    { id: 'requests', label: t`Yêu cầu tham gia` },
    { id: 'customers', label: t`Khách hàng` },
  ];
  return (
    <main className="manage-page page stack">
      <h1>
        <Trans>Quản lý thành viên</Trans>
      </h1>
      {groups.length > 1 ? (
        <label className="field">
          <span className="field__label">
            <Trans>Nhóm</Trans>
          </span>
          <select
            className="field__input"
            value={group.groupId}
            onChange={(e) => onChange({ groupId: e.target.value })}
          >
            {groups.map((g) => (
              <option key={g.groupId} value={g.groupId}>
                {g.groupName}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="manage-group">{group.groupName}</p>
      )}
      {!online && (
        <p role="alert">
          <Trans>Cần kết nối mạng để quản lý thành viên.</Trans>
        </p>
      )}
      <nav className="manage-tabs cluster" aria-label={t`Mục quản lý`}>
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            className="manage-tabs__tab"
            aria-current={item.id === tab ? 'page' : undefined}
            onClick={() => onChange({ tab: item.id })}
          >
            {item.label}
          </button>
        ))}
      </nav>
      {tab === 'customers' ? (
        <CustomersPanel key={group.groupId} groupId={group.groupId} online={online} />
      ) : (
        <MembersPanel
          key={`${group.groupId}:${tab}`}
          groupId={group.groupId}
          kind={tab}
          online={online}
        />
      )}
    </main>
  );
}

function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="manage-pager cluster" aria-label={t`Trang`}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Trang trước</Trans>
      </Button>
      <span>
        <Trans>
          Trang {page} / {pages}
        </Trans>
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Trang sau</Trans>
      </Button>
    </nav>
  );
}

type Pending =
  { kind: 'lock' | 'unlock'; item: GroupMemberItem } | { kind: 'remove'; item: GroupMemberItem };

function MembersPanel({
  groupId,
  kind,
  online,
}: {
  groupId: string;
  kind: MemberListKind;
  online: boolean;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const list = useMemberList(groupId, kind, page, filter.trim());
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: ['group-members', groupId] });
    } catch (error) {
      toast.error(failure(error, t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const roleLabel: Record<GroupRole, string> = {
    admin: t`Quản trị viên`,
    seller: t`Nhân viên bán hàng`,
    member: t`Thành viên`,
  };

  return (
    <section aria-label={kind === 'members' ? t`Thành viên` : t`Yêu cầu tham gia`}>
      <TextField
        label={t`Tìm theo tên, liên kết hoặc số điện thoại`}
        type="search"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{failure(list.error, t`Không tải được danh sách.`)}</p>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={
            kind === 'members' ? t`Chưa có thành viên nào.` : t`Không có yêu cầu nào đang chờ.`
          }
        />
      ) : (
        <>
          <p className="manage-count">
            <Trans>{formatNumber(list.data.total)} người</Trans>
          </p>
          <ul className="manage-list" data-testid={`manage-${kind}`}>
            {list.data.items.map((item) => (
              <li key={item.id} className="manage-list__item list-row">
                <div className="manage-list__who list-row__body">
                  <a href={`/me/${item.urlMinify}`}>{item.name}</a>
                  <span>{[item.urlMinify, item.phone].filter(Boolean).join(' · ')}</span>
                  {item.accountStatus === 'locked' && (
                    <span className="manage-badge">
                      <Trans>Đã khoá</Trans>
                    </span>
                  )}
                </div>
                {kind === 'requests' ? (
                  <div className="manage-list__actions list-row__actions">
                    <Button
                      disabled={!online || busy}
                      aria-label={t`Chấp nhận ${item.name}`}
                      onClick={() =>
                        void run(() => memberCalls.accept(item.id), t`Đã chấp nhận ${item.name}`)
                      }
                    >
                      <Trans>Chấp nhận</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={!online || busy}
                      aria-label={t`Từ chối ${item.name}`}
                      onClick={() =>
                        void run(() => memberCalls.reject(item.id), t`Đã từ chối ${item.name}`)
                      }
                    >
                      <Trans>Từ chối</Trans>
                    </Button>
                  </div>
                ) : (
                  <div className="manage-list__actions list-row__actions">
                    <label className="manage-role">
                      <span className="visually-hidden">{t`Vai trò của ${item.name}`}</span>
                      <select
                        className="field__input"
                        value={item.role}
                        disabled={!online || busy}
                        onChange={(e) => {
                          const role = e.target.value as GroupRole;
                          void run(
                            () => memberCalls.setRole(item.id, role),
                            t`Đã đổi vai trò của ${item.name}`,
                          );
                        }}
                      >
                        {(['admin', 'seller', 'member'] as const).map((r) => (
                          <option key={r} value={r}>
                            {roleLabel[r]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <Button
                      variant="secondary"
                      disabled={!online || busy}
                      aria-label={
                        item.accountStatus === 'locked'
                          ? t`Mở khoá ${item.name}`
                          : t`Khoá tài khoản ${item.name}`
                      }
                      onClick={() =>
                        setPending({
                          kind: item.accountStatus === 'locked' ? 'unlock' : 'lock',
                          item,
                        })
                      }
                    >
                      {item.accountStatus === 'locked' ? t`Mở khoá` : t`Khoá`}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={!online || busy}
                      aria-label={t`Xoá ${item.name} khỏi nhóm`}
                      onClick={() => setPending({ kind: 'remove', item })}
                    >
                      <Trans>Xoá khỏi nhóm</Trans>
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        danger={pending?.kind !== 'unlock'}
        busy={busy}
        title={
          pending?.kind === 'lock'
            ? t`Khoá tài khoản ${pending.item.name}?`
            : pending?.kind === 'unlock'
              ? t`Mở khoá tài khoản ${pending.item.name}?`
              : t`Xoá ${pending?.item.name ?? ''} khỏi nhóm?`
        }
        confirmLabel={
          pending?.kind === 'lock'
            ? t`Khoá tài khoản`
            : pending?.kind === 'unlock'
              ? t`Mở khoá`
              : t`Xoá khỏi nhóm`
        }
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const { item } = pending;
          if (pending.kind === 'remove') {
            void run(() => memberCalls.remove(item.id), t`Đã xoá ${item.name} khỏi nhóm`);
          } else {
            const status = pending.kind === 'lock' ? 'locked' : 'active';
            void run(
              () => memberCalls.setStatus(item.memberId, groupId, status),
              status === 'locked' ? t`Đã khoá tài khoản ${item.name}` : t`Đã mở khoá ${item.name}`,
            );
          }
        }}
      >
        {pending?.kind === 'lock' && (
          <p>
            <Trans>
              Người này sẽ bị đăng xuất khỏi mọi thiết bị, không đăng nhập được và thẻ của họ sẽ
              không còn hiển thị công khai cho đến khi được mở khoá.
            </Trans>
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function CustomersPanel({ groupId, online }: { groupId: string; online: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const list = useCustomers(groupId, page, query.trim());
  const empty = { name: '', phone: '', email: '', cardLink: '', note: '' };
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await memberCalls.createCustomer({ groupId, ...draft });
      toast.success(t`Đã thêm khách hàng ${draft.name}`);
      setDraft(empty);
      await queryClient.invalidateQueries({ queryKey: ['group-customers', groupId] });
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else {
        toast.error(failure(error, t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof empty, label: string) => (
    <TextField
      label={label}
      value={draft[name]}
      error={errors[name]}
      autoComplete="off"
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );

  return (
    <section aria-label={t`Khách hàng`}>
      <form className="manage-form stack stack--tight" onSubmit={(e) => void create(e)} noValidate>
        <h2>
          <Trans>Thêm khách hàng</Trans>
        </h2>
        {field('name', t`Tên khách hàng`)}
        {field('phone', t`Số điện thoại`)}
        {field('email', t`Email`)}
        {field('cardLink', t`Liên kết danh thiếp (không bắt buộc)`)}
        {field('note', t`Ghi chú`)}
        <Button type="submit" busy={busy} disabled={!online}>
          <Trans>Thêm khách hàng</Trans>
        </Button>
      </form>
      <TextField
        label={t`Tìm khách hàng`}
        type="search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{failure(list.error, t`Không tải được danh sách.`)}</p>
      ) : list.data.items.length === 0 && query.trim() ? (
        <EmptyState title={t`Không có khách hàng nào khớp “${query.trim()}”.`} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t`Chưa có khách hàng nào.`} />
      ) : (
        <>
          <ul className="manage-list" data-testid="manage-customers">
            {list.data.items.map((c) => (
              <li key={c.id} className="manage-list__item list-row">
                <div className="manage-list__who list-row__body">
                  <strong>{c.name}</strong>
                  <span>{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
                  {c.memberUrlMinify && (
                    <a href={`/me/${c.memberUrlMinify}`}>
                      <Trans>Danh thiếp: {c.memberUrlMinify}</Trans>
                    </a>
                  )}
                </div>
                <div className="manage-list__actions list-row__actions">
                  <Button
                    variant="secondary"
                    disabled={!online}
                    aria-label={t`Xoá khách hàng ${c.name}`}
                    onClick={() =>
                      void memberCalls
                        .deleteCustomer(c.id)
                        .then(() =>
                          queryClient.invalidateQueries({
                            queryKey: ['group-customers', groupId],
                          }),
                        )
                        .catch((error: unknown) =>
                          toast.error(failure(error, t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`)),
                        )
                    }
                  >
                    <Trans>Xoá</Trans>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
