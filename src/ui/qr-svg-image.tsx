// A QR code the server drew (an SVG path, decision 0403): in the first paint, no encoder in
// the browser, and the same markup whether or not a script runs.
import { useRef } from 'react';
import type { QrSvg } from '../../contract/qr-svg';
import { useWhenInView } from './when-in-view';

export function QrSvgImage({
  svg,
  className,
  label,
  data,
  onShown,
}: {
  svg: QrSvg;
  className: string;
  label: string;
  /** data-* attributes tests and tracking read (the text the code carries). */
  data: Record<`data-${string}`, string>;
  /** Called once when the code comes into view (tracking). */
  onShown?: (() => void) | undefined;
}) {
  const ref = useRef<SVGSVGElement>(null);
  useWhenInView(ref, onShown, svg.path);
  return (
    <svg
      ref={ref}
      className={className}
      viewBox={`0 0 ${svg.side} ${svg.side}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-drawn="true"
      {...data}
    >
      <rect width={svg.side} height={svg.side} fill="#fff" />
      <path d={svg.path} fill="#000" />
    </svg>
  );
}
