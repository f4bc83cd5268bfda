/** A QR code drawn by the server: the dark modules as one SVG path on a `side`-unit square. */
export interface QrSvg {
  side: number;
  path: string;
}
