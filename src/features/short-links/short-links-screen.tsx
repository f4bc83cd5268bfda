// /action/shortenedLink: the member's short links — create (to any http(s) address, their card,
// posts or products), edit the target, turn off and delete, all working offline; each shows
// its /smc/ address and its clicks (counted by the server, last known figures offline).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { useLingui } from '@lingui/react/macro';
import { appDb, type ShortLinkRow } from '../../db/app-db';
import { contractResolver } from '../../lib/contract-resolver';
import { readCookie } from '../../lib/cookies';
import { cookieNames } from '../../../contract/cookie-names';
import { urlMinifySchema, tidyUrlMinify } from '../../../contract/card-settings';
import { shortLinkPath, shortLinkTargetSchema } from '../../../contract/short-link';
import { optionalText } from '../../../contract/common';
import { shownFieldText } from '../../../contract/field-messages';
import type { Lang } from '../../../contract/messages';
import { memberCardPath } from '../../../contract/card-prefixes';
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
import { toastWriteFailed } from '../../ui/write-failed';
import {
  deleteShortLink,
  saveShortLink,
  setShortLinkEnabled,
  useShortLinkClicks,
  useShortLinks,
  type ShortLinkFields,
} from './short-links-data';
import './short-links.css';

const formSchema = v.object({
  slug: urlMinifySchema,
  target: shortLinkTargetSchema,
  title: optionalText(120),
});
type FormValues = v.InferInput<typeof formSchema>;
type FormOutput = v.InferOutput<typeof formSchema>;

function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function ShortLinksScreen() {
  const { t } = useLingui();
  usePageTitle(t`Đường dẫn rút gọn`);
  const [me] = useState(currentMemberId);
  const rows = useShortLinks(me);
  const clicks = useShortLinkClicks();
  const [editing, setEditing] = useState<{ row?: ShortLinkRow } | null>(null);
  const [deleting, setDeleting] = useState<ShortLinkRow | null>(null);

  if (!me) {
    return (
      <main className="short-links page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }

  const submit = async (fields: ShortLinkFields) => {
    try {
      await saveShortLink(appDb, me, fields, editing?.row);
      toastSavedOnDevice();
      setEditing(null);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteShortLink(appDb, deleting);
      toastDeletedOnDevice();
    } catch (error) {
      toastWriteFailed(error, t`Không xoá được. Vui lòng thử lại!`);
    }
    setDeleting(null);
  };

  return (
    <main className="short-links page stack">
      <header className="short-links__header stack stack--tight">
        <h1>{t`Đường dẫn rút gọn`}</h1>
        <p>
          {t`Tạo đường dẫn ngắn dễ nhớ tới bất kỳ trang web nào, hoặc tới thẻ, bài viết, sản phẩm của bạn. Mỗi lượt bấm đều được đếm.`}
        </p>
        {!editing && <Button onClick={() => setEditing({})}>{t`Tạo đường dẫn rút gọn`}</Button>}
      </header>

      {editing && (
        <ShortLinkForm
          key={editing.row?.id ?? 'new'}
          row={editing.row}
          onSubmit={submit}
          onCancel={() => setEditing(null)}
        />
      )}

      {rows === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : rows.length === 0 ? (
        <p className="short-links__empty">{t`Chưa có đường dẫn rút gọn nào`}</p>
      ) : (
        <ul
          className="short-links__list stack stack--tight"
          aria-label={t`Đường dẫn rút gọn của bạn`}
        >
          {rows.map((row) => {
            const address = `${location.origin}${shortLinkPath(row.slug)}`;
            const count = clicks[row.id] ?? 0;
            return (
              <li
                key={row.id}
                className={
                  row.enabled ? 'short-link list-row' : 'short-link list-row short-link--off'
                }
                data-testid="short-link"
              >
                <div className="short-link__text list-row__body">
                  <strong>{row.title || row.slug}</strong>
                  <a href={address} className="short-link__address">
                    {address}
                  </a>
                  <span className="short-link__target">
                    {t`Tới:`} {row.target}
                  </span>
                  <span className="short-link__clicks" data-testid="short-link-clicks">
                    {t`${formatCount(count)} lượt bấm`}
                  </span>
                  {!row.enabled && <span className="short-link__badge">{t`Đang tắt`}</span>}
                </div>
                <div className="short-link__actions list-row__actions">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      void navigator.clipboard
                        ?.writeText(address)
                        .then(() => toast.success(t`Đã sao chép`))
                        .catch(() => undefined);
                    }}
                    aria-label={t`Sao chép ${row.slug}`}
                  >
                    {t`Sao chép`}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => void setShortLinkEnabled(appDb, row, !row.enabled)}
                    aria-label={row.enabled ? t`Tắt ${row.slug}` : t`Bật ${row.slug}`}
                  >
                    {row.enabled ? t`Tắt` : t`Bật`}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setEditing({ row })}
                    aria-label={t`Sửa ${row.slug}`}
                  >
                    {t`Sửa`}
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => setDeleting(row)}
                    aria-label={t`Xoá ${row.slug}`}
                  >
                    {t`Xoá`}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t`Xoá đường dẫn này?`}
        confirmLabel={t`Xoá`}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {deleting
            ? t`${shortLinkPath(deleting.slug)} sẽ không còn hoạt động và không ai dùng lại được.`
            : null}
        </p>
      </ConfirmDialog>
    </main>
  );
}

function ShortLinkForm({
  row,
  onSubmit,
  onCancel,
}: {
  row?: ShortLinkRow | undefined;
  onSubmit: (fields: ShortLinkFields) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: contractResolver(formSchema, lang),
    defaultValues: { slug: row?.slug ?? '', target: row?.target ?? '', title: row?.title ?? '' },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const urlMinify = readCookie(cookieNames.urlMinify);
  const ownTargets = urlMinify
    ? [
        { label: t`Thẻ của tôi`, path: memberCardPath(urlMinify) },
        { label: t`Bài viết`, path: `${memberCardPath(urlMinify)}/posts` },
        { label: t`Sản phẩm`, path: `${memberCardPath(urlMinify)}/products` },
      ]
    : [];
  const title = row ? t`Sửa đường dẫn rút gọn` : t`Tạo đường dẫn rút gọn`;
  const slugField = register('slug');
  return (
    <form
      className="short-link-form stack"
      noValidate
      aria-label={title}
      onSubmit={handleSubmit((fields) => onSubmit(fields))}
    >
      <h2>{title}</h2>
      <TextField
        label={t`Đường dẫn (sau /smc/)`}
        autoComplete="off"
        readOnly={Boolean(row)}
        hint={row ? t`Đường dẫn đã tạo không đổi được` : t`Chữ thường không dấu, số và dấu -`}
        {...slugField}
        onChange={(event) => {
          event.target.value = tidyUrlMinify(event.target.value);
          void slugField.onChange(event);
        }}
        error={error(errors.slug?.message)}
      />
      <TextField
        label={t`Địa chỉ đích`}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://…"
        {...register('target')}
        error={error(errors.target?.message)}
      />
      {ownTargets.length > 0 && (
        <div
          className="short-link-form__picks cluster"
          role="group"
          aria-label={t`Chọn nhanh địa chỉ`}
        >
          {ownTargets.map((pick) => (
            <Button
              key={pick.path}
              variant="secondary"
              onClick={() => setValue('target', pick.path, { shouldValidate: true })}
            >
              {pick.label}
            </Button>
          ))}
        </div>
      )}
      <TextField
        label={t`Tên gợi nhớ (không bắt buộc)`}
        autoComplete="off"
        {...register('title')}
        error={error(errors.title?.message)}
      />
      <FormFooter onCancel={onCancel} busy={isSubmitting} />
    </form>
  );
}
