import { useMemo, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { ContactRow, FriendshipRow } from '../../db/app-db';
import { foldForSearch } from '../../../contract/contact';
import { formatNumber } from '../../../contract/format';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { OverflowMenu } from '../../ui/overflow-menu';
import { EmptyState } from '../../ui/empty-state';
import { PulledEmptyState } from '../../ui/pulled-empty-state';
import { Spinner } from '../../ui/spinner';
import { FixedRowList, fixedRowStyle } from '../../ui/fixed-row-list';
import { useMediaQuery } from '../../ui/use-media-query';
import { toast } from '../../ui/toast';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  personFromContact,
  rejectFriendRequest,
  unfriend,
  useFriendships,
  useFriendSuggestions,
} from './friends-data';
import { sendFriendRequest } from '../../sync/friend-request';
import './friends.css';
import { currentMemberId } from '../../api/current-member';

export type FriendTab = 'accepted' | 'received' | 'sent';

interface FriendsScreenProps {
  memberId: string;
  tab: FriendTab;
  onTab: (tab: FriendTab) => void;
}

type Asking = { kind: 'cancel' | 'unfriend'; row: FriendshipRow } | null;

export function FriendsScreen({ memberId, tab, onTab }: FriendsScreenProps) {
  const { t } = useLingui();
  usePageTitle(t`Bạn bè`);
  const [me] = useState(currentMemberId);
  const own = me !== undefined && me === memberId;
  const rows = useFriendships(own ? me : undefined);
  const suggestions = useFriendSuggestions(own ? me : undefined, rows);
  // A row is one line from 40rem on; below, the actions take a line of their own.
  const wide = useMediaQuery('(min-width: 40rem)');
  const rowHeight = wide ? 76 : 128;
  const [name, setName] = useState('');
  const [asking, setAsking] = useState<Asking>(null);

  const groups = useMemo(() => {
    const list = rows ?? [];
    return {
      accepted: list.filter((r) => r.status === 'accepted'),
      received: list.filter((r) => r.status === 'pending' && r.direction === 'received'),
      sent: list.filter((r) => r.status === 'pending' && r.direction === 'sent'),
    };
  }, [rows]);
  const needle = foldForSearch(name);
  const shown = needle ? groups[tab].filter((r) => r.searchKey.includes(needle)) : groups[tab];

  if (!own || !me) {
    return (
      <main className="friends page stack">
        <EmptyState title={t`Bạn chỉ xem được danh sách bạn bè của mình`} />
      </main>
    );
  }

  // Each action tells what happened at once: the change is on this device, and the server
  // has it only once the outbox is sent (a toast says what is true, issue 24).
  const run = async (action: () => Promise<void>, ok: string, fail: string) => {
    try {
      await action();
      toast.success(
        navigator.onLine
          ? `${ok} ${t`(đã lưu trên máy này, đang gửi)`}`
          : `${ok} ${t`(sẽ đồng bộ khi có mạng)`}`,
      );
    } catch {
      toast.error(fail);
    }
  };

  const send = (contact: ContactRow) =>
    run(
      () => sendFriendRequest(me, personFromContact(contact)),
      t`Đã gửi lời mời kết bạn`,
      t`Gửi lời mời kết bạn thất bại`,
    );
  const accept = (row: FriendshipRow) =>
    run(
      () => acceptFriendRequest(me, row),
      t`Đã chấp nhận lời mời kết bạn`,
      t`Chấp nhận lời mời thất bại`,
    );
  const reject = (row: FriendshipRow) =>
    run(() => rejectFriendRequest(me, row), t`Đã xoá lời mời kết bạn`, t`Xoá lời mời thất bại`);
  const confirm = async () => {
    if (!asking) return;
    const { kind, row } = asking;
    setAsking(null);
    if (kind === 'cancel') {
      await run(
        () => cancelFriendRequest(me, row),
        t`Đã huỷ lời mời kết bạn`,
        t`Huỷ lời mời kết bạn thất bại`,
      );
    } else {
      await run(() => unfriend(me, row), t`Đã huỷ kết bạn`, t`Huỷ kết bạn thất bại`);
    }
  };

  const tabs: { key: FriendTab; label: string; count: number }[] = [
    { key: 'accepted', label: t`Bạn bè`, count: groups.accepted.length },
    { key: 'received', label: t`Lời mời đã nhận`, count: groups.received.length },
    { key: 'sent', label: t`Lời mời đã gửi`, count: groups.sent.length },
  ];

  return (
    <main className="friends page stack">
      <header className="friends__header">
        <h1>{t`Bạn bè`}</h1>
        <p className="friends__totals">
          {t`${plural(groups.accepted.length, { other: '# bạn bè' })} · ${plural(groups.received.length, { other: '# lời mời đã nhận' })} · ${plural(groups.sent.length, { other: '# lời mời đã gửi' })}`}
        </p>
      </header>

      <div className="friends__tabs cluster" role="group" aria-label={t`Trạng thái`}>
        {tabs.map((item) => (
          <button
            key={item.key}
            type="button"
            className="friends__tab"
            aria-pressed={tab === item.key}
            onClick={() => onTab(item.key)}
          >
            {item.label} ({formatNumber(item.count)})
          </button>
        ))}
      </div>

      <div className="friends__search stack stack--tight">
        <label className="field__label" htmlFor="friends-search">
          {t`Tìm theo tên`}
        </label>
        <input
          id="friends-search"
          className="field__input"
          type="search"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>

      {rows === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : shown.length === 0 ? (
        needle ? (
          <EmptyState title={t`Không tìm thấy ai`} />
        ) : (
          <PulledEmptyState
            title={
              tab === 'accepted'
                ? t`Chưa có bạn bè`
                : tab === 'received'
                  ? t`Không có lời mời nào đang chờ`
                  : t`Chưa gửi lời mời nào`
            }
          />
        )
      ) : (
        <FixedRowList
          items={shown}
          rowHeight={rowHeight}
          className="friend-list"
          label={tabs.find((x) => x.key === tab)?.label ?? t`Bạn bè`}
          itemKey={(row) => row.id}
          renderRow={(row, index) => (
            <div
              role="listitem"
              className="friend-row"
              style={fixedRowStyle(index, rowHeight)}
              data-friend-id={row.otherMemberId}
            >
              <FriendCard name={row.other.name} titles={[row.other.jobTitle, row.other.workplace]}>
                {row.status === 'accepted' && (
                  <Link
                    className="button"
                    to="/messages"
                    search={{ to: row.otherMemberId, name: row.other.name }}
                    aria-label={t`Gửi lời nhắn cho ${row.other.name}`}
                  >
                    {t`Nhắn tin`}
                  </Link>
                )}
                {row.status === 'accepted' && (
                  <OverflowMenu label={t`Thêm thao tác với ${row.other.name}`}>
                    <button
                      type="button"
                      className="is-danger"
                      aria-label={t`Huỷ kết bạn với ${row.other.name}`}
                      onClick={() => setAsking({ kind: 'unfriend', row })}
                    >
                      {t`Huỷ kết bạn`}
                    </button>
                  </OverflowMenu>
                )}
                {row.status === 'pending' && row.direction === 'received' && (
                  <>
                    <Button
                      aria-label={t`Chấp nhận ${row.other.name}`}
                      onClick={() => void accept(row)}
                    >
                      {t`Chấp nhận`}
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={t`Xoá lời mời của ${row.other.name}`}
                      onClick={() => void reject(row)}
                    >
                      {t`Xoá`}
                    </Button>
                  </>
                )}
                {row.status === 'pending' && row.direction === 'sent' && (
                  <Button
                    variant="secondary"
                    aria-label={t`Huỷ lời mời gửi ${row.other.name}`}
                    onClick={() => setAsking({ kind: 'cancel', row })}
                  >
                    {t`Huỷ lời mời`}
                  </Button>
                )}
              </FriendCard>
            </div>
          )}
        />
      )}

      {suggestions.length > 0 && (
        <section className="friends__suggestions" aria-labelledby="friend-suggestions">
          <h2 id="friend-suggestions">{t`Kết bạn với danh thiếp đã lưu`}</h2>
          <FixedRowList
            items={suggestions}
            rowHeight={rowHeight}
            className="friend-list"
            label={t`Kết bạn với danh thiếp đã lưu`}
            itemKey={(contact) => contact.id}
            renderRow={(contact, index) => (
              <div role="listitem" className="friend-row" style={fixedRowStyle(index, rowHeight)}>
                <FriendCard name={contact.name} titles={[contact.jobTitle, contact.company]}>
                  <Button
                    aria-label={t`Kết bạn với ${contact.name}`}
                    onClick={() => void send(contact)}
                  >
                    {t`Kết bạn`}
                  </Button>
                </FriendCard>
              </div>
            )}
          />
        </section>
      )}

      <ConfirmDialog
        open={asking !== null}
        title={asking?.kind === 'unfriend' ? t`Huỷ kết bạn?` : t`Huỷ lời mời kết bạn?`}
        confirmLabel={asking?.kind === 'unfriend' ? t`Huỷ kết bạn` : t`Huỷ lời mời`}
        cancelLabel={t`Không`}
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        <p>
          {asking?.kind === 'unfriend'
            ? t`Bạn và ${asking.row.other.name} sẽ không còn là bạn bè.`
            : asking
              ? t`Lời mời kết bạn gửi ${asking.row.other.name} sẽ bị huỷ.`
              : null}
        </p>
      </ConfirmDialog>
    </main>
  );
}

interface FriendCardProps {
  name: string;
  /** Job title and workplace, either missing. */
  titles: (string | null | undefined)[];
  /** The row's actions. */
  children: ReactNode;
}

/** A person's row card: initial, name, titles and the actions (friends and suggestions). */
function FriendCard({ name, titles, children }: FriendCardProps) {
  return (
    <div className="friend-item list-row surface">
      <span className="friend-avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase() || '?'}
      </span>
      <span className="friend-item__who list-row__body">
        <span className="friend-item__name list-row__title">{name}</span>
        <span className="friend-item__meta list-row__meta">
          {titles.filter(Boolean).join(' · ')}
        </span>
      </span>
      <span className="friend-item__actions list-row__actions">{children}</span>
    </div>
  );
}
