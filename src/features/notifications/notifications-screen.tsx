import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { currentMemberId } from '../../api/current-member';
import {
  pushDeclined,
  pushPermission,
  pushSupported,
  registerPushAddress,
  rememberPushDeclined,
} from '../../api/push-address';
import { isAppleMobile, isInstalledApp } from '../../lib/install-platform';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { PulledEmptyState } from '../../ui/pulled-empty-state';
import { Spinner } from '../../ui/spinner';
import { relativeTime } from '../../ui/relative-time';
import { notificationText, type PushTopic } from '../../../contract/notification';
import type { NotificationRow } from '../../db/app-db';
import {
  openNotification,
  savePushSetting,
  useNotifications,
  usePushSettings,
} from './notifications-data';
import './notifications.css';

/** The member's notifications, newest first; opening one marks it and goes to its subject. */
export function NotificationsScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Thông báo`);
  const navigate = useNavigate();
  const rows = useNotifications();
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const unopened = rows?.filter((n) => n.openedAt === null).length ?? 0;

  const open = async (row: NotificationRow) => {
    await openNotification(row);
    if (row.link) await navigate({ href: row.link });
  };

  return (
    <main className="notifications page">
      <h1>{t`Thông báo`}</h1>
      {/* Counted only over a list: "0 chưa xem" above "Chưa có thông báo nào" says it twice. */}
      {rows !== undefined && rows.length > 0 && (
        <p className="notifications__count" data-testid="notifications-unopened">
          {t`${unopened} chưa xem`}
        </p>
      )}
      <PushPrompt />
      {rows === undefined ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <PulledEmptyState title={t`Chưa có thông báo nào`} />
      ) : (
        <ul className="notifications__list">
          {rows.map((row) => {
            const text = notificationText(row, lang);
            return (
              <li key={row.id}>
                <button
                  type="button"
                  className={
                    row.openedAt === null ? 'notification notification--new' : 'notification'
                  }
                  onClick={() => void open(row)}
                >
                  <span className="notification__title">{text.title}</span>
                  <span className="notification__body">{text.body}</span>
                  <time className="notification__time" dateTime={row.createdAt}>
                    {relativeTime(row.createdAt)}
                  </time>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <PushSettingsForm />
    </main>
  );
}

/**
 * Push is offered here, explained first; the browser is asked only when the member presses the
 * button. "Không, cảm ơn" (or the browser's denial) is remembered and never asked again.
 */
function PushPrompt() {
  const { t } = useLingui();
  const [state, setState] = useState(() =>
    !pushSupported() ? 'unsupported' : pushDeclined() ? 'declined' : pushPermission(),
  );
  // On iPhone and iPad, web push exists only in the installed app (issue 30).
  if (isAppleMobile(navigator.userAgent, navigator.maxTouchPoints) && !isInstalledApp()) {
    return (
      <section className="push-prompt" aria-labelledby="push-prompt-title">
        <h2 id="push-prompt-title">{t`Nhận thông báo trên iPhone, iPad`}</h2>
        <p>
          {t`Trên iPhone và iPad, thông báo chỉ hoạt động khi m.e Cards đã được cài vào màn hình chính. Trước hết hãy mở trang này bằng Safari, bấm nút Chia sẻ rồi chọn "Thêm vào MH chính"; sau đó mở ứng dụng từ màn hình chính và bật thông báo tại đây.`}
        </p>
      </section>
    );
  }
  if (state !== 'default') return null;
  const enable = async () => {
    const answer = await Notification.requestPermission();
    if (answer === 'granted') {
      const me = currentMemberId();
      if (me) await registerPushAddress(me).catch(() => false);
    } else {
      rememberPushDeclined();
    }
    setState(answer === 'granted' ? 'granted' : 'declined');
  };
  return (
    <section className="push-prompt" aria-labelledby="push-prompt-title">
      <h2 id="push-prompt-title">{t`Nhận thông báo trên thiết bị này?`}</h2>
      <p>
        {t`Bạn sẽ được báo khi có lời nhắn mới, lời mời kết bạn hoặc thay đổi điểm, kể cả khi ứng dụng đang đóng.`}
      </p>
      <div className="push-prompt__actions">
        <Button onClick={() => void enable()}>{t`Bật thông báo`}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            rememberPushDeclined();
            setState('declined');
          }}
        >
          {t`Không, cảm ơn`}
        </Button>
      </div>
    </section>
  );
}

function PushSettingsForm() {
  const { t } = useLingui();
  const me = currentMemberId();
  const settings = usePushSettings(me);
  if (!settings || !me) return null;
  const labels: Record<PushTopic, string> = {
    messages: t`Lời nhắn`,
    friends: t`Bạn bè`,
    points: t`Điểm tích luỹ`,
  };
  return (
    <fieldset className="push-settings">
      <legend>{t`Gửi thông báo đẩy khi có`}</legend>
      {(Object.keys(labels) as PushTopic[]).map((topic) => (
        <label key={topic}>
          <input
            type="checkbox"
            checked={settings[topic]}
            onChange={(e) => void savePushSetting(me, topic, e.target.checked)}
          />
          {labels[topic]}
        </label>
      ))}
    </fieldset>
  );
}
