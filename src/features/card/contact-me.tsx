// "Liên hệ với tôi" on every public card and brand page (decisions 0721, 0930): a visitor
// leaves their name, phone or e-mail and a message for the owner. Only the button is part of
// the card's first load; the form and its texts load when it is opened (it also sends what an
// earlier visit left waiting). The owner does not see it on their own card.
import { useState, type ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import type { ContactMeFormProps } from './contact-me-form';

export function ContactMe({ owner, isMe }: { owner: CardOwner; isMe: boolean }) {
  const [Form, setForm] = useState<ComponentType<ContactMeFormProps> | null>(null);
  if (isMe) return null;
  const open = () =>
    void import('./contact-me-form')
      .then((m) => m.loadContactMeForm())
      .then((loaded) => setForm(() => loaded));
  return (
    // The form needs a script (its checks and offline queue): hidden when none runs; on the
    // visitor page the island script mounts it (data-contact-me-open, decision 0403).
    <section
      className="card-block"
      aria-labelledby="contact-me-title"
      data-contact-me=""
      data-needs-script=""
    >
      <h2 id="contact-me-title">
        {owner.kind === 'group' ? (
          <Trans>Liên hệ với chúng tôi</Trans>
        ) : (
          <Trans>Liên hệ với tôi</Trans>
        )}
      </h2>
      {Form ? (
        <Form owner={owner} />
      ) : (
        <button type="button" className="button" onClick={open} data-contact-me-open="">
          <Trans>Để lại lời nhắn</Trans>
        </button>
      )}
    </section>
  );
}
