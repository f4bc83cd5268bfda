import { useEffect, useMemo, useState } from 'react';
import { Plural, useLingui, Trans } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver';
import { Link } from '@tanstack/react-router';
import { shownFieldText } from '../../../contract/field-messages';
import { messageText, type Lang } from '../../../contract/messages';
import { deductionRefusal, paymentAmount, pointsEarned } from '../../../contract/points';
import { formatNumber, formatVnd } from '../../../contract/format';
import { discountAmount } from '../../../contract/discount';
import { balanceView, duplicateOfLocal, parseAmount } from '../../lib/points-math';
import { isMemberUuid, readScannedCode } from '../../lib/qr';
import { useOnline } from '../../sync/use-sync-status';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { EmptyState } from '../../ui/empty-state';
import { toast, toastDurationMs } from '../../ui/toast';
import {
  lookUpMemberPoints,
  saveCheckIn,
  saveOrderGroup,
  savePointEntry,
  useBuyerLedger,
  useMemberCheckIns,
  useMemberName,
  useOrderGroups,
  usePointsOutbox,
  useRosterMatches,
  useStaffGroups,
  resolveLinkOffline,
  useUsableDiscounts,
  watchOutboxOutcome,
} from './points-data';
import { DuplicateBadge, PendingBadge, PointsDelta } from './points-badges';
import { dateTime } from './ledger-time';
import { RefusedList } from './refused-list';
import { pointFormSchema, type PointFormInput, type PointFormOutput } from './point-form';
import './points.css';
import { toastWriteFailed } from '../../ui/write-failed';

interface CreatePointScreenProps {
  memberId: string | undefined;
  onMember: (memberId: string) => void;
}

/** /action/createPoint?memberId= — a staffer logs points and check-ins, online or not. */
export function CreatePointScreen({ memberId, onMember }: CreatePointScreenProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Tích điểm`);
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const online = useOnline();
  const groups = useStaffGroups();
  const [groupId, setGroupId] = useState<string | undefined>();
  const group = groups?.find((g) => g.groupId === groupId) ?? groups?.[0];
  const [failedKey, setFailedKey] = useState<string | undefined>();
  const lookupFailed = failedKey !== undefined && failedKey === memberId;
  const resolved = memberId && isMemberUuid(memberId) ? memberId : undefined;

  // A short link is first looked up in the roster this device mirrors (works offline).
  const [localMissKey, setLocalMissKey] = useState<string | undefined>();
  const localMiss = localMissKey !== undefined && localMissKey === memberId;
  useEffect(() => {
    if (!memberId || resolved) return;
    let stopped = false;
    void resolveLinkOffline(memberId).then((found) => {
      if (stopped) return;
      if (found) onMember(found);
      else setLocalMissKey(memberId);
    });
    return () => {
      stopped = true;
    };
  }, [memberId, resolved, onMember]);

  // A short link the device does not know needs the server; a member id works offline.
  useEffect(() => {
    if (!memberId) return;
    if (!online && !resolved) return;
    if (!resolved && !localMiss) return;
    lookUpMemberPoints(memberId, group?.groupId)
      .then((answer) => {
        if (answer.memberId !== memberId) onMember(answer.memberId);
      })
      .catch(() => {
        if (!resolved) setFailedKey(memberId);
      });
  }, [memberId, resolved, localMiss, online, group?.groupId, onMember]);

  if (groups === undefined) return <main className="points-page page stack" />;
  if (groups.length === 0) {
    return (
      <main className="points-page page stack">
        <EmptyState
          title={t`Bạn chưa là nhân viên bán hàng của nhóm nào, nên chưa thể tích điểm.`}
        />
      </main>
    );
  }
  if (!resolved || !group) {
    return (
      <main className="points-page page stack">
        <h1>
          <Trans>Tích điểm</Trans>
        </h1>
        {memberId && !online && localMiss && (
          <p role="alert">
            <Trans>
              Máy chưa có “{memberId}” trong danh sách thành viên và khách hàng. Cần kết nối mạng để
              tra cứu, hoặc hãy quét mã QR danh thiếp.
            </Trans>
          </p>
        )}
        {lookupFailed && (
          <p role="alert">
            <Trans>Không tìm thấy thành viên “{memberId}”.</Trans>
          </p>
        )}
        <MemberPicker onMember={onMember} />
      </main>
    );
  }
  return (
    <main className="points-page page stack">
      {groups.length > 1 && (
        <label className="field">
          <span className="field__label">
            <Trans>Nhóm</Trans>
          </span>
          <select
            className="field__input"
            value={group.groupId}
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
      <MemberPoints
        key={`${resolved}:${group.groupId}`}
        memberId={resolved}
        group={group}
        lang={lang}
      />
    </main>
  );
}

function MemberPicker({ onMember }: { onMember: (memberId: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const matches = useRosterMatches(text);
  return (
    <form
      className="points-picker stack stack--tight"
      onSubmit={(e) => {
        e.preventDefault();
        const code = readScannedCode(text);
        const key = code.kind === 'card' ? code.key : text.trim();
        if (key) onMember(key);
      }}
    >
      <TextField
        label={t`Mã thành viên, liên kết danh thiếp, số điện thoại hoặc tên`}
        value={text}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      {matches && matches.length > 0 && (
        <ul className="points-list" aria-label={t`Thành viên và khách hàng tìm thấy`}>
          {matches.map((m) => (
            <li key={m.id} className="points-list__item">
              <button
                type="button"
                className="points-match"
                onClick={() => m.memberId && onMember(m.memberId)}
              >
                <strong>{m.name}</strong>
                <span>
                  {[m.urlMinify, m.phone].filter(Boolean).join(' · ')}
                  {m.kind === 'customer' ? ` · ${t`Khách hàng`}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {text.trim() !== '' && matches?.length === 0 && (
        <p className="points-hint">
          <Trans>Không có ai khớp trong danh sách trên máy. Bấm Tiếp tục để tra cứu.</Trans>
        </p>
      )}
      <div className="points-actions cluster">
        <Button type="submit">
          <Trans>Tiếp tục</Trans>
        </Button>
        <Link className="button button--secondary" to="/scan-qr" search={{ isCreatePoint: true }}>
          <Trans>Quét mã QR</Trans>
        </Link>
      </div>
    </form>
  );
}

function MemberPoints({
  memberId,
  group,
  lang,
}: {
  memberId: string;
  group: NonNullable<ReturnType<typeof useStaffGroups>>[number];
  lang: Lang;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const name = useMemberName(memberId);
  const ledger = useBuyerLedger(memberId, group.groupId);
  const checkIns = useMemberCheckIns(memberId, group.groupId);
  const outbox = usePointsOutbox();
  const pending = outbox?.pendingRowIds;
  const view = useMemo(
    () => balanceView(ledger ?? [], pending ?? new Set(), memberId, group.groupId),
    [ledger, pending, memberId, group.groupId],
  );
  const refused = (outbox?.rejected ?? []).filter((e) => {
    const p = e.payload as { buyerMemberId?: string; memberId?: string };
    return p.buyerMemberId === memberId || p.memberId === memberId;
  });
  const orders = useOrderGroups(memberId, group.groupId);
  const discounts = useUsableDiscounts(group.groupId, memberId);
  const [discountId, setDiscountId] = useState('');
  const discount = discounts?.find((d) => d.id === discountId);
  const [orderChoice, setOrderChoice] = useState('');
  const [orderTitle, setOrderTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState<{ outboxId: string; invoiceNumber: string }>();
  // The last bill's state stays on screen after its toast is gone.
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (!sending) return;
    const invoice = sending.invoiceNumber;
    return watchOutboxOutcome(sending.outboxId, (outcome) => {
      // Replaces the "sending" toast: one outcome, said once.
      const id = `point-${sending.outboxId}`;
      const text =
        outcome === 'accepted'
          ? t`Máy chủ đã nhận hoá đơn ${invoice}`
          : t`Máy chủ từ chối hoá đơn ${invoice} — xem lý do bên dưới`;
      if (outcome === 'accepted') toast.success(text, { id });
      else toast.error(text, { id });
      setStatus(text);
      setSending(undefined);
    });
  }, [sending, t]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<PointFormInput, unknown, PointFormOutput>({
    resolver: contractResolver(pointFormSchema, lang),
    defaultValues: { invoiceNumber: '', invoiceValue: '', deductedPoints: '0', note: '' },
  });
  const [invoiceText, deductedText] = useWatch({
    control,
    name: ['invoiceValue', 'deductedPoints'],
  });
  const invoiceValue = parseAmount(invoiceText ?? '');
  const deducted = parseAmount(deductedText || '0');
  const preview =
    Number.isFinite(invoiceValue) && Number.isFinite(deducted)
      ? {
          earned: pointsEarned({ invoiceValue, deductedPoints: deducted }, group.pointsPerThousand),
          payment: paymentAmount(invoiceValue, deducted),
        }
      : null;
  const shownName = name ?? t`Thành viên ${memberId.slice(0, 8)}`;
  const errorText = (message: string | undefined) => shownFieldText(message, lang);

  const onSubmit = handleSubmit(async (values) => {
    // The server applies the same rule again, against the balance it holds then.
    const refusal = deductionRefusal(values, view.available);
    if (refusal) {
      setError('deductedPoints', { message: refusal.code });
      return;
    }
    setBusy(true);
    try {
      let orderGroupId: string | null = orderChoice && orderChoice !== 'new' ? orderChoice : null;
      if (orderChoice === 'new') {
        const order = await saveOrderGroup({ group, buyerMemberId: memberId, title: orderTitle });
        orderGroupId = order.id;
        setOrderChoice(order.id);
        setOrderTitle('');
      }
      const saved = await savePointEntry({
        group,
        orderGroupId,
        buyerMemberId: memberId,
        buyerName: name ?? '',
        invoiceNumber: values.invoiceNumber,
        invoiceValue: values.invoiceValue,
        deductedPoints: values.deductedPoints,
        note: values.note ?? '',
        discountGroupId: discount?.id ?? null,
      });
      reset();
      setDiscountId('');
      setSending({ outboxId: saved.outboxId, invoiceNumber: saved.row.invoiceNumber });
      const invoice = saved.row.invoiceNumber;
      setStatus(
        online
          ? t`Hoá đơn ${invoice} đã lưu trên máy, đang gửi…`
          : t`Hoá đơn ${invoice} đã lưu trên máy, sẽ gửi khi có mạng`,
      );
      // Only the device has it yet: the server's answer is told when it comes (below).
      toast.info(online ? t`Đã lưu trên máy, đang gửi…` : t`Đã lưu trên máy — sẽ gửi khi có mạng`, {
        id: `point-${saved.outboxId}`,
        durationMs: online ? 10_000 : toastDurationMs,
      });
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được trên thiết bị. Vui lòng thử lại.`);
    } finally {
      setBusy(false);
    }
  });

  const checkIn = async () => {
    const at = new Date().toISOString();
    const duplicateOf = duplicateOfLocal(
      { id: '', memberId, groupId: group.groupId, checkedInAt: at },
      checkIns ?? [],
    );
    try {
      await saveCheckIn({ group, memberId, memberName: name ?? '', duplicateOf });
      toast.success(duplicateOf ? t`Đã check-in (trùng lượt trong 10 phút)` : t`Đã check-in`);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được trên thiết bị. Vui lòng thử lại.`);
    }
  };

  return (
    <>
      <h1>
        <Trans>Tích điểm cho {shownName}</Trans>
      </h1>
      <p className="points-group">{group.groupName}</p>
      <section className="points-balance" aria-label={t`Số dư điểm`}>
        <p>
          <Trans>Số dư đã biết:</Trans>{' '}
          <strong data-testid="balance-known">{formatNumber(view.lastKnown)}</strong>{' '}
          <Trans>điểm</Trans>
        </p>
        {view.pendingDeductions > 0 && (
          <p>
            <Trans>Đang chờ trừ:</Trans> {formatNumber(view.pendingDeductions)} <Trans>điểm</Trans>
          </p>
        )}
        <p>
          <Trans>Có thể trừ:</Trans>{' '}
          <strong data-testid="balance-available">{formatNumber(view.available)}</strong>{' '}
          <Trans>điểm</Trans>
        </p>
        {view.pendingEntries > 0 && (
          <p className="points-pending" data-testid="pending-count">
            <Plural value={view.pendingEntries} other="# giao dịch đang chờ gửi" />
          </p>
        )}
      </section>

      <div className="points-actions cluster">
        <Button variant="secondary" onClick={() => void checkIn()}>
          <Trans>Check-in</Trans>
        </Button>
        <Link className="button button--secondary" to="/scan-qr" search={{ isCreatePoint: true }}>
          <Trans>Quét khách khác</Trans>
        </Link>
      </div>

      <form
        className="points-form stack stack--tight"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        <TextField
          label={t`Số hoá đơn`}
          autoComplete="off"
          error={errorText(errors.invoiceNumber?.message)}
          {...register('invoiceNumber')}
        />
        <TextField
          label={t`Giá trị hoá đơn (VNĐ)`}
          inputMode="numeric"
          autoComplete="off"
          error={errorText(errors.invoiceValue?.message)}
          {...register('invoiceValue')}
        />
        <TextField
          label={t`Điểm trừ`}
          inputMode="numeric"
          autoComplete="off"
          error={
            errors.deductedPoints?.message === 'points_insufficient'
              ? messageText('points_insufficient', lang, { available: view.available })
              : errorText(errors.deductedPoints?.message)
          }
          {...register('deductedPoints')}
        />
        <TextField label={t`Ghi chú`} autoComplete="off" {...register('note')} />
        {discounts && discounts.length > 0 && (
          <label className="field">
            <span className="field__label">
              <Trans>Ưu đãi của thành viên</Trans>
            </span>
            <select
              className="field__input"
              value={discountId}
              onChange={(e) => setDiscountId(e.target.value)}
            >
              <option value="">{t`Không áp dụng`}</option>
              {discounts.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title} (−{d.percent}%)
                </option>
              ))}
            </select>
            {discount && Number.isFinite(invoiceValue) && (
              <span className="field__hint" data-testid="discount-amount">
                <Trans>Giảm {formatNumber(discountAmount(invoiceValue, discount.percent))} ₫</Trans>
              </span>
            )}
          </label>
        )}
        <label className="field">
          <span className="field__label">
            <Trans>Đơn hàng</Trans>
          </span>
          <select
            className="field__input"
            value={orderChoice}
            onChange={(e) => setOrderChoice(e.target.value)}
          >
            <option value="">{t`Không thuộc đơn hàng nào`}</option>
            {(orders ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.title || o.id.slice(0, 8)}
              </option>
            ))}
            <option value="new">{t`Tạo đơn hàng mới…`}</option>
          </select>
        </label>
        {orderChoice === 'new' && (
          <TextField
            label={t`Tên đơn hàng`}
            autoComplete="off"
            value={orderTitle}
            onChange={(e) => setOrderTitle(e.target.value)}
          />
        )}
        {preview && (
          <p className="points-preview">
            <Trans>
              Tích luỹ {formatNumber(preview.earned)} điểm · Thanh toán {formatVnd(preview.payment)}
            </Trans>
          </p>
        )}
        <Button type="submit" busy={busy}>
          <Trans>Lưu điểm</Trans>
        </Button>
        <p className="points-hint" role="status" data-testid="entry-status">
          {status}
        </p>
      </form>

      <RefusedList entries={refused} />

      <section aria-label={t`Giao dịch gần đây`}>
        <h2>
          <Trans>Giao dịch gần đây</Trans>
        </h2>
        <ul className="points-list" data-testid="recent-entries">
          {(ledger ?? []).slice(0, 30).map((e) => (
            <li key={e.id} className="points-list__item">
              <Link to="/action/historyEditHistory/$history" params={{ history: e.id }}>
                <span>
                  {e.invoiceNumber} · {formatVnd(e.invoiceValue)}
                </span>
                <PointsDelta earned={e.accumulatedPoints} spent={e.deductedPoints} />
                <PendingBadge pending={pending?.has(e.id)} />
              </Link>
            </li>
          ))}
        </ul>
        <h2>
          <Trans>Check-in gần đây</Trans>
        </h2>
        <ul className="points-list" data-testid="recent-checkins">
          {(checkIns ?? []).slice(0, 30).map((c) => (
            <li key={c.id} className="points-list__item">
              <Link to="/action/historyCheckIn/$history" params={{ history: c.id }}>
                <span>{dateTime(c.checkedInAt)}</span>
                <span>{c.memberName}</span>
                <DuplicateBadge duplicateOf={c.duplicateOf} />
                <PendingBadge pending={pending?.has(c.id)} />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
