import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { MessageCircle, Phone } from 'lucide-react';
import type { ContactRow } from '../../db/app-db';
import type { ContactFields } from '../../../contract/contact';
import { formatNumber } from '../../../contract/format';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { PulledEmptyState } from '../../ui/pulled-empty-state';
import { Spinner } from '../../ui/spinner';
import { FixedRowList, fixedRowStyle } from '../../ui/fixed-row-list';
import { OverflowMenu } from '../../ui/overflow-menu';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { ApiRequestError } from '../../api/http-client';
import { ContactSearchIndex } from './contact-search';
import { ContactForm } from './contact-form';
import { ContactDetail, initials } from './contact-detail';
import { ContactConflictBanners, DeletedContactBanners } from './contact-conflicts';
import { useConflicts } from '../../sync/use-conflicts';
import { forgetSharedItem } from '../../lib/shared-items';
import { readSharedContact } from './shared-contact';
import type { ContactDraft } from '../../../contract/share-target';
import {
  deleteContact,
  downloadCsv,
  downloadVCard,
  importContactsFile,
  saveContact,
  useContacts,
} from './phonebook-data';
import './phonebook.css';
import { currentMemberId } from '../../api/current-member';
import { mailtoHref, telHref, zaloHref } from '../../../contract/contact-links';

interface PhonebookScreenProps {
  /** Whose phonebook the address names; only the member's own is shown. */
  memberId?: string | undefined;
  /** The contact opened from the list (kept in the address so it survives a reload). */
  openContactId?: string | undefined;
  onOpenContact: (id: string | undefined) => void;
  /** A share received from another app (Web Share Target), to add as a contact. */
  sharedId?: string | undefined;
  /** Called once the share is used or set aside (the route drops it from the address). */
  onSharedDone?: (() => void) | undefined;
}

type Editing =
  | { kind: 'new'; draft?: ContactDraft; sharedId?: string }
  | { kind: 'edit'; contact: ContactRow }
  | null;

const rowHeight = 76;
// One element each for every row: React skips an element it has already rendered, so a row
// taking a new contact while the member types does not render its icons again.
const phoneIcon = <Phone aria-hidden="true" size={20} />;
const zaloIcon = <MessageCircle aria-hidden="true" size={20} />;

export function PhonebookScreen({
  memberId,
  openContactId,
  onOpenContact,
  sharedId,
  onSharedDone,
}: PhonebookScreenProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Danh bạ`);
  // Read once: the cookie does not change while the screen is open (a new login reloads).
  const [me] = useState(currentMemberId);
  const ownerId = memberId ?? me;
  const contacts = useContacts(ownerId === me ? ownerId : undefined);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ContactRow | null>(null);
  // Rebuilt only when the phonebook changes; each keystroke then searches the prepared keys.
  const index = useMemo(() => new ContactSearchIndex(contacts ?? []), [contacts]);
  const results = useMemo(() => index.search(query), [index, query]);
  // Stable while typing (the route passes a new function only when the address changes).
  const openContact = useCallback((c: ContactRow) => onOpenContact(c.id), [onOpenContact]);
  const editContact = useCallback((c: ContactRow) => setEditing({ kind: 'edit', contact: c }), []);
  const opened = openContactId ? contacts?.find((c) => c.id === openContactId) : undefined;
  const contactConflicts = useConflicts('contacts');
  const clashing = useMemo(
    () => new Set((contactConflicts ?? []).filter((c) => c.kind === 'field').map((c) => c.rowId)),
    [contactConflicts],
  );

  // A share opens "add contact" filled in; one that names no contact says so.
  useEffect(() => {
    if (!sharedId) return;
    let current = true;
    void readSharedContact(sharedId)
      .catch(() => ({ kind: 'unreadable' as const }))
      .then((shared) => {
        if (!current) return;
        if (shared.kind === 'draft') {
          setEditing({ kind: 'new', draft: shared.draft, sharedId });
        } else {
          toast.error(t`Nội dung được chia sẻ không có tên hay số điện thoại để thêm vào danh bạ`);
          void forgetSharedItem(sharedId);
          onSharedDone?.();
        }
      });
    return () => {
      current = false;
    };
  }, [sharedId, onSharedDone, t]);

  const closeForm = () => {
    if (editing?.kind === 'new' && editing.sharedId) {
      void forgetSharedItem(editing.sharedId);
      onSharedDone?.();
    }
    setEditing(null);
  };

  if (!me || ownerId !== me) {
    return (
      <main className="phonebook page stack">
        <EmptyState title={t`Bạn chỉ xem được danh bạ của mình`} />
      </main>
    );
  }

  const submit = async (fields: ContactFields) => {
    const existing = editing?.kind === 'edit' ? editing.contact : undefined;
    try {
      await saveContact(me, fields, existing);
      // Offline it is on this device only until the outbox reaches the server.
      toast.success(
        !navigator.onLine
          ? t`Đã lưu liên hệ trên thiết bị này, sẽ gửi khi có mạng`
          : t`Đã lưu liên hệ trên máy này, đang gửi`,
      );
      closeForm();
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được liên hệ. Vui lòng thử lại!`);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContact(deleting);
      toast.success(
        navigator.onLine
          ? t`Đã xoá liên hệ trên máy này, đang gửi`
          : t`Đã xoá liên hệ trên máy này, sẽ gửi khi có mạng`,
      );
      if (openContactId === deleting.id) onOpenContact(undefined);
    } catch (error) {
      toastWriteFailed(error, t`Không xoá được liên hệ. Vui lòng thử lại!`);
    }
    setDeleting(null);
  };

  return (
    <main className="phonebook page stack">
      <header className="phonebook__header">
        <h1>{t`Danh bạ`}</h1>
        <p className="phonebook__count" aria-live="polite">
          {contacts === undefined
            ? t`Đang tải…`
            : query
              ? t`${formatNumber(results.length)} / ${plural(contacts.length, { other: '# liên hệ' })}`
              : t`${plural(contacts.length, { other: '# liên hệ' })}`}
        </p>
        <div className="button-row">
          <Button onClick={() => setEditing({ kind: 'new' })}>{t`Thêm liên hệ`}</Button>
          <Button
            variant="secondary"
            disabled={!contacts?.length}
            onClick={() => contacts && void downloadVCard(contacts)}
          >
            {t`Xuất vCard`}
          </Button>
          <Button
            variant="secondary"
            disabled={!contacts?.length}
            onClick={() => contacts && void downloadCsv(contacts, i18n.locale)}
          >
            {t`Xuất CSV`}
          </Button>
          {ownerId && <ImportButton ownerId={ownerId} />}
        </div>
      </header>

      <DeletedContactBanners ownerId={me} />

      {editing && (
        <ContactForm
          key={editing.kind === 'edit' ? editing.contact.id : (editing.sharedId ?? 'new')}
          contact={editing.kind === 'edit' ? editing.contact : undefined}
          draft={editing.kind === 'new' ? editing.draft : undefined}
          onSubmit={submit}
          onCancel={closeForm}
        />
      )}

      {opened && <ContactConflictBanners ownerId={me} contactId={opened.id} />}

      {opened && !editing && (
        <ContactDetail
          contact={opened}
          onClose={() => onOpenContact(undefined)}
          onEdit={() => setEditing({ kind: 'edit', contact: opened })}
        />
      )}

      <div className="phonebook__search">
        <label className="field__label" htmlFor="phonebook-search">
          {t`Tìm theo tên, số điện thoại, công ty`}
        </label>
        <input
          id="phonebook-search"
          className="field__input"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>

      {contacts === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : results.length === 0 ? (
        query ? (
          <EmptyState title={t`Không tìm thấy liên hệ nào`} />
        ) : (
          <PulledEmptyState title={t`Danh bạ đang trống`}>
            {t`Lưu danh thiếp của người bạn gặp hoặc thêm liên hệ mới.`}
          </PulledEmptyState>
        )
      ) : (
        <ContactList
          contacts={results}
          clashing={clashing}
          onOpen={openContact}
          onEdit={editContact}
          onDelete={setDeleting}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t`Xoá liên hệ?`}
        confirmLabel={t`Xoá`}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t`${deleting.name} sẽ bị xoá khỏi danh bạ.` : null}</p>
      </ConfirmDialog>
    </main>
  );
}

interface ContactListProps {
  contacts: ContactRow[];
  /** Contacts with a same-field clash waiting for the member's choice. */
  clashing: ReadonlySet<string>;
  onOpen: (contact: ContactRow) => void;
  onEdit: (contact: ContactRow) => void;
  onDelete: (contact: ContactRow) => void;
}

/**
 * Only the rows in view are in the DOM. Rows are all one height, so which rows are in view is
 * simple arithmetic: a keystroke that changes the results costs the rows shown, not a measure
 * of every result (100,000 contacts, issue 25).
 */
function ContactList({ contacts, clashing, onOpen, onEdit, onDelete }: ContactListProps) {
  const { t } = useLingui();
  return (
    <FixedRowList
      items={contacts}
      rowHeight={rowHeight}
      className="contact-list"
      label={t`Danh sách liên hệ`}
      renderRow={(contact, index) => (
        // Keyed by position: while typing, the same DOM rows take new contacts in place.
        <ContactListRow
          contact={contact}
          clashing={clashing.has(contact.id)}
          index={index}
          onOpen={onOpen}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
    />
  );
}

interface ContactListRowProps {
  contact: ContactRow;
  clashing: boolean;
  index: number;
  onOpen: (contact: ContactRow) => void;
  onEdit: (contact: ContactRow) => void;
  onDelete: (contact: ContactRow) => void;
}

/** One row; unchanged rows are not rendered again while the member types. */
const ContactListRow = memo(function ContactListRow({
  contact,
  clashing,
  index,
  onOpen,
  onEdit,
  onDelete,
}: ContactListRowProps) {
  const { t } = useLingui();
  const headline = [contact.jobTitle, contact.company].filter(Boolean).join(' · ');
  return (
    <div
      role="listitem"
      className="contact-row"
      data-contact-id={contact.id}
      style={fixedRowStyle(index, rowHeight)}
    >
      <span className="contact-avatar" aria-hidden="true">
        {initials(contact.name)}
      </span>
      <button type="button" className="contact-row__main" onClick={() => onOpen(contact)}>
        <span className="contact-row__name">{contact.name}</span>
        {/* Badges go on the second line: on a phone the name needs the first line whole. */}
        <span className="contact-row__detail">
          {contact.cardMemberId && <span className="contact-row__badge">{t`Danh thiếp`}</span>}
          {clashing && <span className="badge badge--warning">{t`Cần bạn chọn`}</span>}
          <span className="contact-row__meta">
            {[headline, contact.phone].filter(Boolean).join(' — ')}
          </span>
        </span>
      </button>
      <span className="contact-row__actions">
        {contact.phone && (
          <>
            <a
              className="icon-action"
              href={telHref(contact.phone)}
              aria-label={t`Gọi ${contact.name}`}
              title={t`Gọi`}
            >
              {phoneIcon}
            </a>
            <a
              className="icon-action contact-row__zalo"
              href={zaloHref(contact.phone)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t`Nhắn Zalo cho ${contact.name}`}
              title="Zalo"
            >
              {zaloIcon}
            </a>
          </>
        )}
        <OverflowMenu label={t`Thêm thao tác với ${contact.name}`}>
          {contact.phone && (
            // On a narrow phone Zalo moves from the row into this menu (phonebook.css).
            <a
              className="contact-row__zalo-item"
              href={zaloHref(contact.phone)}
              aria-label={t`Nhắn Zalo cho ${contact.name}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Zalo
            </a>
          )}
          {contact.email && (
            <a href={mailtoHref(contact.email)} aria-label={t`Gửi email cho ${contact.name}`}>
              {t`Email`}
            </a>
          )}
          <button type="button" onClick={() => onEdit(contact)} aria-label={t`Sửa ${contact.name}`}>
            {t`Sửa`}
          </button>
          <button
            type="button"
            className="is-danger"
            onClick={() => onDelete(contact)}
            aria-label={t`Xoá ${contact.name}`}
          >
            {t`Xoá`}
          </button>
        </OverflowMenu>
      </span>
    </div>
  );
});

/** Picks a CSV or vCard file and imports it (decision 1102); says what changed or why not. */
function ImportButton({ ownerId }: { ownerId: string }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function importFile(file: File) {
    setBusy(true);
    try {
      const { created, updated } = await importContactsFile(ownerId, file);
      toast.success(
        t`Đã nhập: ${formatNumber(created)} liên hệ mới, ${formatNumber(updated)} liên hệ cập nhật`,
      );
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError
          ? error.message
          : t`Không nhập được tệp: cần có mạng, hãy thử lại khi có kết nối.`,
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.vcf,text/csv,text/vcard,text/x-vcard"
        hidden
        data-testid="contacts-import-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void importFile(file);
        }}
      />
      <Button variant="secondary" busy={busy} onClick={() => input.current?.click()}>
        {t`Nhập CSV / vCard`}
      </Button>
    </>
  );
}
