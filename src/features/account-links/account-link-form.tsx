// Add or edit one bank account, link or video; validated with the contract schema the server
// also applies, messages in the form's language.
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import { contractResolver } from '../../lib/contract-resolver';
import type { AccountLinkRow } from '../../db/app-db';
import {
  bankLinkFieldsSchema,
  videoLinkFieldsSchema,
  type webLinkFieldsSchema,
  type AccountLinkKind,
  type BankInfo,
} from '../../../contract/account-link';
import { shownFieldText } from '../../../contract/field-messages';
import {
  linkTypeOf,
  typedLinkSchema,
  webLinkTypes,
  type WebLinkType,
} from '../../../contract/link-types';
import type { Lang } from '../../../contract/messages';
import { TextField } from '../../ui/text-field';
import { FormFooter } from '../../ui/form-footer';
import type { AccountLinkFields } from './account-links-data';

interface FormProps {
  kind: AccountLinkKind;
  row?: AccountLinkRow | undefined;
  banks: readonly BankInfo[] | undefined;
  onSubmit: (fields: AccountLinkFields) => Promise<void>;
  onCancel: () => void;
}

export function AccountLinkForm(props: FormProps) {
  return props.kind === 'bank' ? <BankForm {...props} /> : <WebLinkForm {...props} />;
}

type BankValues = v.InferInput<typeof bankLinkFieldsSchema>;
type BankOutput = v.InferOutput<typeof bankLinkFieldsSchema>;

function BankForm({ row, banks, onSubmit, onCancel }: FormProps) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const selectId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BankValues, unknown, BankOutput>({
    resolver: contractResolver(bankLinkFieldsSchema, lang),
    defaultValues: {
      kind: 'bank',
      bankBin: row?.bankBin ?? '',
      ownerName: row?.ownerName ?? '',
      accountNumber: row?.accountNumber ?? '',
    },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const bankError = error(errors.bankBin?.message);
  const title = row ? t`Sửa tài khoản ngân hàng` : t`Thêm tài khoản ngân hàng`;
  return (
    <form
      className="account-link-form surface stack"
      noValidate
      aria-label={title}
      onSubmit={handleSubmit(onSubmit)}
    >
      <h2>{title}</h2>
      <input type="hidden" {...register('kind')} />
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {t`Ngân hàng`}
        </label>
        <select
          id={selectId}
          className="field__input"
          aria-invalid={bankError ? true : undefined}
          aria-describedby={bankError ? `${selectId}-error` : undefined}
          disabled={!banks}
          {...register('bankBin')}
        >
          <option value="">{banks ? t`Chọn ngân hàng` : t`Đang tải danh sách ngân hàng…`}</option>
          {banks?.map((bank) => (
            <option key={bank.bin} value={bank.bin}>
              {`${bank.shortName} — ${bank.name}`}
            </option>
          ))}
        </select>
        {bankError && (
          <span id={`${selectId}-error`} className="field__error" role="alert">
            {bankError}
          </span>
        )}
      </div>
      <TextField
        label={t`Tên chủ tài khoản`}
        autoComplete="off"
        {...register('ownerName')}
        error={error(errors.ownerName?.message)}
      />
      <TextField
        label={t`Số tài khoản`}
        inputMode="numeric"
        autoComplete="off"
        {...register('accountNumber')}
        error={error(errors.accountNumber?.message)}
      />
      <FormFooter onCancel={onCancel} busy={isSubmitting} />
    </form>
  );
}

type WebValues =
  v.InferInput<typeof webLinkFieldsSchema> | v.InferInput<typeof videoLinkFieldsSchema>;
type WebOutput =
  v.InferOutput<typeof webLinkFieldsSchema> | v.InferOutput<typeof videoLinkFieldsSchema>;

function WebLinkForm({ kind, row, onSubmit, onCancel }: FormProps) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const typeId = useId();
  // A link of a known network is typed the way people know it (a Zalo phone, a page name…).
  const [linkType, setLinkType] = useState<WebLinkType>(() =>
    row && kind === 'link' ? linkTypeOf(row.url ?? '') : 'website',
  );
  // The resolver is made once; it reads the type chosen when the form is sent.
  const linkTypeNow = useRef(linkType);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WebValues, unknown, WebOutput>({
    resolver: (values, context, options) =>
      contractResolver<WebValues, WebOutput>(
        kind === 'video' ? videoLinkFieldsSchema : typedLinkSchema(linkTypeNow.current),
        lang,
      )(values, context, options),
    defaultValues: {
      kind: kind === 'video' ? 'video' : 'link',
      title: row?.title ?? '',
      url: row?.url ?? '',
    },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const typeLabels: Record<WebLinkType, string> = {
    website: t`Trang web`,
    facebook: 'Facebook',
    zalo: 'Zalo',
    tiktok: 'TikTok',
    youtube: t`Kênh YouTube`,
  };
  const addressLabels: Record<WebLinkType, string> = {
    website: t`Đường dẫn`,
    facebook: t`Tên trang hoặc đường dẫn Facebook`,
    zalo: t`Số điện thoại Zalo hoặc đường dẫn zalo.me`,
    tiktok: t`Tên TikTok hoặc đường dẫn`,
    youtube: t`Tên kênh hoặc đường dẫn YouTube`,
  };
  const placeholders: Record<WebLinkType, string> = {
    website: 'https://…',
    facebook: t`tentrang hoặc facebook.com/…`,
    zalo: '0912 345 678',
    tiktok: '@ten',
    youtube: '@kenh',
  };
  const title =
    kind === 'video'
      ? row
        ? t`Sửa video`
        : t`Thêm video YouTube`
      : row
        ? t`Sửa liên kết`
        : t`Thêm liên kết`;
  return (
    <form
      className="account-link-form surface stack"
      noValidate
      aria-label={title}
      onSubmit={handleSubmit(onSubmit)}
    >
      <h2>{title}</h2>
      <input type="hidden" {...register('kind')} />
      {kind === 'link' && (
        <div className="field">
          <label className="field__label" htmlFor={typeId}>
            {t`Loại liên kết`}
          </label>
          <select
            id={typeId}
            className="field__input"
            value={linkType}
            onChange={(event) => {
              linkTypeNow.current = event.target.value as WebLinkType;
              setLinkType(linkTypeNow.current);
            }}
          >
            {webLinkTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        label={kind === 'video' ? t`Tiêu đề video` : t`Tên hiển thị`}
        autoComplete="off"
        {...register('title')}
        error={error(errors.title?.message)}
      />
      <TextField
        label={kind === 'video' ? t`Đường dẫn YouTube` : addressLabels[linkType]}
        type={kind === 'video' || linkType === 'website' ? 'url' : 'text'}
        inputMode={linkType === 'zalo' && kind === 'link' ? 'tel' : 'url'}
        autoComplete="off"
        placeholder={kind === 'video' ? 'https://youtu.be/…' : placeholders[linkType]}
        {...register('url')}
        error={error(errors.url?.message)}
      />
      <FormFooter onCancel={onCancel} busy={isSubmitting} />
    </form>
  );
}
