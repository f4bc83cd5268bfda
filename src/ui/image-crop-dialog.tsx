// Cropping a picked picture to the shape the card shows it in (decision 0951): the picture
// is dragged (one finger or the mouse; two fingers or the slider zoom; arrow keys and +/- on
// the keyboard) under a fixed frame, and only the framed part is kept.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from './confirm-dialog';
import './image-crop-dialog.css';

/** The longest side kept; the upload queue makes it smaller still for its purpose. */
const maxOutputSide = 2048;
const maxZoom = 4;

interface ImageCropDialogProps {
  /** The picked picture (an object URL its owner made and revokes). */
  src: string;
  /** Width / height of the frame (1 for an avatar, 3 for a banner…). */
  aspect: number;
  /** A round frame (the avatar); the kept picture is still the square around it. */
  round: boolean;
  title: string;
  onCrop: (cropped: Blob) => void;
  onCancel: () => void;
}

interface Point {
  x: number;
  y: number;
}

/** Where the picture sits: its zoom over "just covers the frame" and its centre's offset. */
interface Placement {
  zoom: number;
  offset: Point;
}

interface Geometry {
  scale: number;
  width: number;
  height: number;
  offset: Point;
}

/** The drawn size and an offset kept inside the frame (the picture always covers it). */
function geometry(natural: Point, frame: Point, placement: Placement): Geometry {
  const cover = Math.max(frame.x / natural.x, frame.y / natural.y);
  const scale = cover * placement.zoom;
  const width = natural.x * scale;
  const height = natural.y * scale;
  const limitX = Math.max(0, (width - frame.x) / 2);
  const limitY = Math.max(0, (height - frame.y) / 2);
  return {
    scale,
    width,
    height,
    offset: {
      x: Math.min(limitX, Math.max(-limitX, placement.offset.x)),
      y: Math.min(limitY, Math.max(-limitY, placement.offset.y)),
    },
  };
}

/** The framed part of the picture, in the picture's own pixels. */
export function cropRect(
  natural: Point,
  frame: Point,
  placement: Placement,
): { x: number; y: number; width: number; height: number } {
  const g = geometry(natural, frame, placement);
  const left = frame.x / 2 + g.offset.x - g.width / 2;
  const top = frame.y / 2 + g.offset.y - g.height / 2;
  return {
    x: Math.max(0, -left / g.scale),
    y: Math.max(0, -top / g.scale),
    width: Math.min(natural.x, frame.x / g.scale),
    height: Math.min(natural.y, frame.y / g.scale),
  };
}

async function cropToBlob(
  image: HTMLImageElement,
  rect: ReturnType<typeof cropRect>,
): Promise<Blob> {
  const k = Math.min(1, maxOutputSide / Math.max(rect.width, rect.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(rect.width * k));
  canvas.height = Math.max(1, Math.round(rect.height * k));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(
    image,
    rect.x,
    rect.y,
    rect.width,
    rect.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  // WebP keeps transparency and is small; a browser without the encoder answers PNG.
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/webp', 0.92),
  );
  if (!blob) throw new Error('not encoded');
  return blob;
}

export function ImageCropDialog({
  src,
  aspect,
  round,
  title,
  onCrop,
  onCancel,
}: ImageCropDialogProps) {
  const { t } = useLingui();
  const hintId = useId();
  const [natural, setNatural] = useState<Point | null>(null);
  const [frame, setFrame] = useState<Point | null>(null);
  const [placement, setPlacement] = useState<Placement>({ zoom: 1, offset: { x: 0, y: 0 } });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, Point>());

  // The frame's size on screen (it follows the dialog's width and the screen's height).
  useEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) setFrame({ x: box.width, y: box.height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const g = natural && frame ? geometry(natural, frame, placement) : null;
  // From the offset the picture can have, so a move back responds at once.
  const moveBy = (dx: number, dy: number) =>
    setPlacement((p) => {
      const kept = natural && frame ? geometry(natural, frame, p).offset : p.offset;
      return { ...p, offset: { x: kept.x + dx, y: kept.y + dy } };
    });
  const zoomTo = (zoom: number) =>
    setPlacement((p) => ({ ...p, zoom: Math.min(maxZoom, Math.max(1, zoom)) }));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, now);
    const other = others[0]?.[1];
    if (other) {
      // Two fingers: zoom by how much their distance changed.
      const apart = (a: Point) => Math.hypot(a.x - other.x, a.y - other.y) || 1;
      const ratio = apart(now) / apart(before);
      setPlacement((p) => ({ ...p, zoom: Math.min(maxZoom, Math.max(1, p.zoom * ratio)) }));
      return;
    }
    moveBy(now.x - before.x, now.y - before.y);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) moveBy(...move);
    else if (event.key === '+' || event.key === '=') zoomTo(placement.zoom + 0.1);
    else if (event.key === '-') zoomTo(placement.zoom - 0.1);
    else return;
    event.preventDefault();
  };

  const confirm = async () => {
    const image = imageRef.current;
    if (!image || !natural || !frame) return;
    setBusy(true);
    try {
      onCrop(await cropToBlob(image, cropRect(natural, frame, placement)));
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={t`Dùng ảnh này`}
      // Until the picture is drawn there is nothing to keep.
      busy={busy || !g}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <div className="image-crop" style={{ '--crop-aspect': aspect } as CSSProperties}>
        <p id={hintId} className="image-crop__hint">
          {t`Kéo ảnh để chọn phần hiện trên thẻ; kéo thanh bên dưới để phóng to.`}
        </p>
        <div
          ref={frameRef}
          className={`image-crop__frame${round ? ' image-crop__frame--round' : ''}`}
          role="group"
          tabIndex={0}
          aria-label={t`Vùng cắt ảnh`}
          aria-describedby={hintId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          <img
            ref={imageRef}
            src={src}
            alt=""
            draggable={false}
            onLoad={(event) =>
              setNatural({
                x: event.currentTarget.naturalWidth,
                y: event.currentTarget.naturalHeight,
              })
            }
            onError={() => setFailed(true)}
            style={
              g
                ? {
                    width: g.width,
                    height: g.height,
                    transform: `translate(calc(-50% + ${g.offset.x}px), calc(-50% + ${g.offset.y}px))`,
                  }
                : { visibility: 'hidden' }
            }
          />
          <span className="image-crop__mask" aria-hidden="true" />
        </div>
        <label className="image-crop__zoom">
          <span>{t`Phóng to`}</span>
          <input
            type="range"
            min={1}
            max={maxZoom}
            step={0.05}
            value={placement.zoom}
            onChange={(event) => zoomTo(Number(event.target.value))}
          />
        </label>
        {failed && (
          <p className="field__error" role="alert">
            {t`Không đọc được ảnh này trên máy. Hãy chọn ảnh khác.`}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
