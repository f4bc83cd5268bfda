// /action/contact-us: messages visitors left on the member's card or brand page, from the
// device's mirror (offline too): filter, search, open one, mark it read/contacted, and save
// the sender to the phonebook in one tap.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { appDb, type ContactUsRow } from '../../db/app-db';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { TextField } from '../../ui/text-field';
import { vietnamDateTime } from '../../../contract/vietnam-time';
import { formatDate } from '../../../contract/format';
import {
  saveSenderToPhonebook,
  updateInboxMessage,
  useInbox,
  useInboxMessage,
  type InboxFilter,
} from './contact-us-data';
import './contact-us.css';

function when(createdAt: string): string {
  const { time } = vietnamDateTime(createdAt);
  return `${formatDate(createdAt)} ${time}`;
}

function MessageDetail({ me, row, onBack }: { me: string; row: ContactUsRow; onBack: () => void }) {
  const { t } = useLingui();
  const [saved, setSaved] = useState(false);
  const flag = async (change: { read?: boolean; contacted?: boolean }) => {
    try {
      await updateInboxMessage(appDb, me, row, change);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  };
  const save = async () => {
    try {
      await saveSenderToPhonebook(appDb, me, row);
      setSaved(true);
      toast.success(t`Đã lưu vào danh bạ`);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  };
  return (
    <article className="contact-us__detail stack" data-testid="contact-us-detail">
      <Button variant="secondary" onClick={onBack}>
        {t`Quay lại hộp thư`}
      </Button>
      <h2>{row.name}</h2>
      <p className="contact-us__meta">{when(row.createdAt)}</p>
      <dl className="contact-us__facts">
        {row.phone && (
          <>
            <dt>{t`Số điện thoại`}</dt>
            <dd>
              <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a>
            </dd>
          </>
        )}
        {row.email && (
          <>
            <dt>{t`Email`}</dt>
            <dd>
              <a href={`mailto:${row.email}`}>{row.email}</a>
            </dd>
          </>
        )}
      </dl>
      <p className="contact-us__message">{row.message}</p>
      <p className="contact-us__state" data-testid="contact-us-state">
        {row.readAt ? t`Đã đọc` : t`Chưa đọc`}
        {' · '}
        {row.contactedAt ? t`Đã liên hệ` : t`Chưa liên hệ`}
      </p>
      <div className="contact-us__actions cluster">
        <Button variant="secondary" onClick={() => void flag({ read: row.readAt === null })}>
          {row.readAt ? t`Đánh dấu chưa đọc` : t`Đánh dấu đã đọc`}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void flag({ contacted: row.contactedAt === null })}
        >
          {row.contactedAt ? t`Bỏ đánh dấu đã liên hệ` : t`Đánh dấu đã liên hệ`}
        </Button>
        <Button onClick={() => void save()} disabled={saved}>
          {saved ? t`Đã lưu vào danh bạ` : t`Lưu vào danh bạ`}
        </Button>
      </div>
    </article>
  );
}

export function ContactUsScreen({
  item,
  onOpen,
}: {
  item?: string | undefined;
  onOpen: (id: string | undefined) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Hộp thư liên hệ`);
  const [me] = useState(currentMemberId);
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [search, setSearch] = useState('');
  const rows = useInbox(me, filter, search);
  const open = useInboxMessage(item);

  if (!me) {
    return (
      <main className="contact-us page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }
  if (item && open) {
    return (
      <main className="contact-us page stack">
        <MessageDetail me={me} row={open} onBack={() => onOpen(undefined)} />
      </main>
    );
  }
  const filters: { value: InboxFilter; label: string }[] = [
    { value: 'all', label: t`Tất cả` },
    { value: 'unread', label: t`Chưa đọc` },
    { value: 'read', label: t`Đã đọc` },
    { value: 'contacted', label: t`Đã liên hệ` },
  ];
  return (
    <main className="contact-us page stack">
      <h1>{t`Hộp thư liên hệ`}</h1>
      <div className="contact-us__filters cluster" role="group" aria-label={t`Lọc liên hệ`}>
        {filters.map((f) => (
          <Button
            key={f.value}
            variant={filter === f.value ? 'primary' : 'secondary'}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </Button>
        ))}
      </div>
      <TextField
        type="search"
        label={t`Tìm theo tên, số điện thoại, email hoặc nội dung`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {!rows ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title={t`Chưa có liên hệ nào`} />
      ) : (
        <ul className="contact-us__list stack stack--tight">
          {rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className={
                  row.readAt ? 'contact-us__row' : 'contact-us__row contact-us__row--unread'
                }
                onClick={() => onOpen(row.id)}
                data-testid="contact-us-row"
              >
                <span className="contact-us__name">
                  {row.name}
                  {!row.readAt && <span className="contact-us__dot">{t`Mới`}</span>}
                </span>
                <span className="contact-us__preview">{row.message}</span>
                <span className="contact-us__meta">{when(row.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
