// On a brand or group page (/mbg) for a logged-in viewer: ask to join (or withdraw the
// request), and for the group's admins its customer list and the way to member management
// (decisions 0800, 0801). The API client loads in the browser only for members, never for
// visitors; the calls are online (the admins decide on the server).
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import type { CustomerPage, JoinStatus } from '../../../contract/member-management';
import { toast } from '../../ui/toast';
import { useLoggedInViewer } from './save-to-phonebook';

async function calls() {
  return (await import('./group-membership-calls')).groupMembershipCalls;
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.name === 'ApiRequestError' && error.message
    ? error.message
    : fallback;
}

export function GroupMembership({ owner }: { owner: CardOwner }) {
  const { t } = useLingui();
  const loggedIn = useLoggedInViewer();
  const shown = loggedIn && owner.kind === 'group';
  const [standing, setStanding] = useState<JoinStatus | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!shown) return;
    let live = true;
    calls()
      .then((call) => call.standing(owner.id))
      .then((answer) => live && setStanding(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [shown, owner.id]);

  if (!shown || !standing) return null;

  const act = async (step: 'requestJoin' | 'cancelJoinRequest', done: string) => {
    setBusy(true);
    try {
      setStanding(await (await calls())[step](owner.id));
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="group-membership">
      {standing.status === 'none' && (
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void act('requestJoin', t`Đã gửi yêu cầu tham gia nhóm`)}
        >
          <Trans>Xin tham gia nhóm</Trans>
        </button>
      )}
      {standing.status === 'requested' && (
        <>
          <span className="card-actions__note" role="status">
            <Trans>Đã gửi yêu cầu tham gia, đang chờ duyệt</Trans>
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void act('cancelJoinRequest', t`Đã rút yêu cầu tham gia`)}
          >
            <Trans>Rút yêu cầu</Trans>
          </button>
        </>
      )}
      {standing.status === 'active' && standing.role !== 'admin' && (
        <span className="card-actions__note" role="status">
          <Trans>Bạn là thành viên của nhóm</Trans>
        </span>
      )}
      {standing.role === 'admin' && <GroupCustomers groupId={owner.id} />}
    </div>
  );
}

/** The group's customers, first page, for its admins; managed on /action/memberManagement. */
function GroupCustomers({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState<CustomerPage | null>(null);
  useEffect(() => {
    let live = true;
    calls()
      .then((call) => call.customers(groupId))
      .then((answer) => live && setPage(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [groupId]);
  const manage = (tab: string) =>
    `/action/memberManagement?${new URLSearchParams({ groupId, tab }).toString()}`;
  return (
    <section className="group-customers" aria-label={t`Khách hàng của nhóm`}>
      <h2>
        <Trans>Khách hàng</Trans>
      </h2>
      {page && page.items.length === 0 && (
        <p>
          <Trans>Chưa có khách hàng nào.</Trans>
        </p>
      )}
      {page && page.items.length > 0 && (
        <ul data-testid="brand-customers">
          {page.items.map((c) => (
            <li key={c.id}>
              {c.memberUrlMinify ? <a href={`/me/${c.memberUrlMinify}`}>{c.name}</a> : c.name}
              {c.phone ? ` · ${c.phone}` : ''}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={manage('customers')}>
          <Trans>Quản lý khách hàng</Trans>
        </a>
        {' · '}
        <a href={manage('members')}>
          <Trans>Quản lý thành viên</Trans>
        </a>
      </p>
    </section>
  );
}
