import { useMemo, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PulledEmptyState } from '../../ui/pulled-empty-state';
import { Spinner } from '../../ui/spinner';
import { FixedRowList, fixedRowStyle } from '../../ui/fixed-row-list';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { relativeTime } from '../../ui/relative-time';
import { foldForSearch } from '../../../contract/contact';
import { formatNumber } from '../../../contract/format';
import {
  maxMessageLength,
  maxMessageRecipients,
  type MessagePerson,
} from '../../../contract/message';
import { messageText } from '../../../contract/messages';
import { sendMessage, sendToMany, useConversations, useReachablePeople } from './messages-data';
import './messages.css';

/** A conversation's row: names and time, then the last message, each on one line. */
const conversationRowHeight = 72;
/** People offered as recipients before the member types a name. */
const maxOffered = 30;

interface MessagesScreenProps {
  /** Pre-chosen receiver (the "send message" entry of a card or a friend). */
  to?: string;
  /** Their name, when the device may not know them yet (a card not saved). */
  toName?: string;
  /** Text to forward. */
  forward?: string;
  onOpen: (groupMessageId: string) => void;
}

/** The member's conversations (newest first) and a composer for a new message. */
export function MessagesScreen({ to, toName, forward, onOpen }: MessagesScreenProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Lời nhắn`);
  const [me] = useState(currentMemberId);
  const conversations = useConversations(me);
  const people = useReachablePeople(me);
  const [composing, setComposing] = useState(Boolean(to) || forward !== undefined);
  const [filter, setFilter] = useState('');
  const needle = foldForSearch(filter);
  const shown = useMemo(
    () =>
      (conversations ?? []).filter(
        (c) =>
          !needle ||
          c.others.some((p) => foldForSearch(p.name).includes(needle)) ||
          foldForSearch(c.last.body).includes(needle),
      ),
    [conversations, needle],
  );
  if (!me) return <EmptyState title={t`Vui lòng đăng nhập`} />;

  return (
    <main className="messages page">
      <header className="messages__header cluster">
        <h1>{t`Lời nhắn`}</h1>
        {!composing && <Button onClick={() => setComposing(true)}>{t`Lời nhắn mới`}</Button>}
      </header>
      {composing && (
        <Composer
          me={me}
          people={people ?? []}
          initialTo={to ? [{ id: to, name: toName ?? '', urlMinify: '', avatarUrl: null }] : []}
          initialBody={forward ?? ''}
          onSent={(groupMessageId) => {
            setComposing(false);
            if (groupMessageId) onOpen(groupMessageId);
          }}
          onCancel={() => setComposing(false)}
          lang={i18n.locale === 'en' ? 'en' : 'vi'}
        />
      )}
      <label className="messages__search">
        <span className="visually-hidden">{t`Tìm lời nhắn`}</span>
        <input
          className="field__input"
          type="search"
          value={filter}
          placeholder={t`Tìm theo tên hoặc nội dung`}
          onChange={(e) => setFilter(e.target.value)}
        />
      </label>
      {conversations === undefined ? (
        <Spinner />
      ) : shown.length === 0 ? (
        needle ? (
          <EmptyState title={t`Không tìm thấy lời nhắn nào`} />
        ) : (
          <PulledEmptyState title={t`Chưa có lời nhắn nào`} />
        )
      ) : (
        <FixedRowList
          items={shown}
          rowHeight={conversationRowHeight}
          className="messages__list"
          label={t`Cuộc trò chuyện`}
          itemKey={(c) => c.groupMessageId}
          renderRow={(c, index) => (
            <div role="listitem" style={fixedRowStyle(index, conversationRowHeight)}>
              <Link
                to="/messages/$groupId"
                params={{ groupId: c.groupMessageId }}
                className={c.unread > 0 ? 'conversation conversation--unread' : 'conversation'}
              >
                <span className="conversation__names">
                  {c.others.map((p) => p.name || t`Thành viên`).join(', ')}
                </span>
                <span className="conversation__time">{relativeTime(c.last.sentAt)}</span>
                <span className="conversation__preview">
                  {c.last.senderMemberId === me ? t`Bạn: ` : ''}
                  {c.last.body}
                </span>
                {c.unread > 0 && (
                  <span className="conversation__unread" aria-label={t`${c.unread} chưa đọc`}>
                    {c.unread}
                  </span>
                )}
              </Link>
            </div>
          )}
        />
      )}
    </main>
  );
}

interface ComposerProps {
  me: string;
  people: MessagePerson[];
  initialTo: MessagePerson[];
  initialBody: string;
  lang: 'vi' | 'en';
  onSent: (groupMessageId: string | undefined) => void;
  onCancel: () => void;
}

/** Recipients (friends and phonebook cards) and the text; checked before anything is queued. */
function Composer({ me, people, initialTo, initialBody, lang, onSent, onCancel }: ComposerProps) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<MessagePerson[]>(initialTo);
  const [body, setBody] = useState(initialBody);
  const [errors, setErrors] = useState<{ to?: string; body?: string }>({});
  const [busy, setBusy] = useState(false);
  const choices = useMemo(() => {
    const byId = new Map(people.map((p) => [p.id, p]));
    for (const p of initialTo) if (!byId.has(p.id)) byId.set(p.id, p);
    return [...byId.values()];
  }, [people, initialTo]);
  const known = (p: MessagePerson) => choices.find((c) => c.id === p.id) ?? p;
  const [find, setFind] = useState('');
  // Those chosen first, then at most a screenful of the others, narrowed by name as typed:
  // a member with thousands of friends and saved cards is not shown thousands of boxes.
  const offered = useMemo(() => {
    const needle = foldForSearch(find);
    const byId = new Map(choices.map((p) => [p.id, p]));
    const rest = choices.filter(
      (p) =>
        !chosen.some((c) => c.id === p.id) && (!needle || foldForSearch(p.name).includes(needle)),
    );
    return {
      list: [...chosen.map((p) => byId.get(p.id) ?? p), ...rest.slice(0, maxOffered)],
      hidden: Math.max(0, rest.length - maxOffered),
    };
  }, [choices, chosen, find]);

  const toggle = (person: MessagePerson) =>
    setChosen((list) =>
      list.some((p) => p.id === person.id)
        ? list.filter((p) => p.id !== person.id)
        : [...list, person],
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: { to?: string; body?: string } = {};
    if (chosen.length === 0) problems.to = messageText('recipient_required', lang);
    if (chosen.length > maxMessageRecipients) {
      problems.to = messageText('message_too_many_recipients', lang);
    }
    if (!body.trim()) problems.body = messageText('message_body_required', lang);
    setErrors(problems);
    if (problems.to || problems.body) return;
    setBusy(true);
    try {
      let opened: string | undefined;
      if (chosen.length === 1) {
        const person = known(chosen[0]!);
        opened = await sendMessage(me, { to: [person.id], body, people: [person] });
      } else {
        await sendToMany(me, chosen.map(known), body);
      }
      // Queued, not yet on the server: the bubble says "waiting" until it is (decision 1061).
      toast.info(
        navigator.onLine
          ? t`Đã lưu lời nhắn trên máy này, đang gửi`
          : t`Đã lưu lời nhắn trên máy này, sẽ gửi khi có mạng`,
      );
      onSent(opened);
    } catch (failure) {
      // Nothing was queued; what was typed stays in the form.
      toastWriteFailed(failure, t`Không lưu được lời nhắn. Vui lòng thử lại!`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="composer stack stack--tight" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset
        className="composer__people cluster"
        aria-describedby={errors.to ? 'composer-to-error' : undefined}
      >
        <legend>{t`Gửi đến`}</legend>
        {choices.length === 0 && <p>{t`Hãy kết bạn hoặc lưu thẻ vào danh bạ để gửi lời nhắn`}</p>}
        {choices.length > maxOffered && (
          <label className="composer__find stack stack--tight">
            <span>{t`Tìm người nhận`}</span>
            <input
              className="field__input"
              type="search"
              autoComplete="off"
              value={find}
              onChange={(e) => setFind(e.target.value)}
            />
          </label>
        )}
        {offered.list.map((person) => (
          <label key={person.id} className="composer__person">
            <input
              type="checkbox"
              checked={chosen.some((p) => p.id === person.id)}
              onChange={() => toggle(person)}
            />
            {person.name || t`Thành viên`}
          </label>
        ))}
        {offered.hidden > 0 && (
          <p className="composer__more">
            {t`Còn ${formatNumber(offered.hidden)} người nữa: gõ tên để tìm`}
          </p>
        )}
        {errors.to && (
          <p id="composer-to-error" className="field-error" role="alert">
            {errors.to}
          </p>
        )}
      </fieldset>
      <label className="composer__body stack">
        <span>{t`Nội dung`}</span>
        <textarea
          value={body}
          maxLength={maxMessageLength}
          rows={4}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? 'composer-body-error' : undefined}
        />
      </label>
      {errors.body && (
        <p id="composer-body-error" className="field-error" role="alert">
          {errors.body}
        </p>
      )}
      <div className="composer__actions cluster">
        <Button type="submit" busy={busy}>
          {t`Gửi`}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t`Huỷ`}
        </Button>
      </div>
    </form>
  );
}
