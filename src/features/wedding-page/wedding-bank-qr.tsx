// A family's gift account as a VietQR code: drawn by the server as an SVG path (decision 0931,
// no encoder in the browser), else painted with the app's one QR painter when it scrolls into
// view (the card's pattern: the encoder never loads before it is needed).
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { QrSvg } from '../../../contract/qr-svg';
import { vietQrPayload } from '../../../contract/vietqr';

interface WeddingBankQrProps {
  bin: string;
  accountNumber: string;
  /** Codes the server drew, by payload. */
  drawn?: Record<string, QrSvg> | undefined;
}

export function WeddingBankQr({ bin, accountNumber, drawn }: WeddingBankQrProps) {
  const { t } = useLingui();
  const payload = vietQrPayload({ bin, accountNumber });
  const svg = drawn?.[payload];
  if (!svg) return <PaintedQr payload={payload} accountNumber={accountNumber} />;
  return (
    <svg
      className="wedding-page__qr"
      viewBox={`0 0 ${svg.side} ${svg.side}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={t`Mã VietQR chuyển khoản tới tài khoản ${accountNumber}`}
      data-vietqr={payload}
      data-drawn="true"
    >
      <rect width={svg.side} height={svg.side} fill="#fff" />
      <path d={svg.path} fill="#000" />
    </svg>
  );
}

function PaintedQr({ payload, accountNumber }: { payload: string; accountNumber: string }) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

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
