// A CV as a page: the public /cv/{memberId} and the preview before the PDF download.
import { useLingui } from '@lingui/react/macro';
import { cvDate, cvGenderLabels, type CvDocument, type CvEntry } from '../../../contract/cv';

function Entries({ title, items }: { title: string; items: CvEntry[] }) {
  if (items.length === 0) return null;
  return (
    <section className="cv-view__section">
      <h2>{title}</h2>
      <ul className="cv-view__entries">
        {items.map((item, index) => (
          <li key={`${item.title}-${index}`}>
            <strong>{item.title}</strong>
            {item.details && <p>{item.details}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CvView({
  cv,
  avatarSrc,
  nameAs: Name = 'h1',
}: {
  cv: CvDocument;
  avatarSrc: string | null;
  /** The name is the public CV's title; under another screen's title (a preview) it is not. */
  nameAs?: 'h1' | 'h2';
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  return (
    <article className="cv-view stack" aria-label={t`CV của ${cv.name}`}>
      <header className="cv-view__header">
        {avatarSrc && (
          <img className="cv-view__avatar" src={avatarSrc} alt="" width={96} height={96} />
        )}
        <div>
          <Name>{cv.name}</Name>
          {cv.jobTitle && <p className="cv-view__job">{cv.jobTitle}</p>}
        </div>
      </header>
      <dl className="cv-view__facts">
        <dt>{t`Email`}</dt>
        <dd>
          <a href={`mailto:${cv.email}`}>{cv.email}</a>
        </dd>
        <dt>{t`Điện thoại`}</dt>
        <dd>
          <a href={`tel:${cv.phone.replace(/[^\d+]/g, '')}`}>{cv.phone}</a>
        </dd>
        <dt>{t`Giới tính`}</dt>
        <dd>{cvGenderLabels[lang][cv.gender]}</dd>
        <dt>{t`Ngày sinh`}</dt>
        <dd>{cvDate(cv.dateOfBirth)}</dd>
        <dt>{t`Địa chỉ`}</dt>
        <dd>{cv.address}</dd>
      </dl>
      <section className="cv-view__section">
        <h2>{t`Giới thiệu bản thân`}</h2>
        <p className="cv-view__about">{cv.aboutMe}</p>
      </section>
      <Entries title={t`Kinh nghiệm làm việc`} items={cv.experience} />
      <Entries title={t`Học vấn`} items={cv.education} />
      {cv.skills.length > 0 && (
        <section className="cv-view__section">
          <h2>{t`Kỹ năng`}</h2>
          <p>{cv.skills.join(', ')}</p>
        </section>
      )}
      {cv.hobbies.length > 0 && (
        <section className="cv-view__section">
          <h2>{t`Sở thích`}</h2>
          <p>{cv.hobbies.join(', ')}</p>
        </section>
      )}
    </article>
  );
}
