// A 1920×1080 video-call background (issue 27 item 4): name, title, company and the card's QR
// in the card's theme, drawn on the device (offline too). The middle of the picture stays empty
// because the caller sits there; the QR keeps a white quiet zone so a phone reads it off a
// screen share (decision 1100).
import { encodeQr } from '../../lib/qr-code';
import { quietModules } from '../../lib/qr-matrix';
import type { ThemeColors } from '../../../contract/theme';

export const backgroundLayouts = ['side', 'banner', 'corner'] as const;
export type BackgroundLayout = (typeof backgroundLayouts)[number];

export const backgroundWidth = 1920;
export const backgroundHeight = 1080;

export interface BackgroundInput {
  name: string;
  jobTitle?: string | null;
  company?: string | null;
  cardUrl: string;
  colors: Pick<ThemeColors, 'menu' | 'menuText' | 'button' | 'buttonText' | 'background' | 'text'>;
  /** Colour of the QR's dark modules (readable on white). */
  qrDark: string;
}

const fontStack = '"Be Vietnam Pro", Arial, sans-serif';

/** Draws the QR of `text` with its quiet zone on white, whole pixels per module, `side` at most. */
function drawQr(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  side: number,
  dark: string,
): number {
  const qr = encodeQr(text, 'M');
  const modules = qr.size + quietModules * 2;
  const scale = Math.max(1, Math.floor(side / modules));
  const drawn = modules * scale;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y, drawn, drawn);
  ctx.fillStyle = dark;
  const offset = quietModules * scale;
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (qr.modules[row * qr.size + col] === 1)
        ctx.fillRect(x + offset + col * scale, y + offset + row * scale, scale, scale);
    }
  }
  return drawn;
}

/** Writes `text` at the largest size up to `size` that fits `maxWidth`; returns the line height. */
function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  {
    size,
    weight,
    maxWidth,
    color,
  }: { size: number; weight: number; maxWidth: number; color: string },
): number {
  let px = size;
  ctx.font = `${weight} ${px}px ${fontStack}`;
  while (px > 16 && ctx.measureText(text).width > maxWidth) {
    px -= 2;
    ctx.font = `${weight} ${px}px ${fontStack}`;
  }
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
  return Math.round(px * 1.3);
}

function writeLines(
  ctx: CanvasRenderingContext2D,
  input: BackgroundInput,
  x: number,
  top: number,
  maxWidth: number,
  color: string,
  align: CanvasTextAlign,
): void {
  ctx.textAlign = align;
  ctx.textBaseline = 'top';
  let y = top;
  y += fitText(ctx, input.name, x, y, { size: 72, weight: 700, maxWidth, color });
  if (input.jobTitle)
    y += fitText(ctx, input.jobTitle, x, y, { size: 40, weight: 500, maxWidth, color });
  if (input.company) fitText(ctx, input.company, x, y, { size: 36, weight: 400, maxWidth, color });
}

/** Paints the background on `canvas` (resized to 1920×1080). */
export function paintBackground(
  canvas: HTMLCanvasElement,
  input: BackgroundInput,
  layout: BackgroundLayout,
): void {
  canvas.width = backgroundWidth;
  canvas.height = backgroundHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { colors } = input;
  const margin = 80;
  if (layout === 'side') {
    // A band down the left third in the menu colour; text and QR inside it.
    const band = 600;
    ctx.fillStyle = colors.background;
    ctx.fillRect(0, 0, backgroundWidth, backgroundHeight);
    ctx.fillStyle = colors.menu;
    ctx.fillRect(0, 0, band, backgroundHeight);
    ctx.fillStyle = colors.button;
    ctx.fillRect(band, 0, 12, backgroundHeight);
    writeLines(ctx, input, margin, margin, band - margin * 2, colors.menuText, 'left');
    drawQr(ctx, input.cardUrl, margin, backgroundHeight - margin - 360, 360, input.qrDark);
  } else if (layout === 'banner') {
    // A band along the bottom: text left, QR right.
    const bandTop = backgroundHeight - 340;
    const gradient = ctx.createLinearGradient(0, 0, 0, bandTop);
    gradient.addColorStop(0, colors.background);
    gradient.addColorStop(1, colors.menu);
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, backgroundWidth, bandTop);
    ctx.fillStyle = colors.menu;
    ctx.fillRect(0, bandTop, backgroundWidth, backgroundHeight - bandTop);
    ctx.fillStyle = colors.button;
    ctx.fillRect(0, bandTop, backgroundWidth, 10);
    writeLines(ctx, input, margin, bandTop + 50, 1100, colors.menuText, 'left');
    drawQr(ctx, input.cardUrl, backgroundWidth - margin - 280, bandTop + 30, 280, input.qrDark);
  } else {
    // Plain theme background, the facts and the QR in the top right corner.
    ctx.fillStyle = colors.background;
    ctx.fillRect(0, 0, backgroundWidth, backgroundHeight);
    ctx.fillStyle = colors.button;
    ctx.fillRect(0, 0, backgroundWidth, 16);
    const right = backgroundWidth - margin;
    writeLines(ctx, input, right, margin, 620, colors.text, 'right');
    drawQr(ctx, input.cardUrl, right - 320, 400, 320, input.qrDark);
  }
}

/** The painted canvas as a PNG blob. */
export function backgroundPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('no PNG from the canvas'))),
      'image/png',
    );
  });
}
