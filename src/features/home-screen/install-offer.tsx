// The offer to install (issue 30, decision 1002): Chromium's own prompt behind a real button;
// on iOS and in in-app browsers, a short illustrated guide for that browser. Never inside the
// installed app; each moment offers once (install-moments.ts).
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Ellipsis, Share, SquarePlus, X } from 'lucide-react';
import { Button } from '../../ui/button';
import {
  installPlatformOf,
  installPrompt,
  installPromptUsed,
  isInstalledApp,
  subscribeInstallPrompt,
} from '../../lib/install-platform';
import { currentMoment, dismissMoment, type InstallMoment } from './install-moments';
import './home-screen.css';

export function InstallOffer() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const prompt = useSyncExternalStore(subscribeInstallPrompt, installPrompt, () => null);
  // Renders again after a dismissal (the moment's answer is kept in localStorage).
  const [, setAnswered] = useState(0);
  if (isInstalledApp()) return null;
  const moment = currentMoment(pathname);
  if (!moment) return null;
  const platform = installPlatformOf(navigator.userAgent, navigator.maxTouchPoints);
  const dismiss = () => {
    dismissMoment(moment);
    setAnswered((n) => n + 1);
  };
  if (platform === 'ios') return <IosGuide moment={moment} onDismiss={dismiss} />;
  if (platform === 'in-app') return <InAppGuide moment={moment} onDismiss={dismiss} />;
  if (!prompt) return null;
  const install = async () => {
    installPromptUsed();
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    // Declined in the browser's own dialog counts as a dismissal too.
    if (outcome === 'dismissed') dismiss();
  };
  return (
    <OfferFrame moment={moment} onDismiss={dismiss}>
      <Button onClick={() => void install()}>
        <SquarePlus aria-hidden="true" size={20} />
        <span>{t`Cài ứng dụng`}</span>
      </Button>
    </OfferFrame>
  );
}

function OfferFrame({
  moment,
  onDismiss,
  children,
}: {
  moment: InstallMoment;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <aside className="install-offer" aria-labelledby="install-offer-title">
      <div className="install-offer__head">
        <img src="/icons/icon-192.png" alt="" width={48} height={48} />
        <div>
          <h2 id="install-offer-title">{t`Thêm m.e Cards vào màn hình chính`}</h2>
          <p>
            {moment === 'offline'
              ? t`Bạn vừa dùng ứng dụng khi không có mạng. Cài ứng dụng để mở nhanh từ màn hình chính và giữ an toàn dữ liệu trên máy.`
              : t`Mở nhanh như một ứng dụng, dùng được khi mất mạng, nhận thông báo và giữ an toàn dữ liệu trên máy.`}
          </p>
        </div>
      </div>
      {children}
      <div className="install-offer__actions">
        <Button variant="secondary" onClick={onDismiss}>
          <X aria-hidden="true" size={18} />
          <span>{t`Để sau`}</span>
        </Button>
      </div>
    </aside>
  );
}

function IosGuide({ moment, onDismiss }: { moment: InstallMoment; onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <OfferFrame moment={moment} onDismiss={onDismiss}>
      <ol className="install-offer__steps" aria-label={t`Cách cài trên iPhone, iPad`}>
        <li>
          <Share aria-hidden="true" size={22} />
          <span>{t`Mở trang này bằng Safari, bấm nút Chia sẻ ở thanh dưới.`}</span>
        </li>
        <li>
          <SquarePlus aria-hidden="true" size={22} />
          <span>{t`Kéo xuống, chọn "Thêm vào MH chính", rồi bấm "Thêm".`}</span>
        </li>
        <li>
          <img src="/icons/icon-192.png" alt="" width={22} height={22} />
          <span>{t`Mở m.e Cards từ biểu tượng trên màn hình chính.`}</span>
        </li>
      </ol>
    </OfferFrame>
  );
}

function InAppGuide({ moment, onDismiss }: { moment: InstallMoment; onDismiss: () => void }) {
  const { t } = useLingui();
  const zalo = /Zalo/i.test(navigator.userAgent);
  return (
    <OfferFrame moment={moment} onDismiss={onDismiss}>
      <ol className="install-offer__steps" aria-label={t`Cách cài khi đang mở trong ứng dụng khác`}>
        <li>
          <Ellipsis aria-hidden="true" size={22} />
          <span>
            {zalo
              ? t`Trong Zalo, bấm nút ⋯ ở góc trên rồi chọn "Mở bằng trình duyệt".`
              : t`Trong Facebook hoặc Messenger, bấm nút ⋯ ở góc trên rồi chọn "Mở trong trình duyệt".`}
          </span>
        </li>
        <li>
          <SquarePlus aria-hidden="true" size={22} />
          <span>{t`Trong Chrome hoặc Safari, chọn "Cài đặt ứng dụng" hoặc "Thêm vào MH chính".`}</span>
        </li>
      </ol>
    </OfferFrame>
  );
}
