// Save contact (vCard), share and the in-app-browser notice (spec §8).
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import type { CardFacts } from '../../../contract/card-facts';
import { toast } from '../../ui/toast';
import { CopyButton } from './copy-button';
import { trackCard, trackedTap } from './card-tracking';
import { SaveToPhonebook, useLoggedInViewer } from './save-to-phonebook';
import { AddFriendButton } from './add-friend-button';
import { ExchangeCardsButton } from './exchange-cards-button';
import { GroupMembership } from './group-membership';
import { isInAppBrowser } from '../../lib/in-app-browser';

export function CardActions({
  owner,
  facts,
  isMe,
}: {
  owner: CardOwner;
  facts: CardFacts;
  /** The viewer's own card: nothing to save to their phonebook. */
  isMe: boolean;
}) {
  const { t } = useLingui();
  const [notice, setNotice] = useState<CardNotice | null>(null);
  const loggedIn = useLoggedInViewer();
  const { actions } = facts;

  const onSave = (event: React.MouseEvent) => {
    trackCard(owner, 'save_contact', owner.urlMinify);
    if (isInAppBrowser(navigator.userAgent)) {
      event.preventDefault();
      setNotice('in-app');
    }
  };

  const onShare = async (event: React.MouseEvent) => {
    event.preventDefault();
    trackCard(owner, 'share', actions.share);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: owner.name, url: actions.share });
      } catch {
        // The visitor closed the share sheet.
      }
      return;
    }
    toast.info(t`Không hỗ trợ chia sẻ trên thiết bị này`);
    setNotice('no-share');
  };

  return (
    <div className="card-actions cluster">
      {/* The big four (decision 0950): plain links, so they work before and without
          JavaScript. Share leads to the card's QR code and link; a script offers the phone's
          share sheet instead (here, or the visitor page's island). */}
      <div className="card-actions__primary">
        {actions.call && (
          <a
            className="card-action card-action--call"
            href={actions.call}
            {...trackedTap(owner, 'tap_phone', owner.phone ?? '')}
          >
            <Trans>Gọi</Trans>
          </a>
        )}
        {actions.zalo && (
          <a
            className="card-action card-action--zalo"
            href={actions.zalo}
            target="_blank"
            rel="noopener noreferrer"
            {...trackedTap(owner, 'tap_zalo', actions.zaloNumber ?? '')}
          >
            Zalo
          </a>
        )}
        <a
          className="card-action card-action--save card-actions__main"
          href={actions.vcard}
          download={actions.vcardFileName}
          data-card-save=""
          onClick={onSave}
        >
          <Trans>Lưu danh bạ</Trans>
        </a>
        <a
          className="card-action card-action--share"
          href="#card-qr"
          data-card-share={actions.share}
          onClick={(event) => void onShare(event)}
        >
          <Trans>Chia sẻ</Trans>
        </a>
      </div>
      {/* A member on another member's card: the two-way exchange is their main action. */}
      {!isMe && <ExchangeCardsButton owner={owner} />}
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
      {/* Both notices are in the page, hidden, so the island script can show them in the
          page's language with no catalog of its own. */}
      <CardNoticeBox kind="in-app" shown={notice === 'in-app'} url={actions.share}>
        <Trans>
          Trình duyệt trong ứng dụng này không lưu được danh bạ. Hãy sao chép đường dẫn và mở bằng
          trình duyệt khác (Chrome, Safari).
        </Trans>
      </CardNoticeBox>
      <CardNoticeBox kind="no-share" shown={notice === 'no-share'} url={actions.share}>
        <Trans>Không hỗ trợ chia sẻ trên thiết bị này</Trans>
      </CardNoticeBox>
    </div>
  );
}

type CardNotice = 'in-app' | 'no-share';

function CardNoticeBox({
  kind,
  shown,
  url,
  children,
}: {
  kind: CardNotice;
  shown: boolean;
  url: string;
  children: React.ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="card-notice" role="status" data-card-notice={kind} hidden={!shown}>
      <p>{children}</p>
      <div className="card-notice__link">
        <code>{url}</code>
        <CopyButton text={url} label={t`Sao chép đường dẫn`} />
      </div>
    </div>
  );
}
