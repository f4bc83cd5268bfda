// Settings: "data kept on this device: yes / at risk" (issue 30, decision 1003).
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { isInstalledApp } from '../../lib/install-platform';
import { askForPersistentStorage, storageAnswer, type StorageAnswer } from './persistent-storage';
import './home-screen.css';

export function StorageStatus() {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<StorageAnswer | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    let current = true;
    void storageAnswer().then((value) => current && setAnswer(value));
    return () => {
      current = false;
    };
  }, []);
  const ask = async () => {
    setAsking(true);
    setAnswer(await askForPersistentStorage());
    setAsking(false);
  };
  return (
    <section className="storage-status" aria-labelledby="storage-status-title">
      <h2 id="storage-status-title">{t`Dữ liệu trên thiết bị này`}</h2>
      <p data-testid="storage-answer">
        {t`Dữ liệu giữ trên thiết bị này:`}{' '}
        {answer === null ? (
          t`đang kiểm tra…`
        ) : answer === 'kept' ? (
          <span className="storage-status__answer--kept">{t`có`}</span>
        ) : (
          <span className="storage-status__answer--at-risk">{t`có thể bị xoá`}</span>
        )}
      </p>
      {answer === 'at-risk' && (
        <>
          <p>
            {isInstalledApp()
              ? t`Trình duyệt có thể xoá dữ liệu khi máy đầy bộ nhớ, kể cả các thay đổi chưa gửi.`
              : t`Trình duyệt có thể xoá dữ liệu của trang web khi máy đầy bộ nhớ hoặc khi lâu không mở (Safari: sau 7 ngày). Cài ứng dụng vào màn hình chính để giữ dữ liệu an toàn.`}
          </p>
          <div>
            <Button variant="secondary" busy={asking} onClick={() => void ask()}>
              {t`Yêu cầu giữ dữ liệu`}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
