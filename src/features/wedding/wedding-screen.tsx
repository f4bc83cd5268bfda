// /action/wedding: the member's invitations — create and edit them (offline), share the link,
// see who replied with the totals, and export the guest list as CSV.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { appDb, type WeddingRow } from '../../db/app-db';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toastSavedOnDevice } from '../../ui/saved-on-device';
import { toastWriteFailed } from '../../ui/write-failed';
import { downloadBlob } from '../../ui/download-file';
import { useBankList } from '../../sync/bank-list';
import { formatDate, formatNumber } from '../../../contract/format';
import { weddingGuestTotals, weddingMomentText } from '../../../contract/wedding';
import { saveWedding, useMyWeddings, useWeddingGuests } from './wedding-data';
import { WeddingEditor } from './wedding-editor';
import { WeddingConflictBanners } from './wedding-conflicts';
import './wedding.css';

function GuestList({ wedding }: { wedding: WeddingRow }) {
  const { t } = useLingui();
  const guests = useWeddingGuests(wedding.id);
  if (!guests) return <Spinner />;
  const totals = weddingGuestTotals(guests);
  const exportCsv = async () => {
    const { weddingGuestsCsv } = await import('./wedding-guests-csv');
    const csv = weddingGuestsCsv(
      guests,
      {
        name: t`Họ tên`,
        phone: t`Số điện thoại`,
        attending: t`Tham dự`,
        people: t`Số người`,
        wishes: t`Lời chúc`,
        date: t`Ngày phản hồi`,
      },
      { yes: t`Có`, no: t`Không` },
    );
    downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'khach-moi.csv');
  };
  return (
    <section className="wedding-guests" aria-labelledby={`guests-${wedding.id}`}>
      <h3 id={`guests-${wedding.id}`}>{t`Khách phản hồi`}</h3>
      <p className="wedding-guests__totals" data-testid="wedding-totals">
        {t`${formatNumber(totals.replies)} phản hồi · ${formatNumber(totals.attendingPeople)} người tham dự · ${formatNumber(totals.declined)} không tham dự`}
      </p>
      {guests.length === 0 ? (
        <p>{t`Chưa có khách phản hồi`}</p>
      ) : (
        <>
          <table className="wedding-guests__table">
            <thead>
              <tr>
                <th scope="col">{t`Họ tên`}</th>
                <th scope="col">{t`Tham dự`}</th>
                <th scope="col">{t`Số người`}</th>
                <th scope="col">{t`Lời chúc`}</th>
                <th scope="col">{t`Ngày`}</th>
              </tr>
            </thead>
            <tbody>
              {guests.map((g) => (
                <tr key={g.id} data-testid="wedding-guest">
                  <td>
                    {g.name}
                    {g.phone && <div className="wedding-guests__phone">{g.phone}</div>}
                  </td>
                  <td>{g.attending ? t`Có` : t`Không`}</td>
                  <td>{g.people}</td>
                  <td>{g.wishes}</td>
                  <td>{formatDate(g.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button variant="secondary" onClick={() => void exportCsv()}>
            {t`Xuất danh sách CSV`}
          </Button>
        </>
      )}
    </section>
  );
}

export function WeddingScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Thiệp cưới`);
  const [me] = useState(currentMemberId);
  const weddings = useMyWeddings(me);
  const banks = useBankList() ?? [];
  const [editing, setEditing] = useState<WeddingRow | 'new' | null>(null);
  const lang = i18n.locale === 'en' ? 'en' : 'vi';

  if (!me) {
    return (
      <main className="wedding-owner page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }
  if (!weddings) return <Spinner />;

  if (editing) {
    const row = editing === 'new' ? undefined : editing;
    return (
      <main className="wedding-owner page stack">
        <h1>{row ? t`Sửa thiệp cưới` : t`Tạo thiệp cưới`}</h1>
        {row && <WeddingConflictBanners weddingId={row.id} banks={banks} />}
        <WeddingEditor
          row={row}
          banks={banks}
          onCancel={() => setEditing(null)}
          onSave={async (payload) => {
            try {
              await saveWedding(appDb, me, payload, banks, row);
              toastSavedOnDevice();
              setEditing(null);
            } catch (error) {
              toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
            }
          }}
        />
      </main>
    );
  }

  return (
    <main className="wedding-owner page stack">
      <header className="wedding-owner__header cluster">
        <h1>{t`Thiệp cưới`}</h1>
        <Button onClick={() => setEditing('new')}>{t`Tạo thiệp cưới`}</Button>
      </header>
      {weddings.length === 0 && (
        <EmptyState title={t`Chưa có thiệp cưới`}>
          {t`Tạo thiệp để mời khách và nhận phản hồi tham dự.`}
        </EmptyState>
      )}
      {weddings.map((w) => (
        <article
          key={w.id}
          className="wedding-owner__item stack stack--tight"
          data-testid="my-wedding"
        >
          <h2>
            {w.groomsFamily.name} &amp; {w.bridesFamily.name}
          </h2>
          <p>
            {t`Lễ thành hôn`}: {weddingMomentText(w.weddingDay, lang)}
            <br />
            {t`Tiệc cưới`}: {weddingMomentText(w.weddingPartyDay, lang)}
          </p>
          {w.status !== 'ACTIVE' && <p>{t`Khách chưa xem được thiệp này`}</p>}
          <WeddingConflictBanners weddingId={w.id} banks={banks} />
          <p className="wedding-owner__actions cluster">
            <a href={`/wedding/${w.id}`}>{t`Mở trang thiệp`}</a>
            <Button variant="secondary" onClick={() => setEditing(w)}>
              {t`Sửa`}
            </Button>
          </p>
          <GuestList wedding={w} />
        </article>
      ))}
    </main>
  );
}
