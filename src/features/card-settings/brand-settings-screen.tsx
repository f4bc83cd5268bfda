// /action/brand/{id}: the brand's admins edit the brand — name, intro, about, phone, address,
// website, e-mail, logo and cover (uploaded pictures), language, theme, short link and the form
// visitors fill in. Online calls: the brand is
// read from the server and only its admins may change it (anyone else is refused with 403).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { Spinner } from '../../ui/spinner';
import { usePageTitle } from '../../ui/page-title';
import { useOnline } from '../../ui/offline-indicator';
import { toast } from '../../ui/toast';
import { QueryScope } from '../../api/query-client';
import { ApiRequestError } from '../../api/http-client';
import { contractResolver } from '../../lib/contract-resolver';
import {
  brandUpdateSchema,
  type BrandSettings as BrandSettingsData,
  type BrandUpdateInput,
} from '../../../contract/card-settings';
import { ImagePicker } from '../../ui/image-picker';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useImageSrc } from '../../sync/use-image-src';
import { FormFieldsEditor } from './form-fields-editor';
import { ThemePicker, type ThemeValue } from './theme-picker';
import { UrlMinifyField } from './url-minify-field';
import {
  brandCalls,
  uploadBrandPicture,
  useBrandFormData,
  useBrandSettings,
  useStyleList,
} from './settings-data';
import { failureText, fieldFailure, useMessageLang } from './settings-messages';
import { BackLink } from '../../ui/back-link';
import './card-settings.css';

export function BrandSettingsScreen({ groupId }: { groupId: string }) {
  return (
    <QueryScope>
      <BrandSettings groupId={groupId} />
    </QueryScope>
  );
}

function BrandSettings({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Quản lý thương hiệu`);
  const online = useOnline();
  const lang = useMessageLang();
  const brand = useBrandSettings(groupId);

  if (brand.isPending) {
    return (
      <main className="settings-screen">
        <Spinner />
      </main>
    );
  }
  if (brand.isError || !brand.data) {
    const forbidden = brand.error instanceof ApiRequestError && brand.error.status === 403;
    return (
      <main className="settings-screen">
        <h1>
          <Trans>Quản lý thương hiệu</Trans>
        </h1>
        <p role="alert">
          {forbidden
            ? t`Chỉ quản trị viên của thương hiệu mới sửa được thương hiệu này.`
            : failureText(brand.error, lang)}
        </p>
      </main>
    );
  }
  const settings = brand.data;
  return (
    <main className="settings-screen">
      <p className="settings-screen__back">
        <BackLink to="/action">
          <Trans>← Ứng dụng</Trans>
        </BackLink>
      </p>
      <h1>
        <Trans>Quản lý thương hiệu</Trans>
      </h1>
      <p>
        <a href={`/mbg/${encodeURIComponent(settings.urlMinify)}`}>
          <Trans>Xem trang thương hiệu</Trans>
        </a>
      </p>
      {!online && (
        <p className="settings-note" role="status">
          <Trans>Bạn đang ngoại tuyến: cần có mạng để lưu thay đổi của thương hiệu.</Trans>
        </p>
      )}
      <BrandInfoForm settings={settings} />
      <BrandTheme settings={settings} />
      <section className="settings-section" aria-labelledby="brand-link-title">
        <h2 id="brand-link-title">
          <Trans>Đường dẫn ngắn</Trans>
        </h2>
        <BrandLink settings={settings} />
      </section>
      <BrandForm groupId={groupId} />
    </main>
  );
}

function useRefreshBrand(groupId: string) {
  const queryClient = useQueryClient();
  return (next: BrandSettingsData) => {
    queryClient.setQueryData(['card-settings', 'brand', groupId], next);
  };
}

const infoFields = [
  'name',
  'note',
  'aboutMe',
  'phone',
  'address',
  'website',
  'email',
  'language',
] as const;

function BrandInfoForm({ settings }: { settings: BrandSettingsData }) {
  const { t } = useLingui();
  const lang = useMessageLang();
  const online = useOnline();
  const refresh = useRefreshBrand(settings.id);
  const form = useForm<BrandUpdateInput>({
    resolver: contractResolver(brandUpdateSchema, lang),
    defaultValues: {
      name: settings.name,
      note: settings.note ?? '',
      aboutMe: settings.aboutMe ?? '',
      phone: settings.phone ?? '',
      address: settings.address ?? '',
      website: settings.website ?? '',
      email: settings.email ?? '',
      language: settings.language,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    // Only the text fields: the pictures are saved on their own when picked.
    const input: BrandUpdateInput = {};
    for (const field of infoFields) (input as Record<string, unknown>)[field] = values[field];
    try {
      const saved = await brandCalls.update(settings.id, input);
      refresh(saved);
      // The server stores a bare domain with https://: the field shows what the card shows.
      form.setValue('website', saved.website ?? '');
      toast.success(t`Đã lưu thông tin thương hiệu`);
    } catch (error) {
      let placed = false;
      for (const field of infoFields) {
        const text = fieldFailure(error, field);
        if (text) {
          form.setError(field, { type: 'server', message: text });
          placed = true;
        }
      }
      if (!placed) toast.error(failureText(error, lang));
    }
  });
  const area = (field: 'note' | 'aboutMe', label: string, rows: number) => (
    <div className="field">
      <label className="field__label" htmlFor={`brand-${field}`}>
        {label}
      </label>
      <textarea
        id={`brand-${field}`}
        className="field__input"
        rows={rows}
        {...form.register(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `brand-${field}-error` : undefined}
      />
      {errors[field] && (
        <span id={`brand-${field}-error`} className="field__error" role="alert">
          {errors[field].message}
        </span>
      )}
    </div>
  );
  return (
    <section className="settings-section" aria-labelledby="brand-info-title">
      <h2 id="brand-info-title">
        <Trans>Thông tin</Trans>
      </h2>
      {/* Each picture in a field's box: the field spacing keeps the cover's label off the
          logo's buttons. */}
      <div className="field">
        <BrandPicture settings={settings} slot="imagesUrl" />
      </div>
      <div className="field">
        <BrandPicture settings={settings} slot="bannerUrl" />
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t`Tên thương hiệu`}
          {...form.register('name')}
          error={errors.name?.message}
        />
        {area('note', t`Giới thiệu ngắn`, 3)}
        {area('aboutMe', t`Giới thiệu chi tiết`, 6)}
        <TextField
          label={t`Số điện thoại`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...form.register('phone')}
          error={errors.phone?.message}
        />
        <TextField
          label={t`Địa chỉ`}
          autoComplete="off"
          {...form.register('address')}
          error={errors.address?.message}
        />
        <TextField
          label={t`Trang web`}
          hint={t`Ví dụ: suongmai.vn`}
          inputMode="url"
          autoComplete="off"
          {...form.register('website')}
          error={errors.website?.message}
        />
        <TextField
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          {...form.register('email')}
          error={errors.email?.message}
        />
        <div className="field">
          <label className="field__label" htmlFor="brand-language">
            <Trans>Ngôn ngữ</Trans>
          </label>
          <select id="brand-language" className="field__input" {...form.register('language')}>
            <option value="VN">Tiếng Việt</option>
            <option value="EN">English</option>
          </select>
        </div>
        <Button type="submit" busy={isSubmitting} disabled={!online}>
          <Trans>Lưu thông tin</Trans>
        </Button>
      </form>
    </section>
  );
}

/** The logo or the cover: uploaded and saved on the brand as soon as it is picked (online). */
function BrandPicture({
  settings,
  slot,
}: {
  settings: BrandSettingsData;
  slot: 'imagesUrl' | 'bannerUrl';
}) {
  const { t } = useLingui();
  const lang = useMessageLang();
  const online = useOnline();
  const refresh = useRefreshBrand(settings.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState(false);
  const current = settings[slot];
  const src = useImageSrc(current);
  const logo = slot === 'imagesUrl';
  const save = async (url: string) => {
    refresh(await brandCalls.update(settings.id, { [slot]: url }));
  };
  return (
    <>
      <ImagePicker
        label={logo ? t`Logo` : t`Ảnh bìa`}
        src={src}
        shape={logo ? 'round' : 'wide'}
        crop
        disabled={!online || busy}
        status={busy ? t`Đang tải ảnh lên…` : undefined}
        error={error}
        onPick={async (file) => {
          setBusy(true);
          setError(undefined);
          try {
            await save(await uploadBrandPicture(file, logo ? 'avatar' : 'banner', lang));
            toast.success(logo ? t`Đã lưu logo` : t`Đã lưu ảnh bìa`);
          } catch (failure) {
            setError(fieldFailure(failure, slot) ?? failureText(failure, lang));
          } finally {
            setBusy(false);
          }
        }}
        onRemove={() => setRemoving(true)}
      />
      {removing && (
        <ConfirmDialog
          open
          title={logo ? t`Xoá logo?` : t`Xoá ảnh bìa?`}
          danger
          confirmLabel={t`Xoá ảnh`}
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            setRemoving(false);
            void save('').then(
              () => toast.success(logo ? t`Đã xoá logo` : t`Đã xoá ảnh bìa`),
              (failure: unknown) => toast.error(failureText(failure, lang)),
            );
          }}
        >
          <p>{t`Trang thương hiệu sẽ không còn ảnh này.`}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function BrandTheme({ settings }: { settings: BrandSettingsData }) {
  const { t } = useLingui();
  const lang = useMessageLang();
  const online = useOnline();
  const refresh = useRefreshBrand(settings.id);
  const styles = useStyleList(settings.id);
  const saved: ThemeValue = {
    theme: settings.theme ?? styles.data?.styles[0]?.code ?? 'OrganizationMode',
    themeType: settings.themeType,
  };
  const [draft, setDraft] = useState<ThemeValue | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = draft ?? saved;
  const changed = shown.theme !== saved.theme || shown.themeType !== saved.themeType;
  const save = async () => {
    setSaving(true);
    try {
      refresh(await brandCalls.setTheme(settings.id, shown.theme, shown.themeType));
      setDraft(null);
      toast.success(t`Đã lưu giao diện`);
    } catch (error) {
      toast.error(fieldFailure(error, 'theme') ?? failureText(error, lang));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="settings-section" aria-labelledby="brand-theme-title">
      <h2 id="brand-theme-title">
        <Trans>Giao diện</Trans>
      </h2>
      {styles.data?.layoutPermission === 'LIMIT' && (
        <p className="settings-note" role="note">
          <Trans>Thương hiệu chỉ được dùng các giao diện riêng của thương hiệu.</Trans>
        </p>
      )}
      <ThemePicker
        styles={styles.data?.styles ?? []}
        value={shown}
        onChange={setDraft}
        name={settings.name}
      />
      <Button onClick={() => void save()} busy={saving} disabled={!changed || !online}>
        <Trans>Lưu giao diện thương hiệu</Trans>
      </Button>
    </section>
  );
}

function BrandLink({ settings }: { settings: BrandSettingsData }) {
  const { t } = useLingui();
  const refresh = useRefreshBrand(settings.id);
  return (
    <UrlMinifyField
      key={settings.urlMinify}
      current={settings.urlMinify}
      prefix="mbg"
      groupId={settings.id}
      onSave={async (link) => {
        const change = await brandCalls.setUrlMinify(settings.id, link);
        refresh({ ...settings, urlMinify: change.urlMinify });
        toast.success(t`Đã đổi đường dẫn thương hiệu`);
      }}
    />
  );
}

function BrandForm({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  const formData = useBrandFormData(groupId);
  return (
    <FormFieldsEditor
      saved={formData.data?.fields}
      onSave={async (fields) => {
        await brandCalls.setFormData(groupId, { fields });
        await formData.refetch();
      }}
      title={t`Biểu mẫu đăng ký`}
      hint={t`Những thông tin khách điền khi đăng ký với thương hiệu.`}
      titleId="brand-form-title"
    />
  );
}
