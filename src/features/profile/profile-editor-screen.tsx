// /action/setting — the owner edits their card's profile, with the card as visitors will see
// it beside the form. Images, links/banks/videos, theme and short link have their own screens.
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { contractResolver } from '../../lib/contract-resolver';
import { currentMemberId } from '../../api/current-member';
import { QueryScope, queryClient } from '../../api/query-client';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import { activateMemberLocale } from '../../i18n/i18n';
import type { ProfileRow } from '../../db/app-db';
import { TextField } from '../../ui/text-field';
import { Button } from '../../ui/button';
import { FoldSection } from '../../ui/fold-section';
import { Spinner } from '../../ui/spinner';
import { EmptyState } from '../../ui/empty-state';
import { PulledEmptyState } from '../../ui/pulled-empty-state';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { shownFieldText } from '../../../contract/field-messages';
import type { Lang } from '../../../contract/messages';
import {
  profileEditorFieldNames,
  profileEditorSchema,
  type MirroredProfile,
  type ProfileEditorInput,
  type ProfileUpdateInput,
} from '../../../contract/member';
import { patchedProfile, saveProfile, useMyProfile } from './profile-data';
import { ProfileConflictBanners } from './profile-conflicts';
import {
  joinAddress,
  splitAddress,
  useCareers,
  useChildCareers,
  useInterestList,
  useProvinces,
  useWards,
} from './profile-lists';
import './profile.css';

type EditorOutput = ProfileEditorInput;

export interface ProfileEditorScreenProps {
  /** Draws the card as visitors see it (the card feature's, given by the route). */
  renderPreview: (profile: MirroredProfile) => ReactNode;
  /** Device settings shown under the form (another feature's, given by the route). */
  deviceSettings?: ReactNode;
}

export function ProfileEditorScreen(props: ProfileEditorScreenProps) {
  const { t } = useLingui();
  usePageTitle(t`Sửa hồ sơ`);
  const memberId = currentMemberId();
  const profile = useMyProfile(memberId);
  if (!memberId) return <EmptyState title={t`Vui lòng đăng nhập để sửa hồ sơ`} />;
  if (profile === undefined) return <Spinner />;
  if (profile === null) {
    return (
      <main className="profile-editor page page--wide">
        <h1>
          <Trans>Sửa hồ sơ</Trans>
        </h1>
        <PulledEmptyState title={t`Hồ sơ của bạn chưa tải về máy này. Hãy kết nối mạng một lát.`} />
      </main>
    );
  }
  return (
    <QueryScope>
      <ProfileEditor key={profile.id} profile={profile} {...props} />
    </QueryScope>
  );
}

function defaultsOf(row: ProfileRow): ProfileEditorInput {
  return {
    name: row.name,
    shortName: row.shortName ?? '',
    intro: row.intro ?? '',
    jobTitle: row.jobTitle ?? '',
    workplace: row.workplace ?? '',
    address: row.address ?? '',
    phone: row.contactPhone ?? '',
    otherPhone: row.otherPhone ?? '',
    contactEmail: row.contactEmail ?? '',
    website: row.website ?? '',
    zalo: row.zalo ?? '',
    aboutMe: row.aboutMe ?? '',
    interests: row.interests,
    businessSectors: row.businessSectors,
    companyInfo: row.companyInfo ?? '',
    language: row.language,
  };
}

/** Only what differs from the mirrored row goes into the patch (per-field last write wins). */
function changedFields(row: ProfileRow, values: EditorOutput): Omit<ProfileUpdateInput, 'id'> {
  const before = defaultsOf(row) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const key of profileEditorFieldNames) {
    const value = (values as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) patch[key] = value;
  }
  return patch;
}

function ProfileEditor({
  profile,
  renderPreview,
  deviceSettings,
}: { profile: ProfileRow } & ProfileEditorScreenProps) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<ProfileEditorInput, unknown, EditorOutput>({
    resolver: contractResolver(profileEditorSchema, lang),
    defaultValues: defaultsOf(profile),
    mode: 'onTouched',
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const values = { ...defaultsOf(profile), ...useWatch({ control }) } as ProfileEditorInput;
  const preview = patchedProfile(profile, values, profile.updatedAt);

  const onSubmit = async (output: EditorOutput) => {
    const patch = changedFields(profile, output);
    if (Object.keys(patch).length === 0) {
      toast.info(t`Không có thay đổi nào`);
      return;
    }
    try {
      await saveProfile(profile.id, patch);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được hồ sơ. Vui lòng thử lại!`);
      return;
    }
    // The card's language; the interface follows it unless this device chose one (decision 1042).
    if (patch.language) await activateMemberLocale(patch.language);
    // On this device until the outbox reaches the server (decision 1061).
    toast.success(
      navigator.onLine
        ? t`Đã lưu hồ sơ trên máy này, đang gửi`
        : t`Đã lưu trên máy này, sẽ gửi khi có mạng`,
    );
  };

  // A folded section with a field message in it opens (FoldSection), and the first such
  // field takes the focus the form library could not give to a folded one.
  const hasErrorIn = (names: readonly (keyof ProfileEditorInput)[]) =>
    names.some((name) => errors[name] !== undefined);
  const focusFirstError = (form: HTMLFormElement) =>
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const listError = (name: 'interests' | 'businessSectors') => {
    const list = errors[name] as
      ({ message?: string } & Record<number, { message?: string } | undefined>) | undefined;
    if (!list) return undefined;
    if (list.message) return error(list.message);
    const first = Object.values(list).find(
      (item): item is { message?: string } => typeof item === 'object' && item !== null,
    );
    return error(first?.message);
  };

  return (
    <main className="profile-editor page page--wide">
      <h1>
        <Trans>Sửa hồ sơ</Trans>
      </h1>
      <ProfileConflictBanners memberId={profile.id} />
      <nav className="profile-editor__more cluster" aria-label={t`Phần khác của thẻ`}>
        <a href="/action/setting/photos">
          <Trans>Ảnh đại diện, ảnh bìa, ảnh nền</Trans>
        </a>
        <a href="/action/setting/links">
          <Trans>Liên kết, ngân hàng, video</Trans>
        </a>
        <a href="/action/setting/display">
          <Trans>Giao diện</Trans>
        </a>
        <a href="/action/setting/short-link">
          <Trans>Đường dẫn rút gọn</Trans>
        </a>
      </nav>
      <div className="profile-editor__layout">
        <form
          className="profile-form"
          noValidate
          aria-label={t`Hồ sơ`}
          onSubmit={(event) => {
            const form = event.currentTarget;
            void handleSubmit(onSubmit, () => focusFirstError(form))(event);
          }}
        >
          <FoldSection
            title={t`Giới thiệu`}
            summary={t`Họ tên, chức danh, nơi làm việc, về tôi`}
            initiallyOpen
            attempt={submitCount}
            hasError={hasErrorIn([
              'name',
              'shortName',
              'intro',
              'jobTitle',
              'workplace',
              'aboutMe',
            ])}
          >
            <TextField
              label={t`Họ và tên`}
              {...register('name')}
              error={error(errors.name?.message)}
            />
            <TextField
              label={t`Tên ngắn`}
              {...register('shortName')}
              error={error(errors.shortName?.message)}
            />
            <TextField
              label={t`Câu giới thiệu`}
              {...register('intro')}
              error={error(errors.intro?.message)}
            />
            <TextField
              label={t`Chức danh`}
              {...register('jobTitle')}
              error={error(errors.jobTitle?.message)}
            />
            <TextField
              label={t`Nơi làm việc`}
              {...register('workplace')}
              error={error(errors.workplace?.message)}
            />
            <TextArea
              label={t`Về tôi`}
              {...register('aboutMe')}
              error={error(errors.aboutMe?.message)}
            />
          </FoldSection>

          <FoldSection
            title={t`Liên hệ`}
            summary={t`Điện thoại, email, trang web, Zalo, địa chỉ`}
            attempt={submitCount}
            hasError={hasErrorIn([
              'phone',
              'otherPhone',
              'contactEmail',
              'website',
              'zalo',
              'address',
            ])}
          >
            <TextField
              label={t`Điện thoại`}
              type="tel"
              inputMode="tel"
              {...register('phone')}
              error={error(errors.phone?.message)}
            />
            <TextField
              label={t`Điện thoại khác`}
              type="tel"
              inputMode="tel"
              {...register('otherPhone')}
              error={error(errors.otherPhone?.message)}
            />
            <TextField
              label={t`Email liên hệ`}
              type="email"
              hint={t`Hiện trên thẻ. Email đăng nhập không bao giờ hiện.`}
              {...register('contactEmail')}
              error={error(errors.contactEmail?.message)}
            />
            <TextField
              label={t`Trang web`}
              inputMode="url"
              {...register('website')}
              error={error(errors.website?.message)}
            />
            <TextField label={t`Zalo`} {...register('zalo')} error={error(errors.zalo?.message)} />
            <AddressPicker
              address={values.address ?? ''}
              onChange={(address) => setValue('address', address, { shouldValidate: true })}
              error={error(errors.address?.message)}
            />
          </FoldSection>

          <FoldSection
            title={t`Sở thích và lĩnh vực`}
            summary={t`Sở thích, ngành nghề`}
            attempt={submitCount}
            hasError={hasErrorIn(['interests', 'businessSectors'])}
          >
            <InterestPicker
              selected={values.interests ?? []}
              onChange={(list) => setValue('interests', list, { shouldValidate: true })}
              error={listError('interests')}
            />
            <SectorPicker
              selected={values.businessSectors ?? []}
              onChange={(list) => setValue('businessSectors', list, { shouldValidate: true })}
              error={listError('businessSectors')}
            />
          </FoldSection>

          <FoldSection
            title={t`Công ty và ngôn ngữ`}
            summary={t`Thông tin công ty, ngôn ngữ của thẻ`}
            attempt={submitCount}
            hasError={hasErrorIn(['companyInfo', 'language'])}
          >
            <TextArea
              label={t`Thông tin công ty`}
              {...register('companyInfo')}
              error={error(errors.companyInfo?.message)}
            />
            <div className="field">
              <label className="field__label" htmlFor="profile-language">
                <Trans>Ngôn ngữ</Trans>
              </label>
              <select id="profile-language" className="field__input" {...register('language')}>
                <option value="VN">Tiếng Việt</option>
                <option value="EN">English</option>
              </select>
            </div>
          </FoldSection>

          {/* Sticky on a phone: saving and the preview stay one tap away in a long form. */}
          <div className="form-footer profile-editor__footer">
            <a
              className="button button--secondary profile-editor__to-preview"
              href="#profile-preview"
            >
              <Trans>Xem trước</Trans>
            </a>
            <Button type="submit" busy={isSubmitting}>
              <Trans>Lưu hồ sơ</Trans>
            </Button>
          </div>
        </form>
        <div className="profile-editor__preview" id="profile-preview" tabIndex={-1}>
          <h2>
            <Trans>Xem trước</Trans>
          </h2>
          {renderPreview(preview)}
        </div>
      </div>
      {deviceSettings}
    </main>
  );
}

interface TextAreaProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
}

const TextArea = ({
  ref,
  label,
  error,
  ...rest
}: TextAreaProps & { ref?: React.Ref<HTMLTextAreaElement> }) => {
  const id = `profile-${rest.name ?? ''}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...rest}
        ref={ref}
        id={id}
        rows={4}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
};

/** Street line, then province → ward from the address lists; stored as one address line. */
function AddressPicker({
  address,
  onChange,
  error,
}: {
  address: string;
  onChange: (address: string) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const provinces = useProvinces();
  const [parts, setParts] = useState<{ street: string; provinceId: string; wardId: string }>();
  const wards = useWards(parts?.provinceId ?? '');

  // Read the stored line back into its parts once the lists are here.
  useEffect(() => {
    if (parts || !provinces.data) return;
    const list = provinces.data;
    const first = splitAddress(address, list, () => undefined);
    const wardsOfProvince = first.provinceId
      ? queryClient.fetchQuery({
          queryKey: ['address', 'wards', first.provinceId],
          queryFn: () =>
            apiCall(routes.wards, {
              auth: false,
              query: { idProvincial: first.provinceId },
            }),
        })
      : Promise.resolve(undefined);
    void wardsOfProvince
      .then((found) => setParts(found ? splitAddress(address, list, () => found) : first))
      .catch(() => setParts(first));
  }, [address, parts, provinces.data]);

  const update = (next: { street: string; provinceId: string; wardId: string }) => {
    setParts(next);
    const province = provinces.data?.find((p) => p.id === next.provinceId);
    const ward = wards.data?.find((w) => w.id === next.wardId);
    onChange(joinAddress(next.street, ward, province));
  };
  const current = parts ?? { street: address, provinceId: '', wardId: '' };

  return (
    <div className="address-picker">
      <TextField
        label={t`Địa chỉ (số nhà, đường)`}
        value={current.street}
        onChange={(e) => update({ ...current, street: e.target.value })}
        error={error}
      />
      <div className="field">
        <label className="field__label" htmlFor="profile-province">
          <Trans>Tỉnh / thành phố</Trans>
        </label>
        <select
          id="profile-province"
          className="field__input"
          value={current.provinceId}
          disabled={!parts}
          onChange={(e) => update({ ...current, provinceId: e.target.value, wardId: '' })}
        >
          <option value="">{t`— Chọn tỉnh / thành phố —`}</option>
          {provinces.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.fullName}
            </option>
          ))}
        </select>
        {provinces.isError && (
          <span className="field__hint">{t`Không tải được danh sách địa chỉ (cần mạng).`}</span>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="profile-ward">
          <Trans>Phường / xã</Trans>
        </label>
        <select
          id="profile-ward"
          className="field__input"
          value={current.wardId}
          disabled={!current.provinceId || !wards.data}
          onChange={(e) => update({ ...current, wardId: e.target.value })}
        >
          <option value="">{t`— Chọn phường / xã —`}</option>
          {wards.data?.map((w) => (
            <option key={w.id} value={w.id}>
              {w.fullName}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function toggle(list: string[], item: string): string[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

function InterestPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (list: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const list = useInterestList();
  const choices = [...new Set([...(list.data ?? []), ...selected])];
  return (
    <fieldset
      className="chip-picker cluster"
      aria-describedby={error ? 'interests-error' : undefined}
    >
      <legend>
        <Trans>Sở thích</Trans>
      </legend>
      {list.isError && <p className="field__hint">{t`Không tải được danh sách (cần mạng).`}</p>}
      {choices.map((item) => (
        <label key={item} className="chip-picker__chip">
          <input
            type="checkbox"
            checked={selected.includes(item)}
            onChange={() => onChange(toggle(selected, item))}
          />
          {item}
        </label>
      ))}
      {error && (
        <span id="interests-error" className="field__error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

function SectorPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (list: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const careers = useCareers();
  const [career, setCareer] = useState('');
  const children = useChildCareers(career);
  const options = career ? [career, ...(children.data ?? [])] : [];
  return (
    <fieldset
      className="chip-picker cluster"
      aria-describedby={error ? 'sectors-error' : undefined}
    >
      <legend>
        <Trans>Lĩnh vực kinh doanh</Trans>
      </legend>
      {selected.length > 0 && (
        <ul className="chip-picker__selected cluster">
          {selected.map((item) => (
            <li key={item}>
              {item}
              <button
                type="button"
                className="chip-picker__remove"
                aria-label={t`Bỏ ${item}`}
                onClick={() => onChange(selected.filter((x) => x !== item))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label className="field__label" htmlFor="profile-career">
          <Trans>Ngành nghề</Trans>
        </label>
        <select
          id="profile-career"
          className="field__input"
          value={career}
          onChange={(e) => setCareer(e.target.value)}
        >
          <option value="">{t`— Chọn ngành nghề —`}</option>
          {careers.data?.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {careers.isError && (
          <span className="field__hint">{t`Không tải được danh sách (cần mạng).`}</span>
        )}
      </div>
      {options.map((item) => (
        <label key={item} className="chip-picker__chip">
          <input
            type="checkbox"
            checked={selected.includes(item)}
            onChange={() => onChange(toggle(selected, item))}
          />
          {item}
        </label>
      ))}
      {error && (
        <span id="sectors-error" className="field__error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
