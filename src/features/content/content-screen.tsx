import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { currentMemberId } from '../../api/current-member';
import { QueryScope } from '../../api/query-client';
import { contentKinds, type ContentKind } from '../../../contract/content-writes';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { toastDeletedOnDevice } from '../../ui/saved-on-device';
import { toastWriteFailed } from '../../ui/write-failed';
import {
  deleteContent,
  isOrdered,
  moveContent,
  saveContent,
  useContentItems,
  type AnyContentRow,
  type ContentOwner,
  type ContentPayload,
  type ContentRow,
} from './content-data';
import { ContentForm } from './content-form';
import { ContentConflicts } from './content-conflicts';
import { useContentLabels } from './content-labels';
import { SharedPictureOffer } from './shared-picture-offer';
import './content.css';

interface ContentScreenProps {
  kind: ContentKind;
  /** A brand the member runs; absent: the member's own card. */
  brandId?: string | undefined;
  /** The item open in the form: an id, or 'new'. */
  item?: string | undefined;
  onOpen: (item: string | undefined) => void;
  /** A picture another app shared, kept by the worker (sw/share-target.ts). */
  sharedId?: string | undefined;
  /** The share is used or set aside: `next` opens a new post of that owner. */
  onSharedDone?: ((next?: { brand?: string; item: 'new' }) => void) | undefined;
}

const noop = () => {};

/** What an item is called in the list. */
function itemLabel(row: AnyContentRow): string {
  if ('title' in row) return row.title;
  if ('displayName' in row) return row.displayName;
  return `${row.startDate} → ${row.endDate}`;
}

/** Manages one kind of content of the member or of a brand they run (spec §3, §4). */
export function ContentScreen({
  kind,
  brandId,
  item,
  onOpen,
  sharedId,
  onSharedDone,
}: ContentScreenProps) {
  const { t } = useLingui();
  const labels = useContentLabels();
  usePageTitle(labels.kinds[kind]);
  const [me] = useState(currentMemberId);
  const brands = useLiveQuery(
    async () =>
      (await appDb.staffGroups.toArray())
        .filter((g) => g.deletedAt === null && g.role === 'admin')
        // By name, as the member reads them (the table's order is the random id's).
        .sort((a, b) => a.groupName.localeCompare(b.groupName, 'vi')),
    [],
  );
  const brand = brandId ? brands?.find((b) => b.groupId === brandId) : undefined;
  const owner: ContentOwner | undefined = !me
    ? undefined
    : brandId
      ? { memberId: null, groupId: brandId }
      : { memberId: me, groupId: null };
  const items = useContentItems(kind, owner);
  const [deleting, setDeleting] = useState<AnyContentRow | null>(null);
  const [newId, setNewId] = useState(() => crypto.randomUUID());
  // The shared picture a new post starts with (already kept on this device).
  const [draftImage, setDraftImage] = useState<string | undefined>(undefined);
  const editing = item && item !== 'new' ? items?.find((row) => row.id === item) : undefined;

  if (!me) return <EmptyState title={t`Vui lòng đăng nhập`} />;
  // A picture shared into the app waits to start a post (decision 1004).
  const sharedOffer =
    sharedId && kind === 'post' && brands !== undefined ? { sharedId, brands } : null;
  const offeringShared = sharedOffer !== null;

  async function save(payload: ContentPayload<ContentKind>) {
    try {
      await saveContent(kind, payload, editing);
      // On this device until the outbox reaches the server; the list shows it at once.
      toast.success(
        navigator.onLine
          ? t`Đã lưu ${labels.kinds[kind]} trên máy này, đang gửi`
          : t`Đã lưu ${labels.kinds[kind]} trên máy này, sẽ gửi khi có mạng`,
      );
      setNewId(crypto.randomUUID());
      setDraftImage(undefined);
      onOpen(undefined);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  }

  async function remove(row: AnyContentRow) {
    try {
      await deleteContent(kind, row.id);
      toastDeletedOnDevice();
    } catch (error) {
      toastWriteFailed(error, t`Không xoá được. Vui lòng thử lại!`);
    }
    setDeleting(null);
  }

  const search = (next: { brand?: string | undefined }) => ({
    ...(next.brand ? { brand: next.brand } : {}),
  });

  return (
    <main className="content-screen page stack">
      <h1>
        {labels.kinds[kind]}
        {brand ? ` · ${brand.groupName}` : ''}
      </h1>
      {/* While a shared picture is offered, the offer's own buttons choose whose post it is. */}
      {brands && brands.length > 0 && !offeringShared && (
        <nav
          className="content-screen__nav stack stack--tight"
          aria-labelledby="content-owners-label"
        >
          <span id="content-owners-label" className="content-screen__nav-label">
            {t`Của ai`}
          </span>
          <ul className="content-screen__choices cluster">
            <li>
              <Link
                to="/action/content/$kind"
                params={{ kind }}
                search={search({})}
                // Exact: by default the router calls this link current for every brand too.
                activeOptions={{ exact: true }}
                aria-current={!brandId ? 'page' : undefined}
              >
                {t`Thẻ của tôi`}
              </Link>
            </li>
            {brands.map((b) => (
              <li key={b.groupId}>
                <Link
                  to="/action/content/$kind"
                  params={{ kind }}
                  search={search({ brand: b.groupId })}
                  activeOptions={{ exact: true }}
                  aria-current={brandId === b.groupId ? 'page' : undefined}
                >
                  {b.groupName}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <nav className="content-screen__nav stack stack--tight" aria-labelledby="content-kinds-label">
        <span id="content-kinds-label" className="content-screen__nav-label">
          {t`Loại nội dung`}
        </span>
        <ul className="content-screen__choices cluster">
          {contentKinds.map((k) => (
            <li key={k}>
              <Link
                to="/action/content/$kind"
                params={{ kind: k }}
                search={search({ brand: brandId })}
                aria-current={k === kind ? 'page' : undefined}
              >
                {labels.kinds[k]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {item ? (
        item === 'new' || editing ? (
          <QueryScope>
            {editing && <ContentConflicts kind={kind} rowId={editing.id} />}
            <ContentForm
              key={editing?.id ?? newId}
              kind={kind}
              initial={editing ?? { id: newId, groupId: brandId ?? null }}
              prefill={!editing && draftImage ? { imageUrl: draftImage } : undefined}
              onSubmit={save}
              onCancel={() => {
                setDraftImage(undefined);
                onOpen(undefined);
              }}
            />
          </QueryScope>
        ) : items === undefined ? (
          <Spinner />
        ) : (
          <EmptyState title={t`Không tìm thấy mục này`} />
        )
      ) : (
        <>
          {sharedOffer ? (
            <SharedPictureOffer
              sharedId={sharedOffer.sharedId}
              brands={sharedOffer.brands}
              onStart={(brand, imageUrl) => {
                setDraftImage(imageUrl);
                onSharedDone?.({ ...(brand ? { brand } : {}), item: 'new' });
              }}
              onDone={onSharedDone ?? noop}
            />
          ) : (
            <Button onClick={() => onOpen('new')}>{labels.formTitle(kind, false)}</Button>
          )}
          <ContentConflicts kind={kind} />
          {items === undefined ? (
            <Spinner />
          ) : items.length === 0 ? (
            // Under the offer of a shared picture, the offer is what there is to do.
            !offeringShared && <EmptyState title={t`Chưa có mục nào`} />
          ) : (
            <ol className="content-screen__list stack stack--tight">
              {items.map((row, index) => (
                <li key={row.id} className="content-screen__item list-row">
                  <span className="content-screen__label list-row__body">{itemLabel(row)}</span>
                  {'policy' in row && (
                    <span className="content-screen__policy">{labels.policies[row.policy]}</span>
                  )}
                  {'enabled' in row && (
                    <span className="content-screen__policy">
                      {row.enabled ? t`Đang bật` : t`Đang tắt`}
                    </span>
                  )}
                  <span className="content-screen__actions list-row__actions">
                    {isOrdered(kind) && (
                      <>
                        <Button
                          variant="secondary"
                          disabled={index === 0}
                          aria-label={t`Đưa ${itemLabel(row)} lên`}
                          onClick={() =>
                            void moveContent(kind, items as ContentRow<'post'>[], index, -1)
                          }
                        >
                          ↑
                        </Button>
                        <Button
                          variant="secondary"
                          disabled={index === items.length - 1}
                          aria-label={t`Đưa ${itemLabel(row)} xuống`}
                          onClick={() =>
                            void moveContent(kind, items as ContentRow<'post'>[], index, 1)
                          }
                        >
                          ↓
                        </Button>
                      </>
                    )}
                    <Button
                      variant="secondary"
                      aria-label={t`Sửa ${itemLabel(row)}`}
                      onClick={() => onOpen(row.id)}
                    >
                      {t`Sửa`}
                    </Button>
                    <Button
                      variant="danger"
                      aria-label={t`Xoá ${itemLabel(row)}`}
                      onClick={() => setDeleting(row)}
                    >
                      {t`Xoá`}
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Xoá mục này?`}
        danger
        confirmLabel={t`Xoá`}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? itemLabel(deleting) : null}
      </ConfirmDialog>
    </main>
  );
}
