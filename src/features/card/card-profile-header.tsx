// The top of a card's profile: banner, avatar, name and job, the action buttons, and the
// contact rows (phone, e-mail, web, Zalo, address).
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import { CardActions } from './card-actions';
import { trackCard } from './card-tracking';
import { mailtoHref, telHref, zaloHref } from '../../../contract/contact-links';

export function ProfileHeader({
  owner,
  cardUrl,
  isMe,
}: {
  owner: CardOwner;
  cardUrl: string;
  isMe: boolean;
}) {
  const { t } = useLingui();
  return (
    <header
      className="card-hero"
      style={
        owner.backgroundUrl && /^(https?:\/\/|\/)/i.test(owner.backgroundUrl)
          ? { backgroundImage: `url("${cssUrl(owner.backgroundUrl)}")` }
          : {}
      }
    >
      <div className="card-hero__banner">
        {owner.bannerUrl && (
          <img src={owner.bannerUrl} alt="" width={960} height={320} fetchPriority="high" />
        )}
      </div>
      <div className="card-hero__identity">
        {owner.avatarUrl ? (
          <img
            className="card-hero__avatar"
            src={owner.avatarUrl}
            alt={t`Ảnh đại diện của ${owner.name}`}
            width={112}
            height={112}
          />
        ) : (
          <span className="card-hero__avatar card-hero__avatar--empty" aria-hidden="true">
            {owner.name.slice(0, 1)}
          </span>
        )}
        <h1 className="card-hero__name">{owner.name}</h1>
        {owner.shortName && <p className="card-hero__short">{owner.shortName}</p>}
        {(owner.jobTitle || owner.workplace) && (
          <p className="card-hero__job">
            {[owner.jobTitle, owner.workplace].filter(Boolean).join(' · ')}
          </p>
        )}
        {owner.intro && <p className="card-hero__intro">{owner.intro}</p>}
      </div>
      <CardActions owner={owner} cardUrl={cardUrl} isMe={isMe} />
    </header>
  );
}

/** A URL inside CSS url("…"): quotes and backslashes could end it, so they are escaped. */
function cssUrl(url: string): string {
  return url.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
}

export function ContactBlock({ owner }: { owner: CardOwner }) {
  const { t } = useLingui();
  const rows: { key: string; label: string; text: string; href?: string; external?: boolean }[] =
    [];
  if (owner.phone)
    rows.push({
      key: 'phone',
      label: t`Điện thoại`,
      text: owner.phone,
      href: telHref(owner.phone),
    });
  if (owner.otherPhone)
    rows.push({
      key: 'other',
      label: t`Điện thoại khác`,
      text: owner.otherPhone,
      href: telHref(owner.otherPhone),
    });
  if (owner.email)
    rows.push({ key: 'email', label: t`Email`, text: owner.email, href: mailtoHref(owner.email) });
  if (owner.website && /^https?:\/\//i.test(owner.website))
    rows.push({
      key: 'web',
      label: t`Trang web`,
      text: owner.website.replace(/^https?:\/\//i, ''),
      href: owner.website,
      external: true,
    });
  if (owner.zalo)
    rows.push({
      key: 'zalo',
      label: t`Zalo`,
      text: owner.zalo,
      href: zaloHref(owner.zalo),
      external: true,
    });
  if (owner.address) rows.push({ key: 'address', label: t`Địa chỉ`, text: owner.address });
  if (rows.length === 0) return null;
  return (
    <section className="card-block card-contact" aria-labelledby="contact-title">
      <h2 id="contact-title">
        <Trans>Liên hệ</Trans>
      </h2>
      <dl>
        {rows.map((row) => (
          <div key={row.key} className={`card-contact__row card-contact__row--${row.key}`}>
            <dt>{row.label}</dt>
            <dd>
              {row.href ? (
                <a
                  href={row.href}
                  {...(row.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  onClick={() => trackCard(owner, `tap_${row.key}`, row.text)}
                >
                  {row.text}
                </a>
              ) : (
                row.text
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
