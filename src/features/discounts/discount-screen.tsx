// /action/discount: the discounts the member's groups offer (from the device, offline too),
// the discounts applied to their bills or at the groups they staff, and for a group's admins
// the offers to create, edit and switch off (decision 0810).
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { discountRefusal, type DiscountGroup } from '../../../contract/discount';
import { formatDate, formatVnd } from '../../../contract/format';
import { vietnamDay } from '../../../contract/vietnam-time';
import { ApiRequestError } from '../../api/http-client';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { EmptyState } from '../../ui/empty-state';
import { toast } from '../../ui/toast';
import { saveOffer, useAdminGroups, useDiscountUses, useOffers } from './discounts-data';
import './discounts.css';
import { QueryScope } from '../../api/query-client';

/** Reads through TanStack Query: the screen brings its own query scope. */
export function DiscountScreen() {
  return (
    <QueryScope>
      <DiscountScreenBody />
    </QueryScope>
  );
}

function DiscountScreenBody() {
  const { t } = useLingui();
  usePageTitle(t`Ưu đãi`);
  const offers = useOffers();
  const adminGroups = useAdminGroups();
  const today = vietnamDay(new Date());
  const usable = (offers ?? []).filter((o) => discountRefusal(o, today) === null);
  return (
    <main className="discount-page page stack">
      <h1>
        <Trans>Ưu đãi</Trans>
      </h1>
      <section aria-labelledby="discount-offers">
        <h2 id="discount-offers">
          <Trans>Ưu đãi nhóm của bạn đang áp dụng</Trans>
        </h2>
        {offers && usable.length === 0 && (
          <EmptyState title={t`Các nhóm của bạn chưa có ưu đãi nào`} />
        )}
        <ul className="discount-list" data-testid="discount-offers">
          {usable.map((o) => (
            <li key={o.id} className="discount-card">
              <strong>
                {o.title} · −{o.percent}%
              </strong>
              <span className="discount-muted">{o.groupName}</span>
              {o.description && <p>{o.description}</p>}
              <span className="discount-muted">
                <Trans>
                  Từ {formatDate(o.validFrom)} đến {formatDate(o.validTo)}
                </Trans>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {adminGroups && adminGroups.length > 0 && (
        <OfferManager groups={adminGroups} offers={offers ?? []} />
      )}
      <AppliedDiscounts />
    </main>
  );
}

interface Draft {
  id: string;
  title: string;
  description: string;
  percent: string;
  validFrom: string;
  validTo: string;
  active: boolean;
}

/** On, off, not started or expired: the same rule the till applies (contract/discount.ts). */
function OfferState({ offer }: { offer: DiscountGroup }) {
  switch (discountRefusal(offer, vietnamDay(new Date()))) {
    case 'discount_inactive':
      return <Trans>đã tắt</Trans>;
    case 'discount_expired':
      return <Trans>hết hạn</Trans>;
    case 'discount_not_started':
      return <Trans>chưa bắt đầu</Trans>;
    default:
      return <Trans>đang bật</Trans>;
  }
}

function newDraft(): Draft {
  const today = vietnamDay(new Date());
  return {
    id: crypto.randomUUID(),
    title: '',
    description: '',
    percent: '',
    validFrom: today,
    validTo: today,
    active: true,
  };
}

function OfferManager({
  groups,
  offers,
}: {
  groups: { groupId: string; groupName: string }[];
  offers: DiscountGroup[];
}) {
  const { t } = useLingui();
  const [groupId, setGroupId] = useState(groups[0]!.groupId);
  const [draft, setDraft] = useState<Draft>(newDraft);
  const [isNew, setIsNew] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const mine = offers.filter((o) => o.groupId === groupId);
  const text = (name: 'title' | 'description' | 'percent' | 'validFrom' | 'validTo') => ({
    value: draft[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: e.target.value }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    saveOffer({ ...draft, groupId }, isNew)
      .then(() => {
        toast.success(t`Đã lưu ưu đãi`);
        setDraft(newDraft());
        setIsNew(true);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError) setErrors(error.fields);
        toast.error(error instanceof Error ? error.message : t`Không lưu được`);
      })
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="discount-manage">
      <h2 id="discount-manage">
        <Trans>Quản lý ưu đãi</Trans>
      </h2>
      {groups.length > 1 && (
        <label className="field">
          <span className="field__label">
            <Trans>Nhóm</Trans>
          </span>
          <select
            className="field__input"
            value={groupId}
            onChange={(e) => setGroupId(e.target.value)}
          >
            {groups.map((g) => (
              <option key={g.groupId} value={g.groupId}>
                {g.groupName}
              </option>
            ))}
          </select>
        </label>
      )}
      <form className="discount-form" onSubmit={submit} noValidate>
        <TextField label={t`Tên ưu đãi`} {...text('title')} />
        <TextField label={t`Mô tả`} {...text('description')} />
        <TextField label={t`Phần trăm giảm`} inputMode="numeric" {...text('percent')} />
        <TextField label={t`Từ ngày`} type="date" {...text('validFrom')} />
        <TextField label={t`Đến ngày`} type="date" {...text('validTo')} />
        <label className="discount-check">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
          />
          <Trans>Đang áp dụng</Trans>
        </label>
        <div className="discount-actions">
          <Button type="submit" disabled={busy}>
            {isNew ? <Trans>Tạo ưu đãi</Trans> : <Trans>Lưu ưu đãi</Trans>}
          </Button>
          {!isNew && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setDraft(newDraft());
                setIsNew(true);
              }}
            >
              <Trans>Huỷ sửa</Trans>
            </Button>
          )}
        </div>
      </form>
      <ul className="discount-list">
        {mine.map((o) => (
          <li key={o.id} className="discount-card">
            <strong>
              {o.title} · −{o.percent}%
            </strong>
            <span className="discount-muted">
              {formatDate(o.validFrom)} – {formatDate(o.validTo)} · <OfferState offer={o} />
            </span>
            <Button
              variant="secondary"
              onClick={() => {
                setIsNew(false);
                setDraft({
                  id: o.id,
                  title: o.title,
                  description: o.description,
                  percent: String(o.percent),
                  validFrom: o.validFrom,
                  validTo: o.validTo,
                  active: o.active,
                });
              }}
            >
              <Trans>Sửa {o.title}</Trans>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AppliedDiscounts() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const uses = useDiscountUses(page);
  const pages = Math.max(1, Math.ceil((uses.data?.total ?? 0) / 20));
  if (uses.isError) return null;
  return (
    <section aria-labelledby="discount-uses">
      <h2 id="discount-uses">
        <Trans>Ưu đãi đã áp dụng</Trans>
      </h2>
      {uses.data && uses.data.items.length === 0 && <p>{t`Chưa có ưu đãi nào được áp dụng`}</p>}
      <ul className="discount-list" data-testid="discount-uses">
        {uses.data?.items.map((u) => (
          <li key={u.id} className="discount-card">
            <strong>
              {u.title} · −{formatVnd(u.discountAmount)}
            </strong>
            <span className="discount-muted">
              {u.memberName} · {u.groupName} · {formatDate(u.createdAt)}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="discount-actions">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <Trans>Trang trước</Trans>
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <Trans>Trang sau</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}
