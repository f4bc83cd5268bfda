import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui, Trans } from '@lingui/react/macro';
import { readScannedCode, type ScannedCode } from '../../lib/qr';
import { usePageTitle } from '../../ui/page-title';
import { readQrText } from '../../ui/qr-read';
import { Button } from '../../ui/button';
import './qr.css';

type CameraState = 'starting' | 'scanning' | 'denied' | 'no-camera' | 'unsupported' | 'failed';

interface ScanScreenProps {
  /** Spec §2 `isCreatePoint`: a scanned card opens create-point for that member. */
  isCreatePoint: boolean;
  /** Goes to create-point for a member (id or short link). */
  onCreatePoint: (memberKey: string) => void;
}

function cameraStateOf(error: unknown): CameraState {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'no-camera';
  }
  return 'failed';
}

/** /scan-qr — reads a card QR code with the camera (back camera first) or from a picture. */
export function ScanScreen({ isCreatePoint, onCreatePoint }: ScanScreenProps) {
  const { t } = useLingui();
  usePageTitle(isCreatePoint ? t`Quét mã để tích điểm` : t`Quét mã QR`);
  const video = useRef<HTMLVideoElement>(null);
  const [cameraState, setState] = useState<CameraState>('starting');
  const [attempt, setAttempt] = useState(0);
  const [torch, setTorch] = useState<{ supported: boolean; on: boolean }>({
    supported: false,
    on: false,
  });
  const [found, setFound] = useState<ScannedCode | null>(null);
  const [fileError, setFileError] = useState(false);
  const handled = useRef(false);

  const open = useCallback(
    (text: string) => {
      if (handled.current) return;
      const code = readScannedCode(text);
      setFound(code);
      if (code.kind !== 'card') return;
      handled.current = true;
      if (isCreatePoint) onCreatePoint(code.key);
      else window.location.assign(code.path);
    },
    [isCreatePoint, onCreatePoint],
  );

  const supported = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    const element = video.current;
    if (!supported || !element) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const frame = document.createElement('canvas');
    const context = frame.getContext('2d', { willReadFrequently: true });
    // One frame every 300 ms, the next only once this one is read: a slow phone never queues up.
    const scanFrame = async () => {
      if (stopped) return;
      if (context && element.videoWidth > 0) {
        frame.width = element.videoWidth;
        frame.height = element.videoHeight;
        context.drawImage(element, 0, 0);
        const text = await readQrText(context.getImageData(0, 0, frame.width, frame.height)).catch(
          () => null,
        );
        if (text && !stopped) open(text);
      }
      if (!stopped) timer = window.setTimeout(() => void scanFrame(), 300);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (granted) => {
        if (stopped) {
          granted.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = granted;
        element.srcObject = granted;
        await element.play().catch(() => undefined);
        setState('scanning');
        const track = granted.getVideoTracks()[0];
        // `torch` is not in TypeScript's DOM types yet (Chromium on Android has it).
        const caps: Record<string, unknown> = { ...track?.getCapabilities?.() };
        setTorch({ supported: caps.torch === true, on: false });
        void scanFrame();
      })
      .catch((error: unknown) => {
        if (!stopped) setState(cameraStateOf(error));
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      element.srcObject = null;
    };
  }, [attempt, open, supported]);

  const toggleTorch = async () => {
    const stream = video.current?.srcObject as MediaStream | null | undefined;
    const track = stream?.getVideoTracks()[0];
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch({ supported: true, on });
    } catch {
      setTorch({ supported: false, on: false });
    }
  };

  const fromFile = async (file: File) => {
    setFileError(false);
    const text = await readQrText(file).catch(() => null);
    if (text) open(text);
    else setFileError(true);
  };

  const state: CameraState = supported ? cameraState : 'unsupported';
  return (
    <main className="scan-page page stack">
      <h1>{isCreatePoint ? <Trans>Quét mã để tích điểm</Trans> : <Trans>Quét mã QR</Trans>}</h1>
      <video ref={video} className="scan-page__video" muted playsInline aria-label={t`Camera`} />
      <p className="scan-page__state" role="status" data-state={state}>
        {state === 'starting' && <Trans>Đang mở camera…</Trans>}
        {state === 'scanning' && <Trans>Đưa mã QR danh thiếp vào khung hình</Trans>}
        {state === 'denied' && (
          <Trans>
            Ứng dụng chưa được phép dùng camera. Hãy cho phép camera trong cài đặt trình duyệt (biểu
            tượng ổ khoá cạnh địa chỉ trang), rồi thử lại — hoặc chọn ảnh có mã QR.
          </Trans>
        )}
        {state === 'no-camera' && (
          <Trans>
            Không tìm thấy camera nào trên thiết bị này (hoặc camera đang được ứng dụng khác dùng).
            Bạn có thể chọn ảnh có mã QR.
          </Trans>
        )}
        {state === 'unsupported' && (
          <Trans>
            Trình duyệt này không cho dùng camera (cần kết nối https). Bạn có thể chọn ảnh có mã QR.
          </Trans>
        )}
        {state === 'failed' && <Trans>Không mở được camera. Vui lòng thử lại.</Trans>}
      </p>
      <div className="scan-page__actions cluster">
        {torch.supported && (
          <Button variant="secondary" onClick={() => void toggleTorch()} aria-pressed={torch.on}>
            {torch.on ? <Trans>Tắt đèn</Trans> : <Trans>Bật đèn</Trans>}
          </Button>
        )}
        {(state === 'denied' || state === 'failed' || state === 'no-camera') && (
          <Button
            variant="secondary"
            onClick={() => {
              setState('starting');
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>Thử lại</Trans>
          </Button>
        )}
        <label className="button button--secondary scan-page__file">
          <Trans>Chọn ảnh có mã QR</Trans>
          <input
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void fromFile(file);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {fileError && (
        <p role="alert">
          <Trans>Không đọc được mã QR trong ảnh này.</Trans>
        </p>
      )}
      {found && found.kind === 'link' && (
        <p role="alert">
          <Trans>Mã này không phải danh thiếp m.e Cards:</Trans>{' '}
          <a href={found.href} rel="noopener noreferrer nofollow">
            {found.href}
          </a>
        </p>
      )}
      {found && found.kind === 'text' && (
        <p role="alert">
          <Trans>Mã này không phải danh thiếp m.e Cards:</Trans> {found.text}
        </p>
      )}
    </main>
  );
}
