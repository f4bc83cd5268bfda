// A family's gift account as a VietQR code, painted with the app's one QR painter when it
// scrolls into view (the card's pattern: the encoder never loads before it is needed).
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { vietQrPayload } from '../../../contract/vietqr';

export function WeddingBankQr({ bin, accountNumber }: { bin: string; accountNumber: string }) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const payload = vietQrPayload({ bin, accountNumber });

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cancelled = false;
    const draw = () => {
      void import('../../ui/qr-paint')
        .then(({ paintQr }) => (cancelled ? undefined : paintQr(element, payload)))
        .then(() => {
          if (!cancelled) setDrawn(true);
        });
    };
    if (typeof IntersectionObserver !== 'function') {
      draw();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        draw();
      }
    });
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [payload]);

  return (
    <canvas
      ref={canvas}
      className="wedding-page__qr"
      width={180}
      height={180}
      role="img"
      aria-label={t`Mã VietQR chuyển khoản tới tài khoản ${accountNumber}`}
      data-vietqr={payload}
      data-drawn={drawn ? 'true' : 'false'}
    />
  );
}
