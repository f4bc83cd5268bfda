// A bank account's VietQR payment code (NAPAS transfer to the account): drawn by the server
// when the page carries it, else painted with the card's one QR painter when it scrolls into
// view; banks' apps scan it to fill in the transfer.
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { QrSvg } from '../../../contract/qr-svg';
import { QrSvgImage } from './qr-svg-image';

interface BankVietQrProps {
  /** The VietQR text (contract/card-facts.ts). */
  payload: string;
  drawn?: QrSvg | undefined;
  accountNumber: string;
  bankName: string;
  /** Called once when the code comes into view (tracking). */
  onShown?: () => void;
}

export function BankVietQr({ payload, drawn, accountNumber, bankName, onShown }: BankVietQrProps) {
  const { t } = useLingui();
  const label = t`Mã VietQR chuyển khoản tới tài khoản ${accountNumber} (${bankName})`;
  return (
    <figure className="card-bank__qr">
      {drawn ? (
        <QrSvgImage
          svg={drawn}
          className="card-bank__qr-canvas"
          label={label}
          data={{
            'data-vietqr': payload,
            'data-track-shown': 'vietqr_shown',
            'data-track-value': bankName,
          }}
          onShown={onShown}
        />
      ) : (
        <PaintedVietQr payload={payload} label={label} onShown={onShown} />
      )}
      <figcaption>{t`Quét bằng ứng dụng ngân hàng để chuyển khoản`}</figcaption>
    </figure>
  );
}

function PaintedVietQr({
  payload,
  label,
  onShown,
}: {
  payload: string;
  label: string;
  onShown?: (() => void) | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

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
    <canvas
      ref={canvas}
      className="card-bank__qr-canvas"
      width={200}
      height={200}
      role="img"
      aria-label={label}
      data-vietqr={payload}
      data-drawn={drawn ? 'true' : 'false'}
    />
  );
}
