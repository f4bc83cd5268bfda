import { useEffect, useRef, useState } from 'react';
import { useLingui, Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { readCookie } from '../../lib/cookies';
import { cardLinkOf } from '../../lib/qr';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { downloadCanvasPng, paintQr } from '../../ui/qr-paint';
import './qr.css';
import { currentMemberId } from '../../api/current-member';

const logoUrl = '/icons/icon-192.png';

/** /action/qrcode — the member's own card link as a QR code; drawn on the device, so offline too. */
export function MyQrScreen() {
  const { t } = useLingui();
  usePageTitle(t`Mã QR của tôi`);
  const memberId = currentMemberId();
  const profile = useLiveQuery(
    () => (memberId ? appDb.profile.get(memberId) : undefined),
    [memberId],
  );
  const [withLogo, setWithLogo] = useState(true);
  const canvas = useRef<HTMLCanvasElement>(null);
  const link = memberId ? cardLinkOf(window.location.origin, memberId) : '';

  useEffect(() => {
    if (!canvas.current || !link) return;
    canvas.current.width = 480;
    void paintQr(canvas.current, link, { logoUrl: withLogo ? logoUrl : null, fitCanvas: true });
  }, [link, withLogo]);

  if (!memberId) {
    return (
      <main className="qr-page">
        <EmptyState title={t`Vui lòng đăng nhập để xem mã QR của bạn`} />
      </main>
    );
  }
  const name = profile?.name ?? readCookie('name') ?? '';
  return (
    <main className="qr-page">
      <h1>
        <Trans>Mã QR danh thiếp</Trans>
      </h1>
      {name && <p className="qr-page__name">{name}</p>}
      <canvas
        ref={canvas}
        className="qr-page__code"
        role="img"
        aria-label={t`Mã QR dẫn đến danh thiếp của bạn`}
        data-qr-text={link}
      />
      <p className="qr-page__link">{link}</p>
      <label className="qr-page__toggle">
        <input type="checkbox" checked={withLogo} onChange={(e) => setWithLogo(e.target.checked)} />
        <Trans>Logo ở giữa</Trans>
      </label>
      <Button
        onClick={() => {
          if (canvas.current) void downloadCanvasPng(canvas.current, 'mecards-qr.png');
        }}
      >
        <Trans>Tải ảnh PNG</Trans>
      </Button>
    </main>
  );
}
