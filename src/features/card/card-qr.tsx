// The card's QR code, drawn when it scrolls into view (the encoder loads on demand).
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

export function CardQr({
  url,
  name,
  onShown,
}: {
  url: string;
  name: string;
  /** Called once when the code comes into view (tracking). */
  onShown?: () => void;
}) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cancelled = false;
    const draw = () => {
      onShown?.();
      void import('../../ui/qr-paint')
        .then(({ paintQr }) => (cancelled ? undefined : paintQr(element, url)))
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
  }, [url]); // eslint-disable-line react-hooks/exhaustive-deps -- counted once per code

  return (
    <section className="card-block card-qr" aria-labelledby="card-qr-title">
      <h2 id="card-qr-title">
        <Trans>Mã QR</Trans>
      </h2>
      <canvas
        ref={canvas}
        className="card-qr__canvas"
        width={232}
        height={232}
        role="img"
        aria-label={t`Mã QR danh thiếp của ${name}`}
        data-qr-url={url}
        data-drawn={drawn ? 'true' : 'false'}
      />
      <p className="card-qr__url">{url}</p>
    </section>
  );
}
