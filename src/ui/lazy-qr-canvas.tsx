// A QR code painted on a canvas when it scrolls into view, with the app's one painter: the
// encoder never loads before a code is seen. The fallback of pages whose server did not draw
// the code (QrSvgImage).
import { useRef, useState } from 'react';
import { useWhenInView } from './when-in-view';

export function LazyQrCanvas({
  text,
  size,
  className,
  label,
  data,
  onShown,
}: {
  text: string;
  /** Canvas side in CSS pixels. */
  size: number;
  className: string;
  label: string;
  /** data-* attributes tests and tracking read (the text the code carries). */
  data: Record<`data-${string}`, string>;
  /** Called once when the code comes into view (tracking). */
  onShown?: (() => void) | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useWhenInView(
    canvas,
    () => {
      const element = canvas.current;
      if (!element) return;
      let cancelled = false;
      onShown?.();
      void import('./qr-paint')
        .then(({ paintQr }) => (cancelled ? undefined : paintQr(element, text)))
        .then(() => {
          if (!cancelled) setDrawn(true);
        });
      return () => {
        cancelled = true;
      };
    },
    text,
  );
  return (
    <canvas
      ref={canvas}
      className={className}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      data-drawn={drawn ? 'true' : 'false'}
      {...data}
    />
  );
}
