// "Trao đổi thẻ" on another member's card for a logged-in viewer (decision 1100): one tap puts
// the card in their phonebook and their own card in the card owner's, who is told. The phonebook
// and outbox code loads in the browser only for members, never for visitors; offline the card is
// saved on the device at once and the exchange goes out when the network is back.
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import { phonebookCardOf } from '../../../contract/phonebook-card';
import { toast } from '../../ui/toast';
import { useLoggedInViewer } from './save-to-phonebook';
import { viewerId } from './add-friend-button';
import { sendQueuedNow } from './send-queued-now';

type Standing = 'ready' | 'done';

export function ExchangeCardsButton({ owner }: { owner: CardOwner }) {
  const { t } = useLingui();
  const loggedIn = useLoggedInViewer();
  const [standing, setStanding] = useState<Standing | null>(null);
  const [busy, setBusy] = useState(false);
  const me = loggedIn ? viewerId() : undefined;
  const shown = Boolean(me) && owner.kind === 'member' && owner.id !== me;

  useEffect(() => {
    if (!shown || !me) return;
    let live = true;
    void import('../../sync/card-exchange')
      .then(({ hasExchanged }) => hasExchanged(me, owner.id))
      .then((done) => live && setStanding(done ? 'done' : 'ready'))
      .catch(() => live && setStanding('ready'));
    return () => {
      live = false;
    };
  }, [shown, me, owner.id]);

  if (!shown || standing === null) return null;
  const { name } = owner;
  if (standing === 'done') {
    return (
      <p className="card-exchange card-exchange--done" role="status">
        <Trans>Đã trao đổi thẻ</Trans>
      </p>
    );
  }

  const exchange = async () => {
    setBusy(true);
    try {
      const { exchangeCards } = await import('../../sync/card-exchange');
      await exchangeCards(phonebookCardOf(owner.id, owner));
      sendQueuedNow();
      setStanding('done');
      if (navigator.onLine) {
        toast.success(t`Đã trao đổi thẻ với ${name}`);
      } else {
        toast.success(t`Đã lưu thẻ vào danh bạ. Thẻ của bạn sẽ được gửi khi có mạng`);
      }
    } catch (error) {
      toast.error(
        (error as Error).name === 'SaveCardNeedsLoginError'
          ? t`Vui lòng đăng nhập để trao đổi thẻ`
          : t`Đã có lỗi xảy ra. Vui lòng thử lại sau!`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card-exchange">
      <button
        type="button"
        className="button card-exchange__button"
        onClick={() => void exchange()}
        disabled={busy}
        aria-describedby="card-exchange-hint"
      >
        <Trans>Trao đổi thẻ</Trans>
      </button>
      <p className="card-exchange__hint" id="card-exchange-hint">
        <Trans>Gửi thẻ của bạn cho {name} và lưu thẻ này vào danh bạ</Trans>
      </p>
    </div>
  );
}
