// "Liên hệ với tôi" on every public card and brand page (decisions 0721, 0930): a visitor
// leaves their name, phone or e-mail and a message for the owner. Only the button is part of
// the card's first load; the form and its texts load when it is opened. The owner does not
// see it on their own card.
import { useState, type ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CardOwner } from '../../../contract/card';
import type { ContactMeFormProps } from './contact-me-form';

export function ContactMe({ owner, isMe }: { owner: CardOwner; isMe: boolean }) {
  const [Form, setForm] = useState<ComponentType<ContactMeFormProps> | null>(null);
  const [opening, setOpening] = useState(false);
  if (isMe) return null;

  const open = async () => {
    setOpening(true);
    try {
      const { loadContactMeForm } = await import('./contact-me-form');
      const loaded = await loadContactMeForm();
      setForm(() => loaded);
    } finally {
      setOpening(false);
    }
  };

  return (
    <section className="card-block card-contact-me" aria-labelledby="contact-me-title">
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
        <button
          type="button"
          className="button"
          onClick={() => void open()}
          disabled={opening}
          aria-expanded={false}
        >
          <Trans>Để lại lời nhắn</Trans>
        </button>
      )}
    </section>
  );
}
