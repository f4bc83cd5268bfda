// A family's gift account as a VietQR code: drawn by the server as an SVG path (decision 0931,
// no encoder in the browser), else painted with the app's one QR painter when it scrolls into
// view (the card's pattern: the encoder never loads before it is needed).
import { useLingui } from '@lingui/react/macro';
import type { QrSvg } from '../../../contract/qr-svg';
import { vietQrPayload } from '../../../contract/vietqr';
import { LazyQrCanvas } from '../../ui/lazy-qr-canvas';
import { QrSvgImage } from '../../ui/qr-svg-image';

interface WeddingBankQrProps {
  bin: string;
  accountNumber: string;
  /** Codes the server drew, by payload. */
  drawn?: Record<string, QrSvg> | undefined;
}

export function WeddingBankQr({ bin, accountNumber, drawn }: WeddingBankQrProps) {
  const { t } = useLingui();
  const payload = vietQrPayload({ bin, accountNumber });
  const svg = drawn?.[payload];
  const label = t`Mã VietQR chuyển khoản tới tài khoản ${accountNumber}`;
  return svg ? (
    <QrSvgImage
      svg={svg}
      className="wedding-page__qr"
      label={label}
      data={{ 'data-vietqr': payload }}
    />
  ) : (
    <LazyQrCanvas
      text={payload}
      size={180}
      className="wedding-page__qr"
      label={label}
      data={{ 'data-vietqr': payload }}
    />
  );
}
