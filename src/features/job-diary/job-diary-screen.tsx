// /action/jobDiary: the member's job diary — entries grouped by day, search, write, edit and
// delete, all working offline (the changes wait in the outbox and are sent once).
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import { appDb, type JobDiaryRow } from '../../db/app-db';
import { currentMemberId } from '../../api/current-member';
import { contractResolver } from '../../lib/contract-resolver';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { FormFooter } from '../../ui/form-footer';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toastDeletedOnDevice, toastSavedOnDevice } from '../../ui/saved-on-device';
import { toastWriteFailed } from '../../ui/write-failed';
import { groupJobDiaryByDay, jobDiaryFieldsSchema } from '../../../contract/job-diary';
import { vietnamToday } from '../../../contract/content';
import { shownFieldText } from '../../../contract/field-messages';
import type { Lang } from '../../../contract/messages';
import { DeletedRowBanners, FieldConflictBanners } from '../../ui/field-conflict-banners';
import type { ConflictRow } from '../../db/app-db';
import type { ConflictChoice } from '../../../contract/field-merge';
import {
  chooseOnJobDiaryConflict,
  deleteJobDiaryEntry,
  saveJobDiaryEntry,
  useJobDiary,
} from './job-diary-data';
import './job-diary.css';

type Editing = { row?: JobDiaryRow } | null;

/** A day as people read it: "Thứ Hai, 02/03/2026" / "Monday, 02/03/2026". */
function dayLabel(day: string, lang: Lang): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'vi-VN', {
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function JobDiaryScreen() {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  usePageTitle(t`Nhật ký công việc`);
  const [me] = useState(currentMemberId);
  const [search, setSearch] = useState('');
  const rows = useJobDiary(me, search);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<JobDiaryRow | null>(null);

  if (!me) {
    return (
      <main className="job-diary page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteJobDiaryEntry(appDb, deleting);
      toastDeletedOnDevice();
    } catch (error) {
      toastWriteFailed(error, t`Không xoá được. Vui lòng thử lại!`);
    }
    setDeleting(null);
  };

  const days = rows ? groupJobDiaryByDay(rows) : [];
  const fieldLabel = (field: string) =>
    ({ date: t`Ngày`, title: t`Tiêu đề`, content: t`Nội dung` })[field] ?? field;
  const choose = (conflict: ConflictRow, choice: ConflictChoice) =>
    chooseOnJobDiaryConflict(me, conflict, choice);
  return (
    <main className="job-diary page stack">
      <header className="job-diary__header">
        <h1>{t`Nhật ký công việc`}</h1>
        <p>{t`Chỉ mình bạn xem được nhật ký này. Bạn có thể ghi cả khi không có mạng.`}</p>
      </header>
      <div className="job-diary__tools cluster">
        <TextField
          label={t`Tìm trong nhật ký`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {!editing && <Button onClick={() => setEditing({})}>{t`Viết nhật ký`}</Button>}
      </div>
      <DeletedRowBanners
        entity="jobDiary"
        title={(label) => t`Mục nhật ký ${label} đã bị xoá trên thiết bị khác`}
        choose={choose}
      />

      {editing && (
        <JobDiaryForm
          key={editing.row?.id ?? 'new'}
          row={editing.row}
          lang={lang}
          onSubmit={async (fields) => {
            try {
              await saveJobDiaryEntry(appDb, me, fields, editing.row);
              toastSavedOnDevice();
              setEditing(null);
            } catch (error) {
              toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
            }
          }}
          onCancel={() => setEditing(null)}
        />
      )}

      {rows === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : days.length === 0 ? (
        <p className="job-diary__empty">
          {search ? t`Không có mục nào khớp với tìm kiếm` : t`Chưa có nhật ký nào`}
        </p>
      ) : (
        days.map((day) => (
          <section
            key={day.date}
            className="job-diary__day stack stack--tight"
            aria-labelledby={`job-diary-${day.date}`}
          >
            <h2 id={`job-diary-${day.date}`}>{dayLabel(day.date, lang)}</h2>
            <ul className="job-diary__list stack stack--tight">
              {day.entries.map((row) => (
                <li
                  key={row.id}
                  className="job-diary__entry stack stack--tight"
                  data-testid="job-diary-entry"
                >
                  <h3>{row.title}</h3>
                  <FieldConflictBanners
                    entity="jobDiary"
                    rowId={row.id}
                    fieldLabel={fieldLabel}
                    choose={choose}
                  />
                  {row.content && <p className="job-diary__content">{row.content}</p>}
                  <div className="button-row">
                    <Button variant="secondary" onClick={() => setEditing({ row })}>
                      {t`Sửa`}
                      <span className="visually-hidden">{` ${row.title}`}</span>
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(row)}>
                      {t`Xoá`}
                      <span className="visually-hidden">{` ${row.title}`}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t`Xoá mục nhật ký này?`}
        confirmLabel={t`Xoá`}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting?.title}
      </ConfirmDialog>
    </main>
  );
}

type FormValues = v.InferInput<typeof jobDiaryFieldsSchema>;
type FormOutput = v.InferOutput<typeof jobDiaryFieldsSchema>;

function JobDiaryForm({
  row,
  lang,
  onSubmit,
  onCancel,
}: {
  row: JobDiaryRow | undefined;
  lang: Lang;
  onSubmit: (fields: FormOutput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const contentId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: contractResolver(jobDiaryFieldsSchema, lang),
    defaultValues: {
      date: row?.date ?? vietnamToday(new Date()),
      title: row?.title ?? '',
      content: row?.content ?? '',
    },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const title = row ? t`Sửa nhật ký` : t`Viết nhật ký`;
  return (
    <form
      className="job-diary__form stack"
      noValidate
      aria-label={title}
      onSubmit={handleSubmit(onSubmit)}
    >
      <h2>{title}</h2>
      <TextField
        label={t`Ngày`}
        type="date"
        {...register('date')}
        error={error(errors.date?.message)}
      />
      <TextField
        label={t`Tiêu đề`}
        autoComplete="off"
        {...register('title')}
        error={error(errors.title?.message)}
      />
      <div className="field">
        <label className="field__label" htmlFor={contentId}>
          {t`Nội dung`}
        </label>
        <textarea
          id={contentId}
          className="field__input"
          rows={5}
          {...register('content')}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${contentId}-error` : undefined}
        />
        {errors.content && (
          <span id={`${contentId}-error`} className="field__error" role="alert">
            {error(errors.content.message)}
          </span>
        )}
      </div>
      <FormFooter onCancel={onCancel} busy={isSubmitting} />
    </form>
  );
}
