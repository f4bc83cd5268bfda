// /action/createCv: the member's CV — spec §5's required fields, skills and hobbies, who may see
// it, and the experience and education taken from their activities. Saved offline like every
// profile edit (cv.save waits in the outbox and is sent once).
import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { appDb } from '../../db/app-db';
import { currentMemberId } from '../../api/current-member';
import { contractResolver } from '../../lib/contract-resolver';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toastSavedOnDevice } from '../../ui/saved-on-device';
import { toastWriteFailed } from '../../ui/write-failed';
import {
  cvActivityTypes,
  cvEntries,
  cvFieldsSchema,
  cvGenders,
  cvListSchema,
  type CvGender,
} from '../../../contract/cv';
import { policies, type Policy } from '../../../contract/common';
import { shownFieldText } from '../../../contract/field-messages';
import type { Lang } from '../../../contract/messages';
import { FieldConflictBanners } from '../../ui/field-conflict-banners';
import type { FieldValue } from '../../../contract/field-merge';
import { saveCv, splitList, useCvSources, type CvSources } from './cv-data';
import './cv.css';

/** The form's values: skills and hobbies written on one line each, comma-separated. */
const cvFormSchema = v.object({
  ...cvFieldsSchema.entries,
  gender: v.picklist(cvGenders, 'gender_required'),
  skills: v.pipe(v.string(), v.transform(splitList), cvListSchema),
  hobbies: v.pipe(v.string(), v.transform(splitList), cvListSchema),
});
type FormValues = Omit<v.InferInput<typeof cvFormSchema>, 'gender'> & { gender: CvGender | '' };
type FormOutput = v.InferOutput<typeof cvFormSchema>;

export function CvFormScreen() {
  const { t } = useLingui();
  usePageTitle(t`CV của tôi`);
  const [me] = useState(currentMemberId);
  const sources = useCvSources(me);
  // The form's key once the member has touched it: data arriving later never redraws it.
  const [touchedKey, setTouchedKey] = useState<string | null>(null);
  if (!me) {
    return (
      <main className="cv-screen page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }
  return (
    <main className="cv-screen page stack">
      <header>
        <h1>{t`CV của tôi`}</h1>
        <p className="cv-screen__intro">
          {t`Thông tin CV được lưu cùng hồ sơ của bạn, kể cả khi không có mạng.`}
        </p>
      </header>
      {sources === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : (
        // Drawn again once the profile or a saved CV reaches a new device, so the form starts
        // from them rather than blank — but only until the member types or saves: what they
        // typed is never replaced by a pull landing in the middle.
        <CvForm
          key={touchedKey ?? sourcesKey(sources)}
          memberId={me}
          sources={sources}
          onTouched={() => setTouchedKey((key) => key ?? sourcesKey(sources))}
        />
      )}
    </main>
  );
}

function sourcesKey(sources: CvSources): string {
  return `${sources.profile ? 'profile' : ''}-${sources.cv ? 'cv' : ''}`;
}

function CvForm({
  memberId,
  sources,
  onTouched,
}: {
  memberId: string;
  sources: CvSources;
  onTouched: () => void;
}) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const genderId = useId();
  const visibilityId = useId();
  const aboutId = useId();
  const { cv, profile } = sources;
  // The CV the form starts from: an edit's base (decision 1062), whatever a pull brings meanwhile.
  const [opened] = useState(cv);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: contractResolver(cvFormSchema, lang) as never,
    defaultValues: {
      // Before the first save the form starts from the card (an empty card field is skipped).
      email: cv?.email ?? (profile?.contactEmail || profile?.email || ''),
      phone: cv?.phone ?? (profile?.contactPhone || profile?.phone || ''),
      gender: cv?.gender ?? '',
      dateOfBirth: cv?.dateOfBirth ?? '',
      address: cv?.address ?? (profile?.address || ''),
      aboutMe: cv?.aboutMe ?? (profile?.aboutMe || ''),
      skills: (cv?.skills ?? []).join(', '),
      hobbies: (cv?.hobbies ?? profile?.interests ?? []).join(', '),
      visibility: cv?.visibility ?? 'public',
    },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);
  const entries = [
    ...cvEntries(sources.activities, cvActivityTypes.experience),
    ...cvEntries(sources.activities, cvActivityTypes.education),
  ];
  const cvLink = profile?.urlMinify || memberId;
  const genderLabels: Record<CvGender, string> = {
    male: t`Nam`,
    female: t`Nữ`,
    other: t`Khác`,
  };
  const visibilityLabels: Record<Policy, string> = {
    public: t`Mọi người`,
    friend: t`Bạn bè`,
    private: t`Chỉ mình tôi`,
  };

  const submit = async (fields: FormOutput) => {
    try {
      await saveCv(appDb, memberId, fields, opened);
      toastSavedOnDevice();
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  };

  const fieldLabel = (field: string) =>
    ({
      email: t`Email`,
      phone: t`Điện thoại`,
      gender: t`Giới tính`,
      dateOfBirth: t`Ngày sinh`,
      address: t`Địa chỉ`,
      aboutMe: t`Giới thiệu bản thân`,
      skills: t`Kỹ năng`,
      hobbies: t`Sở thích`,
      visibility: t`Ai được xem CV`,
    })[field] ?? field;
  const shownValue = (field: string, value: FieldValue | undefined) => {
    if (typeof value !== 'string') return undefined;
    if (field === 'gender') return genderLabels[value as CvGender];
    if (field === 'visibility') return visibilityLabels[value as Policy];
    return undefined;
  };

  const selectError = (id: string, message: string | undefined) =>
    message ? (
      <span id={`${id}-error`} className="field__error" role="alert">
        {error(message)}
      </span>
    ) : null;

  return (
    <>
      <FieldConflictBanners
        entity="cvs"
        rowId={memberId}
        fieldLabel={fieldLabel}
        shownValue={shownValue}
      />
      <form
        className="cv-form stack"
        noValidate
        aria-label={t`CV của tôi`}
        onInputCapture={onTouched}
        onChangeCapture={onTouched}
        onSubmitCapture={onTouched}
        onSubmit={handleSubmit(submit)}
      >
        <fieldset>
          <legend>{t`Thông tin cá nhân`}</legend>
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            {...register('email')}
            error={error(errors.email?.message)}
          />
          <TextField
            label={t`Điện thoại`}
            type="tel"
            autoComplete="tel"
            {...register('phone')}
            error={error(errors.phone?.message)}
          />
          <div className="field">
            <label className="field__label" htmlFor={genderId}>
              {t`Giới tính`}
            </label>
            <select
              id={genderId}
              className="field__input"
              aria-invalid={errors.gender ? true : undefined}
              aria-describedby={errors.gender ? `${genderId}-error` : undefined}
              {...register('gender')}
            >
              <option value="">{t`Chọn giới tính`}</option>
              {cvGenders.map((gender) => (
                <option key={gender} value={gender}>
                  {genderLabels[gender]}
                </option>
              ))}
            </select>
            {selectError(genderId, errors.gender?.message)}
          </div>
          <TextField
            label={t`Ngày sinh`}
            type="date"
            {...register('dateOfBirth')}
            error={error(errors.dateOfBirth?.message)}
          />
          <TextField
            label={t`Địa chỉ`}
            autoComplete="street-address"
            {...register('address')}
            error={error(errors.address?.message)}
          />
          <div className="field">
            <label className="field__label" htmlFor={aboutId}>
              {t`Giới thiệu bản thân`}
            </label>
            <textarea
              id={aboutId}
              className="field__input"
              rows={5}
              aria-invalid={errors.aboutMe ? true : undefined}
              aria-describedby={errors.aboutMe ? `${aboutId}-error` : undefined}
              {...register('aboutMe')}
            />
            {selectError(aboutId, errors.aboutMe?.message)}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t`Kỹ năng và sở thích`}</legend>
          <TextField
            label={t`Kỹ năng`}
            hint={t`Cách nhau bằng dấu phẩy`}
            {...register('skills')}
            error={error(errors.skills?.message)}
          />
          <TextField
            label={t`Sở thích`}
            hint={t`Cách nhau bằng dấu phẩy`}
            {...register('hobbies')}
            error={error(errors.hobbies?.message)}
          />
        </fieldset>
        <fieldset>
          <legend>{t`Kinh nghiệm và học vấn`}</legend>
          <p>{t`Lấy từ các hoạt động "Kinh nghiệm" và "Học vấn" của bạn.`}</p>
          {entries.length > 0 ? (
            <ul className="cv-form__entries">
              {entries.map((entry, index) => (
                <li key={`${entry.title}-${index}`}>{entry.title}</li>
              ))}
            </ul>
          ) : (
            <p>{t`Chưa có hoạt động kinh nghiệm hay học vấn nào.`}</p>
          )}
          <Link to="/action/content/$kind" params={{ kind: 'activity' }}>
            {t`Sửa hoạt động`}
          </Link>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={visibilityId}>
            {t`Ai được xem CV`}
          </label>
          <select id={visibilityId} className="field__input" {...register('visibility')}>
            {policies.map((policy) => (
              <option key={policy} value={policy}>
                {visibilityLabels[policy]}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row">
          <Button type="submit" busy={isSubmitting}>
            {t`Lưu CV`}
          </Button>
        </div>
      </form>
      {cv && (
        <div className="cv-screen__actions cluster">
          <Link to="/action/dowloadcv" className="button button--secondary">
            {t`Tải CV (PDF)`}
          </Link>
          <Link to="/cv/$memberId" params={{ memberId: cvLink }}>
            {t`Xem trang CV`}
          </Link>
        </div>
      )}
    </>
  );
}
