// /action/bio-link: the member's bio link page — add, edit, delete, reorder (up/down), turn on
// or off and schedule links and buttons, all working offline; a link to the public page
// /bio/{urlMinify}; each item shows its clicks (counted by the server, last figures offline).
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { useLingui } from '@lingui/react/macro';
import { appDb, type BioLinkRow } from '../../db/app-db';
import { contractResolver } from '../../lib/contract-resolver';
import { readCookie } from '../../lib/cookies';
import { cookieNames } from '../../../contract/cookie-names';
import {
  bioLinkKinds,
  bioLinkPath,
  bioLinkShown,
  bioLinkUrlSchema,
  instantToVietnamLocal,
  vietnamLocalToInstant,
  type BioLinkKind,
} from '../../../contract/bio-link';
import { requiredText } from '../../../contract/common';
import { shownFieldText } from '../../../contract/field-messages';
import type { Lang } from '../../../contract/messages';
import { vietnamDateTime } from '../../../contract/vietnam-time';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { FormFooter } from '../../ui/form-footer';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast';
import { toastDeletedOnDevice, toastSavedOnDevice } from '../../ui/saved-on-device';
import {
  deleteBioLink,
  moveBioLink,
  saveBioLink,
  setBioLinkEnabled,
  useBioLinkClicks,
  useBioLinks,
  type BioLinkFields,
} from './bio-link-data';
import './bio-link.css';

const formSchema = v.pipe(
  v.object({
    title: requiredText('bio_link_title_required', 120),
    url: bioLinkUrlSchema,
    kind: v.picklist(bioLinkKinds, 'invalid_value'),
    showFrom: v.string(),
    showUntil: v.string(),
  }),
  v.forward(
    v.check(
      (form) => !form.showFrom || !form.showUntil || form.showFrom < form.showUntil,
      'bio_link_schedule_order',
    ),
    ['showUntil'],
  ),
);
type FormValues = v.InferInput<typeof formSchema>;
type FormOutput = v.InferOutput<typeof formSchema>;

function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function shownAt(instant: string): string {
  const { date, time } = vietnamDateTime(instant);
  return `${time} ${date}`;
}

export function BioLinkScreen() {
  const { t } = useLingui();
  usePageTitle(t`Trang liên kết (bio link)`);
  const [me] = useState(currentMemberId);
  const rows = useBioLinks(me);
  const clicks = useBioLinkClicks();
  const [editing, setEditing] = useState<{ row?: BioLinkRow } | null>(null);
  const [deleting, setDeleting] = useState<BioLinkRow | null>(null);

  if (!me) {
    return (
      <main className="bio-link page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }

  const urlMinify = readCookie(cookieNames.urlMinify) ?? me;
  const pageAddress = `${location.origin}${bioLinkPath(urlMinify)}`;
  const now = new Date();

  // Every write here is queued on this device first (decision 0940).
  const act = async (work: () => Promise<void>, done: 'saved' | 'deleted', failed: string) => {
    try {
      await work();
      if (done === 'deleted') toastDeletedOnDevice();
      else toastSavedOnDevice();
    } catch {
      toast.error(failed);
    }
  };

  const submit = async (fields: BioLinkFields) => {
    const next = rows ? rows.reduce((max, row) => Math.max(max, row.ordinal + 1), 0) : 0;
    await act(
      async () => {
        await saveBioLink(appDb, me, fields, editing?.row, next);
        setEditing(null);
      },
      'saved',
      t`Không lưu được liên kết. Vui lòng thử lại!`,
    );
  };

  const confirmDelete = async () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    await act(
      () => deleteBioLink(appDb, row),
      'deleted',
      t`Không xoá được liên kết. Vui lòng thử lại!`,
    );
  };

  return (
    <main className="bio-link page stack">
      <header className="bio-link__header stack stack--tight">
        <h1>{t`Trang liên kết (bio link)`}</h1>
        <p>
          {t`Một trang gom các liên kết và nút bấm của bạn, theo màu thẻ của bạn. Mỗi lượt bấm đều được đếm.`}
        </p>
        <p>
          {t`Trang công khai:`}{' '}
          <a href={pageAddress} target="_blank" rel="noopener" data-testid="bio-link-public">
            {pageAddress}
          </a>
        </p>
        {!editing && <Button onClick={() => setEditing({})}>{t`Thêm liên kết`}</Button>}
      </header>

      {editing && (
        <BioLinkForm
          key={editing.row?.id ?? 'new'}
          row={editing.row}
          onSubmit={submit}
          onCancel={() => setEditing(null)}
        />
      )}

      {rows === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : rows.length === 0 ? (
        <p className="bio-link__empty">{t`Chưa có liên kết nào`}</p>
      ) : (
        <ol
          className="bio-link__list stack stack--tight"
          aria-label={t`Liên kết trên trang của bạn`}
        >
          {rows.map((row, index) => {
            const count = clicks[row.id] ?? 0;
            const shown = bioLinkShown(row, now);
            return (
              <li
                key={row.id}
                className={shown ? 'bio-item list-row' : 'bio-item list-row bio-item--off'}
                data-testid="bio-link-item"
              >
                <div className="bio-item__text list-row__body">
                  <strong>{row.title}</strong>
                  <span className="bio-item__muted">
                    {row.kind === 'button' ? t`Nút bấm` : t`Liên kết`} · {row.url}
                  </span>
                  {(row.showFrom || row.showUntil) && (
                    <span className="bio-item__muted">
                      {row.showFrom ? t`Hiện từ ${shownAt(row.showFrom)}` : ''}
                      {row.showFrom && row.showUntil ? ' · ' : ''}
                      {row.showUntil ? t`đến ${shownAt(row.showUntil)}` : ''}
                    </span>
                  )}
                  <span className="bio-item__muted" data-testid="bio-link-clicks">
                    {t`${formatCount(count)} lượt bấm`}
                  </span>
                  {!row.enabled ? (
                    <span className="bio-item__badge">{t`Đang tắt`}</span>
                  ) : !shown ? (
                    <span className="bio-item__badge">{t`Ngoài lịch hiển thị`}</span>
                  ) : null}
                </div>
                <div className="bio-item__actions list-row__actions">
                  <Button
                    variant="secondary"
                    disabled={index === 0}
                    onClick={() =>
                      void act(
                        () => moveBioLink(appDb, rows, index, -1),
                        'saved',
                        t`Không đổi được thứ tự. Vui lòng thử lại!`,
                      )
                    }
                    aria-label={t`Đưa ${row.title} lên`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={index === rows.length - 1}
                    onClick={() =>
                      void act(
                        () => moveBioLink(appDb, rows, index, 1),
                        'saved',
                        t`Không đổi được thứ tự. Vui lòng thử lại!`,
                      )
                    }
                    aria-label={t`Đưa ${row.title} xuống`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      void act(
                        () => setBioLinkEnabled(appDb, row, !row.enabled),
                        'saved',
                        t`Không lưu được liên kết. Vui lòng thử lại!`,
                      )
                    }
                    aria-label={row.enabled ? t`Tắt ${row.title}` : t`Bật ${row.title}`}
                  >
                    {row.enabled ? t`Tắt` : t`Bật`}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setEditing({ row })}
                    aria-label={t`Sửa ${row.title}`}
                  >
                    {t`Sửa`}
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => setDeleting(row)}
                    aria-label={t`Xoá ${row.title}`}
                  >
                    {t`Xoá`}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t`Xoá liên kết này?`}
        confirmLabel={t`Xoá`}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t`"${deleting.title}" sẽ biến mất khỏi trang của bạn.` : null}</p>
      </ConfirmDialog>
    </main>
  );
}

function BioLinkForm({
  row,
  onSubmit,
  onCancel,
}: {
  row?: BioLinkRow | undefined;
  onSubmit: (fields: BioLinkFields) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const kindId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: contractResolver(formSchema, lang),
    defaultValues: {
      title: row?.title ?? '',
      url: row?.url ?? '',
      kind: row?.kind ?? 'link',
      showFrom: instantToVietnamLocal(row?.showFrom ?? null),
      showUntil: instantToVietnamLocal(row?.showUntil ?? null),
    },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const title = row ? t`Sửa liên kết` : t`Thêm liên kết`;
  const kindLabels: Record<BioLinkKind, string> = { link: t`Liên kết`, button: t`Nút bấm` };
  return (
    <form
      className="bio-link-form stack"
      noValidate
      aria-label={title}
      onSubmit={handleSubmit((form) =>
        onSubmit({
          title: form.title,
          url: form.url,
          kind: form.kind,
          showFrom: vietnamLocalToInstant(form.showFrom),
          showUntil: vietnamLocalToInstant(form.showUntil),
        }),
      )}
    >
      <h2>{title}</h2>
      <TextField
        label={t`Tên hiển thị`}
        autoComplete="off"
        {...register('title')}
        error={error(errors.title?.message)}
      />
      <TextField
        label={t`Địa chỉ`}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://…"
        {...register('url')}
        error={error(errors.url?.message)}
      />
      <div className="field">
        <label className="field__label" htmlFor={kindId}>
          {t`Kiểu hiển thị`}
        </label>
        <select id={kindId} className="field__input" {...register('kind')}>
          {bioLinkKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t`Hiện từ (giờ Việt Nam, không bắt buộc)`}
        type="datetime-local"
        {...register('showFrom')}
        error={error(errors.showFrom?.message)}
      />
      <TextField
        label={t`Hiện đến (giờ Việt Nam, không bắt buộc)`}
        type="datetime-local"
        {...register('showUntil')}
        error={error(errors.showUntil?.message)}
      />
      <FormFooter onCancel={onCancel} busy={isSubmitting} />
    </form>
  );
}
