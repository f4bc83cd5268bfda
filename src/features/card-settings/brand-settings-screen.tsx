// /action/brand/{id}: the brand's admins edit the brand — name, note, images (addresses for
// now), language, theme, short link and the form visitors fill in. Online calls: the brand is
// read from the server and only its admins may change it (anyone else is refused with 403).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
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
  formFieldTypes,
  type BrandSettings as BrandSettingsData,
  type BrandUpdateInput,
  type FormField,
} from '../../../contract/card-settings';
import { ThemePicker, type ThemeValue } from './theme-picker';
import { UrlMinifyField } from './url-minify-field';
import { brandCalls, useBrandFormData, useBrandSettings, useStyleList } from './settings-data';
import { failureText, fieldFailure, useMessageLang } from './settings-messages';
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
        <Link to="/action">
          <Trans>← Ứng dụng</Trans>
        </Link>
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

type InfoFields = 'name' | 'note' | 'imagesUrl' | 'bannerUrl' | 'language';

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
      imagesUrl: settings.imagesUrl ?? '',
      bannerUrl: settings.bannerUrl ?? '',
      language: settings.language,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      refresh(await brandCalls.update(settings.id, values));
      toast.success(t`Đã lưu thông tin thương hiệu`);
    } catch (error) {
      let placed = false;
      for (const field of ['name', 'note', 'imagesUrl', 'bannerUrl', 'language'] as InfoFields[]) {
        const text = fieldFailure(error, field);
        if (text) {
          form.setError(field, { type: 'server', message: text });
          placed = true;
        }
      }
      if (!placed) toast.error(failureText(error, lang));
    }
  });
  return (
    <section className="settings-section" aria-labelledby="brand-info-title">
      <h2 id="brand-info-title">
        <Trans>Thông tin</Trans>
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t`Tên thương hiệu`}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <div className="field">
          <label className="field__label" htmlFor="brand-note">
            <Trans>Giới thiệu ngắn</Trans>
          </label>
          <textarea
            id="brand-note"
            className="field__input"
            rows={3}
            {...form.register('note')}
            aria-invalid={errors.note ? true : undefined}
          />
          {errors.note && (
            <span className="field__error" role="alert">
              {errors.note.message}
            </span>
          )}
        </div>
        <TextField
          label={t`Ảnh đại diện (địa chỉ ảnh)`}
          hint={t`Ví dụ: https://… hoặc /…`}
          inputMode="url"
          {...form.register('imagesUrl')}
          error={errors.imagesUrl?.message}
        />
        <TextField
          label={t`Ảnh bìa (địa chỉ ảnh)`}
          inputMode="url"
          {...form.register('bannerUrl')}
          error={errors.bannerUrl?.message}
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
  const lang = useMessageLang();
  const online = useOnline();
  const formData = useBrandFormData(groupId);
  const [draft, setDraft] = useState<FormField[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fields = draft ?? formData.data?.fields ?? [];
  const typeLabels: Record<(typeof formFieldTypes)[number], string> = {
    text: t`Chữ`,
    textarea: t`Đoạn văn`,
    phone: t`Số điện thoại`,
    email: t`Email`,
    number: t`Số`,
    date: t`Ngày`,
  };
  const edit = (index: number, change: Partial<FormField>) =>
    setDraft(fields.map((f, i) => (i === index ? { ...f, ...change } : f)));
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await brandCalls.setFormData(groupId, { fields });
      await formData.refetch();
      setDraft(null);
      toast.success(t`Đã lưu biểu mẫu`);
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else {
        toast.error(failureText(error, lang));
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="settings-section" aria-labelledby="brand-form-title">
      <h2 id="brand-form-title">
        <Trans>Biểu mẫu đăng ký</Trans>
      </h2>
      <p className="field__hint">
        <Trans>Những thông tin khách điền khi đăng ký với thương hiệu.</Trans>
      </p>
      <ol className="form-fields">
        {fields.map((field, index) => (
          <li key={index} className="form-fields__row">
            <TextField
              label={t`Tên trường ${index + 1}`}
              value={field.label}
              onChange={(e) => edit(index, { label: e.target.value })}
              error={errors[`fields.${index}.label`]}
            />
            <div className="field">
              <label className="field__label" htmlFor={`form-field-type-${index}`}>
                <Trans>Kiểu</Trans>
              </label>
              <select
                id={`form-field-type-${index}`}
                className="field__input"
                value={field.type}
                onChange={(e) => edit(index, { type: e.target.value as FormField['type'] })}
              >
                {formFieldTypes.map((type) => (
                  <option key={type} value={type}>
                    {typeLabels[type]}
                  </option>
                ))}
              </select>
            </div>
            <label className="form-fields__required">
              <input
                type="checkbox"
                checked={field.required}
                onChange={(e) => edit(index, { required: e.target.checked })}
              />{' '}
              <Trans>Bắt buộc</Trans>
            </label>
            <Button
              variant="secondary"
              onClick={() => setDraft(fields.filter((_, i) => i !== index))}
            >
              <Trans>Xoá trường</Trans>
            </Button>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <Button
          variant="secondary"
          disabled={fields.length >= 20}
          onClick={() => setDraft([...fields, { label: '', type: 'text', required: false }])}
        >
          <Trans>Thêm trường</Trans>
        </Button>
        <Button onClick={() => void save()} busy={saving} disabled={!online || draft === null}>
          <Trans>Lưu biểu mẫu</Trans>
        </Button>
      </div>
    </section>
  );
}
