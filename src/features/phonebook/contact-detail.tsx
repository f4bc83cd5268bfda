import { useLingui } from '@lingui/react/macro';
import type { ContactRow } from '../../db/app-db';
import { formatDate } from '../../../contract/format';
import type { LeadSource } from '../../../contract/contact';
import { Button } from '../../ui/button';
import { mailtoHref, telHref, zaloHref } from '../../../contract/contact-links';

interface ContactDetailProps {
  contact: ContactRow;
  onClose: () => void;
  onEdit: () => void;
}

/**
 * One contact. A saved card is drawn from its snapshot, so it opens with no network; the
 * live card is one link away when online.
 */
export function ContactDetail({ contact, onClose, onEdit }: ContactDetailProps) {
  const { t } = useLingui();
  const card = contact.cardSnapshot;
  const phone = contact.phone ?? card?.phone ?? null;
  const email = contact.email ?? card?.email ?? null;
  // Where a lead came from (decision 1100): a visitor's form, or a card exchange.
  const leadText = (source: LeadSource): string => {
    const at = formatDate(source.at);
    const origin =
      source.kind === 'exchange'
        ? t`Trao đổi thẻ, ${at}`
        : source.kind === 'brand'
          ? t`Lời nhắn trên trang thương hiệu, ${at}`
          : t`Lời nhắn trên danh thiếp, ${at}`;
    if (source.kind === 'exchange' || !source.exchangedAt) return origin;
    const exchanged = formatDate(source.exchangedAt);
    return `${origin}; ${t`đã trao đổi thẻ ${exchanged}`}`;
  };
  const lead = contact.leadSource ? leadText(contact.leadSource) : null;
  const headline = [contact.jobTitle ?? card?.jobTitle, contact.company ?? card?.workplace]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="contact-detail" aria-label={t`Danh thiếp đã lưu`}>
      <header className="contact-detail__header">
        <span className="contact-avatar contact-avatar--large" aria-hidden="true">
          {initials(card?.name ?? contact.name)}
        </span>
        <div>
          <h2 className="contact-detail__name">{card?.name ?? contact.name}</h2>
          {card && card.name !== contact.name && <p className="muted">{contact.name}</p>}
          {headline && <p className="contact-detail__headline">{headline}</p>}
        </div>
      </header>
      {card?.intro && <p className="contact-detail__intro">{card.intro}</p>}
      <dl className="contact-detail__facts">
        {phone && (
          <>
            <dt>{t`Số điện thoại`}</dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a>
            </dd>
          </>
        )}
        {card?.otherPhone && (
          <>
            <dt>{t`Số điện thoại khác`}</dt>
            <dd>
              <a href={telHref(card.otherPhone)}>{card.otherPhone}</a>
            </dd>
          </>
        )}
        {email && (
          <>
            <dt>{t`Email`}</dt>
            <dd>
              <a href={mailtoHref(email)}>{email}</a>
            </dd>
          </>
        )}
        {card?.website && (
          <>
            <dt>{t`Trang web`}</dt>
            <dd>{card.website}</dd>
          </>
        )}
        {(contact.address ?? card?.address) && (
          <>
            <dt>{t`Địa chỉ`}</dt>
            <dd>{contact.address ?? card?.address}</dd>
          </>
        )}
        {contact.note && (
          <>
            <dt>{t`Ghi chú`}</dt>
            <dd>{contact.note}</dd>
          </>
        )}
        {lead && (
          <>
            <dt>{t`Nguồn`}</dt>
            <dd data-testid="contact-lead-source">{lead}</dd>
          </>
        )}
        {card?.savedAt && (
          <>
            <dt>{t`Lưu ngày`}</dt>
            <dd>{formatDate(card.savedAt)}</dd>
          </>
        )}
      </dl>
      {card?.aboutMe && <p className="contact-detail__about">{card.aboutMe}</p>}
      <div className="button-row">
        {phone && (
          <a
            className="button button--secondary"
            href={zaloHref(card?.zalo ?? phone)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Zalo
          </a>
        )}
        {card?.urlMinify && (
          <a
            className="button button--secondary"
            href={`/me/${encodeURIComponent(card.urlMinify)}`}
          >
            {t`Xem danh thiếp trực tuyến`}
          </a>
        )}
        <Button variant="secondary" onClick={onEdit}>
          {t`Sửa`}
        </Button>
        <Button onClick={onClose}>{t`Đóng`}</Button>
      </div>
    </article>
  );
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const last = words.at(-1) ?? '';
  const first = words.length > 1 ? (words[0] ?? '') : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}
