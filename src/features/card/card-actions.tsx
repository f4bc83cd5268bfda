// Save contact (vCard), share and the in-app-browser notice (spec §8).
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import { vcardFileName } from '../../../contract/vcard';
import { toast } from '../../ui/toast';
import { telHref, zaloHref } from '../../../contract/contact-links';
import { CopyButton } from './copy-button';
import { trackCard } from './card-tracking';
import { SaveToPhonebook, useLoggedInViewer } from './save-to-phonebook';
import { AddFriendButton } from './add-friend-button';
import { GroupMembership } from './group-membership';

/** Zalo and Facebook in-app browsers cannot save files. */
export function isInAppBrowser(userAgent: string): boolean {
  return /\bZalo\b|FBAN|FBAV|FB_IAB|FBIOS|Instagram/i.test(userAgent);
}

export function vcardPath(owner: CardOwner): string {
  return owner.kind === 'group'
    ? `/api/groupAndBrand/getVfcGroupId/${owner.id}`
    : `/api/members/getVfcMemberId/${owner.id}`;
}

export function CardActions({
  owner,
  cardUrl,
  isMe,
}: {
  owner: CardOwner;
  cardUrl: string;
  /** The viewer's own card: nothing to save to their phonebook. */
  isMe: boolean;
}) {
  const { t } = useLingui();
  const [notice, setNotice] = useState<'in-app' | 'no-share' | null>(null);
  const loggedIn = useLoggedInViewer();

  const onSave = (event: React.MouseEvent) => {
    trackCard(owner, 'save_contact', owner.urlMinify);
    if (isInAppBrowser(navigator.userAgent)) {
      event.preventDefault();
      setNotice('in-app');
    }
  };

  const onShare = async () => {
    trackCard(owner, 'share', cardUrl);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: owner.name, url: cardUrl });
      } catch {
        // The visitor closed the share sheet.
      }
      return;
    }
    toast.info(t`Không hỗ trợ chia sẻ trên thiết bị này`);
    setNotice('no-share');
  };

  const zalo = owner.zalo || owner.phone;
  return (
    <div className="card-actions">
      {/* The big four (decision 0950): plain links where they can be, so they work before
          (and without) JavaScript; only Share needs the script. */}
      <div className="card-actions__primary">
        {owner.phone && (
          <a
            className="card-action card-action--call"
            href={telHref(owner.phone)}
            onClick={() => trackCard(owner, 'tap_phone', owner.phone ?? '')}
          >
            <Trans>Gọi</Trans>
          </a>
        )}
        {zalo && (
          <a
            className="card-action card-action--zalo"
            href={zaloHref(zalo)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => trackCard(owner, 'tap_zalo', zalo)}
          >
            Zalo
          </a>
        )}
        <a
          className="card-action card-action--save card-actions__main"
          href={vcardPath(owner)}
          download={vcardFileName(owner.name)}
          onClick={onSave}
        >
          <Trans>Lưu danh bạ</Trans>
        </a>
        <button type="button" className="card-action card-action--share" onClick={onShare}>
          <Trans>Chia sẻ</Trans>
        </button>
      </div>
      {!isMe && <SaveToPhonebook owner={owner} />}
      {!isMe && <AddFriendButton owner={owner} />}
      {!isMe && loggedIn && owner.kind === 'member' && (
        // A logged-in viewer writes to the card's owner (the messages screen, composer open).
        <a
          className="button button--ghost"
          href={`/messages?${new URLSearchParams({ to: owner.id, name: owner.name }).toString()}`}
        >
          <Trans>Gửi lời nhắn</Trans>
        </a>
      )}
      <GroupMembership owner={owner} />
      {loggedIn && (
        // Members land on cards after login; this is their way back into the app.
        <a className="button button--ghost" href="/action">
          <Trans>Mở ứng dụng</Trans>
        </a>
      )}
      {notice && (
        <div className="card-notice" role="status">
          {notice === 'in-app' ? (
            <p>
              <Trans>
                Trình duyệt trong ứng dụng này không lưu được danh bạ. Hãy sao chép đường dẫn và mở
                bằng trình duyệt khác (Chrome, Safari).
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>Không hỗ trợ chia sẻ trên thiết bị này</Trans>
            </p>
          )}
          <div className="card-notice__link">
            <code>{cardUrl}</code>
            <CopyButton text={cardUrl} label={t`Sao chép đường dẫn`} />
          </div>
        </div>
      )}
    </div>
  );
}
