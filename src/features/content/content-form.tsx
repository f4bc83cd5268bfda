import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { contractResolver } from '../../lib/contract-resolver';
import { shownFieldText } from '../../../contract/field-messages';
import type { Lang } from '../../../contract/messages';
import { mutations } from '../../../contract/mutations';
import { postTypes, productTypes } from '../../../contract/card';
import {
  activityTypes,
  canEnablePoster,
  isBankActivity,
  posterViewTypes,
  vietnamToday,
} from '../../../contract/content';
import type { ContentKind } from '../../../contract/content-writes';
import { FoldSection } from '../../ui/fold-section';
import { TextField } from '../../ui/text-field';
import { apiCall } from '../../api/http-client';
import { certificates } from '../../../contract/rest-routes';
import { FormFooter } from '../../ui/form-footer';
import { payloadOfRow, type ContentPayload, type ContentRow } from './content-data';
import { useContentLabels } from './content-labels';
import { ContentImagesField } from './content-images';

type FormValues = Record<string, string | boolean | number | undefined>;

/** Kinds whose items carry several images (kept in the form as one address per line). */
const imageKinds: readonly ContentKind[] = ['product', 'relic', 'poster'];

/** The form shows lists as lines; the schema gets them as arrays. */
function toFormValues(kind: ContentKind, payload: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value)) values[key] = value.join('\n');
    else if (value === null) values[key] = '';
    else values[key] = value as string | boolean | number;
  }
  if (imageKinds.includes(kind)) values.images ??= '';
  return values;
}

function fromFormValues(values: FieldValues): Record<string, unknown> {
  const images: unknown = values.images;
  return typeof images === 'string' ? { ...values, images: images.split('\n') } : values;
}

function linesResolver(schema: v.GenericSchema, lang: Lang): Resolver<FormValues> {
  const resolve = contractResolver(schema as v.GenericSchema<FieldValues, unknown>, lang);
  return (values, context, options) => resolve(fromFormValues(values), context, options) as never;
}

interface ContentFormProps<K extends ContentKind> {
  kind: K;
  /** The new item's keys (id, owner) or the item being edited. */
  initial: { id: string; groupId: string | null } | ContentRow<K>;
  /** Fields a new item starts with (a post from a shared picture starts with its picture). */
  prefill?: { imageUrl?: string } | undefined;
  onSubmit: (payload: ContentPayload<K>) => Promise<void>;
  onCancel: () => void;
}

/**
 * The kind's payload schema; a poster also may not be switched on after its end date (the
 * server checks the same against its own day).
 */
function formSchema(kind: ContentKind): v.GenericSchema {
  const schema = mutations[`${kind}.upsert`].schema;
  if (kind !== 'poster') return schema;
  const today = vietnamToday(new Date());
  return v.pipe(
    mutations['poster.upsert'].schema,
    v.forward(
      v.check((p) => !p.enabled || canEnablePoster(p.endDate, today), 'poster_expired'),
      ['enabled'],
    ),
  );
}

/** Certificate names to pick from while online (`/certificate?name`); none offline. */
function useCertificateNames(name: string, enabled: boolean): string[] {
  const query = useQuery({
    queryKey: ['certificate', name],
    queryFn: () => apiCall(certificates, { query: { name }, auth: false }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return query.data?.map((item) => item.name) ?? [];
}

/** Blank fields of a new item of each kind. */
function blankPayload(kind: ContentKind, keys: { id: string; groupId: string | null }) {
  switch (kind) {
    case 'post':
      return {
        ...keys,
        type: 'news',
        title: '',
        content: '',
        startDate: '',
        imageUrl: '',
        ordinal: '',
        outstanding: false,
        policy: 'public',
      };
    case 'product':
      return {
        ...keys,
        type: 'sell',
        childType: '',
        title: '',
        content: '',
        price: '',
        listedPrice: '',
        quantity: '',
        images: [],
        policy: 'public',
        outstanding: false,
      };
    case 'activity':
      return {
        ...keys,
        type: 'education',
        displayName: '',
        link: '',
        content: '',
        ordinal: '',
        policy: 'public',
      };
    case 'relic':
      return { ...keys, title: '', content: '', images: [], policy: 'public' };
    case 'poster':
      return {
        ...keys,
        viewType: 'showroom',
        startDate: '',
        endDate: '',
        images: [],
        enabled: false,
      };
  }
}

/** Create or edit one item; validated with the contract schema the server also applies. */
export function ContentForm<K extends ContentKind>({
  kind,
  initial,
  prefill,
  onSubmit,
  onCancel,
}: ContentFormProps<K>) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const labels = useContentLabels();
  const editing = 'createdAt' in initial;
  const start = editing
    ? payloadOfRow(kind, initial)
    : { ...blankPayload(kind, initial), ...prefill };
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting, isSubmitted, submitCount },
  } = useForm<FormValues>({
    resolver: linesResolver(formSchema(kind), lang),
    defaultValues: toFormValues(kind, start),
    // The form library cannot focus a field in a folded section: the effect below does.
    shouldFocusError: false,
  });
  const error = (name: string) => {
    const found = errors[name] ?? (name === 'images' ? errors['images.0'] : undefined);
    return shownFieldText(found?.message, lang);
  };
  const hasErrorIn = (names: readonly string[]) => names.some((name) => error(name) !== undefined);
  // After an attempt to send with messages: the sections holding them have opened (a child's
  // effect runs before this one), so the first field with a message can take the focus.
  const formRef = useRef<HTMLFormElement>(null);
  const focusedAttempt = useRef(0);
  useEffect(() => {
    if (submitCount === focusedAttempt.current || Object.keys(errors).length === 0) return;
    focusedAttempt.current = submitCount;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, errors]);
  // Opened from a row far down the list, the form would start off screen on a phone: bring its
  // title to the top and give it the focus, so a screen reader starts there too.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.scrollIntoView({ block: 'start' });
    titleRef.current?.focus({ preventScroll: true });
  }, []);
  /** A section of the form; the first is open, the others fold until they hold a message. */
  const section = (
    title: string,
    summary: string,
    names: readonly string[],
    children: ReactNode,
    initiallyOpen = false,
  ) => (
    <FoldSection
      title={title}
      summary={summary}
      initiallyOpen={initiallyOpen}
      attempt={submitCount}
      hasError={hasErrorIn(names)}
    >
      <div className="content-form__fields stack">{children}</div>
    </FoldSection>
  );
  const text = (name: string, label: string, type = 'text') => (
    <TextField label={label} type={type} {...register(name)} error={error(name)} />
  );
  const area = (name: string, label: string, hint?: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`content-${name}`}>
        {label}
      </label>
      <textarea
        id={`content-${name}`}
        className="field__input"
        rows={4}
        {...register(name)}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `content-${name}-error` : undefined}
      />
      {hint && <span className="field__hint">{hint}</span>}
      {error(name) && (
        <span id={`content-${name}-error`} className="field__error" role="alert">
          {error(name)}
        </span>
      )}
    </div>
  );
  const choice = (
    name: string,
    label: string,
    options: readonly string[],
    names: Record<string, string>,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`content-${name}`}>
        {label}
      </label>
      <select
        id={`content-${name}`}
        className="field__input"
        {...register(name)}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `content-${name}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {names[option] ?? option}
          </option>
        ))}
      </select>
      {error(name) && (
        <span id={`content-${name}-error`} className="field__error" role="alert">
          {error(name)}
        </span>
      )}
    </div>
  );
  const check = (name: string, label: string) => (
    <div className="field field--check">
      <input
        id={`content-${name}`}
        type="checkbox"
        {...register(name)}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `content-${name}-error` : undefined}
      />
      <label htmlFor={`content-${name}`}>{label}</label>
      {error(name) && (
        <span id={`content-${name}-error`} className="field__error" role="alert">
          {error(name)}
        </span>
      )}
    </div>
  );
  const policy = choice('policy', t`Ai được xem`, ['public', 'friend', 'private'], labels.policies);
  const imageLines = String(useWatch({ control, name: 'images' }) ?? '');
  const imageUrl = String(useWatch({ control, name: 'imageUrl' }) ?? '');
  const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
  const images = (
    <ContentImagesField
      label={t`Hình ảnh`}
      urls={lines(imageLines)}
      multiple
      onChange={(urls) =>
        setValue('images', urls.join('\n'), { shouldDirty: true, shouldValidate: isSubmitted })
      }
      error={error('images')}
    />
  );
  const activityType = String(useWatch({ control, name: 'type' }) ?? '');
  const certificate = String(useWatch({ control, name: 'certificate' }) ?? '');
  const certificateNames = useCertificateNames(certificate.trim(), kind === 'product');

  return (
    <form
      ref={formRef}
      className="content-form stack"
      noValidate
      aria-label={labels.formTitle(kind, editing)}
      onSubmit={handleSubmit((values) => onSubmit(fromFormValues(values) as ContentPayload<K>))}
    >
      <h2 ref={titleRef} tabIndex={-1} className="content-form__title">
        {labels.formTitle(kind, editing)}
      </h2>
      {kind === 'post' && (
        <>
          {section(
            t`Thông tin chính`,
            t`Loại, tiêu đề, nội dung, ngày, ảnh`,
            ['type', 'title', 'content', 'startDate', 'imageUrl'],
            <>
              {choice('type', t`Loại bài viết`, postTypes, labels.postTypes)}
              {text('title', t`Tiêu đề`)}
              {area('content', t`Nội dung`)}
              {text('startDate', t`Ngày`, 'date')}
              <ContentImagesField
                label={t`Ảnh`}
                urls={lines(imageUrl)}
                multiple={false}
                onChange={(urls) =>
                  setValue('imageUrl', urls[0] ?? '', {
                    shouldDirty: true,
                    shouldValidate: isSubmitted,
                  })
                }
                error={error('imageUrl')}
              />
            </>,
            true,
          )}
          {section(
            t`Hiển thị`,
            t`Thứ tự, nổi bật, ai được xem`,
            ['ordinal', 'outstanding', 'policy'],
            <>
              {text('ordinal', t`Thứ tự`, 'number')}
              {check('outstanding', t`Nổi bật`)}
              {policy}
            </>,
          )}
        </>
      )}
      {kind === 'product' && (
        <>
          {section(
            t`Thông tin chính`,
            t`Loại, tên, mô tả`,
            ['type', 'childType', 'childCareer', 'title', 'content'],
            <>
              {choice('type', t`Loại`, productTypes, labels.productTypes)}
              {text('childType', t`Loại con`)}
              {text('childCareer', t`Ngành nghề con`)}
              {text('title', t`Tên sản phẩm`)}
              {area('content', t`Mô tả`)}
            </>,
            true,
          )}
          {section(
            t`Giá và số lượng`,
            t`Giá niêm yết, giá bán, số lượng`,
            ['listedPrice', 'price', 'quantity'],
            <>
              {text('listedPrice', t`Giá niêm yết (VNĐ)`)}
              {text('price', t`Giá bán (VNĐ)`)}
              {text('quantity', t`Số lượng`)}
            </>,
          )}
          {section(t`Hình ảnh`, t`Ảnh của sản phẩm`, ['images'], images)}
          {section(
            t`Nguồn gốc và chứng nhận`,
            t`Xuất xứ, mã HS, chứng nhận`,
            ['origin', 'customsCode', 'certificate'],
            <>
              {text('origin', t`Xuất xứ`)}
              {text('customsCode', t`Mã HS`)}
              <TextField
                label={t`Chứng nhận`}
                list="content-certificates"
                autoComplete="off"
                {...register('certificate')}
                error={error('certificate')}
              />
              <datalist id="content-certificates">
                {certificateNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>,
          )}
          {section(
            t`Cửa hàng và liên hệ`,
            t`Liên kết liên hệ, loại và liên kết cửa hàng`,
            ['contactUrl', 'shopType', 'shopLink'],
            <>
              {text('contactUrl', t`Liên kết liên hệ`)}
              {text('shopType', t`Loại cửa hàng`)}
              {text('shopLink', t`Liên kết cửa hàng`)}
            </>,
          )}
          {section(
            t`Hiển thị`,
            t`Nổi bật, ai được xem`,
            ['outstanding', 'policy'],
            <>
              {check('outstanding', t`Nổi bật`)}
              {policy}
            </>,
          )}
        </>
      )}
      {kind === 'activity' && (
        <>
          {section(
            t`Thông tin chính`,
            t`Loại, tên, liên kết hay tài khoản, nội dung`,
            ['type', 'displayName', 'bankName', 'ownerName', 'accountNumber', 'link', 'content'],
            <>
              {choice('type', t`Loại hoạt động`, activityTypes, labels.activityTypes)}
              {text('displayName', t`Tên hiển thị`)}
              {isBankActivity(activityType) ? (
                <>
                  {text('bankName', t`Tên ngân hàng`)}
                  {text('ownerName', t`Chủ tài khoản`)}
                  {text('accountNumber', t`Số tài khoản`)}
                </>
              ) : (
                text('link', t`Liên kết`)
              )}
              {area('content', t`Nội dung`)}
            </>,
            true,
          )}
          {section(
            t`Hiển thị`,
            t`Thứ tự, ai được xem`,
            ['ordinal', 'policy'],
            <>
              {text('ordinal', t`Thứ tự`, 'number')}
              {policy}
            </>,
          )}
        </>
      )}
      {kind === 'relic' && (
        <>
          {section(
            t`Thông tin chính`,
            t`Tiêu đề, nội dung, ảnh`,
            ['title', 'content', 'images'],
            <>
              {text('title', t`Tiêu đề`)}
              {area('content', t`Nội dung`)}
              {images}
            </>,
            true,
          )}
          {section(t`Hiển thị`, t`Ai được xem`, ['policy'], policy)}
        </>
      )}
      {/* Five fields, all but the switch required: nothing to fold away. */}
      {kind === 'poster' && (
        <div className="content-form__fields stack">
          {choice('viewType', t`Kiểu hiển thị`, posterViewTypes, labels.posterViewTypes)}
          {text('startDate', t`Ngày bắt đầu`, 'date')}
          {text('endDate', t`Ngày kết thúc`, 'date')}
          {images}
          {check('enabled', t`Bật poster`)}
        </div>
      )}
      <FormFooter onCancel={onCancel} busy={isSubmitting} />
    </form>
  );
}
