// "Kết bạn" on another member's card for a logged-in viewer, through the friend.add mutation.
// The friend code (Dexie, the outbox) loads in the browser only for members, never for visitors.
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import { cookieNames } from '../../../contract/cookie-names';
import { toast } from '../../ui/toast';
import { useLoggedInViewer } from './save-to-phonebook';
import { sendQueuedNow } from './send-queued-now';

type Relation = 'none' | 'sent' | 'received' | 'friends';

/** The logged-in viewer's member id (its readable cookie), if any. */
export function viewerId(): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${cookieNames.memberId}=([^;]*)`).exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

export function AddFriendButton({ owner }: { owner: CardOwner }) {
  const { t } = useLingui();
  const loggedIn = useLoggedInViewer();
  const [relation, setRelation] = useState<Relation | null>(null);
  const [busy, setBusy] = useState(false);
  const me = loggedIn ? viewerId() : undefined;
  const shown = Boolean(me) && owner.kind === 'member' && owner.id !== me;

  useEffect(() => {
    if (!shown || !me) return;
    let live = true;
    void import('../../sync/friend-request').then(async ({ livePairRow }) => {
      const row = await livePairRow(me, owner.id);
      if (!live) return;
      if (!row) setRelation('none');
      else if (row.status === 'accepted') setRelation('friends');
      else setRelation(row.fromMemberId === me ? 'sent' : 'received');
    });
    return () => {
      live = false;
    };
  }, [shown, me, owner.id]);

  if (!shown || !me || relation === null) return null;
  if (relation === 'friends') {
    return (
      <span className="card-actions__note" role="status">
        <Trans>Đã là bạn bè</Trans>
      </span>
    );
  }
  if (relation === 'sent') {
    return (
      <span className="card-actions__note" role="status">
        <Trans>Đã gửi lời mời kết bạn</Trans>
      </span>
    );
  }

  // Offline: shown as sent at once, delivered when the network is back.
  const add = async () => {
    setBusy(true);
    try {
      const { sendFriendRequest } = await import('../../sync/friend-request');
      await sendFriendRequest(me, {
        id: owner.id,
        name: owner.name,
        urlMinify: owner.urlMinify,
        avatarUrl: owner.avatarUrl,
        jobTitle: owner.jobTitle,
        workplace: owner.workplace,
      });
      sendQueuedNow();
      setRelation(relation === 'received' ? 'friends' : 'sent');
      toast.success(relation === 'received' ? t`Đã chấp nhận kết bạn` : t`Đã gửi lời mời kết bạn`);
    } catch {
      toast.error(t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost" onClick={add} disabled={busy}>
      {relation === 'received' ? <Trans>Chấp nhận kết bạn</Trans> : <Trans>Kết bạn</Trans>}
    </button>
  );
}
