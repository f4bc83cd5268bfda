import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { currentMemberId } from '../../api/current-member';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { relativeTime } from '../../ui/relative-time';
import { formatNumber } from '../../../contract/format';
import { otherParticipants, maxMessageLength } from '../../../contract/message';
import { messageText } from '../../../contract/messages';
import {
  deleteMessage,
  hideConversation,
  markConversationRead,
  sendMessage,
  useThread,
} from './messages-data';
import { MessageText } from './message-text';
import { onServer } from './message-writes';
import { BackLink } from '../../ui/back-link';
import './messages.css';

/** Messages shown on opening a conversation, and added by each "earlier" tap. */
const threadPage = 100;

/** One conversation, oldest first, with a reply box; opening it marks it read. */
export function ThreadScreen({ groupMessageId }: { groupMessageId: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [me] = useState(currentMemberId);
  // The newest messages only, more on request: a long conversation is neither read nor put in
  // the DOM whole.
  const [shownCount, setShownCount] = useState(threadPage);
  const threadWindow = useThread(groupMessageId, shownCount, threadPage);
  const thread = threadWindow?.messages;
  const earlier = threadWindow?.earlier ?? 0;
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const unread = thread?.some((m) => m.readAt === null && m.senderMemberId !== me) ?? false;
  const last = thread?.at(-1);
  const others = last && me ? otherParticipants(last, me) : [];
  const names = others.map((id) => last?.people[id]?.name || t`Thành viên`).join(', ');
  usePageTitle(names || t`Lời nhắn`);

  useEffect(() => {
    if (me && unread) void markConversationRead(me, groupMessageId);
  }, [me, unread, groupMessageId]);

  if (!me) return <EmptyState title={t`Vui lòng đăng nhập`} />;
  if (thread === undefined) return <Spinner />;
  if (thread.length === 0 || !last) {
    return (
      <main className="messages page">
        <EmptyState
          title={t`Không tìm thấy cuộc trò chuyện`}
          action={<BackLink to="/messages">{t`Về danh sách lời nhắn`}</BackLink>}
        />
      </main>
    );
  }

  const reply = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(messageText('message_body_required', i18n.locale === 'en' ? 'en' : 'vi'));
      return;
    }
    setError(undefined);
    // A reply goes to everyone visible in the conversation (never to a bcc list).
    const to = [...new Set([last.senderMemberId, ...last.to, ...last.cc])].filter(
      (id) => id !== me,
    );
    try {
      await sendMessage(me, {
        groupMessageId,
        to: to.length > 0 ? to : others,
        body,
        people: Object.values(last.people),
      });
    } catch (failure) {
      // The typed reply stays in the box.
      toastWriteFailed(failure, t`Không lưu được lời nhắn. Vui lòng thử lại!`);
      return;
    }
    setBody('');
    // Queued, not yet on the server: the bubble says "waiting" until it is (decision 1061).
    toast.info(
      navigator.onLine
        ? t`Đã lưu lời nhắn trên máy này, đang gửi`
        : t`Đã lưu lời nhắn trên máy này, sẽ gửi khi có mạng`,
    );
  };

  return (
    <main className="messages thread page">
      <header className="messages__header cluster">
        <Link to="/messages">{t`‹ Lời nhắn`}</Link>
        <h1>{names}</h1>
        <Button
          variant="secondary"
          onClick={() =>
            void hideConversation(groupMessageId).then(() => navigate({ to: '/messages' }))
          }
        >
          {t`Ẩn`}
        </Button>
      </header>
      {earlier > 0 && (
        <Button variant="secondary" onClick={() => setShownCount((n) => n + threadPage)}>
          {t`Xem ${formatNumber(earlier)} tin nhắn cũ hơn`}
        </Button>
      )}
      <ol className="thread__messages" aria-label={t`Tin nhắn`}>
        {thread.map((m) => (
          <li
            key={m.id}
            className={m.senderMemberId === me ? 'message message--mine' : 'message'}
            data-testid="message"
          >
            <span className="message__from">
              {m.senderMemberId === me ? t`Bạn` : m.people[m.senderMemberId]?.name || t`Thành viên`}
            </span>
            <MessageText text={m.body} />
            <span className="message__meta">
              <time dateTime={m.sentAt}>{relativeTime(m.sentAt)}</time>
              {m.changeSeq === undefined && m.senderMemberId === me && (
                <span className="message__pending"> · {t`Đang chờ gửi`}</span>
              )}
            </span>
            <span className="message__actions">
              <Link to="/messages" search={{ forward: m.body }}>
                {t`Chuyển tiếp`}
              </Link>
              {onServer(m) && (
                <button type="button" className="link-button" onClick={() => void deleteMessage(m)}>
                  {t`Xoá`}
                </button>
              )}
            </span>
          </li>
        ))}
      </ol>
      <form className="composer stack stack--tight" onSubmit={(e) => void reply(e)} noValidate>
        <label className="composer__body stack">
          <span>{t`Trả lời`}</span>
          <textarea
            value={body}
            rows={3}
            maxLength={maxMessageLength}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit">{t`Gửi`}</Button>
      </form>
    </main>
  );
}
