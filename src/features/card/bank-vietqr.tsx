// A bank account's VietQR payment code (NAPAS transfer to the account), painted with the card's
// one QR painter when it scrolls into view; banks' apps scan it to fill in the transfer.
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { vietQrPayload } from '../../../contract/vietqr';

interface BankVietQrProps {
  bin: string;
  accountNumber: string;
  bankName: string;
  /** Called once when the code comes into view (tracking). */
  onShown?: () => void;
}

export function BankVietQr({ bin, accountNumber, bankName, onShown }: BankVietQrProps) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const payload = vietQrPayload({ bin, accountNumber });

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cancelled = false;
    const draw = () => {
      onShown?.();
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
  }, [payload]); // eslint-disable-line react-hooks/exhaustive-deps -- counted once per code

  return (
    <figure className="card-bank__qr">
      <canvas
        ref={canvas}
        className="card-bank__qr-canvas"
        width={200}
        height={200}
        role="img"
        aria-label={t`Mã VietQR chuyển khoản tới tài khoản ${accountNumber} (${bankName})`}
        data-vietqr={payload}
        data-drawn={drawn ? 'true' : 'false'}
      />
      <figcaption>{t`Quét bằng ứng dụng ngân hàng để chuyển khoản`}</figcaption>
    </figure>
  );
}
