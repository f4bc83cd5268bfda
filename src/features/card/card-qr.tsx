// The card's QR code: drawn by the server when the page carries it, else painted when it
// scrolls into view (the encoder loads on demand).
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QrSvg } from '../../../contract/qr-svg';
import { QrSvgImage } from './qr-svg-image';

export function CardQr({
  url,
  drawn,
  name,
  onShown,
  shownValue,
}: {
  url: string;
  /** The code as the server drew it. */
  drawn?: QrSvg | undefined;
  name: string;
  /** What the island script counts when the code comes into view (qr_shown). */
  shownValue: string;
  /** Called once when the code comes into view (tracking). */
  onShown?: () => void;
}) {
  const { t } = useLingui();
  return (
    <section className="card-block card-qr" id="card-qr" aria-labelledby="card-qr-title">
      <h2 id="card-qr-title">
        <Trans>Mã QR</Trans>
      </h2>
      {drawn ? (
        <QrSvgImage
          svg={drawn}
          className="card-qr__canvas"
          label={t`Mã QR danh thiếp của ${name}`}
          data={{
            'data-qr-url': url,
            'data-track-shown': 'qr_shown',
            'data-track-value': shownValue,
          }}
          onShown={onShown}
        />
      ) : (
        <PaintedCardQr url={url} name={name} onShown={onShown} />
      )}
      <p className="card-qr__url">{url}</p>
    </section>
  );
}

function PaintedCardQr({
  url,
  name,
  onShown,
}: {
  url: string;
  name: string;
  onShown?: (() => void) | undefined;
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
  );
}
