// The top of a card's profile: banner, avatar, name and job, the action buttons, and the
// contact rows (phone, e-mail, web, Zalo, address).
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import { CardActions } from './card-actions';
import { trackedTap } from './card-tracking';
import type { CardFacts, ContactKey } from '../../../contract/card-facts';
import { bannerSizes, bannerSrcSet } from '../../../contract/image';

export function ProfileHeader({
  owner,
  facts,
  isMe,
  nameAs: Name = 'h1',
}: {
  owner: CardOwner;
  facts: CardFacts;
  isMe: boolean;
  /** The name is the card page's title; inside another screen (a preview) it is not. */
  nameAs?: 'h1' | 'h2';
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
          <img
            src={owner.bannerUrl}
            srcSet={bannerSrcSet(owner.bannerUrl)}
            sizes={bannerSrcSet(owner.bannerUrl) ? bannerSizes : undefined}
            alt=""
            width={960}
            height={320}
            fetchPriority="high"
          />
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
            // The first picture is the largest paint; without a banner, that is the avatar.
            fetchPriority={owner.bannerUrl ? undefined : 'high'}
          />
        ) : (
          <span className="card-hero__avatar card-hero__avatar--empty" aria-hidden="true">
            {owner.name.slice(0, 1)}
          </span>
        )}
        <Name className="card-hero__name">{owner.name}</Name>
        {owner.shortName && <p className="card-hero__short">{owner.shortName}</p>}
        {(owner.jobTitle || owner.workplace) && (
          <p className="card-hero__job">
            {[owner.jobTitle, owner.workplace].filter(Boolean).join(' · ')}
          </p>
        )}
        {owner.intro && <p className="card-hero__intro">{owner.intro}</p>}
      </div>
      <CardActions owner={owner} facts={facts} isMe={isMe} />
    </header>
  );
}

/** A URL inside CSS url("…"): quotes and backslashes could end it, so they are escaped. */
function cssUrl(url: string): string {
  return url.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
}

export function ContactBlock({ owner, facts }: { owner: CardOwner; facts: CardFacts }) {
  const { t } = useLingui();
  const labels: Record<ContactKey, string> = {
    phone: t`Điện thoại`,
    other: t`Điện thoại khác`,
    email: t`Email`,
    web: t`Trang web`,
    zalo: t`Zalo`,
    address: t`Địa chỉ`,
  };
  if (facts.contacts.length === 0) return null;
  return (
    <section className="card-block card-contact" aria-labelledby="contact-title">
      <h2 id="contact-title">
        <Trans>Liên hệ</Trans>
      </h2>
      <dl>
        {facts.contacts.map((row) => (
          <div key={row.key} className={`card-contact__row card-contact__row--${row.key}`}>
            <dt>{labels[row.key]}</dt>
            <dd>
              {row.href ? (
                <a
                  href={row.href}
                  {...(row.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  {...trackedTap(owner, `tap_${row.key}`, row.text)}
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
