// /action/setting/links: the member's bank accounts, links and videos — add, edit, reorder,
// hide and delete, all working offline (the changes wait in the outbox).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { appDb, type AccountLinkRow } from '../../db/app-db';
import type { AccountLinkKind } from '../../../contract/account-link';
import { youtubeId } from '../../../contract/youtube';
import { memberCardPath } from '../../../contract/card-prefixes';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { useBankList } from '../../sync/bank-list';
import { OverflowMenu } from '../../ui/overflow-menu';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toastDeletedOnDevice, toastSavedOnDevice } from '../../ui/saved-on-device';
import { toastWriteFailed } from '../../ui/write-failed';
import { VideoThumbnail } from '../../ui/video-thumbnail';
import { AccountLinkForm } from './account-link-form';
import { AccountLinkConflictBanners } from './account-link-conflicts';
import {
  deleteAccountLink,
  moveAccountLink,
  saveAccountLink,
  setAccountLinkHidden,
  useAccountLinks,
  type AccountLinkFields,
} from './account-links-data';
import './account-links.css';

type Editing = { kind: AccountLinkKind; row?: AccountLinkRow } | null;

export function AccountLinksScreen() {
  const { t } = useLingui();
  usePageTitle(t`Ngân hàng, liên kết và video`);
  // Read once: the cookie does not change while the screen is open (a new login reloads).
  const [me] = useState(currentMemberId);
  const rows = useAccountLinks(me);
  const banks = useBankList();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AccountLinkRow | null>(null);

  if (!me) {
    return (
      <main className="account-links page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }

  const submit = async (fields: AccountLinkFields) => {
    try {
      await saveAccountLink(appDb, me, fields, banks ?? [], editing?.row);
      toastSavedOnDevice();
      setEditing(null);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteAccountLink(appDb, deleting);
      toastDeletedOnDevice();
    } catch (error) {
      toastWriteFailed(error, t`Không xoá được. Vui lòng thử lại!`);
    }
    setDeleting(null);
  };

  const sections: { kind: AccountLinkKind; title: string; add: string; empty: string }[] = [
    {
      kind: 'bank',
      title: t`Tài khoản ngân hàng`,
      add: t`Thêm tài khoản ngân hàng`,
      empty: t`Chưa có tài khoản ngân hàng`,
    },
    { kind: 'link', title: t`Liên kết`, add: t`Thêm liên kết`, empty: t`Chưa có liên kết` },
    { kind: 'video', title: t`Video`, add: t`Thêm video YouTube`, empty: t`Chưa có video` },
  ];

  return (
    <main className="account-links page stack">
      <header className="account-links__header">
        <h1>{t`Ngân hàng, liên kết và video`}</h1>
        <p>
          {t`Những mục đang hiện sẽ có trên danh thiếp theo thứ tự bên dưới.`}{' '}
          <Link to={memberCardPath(me)}>{t`Xem danh thiếp`}</Link>
        </p>
      </header>

      <AccountLinkConflictBanners banks={banks ?? []} />

      {editing && (
        <AccountLinkForm
          key={editing.row?.id ?? `new-${editing.kind}`}
          kind={editing.kind}
          row={editing.row}
          banks={banks}
          onSubmit={submit}
          onCancel={() => setEditing(null)}
        />
      )}

      {rows === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : (
        sections.map((section) => {
          const items = rows.filter((row) => row.kind === section.kind);
          return (
            <section
              key={section.kind}
              className="account-links__section stack stack--tight"
              aria-labelledby={`account-links-${section.kind}`}
            >
              <div className="account-links__section-head cluster">
                <h2 id={`account-links-${section.kind}`}>{section.title}</h2>
                <Button variant="secondary" onClick={() => setEditing({ kind: section.kind })}>
                  {section.add}
                </Button>
              </div>
              {items.length === 0 ? (
                <p className="account-links__empty">{section.empty}</p>
              ) : (
                <ol className="account-links__list stack stack--tight">
                  {items.map((row, index) => (
                    <AccountLinkItem
                      key={row.id}
                      row={row}
                      first={index === 0}
                      last={index === items.length - 1}
                      onEdit={() => setEditing({ kind: row.kind, row })}
                      onMove={(step) => void moveAccountLink(appDb, me, row.id, step)}
                      onToggleHidden={() => void setAccountLinkHidden(appDb, row, !row.hidden)}
                      onDelete={() => setDeleting(row)}
                    />
                  ))}
                </ol>
              )}
            </section>
          );
        })
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t`Xoá mục này?`}
        confirmLabel={t`Xoá`}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t`${itemName(deleting)} sẽ bị xoá khỏi danh thiếp.` : null}</p>
      </ConfirmDialog>
    </main>
  );
}

/** How a row is named in the list and in its buttons' labels. */
function itemName(row: AccountLinkRow): string {
  if (row.kind === 'bank') return `${row.bankName ?? row.bankBin ?? ''} ${row.accountNumber ?? ''}`;
  return row.title || row.url || '';
}

interface ItemProps {
  row: AccountLinkRow;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onMove: (step: -1 | 1) => void;
  onToggleHidden: () => void;
  onDelete: () => void;
}

function AccountLinkItem({
  row,
  first,
  last,
  onEdit,
  onMove,
  onToggleHidden,
  onDelete,
}: ItemProps) {
  const { t } = useLingui();
  const name = itemName(row);
  const videoId = row.kind === 'video' ? youtubeId(row.url) : null;
  return (
    <li className={`account-link list-row surface${row.hidden ? ' account-link--hidden' : ''}`}>
      {videoId && (
        <VideoThumbnail videoId={videoId} width={96} height={54} className="account-link__thumb" />
      )}
      <div className="account-link__text list-row__body">
        {row.kind === 'bank' ? (
          <>
            <strong>{row.bankName ?? row.bankBin}</strong>
            <span>{row.accountNumber}</span>
            <span>{row.ownerName}</span>
          </>
        ) : (
          <>
            <strong>{row.title || row.url}</strong>
            {row.title && <span className="account-link__url">{row.url}</span>}
          </>
        )}
        {row.hidden && <span className="account-link__badge">{t`Đang ẩn`}</span>}
      </div>
      <div className="account-link__actions list-row__actions">
        <Button
          variant="secondary"
          disabled={first}
          onClick={() => onMove(-1)}
          aria-label={t`Đưa ${name} lên`}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={t`Đưa ${name} xuống`}
        >
          ↓
        </Button>
        <Button variant="secondary" onClick={onEdit} aria-label={t`Sửa ${name}`}>
          {t`Sửa`}
        </Button>
        {/* Hiding and deleting are rarer, and deleting is not as prominent as editing. */}
        <OverflowMenu label={t`Thêm thao tác với ${name}`}>
          <button
            type="button"
            onClick={onToggleHidden}
            aria-label={row.hidden ? t`Hiện ${name}` : t`Ẩn ${name}`}
          >
            {row.hidden ? t`Hiện trên thẻ` : t`Ẩn khỏi thẻ`}
          </button>
          <button
            type="button"
            className="is-danger"
            onClick={onDelete}
            aria-label={t`Xoá ${name}`}
          >
            {t`Xoá`}
          </button>
        </OverflowMenu>
      </div>
    </li>
  );
}
