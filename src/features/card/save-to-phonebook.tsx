// "Lưu vào danh bạ" for logged-in viewers of a member's card. The phonebook code (Dexie, the
// outbox) loads only when they tap it, so visitors never download it.
import { useState, useSyncExternalStore } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import { phonebookCardOf } from '../../../contract/phonebook-card';
import { toast } from '../../ui/toast';
import { sendQueuedNow } from './send-queued-now';

const noSubscription = () => () => undefined;
const loggedInNow = () => /(?:^|;\s*)isLoggedIn=true\b/.test(document.cookie);

/** The server renders every card as a visitor sees it; the browser then reads the cookie. */
export function useLoggedInViewer(): boolean {
  return useSyncExternalStore(noSubscription, loggedInNow, () => false);
}

export function SaveToPhonebook({ owner }: { owner: CardOwner }) {
  const { t } = useLingui();
  const visible = useLoggedInViewer();
  const [busy, setBusy] = useState(false);
  if (!visible || owner.kind !== 'member') return null;

  // Offline: saved on this device at once, sent to the server when the network is back.
  const save = async () => {
    setBusy(true);
    try {
      const { saveCardToPhonebook } = await import('../../sync/saved-cards');
      await saveCardToPhonebook(phonebookCardOf(owner.id, owner));
      sendQueuedNow();
      toast.success(t`Đã lưu vào danh bạ`);
    } catch (error) {
      toast.error(
        (error as Error).name === 'SaveCardNeedsLoginError'
          ? t`Vui lòng đăng nhập để lưu danh thiếp`
          : t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost" onClick={save} disabled={busy}>
      <Trans>Lưu vào danh bạ</Trans>
    </button>
  );
}
